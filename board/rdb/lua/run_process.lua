-- run_process: record the live run's worker process (host, pid, start
-- time) for adoption after a restart, or its exit code afterwards.
-- ARGV[A] run  ARGV[A+1..] field, value pairs. No event.
-- Errors: NOTFOUND.
local rid = ARGV[A]
if redis.call('EXISTS', k_run(rid)) == 0 then return fail('NOTFOUND', 'run ' .. rid .. ' does not exist on board ' .. BOARD) end
for i = A + 1, #ARGV, 2 do redis.call('HSET', k_run(rid), ARGV[i], ARGV[i + 1]) end
return 1
