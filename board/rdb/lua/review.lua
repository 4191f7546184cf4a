-- review: approve finished work (done, children promoted) or request
-- changes (ready, with the feedback on the event).
-- ARGV[A] task  ARGV[A+1] '1' approve, '0' request changes  ARGV[A+2] text
-- Errors: NOTFOUND, STATUS.
local id, text = ARGV[A], ARGV[A + 2]
local st = status_of(id)
if not st then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
if not allowed(st) then return refused(id, st) end
if ARGV[A + 1] == '1' then
  finish(id, st, 'reviewed', '', {text = text})
  return ok()
end
local to = runnable(id)
move(id, st, to)
emit(id, '', 'changes_requested', {text = text, status = to})
return ok()
