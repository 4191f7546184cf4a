-- delivered: a delivery reached its target. It pops the outbox head when
-- the head is that event (a second delivery of an acknowledged event
-- finds another head and changes nothing), records the event as the last
-- delivered, resets the failure count, and turns a failing subscription
-- active again with a subscription_recovered event on its task.
-- ARGV[A] subscription id  ARGV[A+1] event id
-- Returns {1 if the head was popped, 1 if the subscription recovered}.
-- Errors: NOTFOUND (the subscription was removed).
local sid, eid = ARGV[A], ARGV[A + 1]
local f = redis.call('HMGET', k_sub(sid), 'status', 'task_id', 'target', 'attempts')
if not f[1] then return fail('NOTFOUND', 'subscription ' .. sid .. ' does not exist on board ' .. BOARD) end
local head = redis.call('LINDEX', k_outbox(sid), 0)
local popped = 0
if head and cjson.decode(head).id == eid then
  redis.call('LPOP', k_outbox(sid))
  popped = 1
end
redis.call('HSET', k_sub(sid), 'delivered', eid, 'attempts', 0, 'last_error', '')
local recovered = 0
if f[1] == 'failing' then
  redis.call('HSET', k_sub(sid), 'status', 'active')
  emit(f[2], '', 'subscription_recovered', {subscription = sid, target = f[3], attempts = tonumber(f[4])}, 'system')
  recovered = 1
end
return {popped, recovered}
