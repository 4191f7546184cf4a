-- notice: finish a goal's supervision check. A fan_in is appended only
-- for a parent set that has not fanned in yet (once per set). Triage
-- triggers up to the generation the check saw are marked handled. When no
-- new trigger came during the check it is unscheduled; otherwise it is
-- due again after the window. A notice goes to the board stream (so it is
-- routed, delivered and watched like any event), not to the task's log.
-- ARGV[A]   goal   ARGV[A+1] gen seen   ARGV[A+2] tgen seen
-- ARGV[A+3] kind ('' for none)   ARGV[A+4] data JSON   ARGV[A+5] fan-in signature
-- ARGV[A+6] coalesce window (ms)
-- Returns the notice's stream id, or '' when none was appended.
local goal, gen, tgen, kind = ARGV[A], tonumber(ARGV[A + 1]), tonumber(ARGV[A + 2]), ARGV[A + 3]
local g = redis.call('HMGET', k_goal(goal), 'gen', 'tdone', 'fanin')
if kind == 'fan_in' then
  if g[3] == ARGV[A + 5] then kind = '' else redis.call('HSET', k_goal(goal), 'fanin', ARGV[A + 5]) end
end
if tgen > (tonumber(g[2]) or 0) then redis.call('HSET', k_goal(goal), 'tdone', tgen) end
if (tonumber(g[1]) or 0) == gen then
  redis.call('ZREM', K_SUPERVISE, goal)
else
  redis.call('ZADD', K_SUPERVISE, fmt(NOW + tonumber(ARGV[A + 6])), goal)
end
if kind == '' then return '' end
return redis.call('XADD', K_STREAM, 'MAXLEN', '~', STREAM_MAX, '*',
  'task', goal, 'run', '', 'kind', kind, 'actor', 'system', 'at', fmt(NOW), 'data', ARGV[A + 4])
