-- park: automation is finished but operator actions are owed.
-- ARGV[A] task  ARGV[A+1] run  ARGV[A+2] summary
-- ARGV[A+3] operator actions, a JSON array of {action, check}
-- Errors: NOTFOUND, STALE.
local id, rid = ARGV[A], ARGV[A + 1]
local err = current(id, rid)
if err then return err end
end_run(id, rid, 'parked', {'summary', ARGV[A + 2]})
reset_failures(id)
redis.call('HSET', k_task(id), 'summary', ARGV[A + 2], 'operator_actions', ARGV[A + 3],
  'block_kind', '', 'block_reason', '')
move(id, 'running', 'awaiting_operator')
emit(id, rid, 'parked', {summary = ARGV[A + 2], actions = #cjson.decode(ARGV[A + 3])})
return ok()
