-- unsubscribe: remove a subscription and its undelivered outbox.
-- ARGV[A] subscription id
-- Returns the removed subscription hash. Errors: NOTFOUND.
local sid = ARGV[A]
local h = redis.call('HGETALL', k_sub(sid))
if #h == 0 then return fail('NOTFOUND', 'subscription ' .. sid .. ' does not exist on board ' .. BOARD) end
local f = redis.call('HMGET', k_sub(sid), 'task_id', 'scope')
redis.call('DEL', k_sub(sid), k_outbox(sid))
redis.call('ZREM', K_SUBS, sid)
redis.call('SREM', k_tsubs(f[1]), sid)
if f[2] == 'subtree' and redis.call('HINCRBY', K_GOALS, f[1], -1) <= 0 then
  redis.call('HDEL', K_GOALS, f[1])
  redis.call('DEL', k_goal(f[1]))
  redis.call('ZREM', K_SUPERVISE, f[1])
end
return h
