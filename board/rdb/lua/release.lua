-- release: a person lets a task run again: answer, approve, deny, resume,
-- unblock, reopen, or a review that requests changes.
-- ARGV[A] task  ARGV[A+1] event kind  ARGV[A+2] the person's text
-- The task goes to ready, or todo while a parent is unfinished. The text
-- rides on the event, where the next run's context finds it. unblock also
-- clears circuit_open and the failure streaks; block_recurrences is kept:
-- only done resets it.
-- Errors: NOTFOUND, STATUS.
local id, kind, text = ARGV[A], ARGV[A + 1], ARGV[A + 2]
local st = status_of(id)
if not st then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
if not allowed(st) then return refused(id, st) end
local reason = redis.call('HGET', k_task(id), 'block_reason') or ''
redis.call('HSET', k_task(id), 'block_kind', '', 'block_reason', '', 'retry_at', '')
if kind == 'unblocked' then
  redis.call('HSET', k_task(id), 'circuit_open', 0, 'consecutive_failures', 0, 'protocol_violations', 0)
end
local to = runnable(id)
move(id, st, to)
emit(id, '', kind, {text = text, from = st, status = to, question = reason})
return ok()
