-- complete: the worker finished; the task is done and its released
-- children are promoted in the same step.
-- ARGV[A] task  ARGV[A+1] run  ARGV[A+2] summary  ARGV[A+3] metadata JSON
-- Errors: NOTFOUND, STALE.
local id, rid = ARGV[A], ARGV[A + 1]
local err, seq = current(id, rid)
if err then return err end
close_run(id, rid, 'completed', {'summary', ARGV[A + 2], 'metadata', ARGV[A + 3]})
finish(id, 'running', 'completed', rid, {summary = ARGV[A + 2]},
  {'summary', ARGV[A + 2], 'metadata', ARGV[A + 3]}, seq)
return ok()
