-- leases: running tasks whose lease ended before now, with their runs.
-- ARGV[A] max count. Returns a flat list: task, run, task, run...
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', K_LEASES, '-inf', NOW_S, 'LIMIT', 0, tonumber(ARGV[A]))) do
  out[#out + 1] = id
  out[#out + 1] = redis.call('HGET', k_task(id), 'current_run_id') or ''
end
return out
