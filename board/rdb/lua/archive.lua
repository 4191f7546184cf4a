-- archive: hide a task from default lists.
-- ARGV[A] task. Errors: NOTFOUND, STATUS.
local id = ARGV[A]
local st = status_of(id)
if not st then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
if not allowed(st) then return refused(id, st) end
move(id, st, 'archived')
emit(id, '', 'archived', {from = st})
return ok()
