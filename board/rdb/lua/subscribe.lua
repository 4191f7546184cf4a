-- subscribe: add a subscription to a task. It starts caught up: it gets
-- only events appended after this step (since = the stream's last id).
-- The board's delivery consumer group is created here on first use, at
-- that same position, so no event after it can be missed.
-- ARGV[A]   subscription id  ARGV[A+1] task      ARGV[A+2] kind
-- ARGV[A+3] target           ARGV[A+4] scope     ARGV[A+5] events, comma separated ('' = all)
-- ARGV[A+6] delivery group name
-- Returns the subscription hash. Errors: NOTFOUND (task), INVALID
-- (archived task), EXISTS (id taken), CONFLICT (same task, target, scope).
local sid, id, kind, target, scope, events, group =
  ARGV[A], ARGV[A + 1], ARGV[A + 2], ARGV[A + 3], ARGV[A + 4], ARGV[A + 5], ARGV[A + 6]
local st = status_of(id)
if not st then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
if st == 'archived' then return fail('INVALID', 'task ' .. id .. ' is archived') end
if redis.call('EXISTS', k_sub(sid)) == 1 then return fail('EXISTS', sid) end
for _, other in ipairs(redis.call('SMEMBERS', k_tsubs(id))) do
  local f = redis.call('HMGET', k_sub(other), 'target', 'scope')
  if f[1] == target and f[2] == scope then
    return fail('CONFLICT', 'task ' .. id .. ' already has subscription ' .. other .. ' to ' .. target .. ' (' .. scope .. ')')
  end
end
local last = redis.call('XREVRANGE', K_STREAM, '+', '-', 'COUNT', 1)
local since = '0-0'
if last[1] then since = last[1][1] end
redis.pcall('XGROUP', 'CREATE', K_STREAM, group, since, 'MKSTREAM')
redis.call('HSET', k_sub(sid), 'id', sid, 'board', BOARD, 'kind', kind, 'target', target,
  'task_id', id, 'scope', scope, 'events', events, 'created_by', ACTOR, 'created_at', fmt(NOW),
  'status', 'active', 'last_error', '', 'attempts', 0, 'since', since, 'delivered', '', 'dropped', 0)
redis.call('ZADD', K_SUBS, fmt(NOW), sid)
redis.call('SADD', k_tsubs(id), sid)
if scope == 'subtree' then redis.call('HINCRBY', K_GOALS, id, 1) end
return redis.call('HGETALL', k_sub(sid))
