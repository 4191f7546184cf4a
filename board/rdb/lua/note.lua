-- note: an event that changes no status: refused (an unauthorized chat
-- action) or spawn_budget_exhausted. ARGV[A] task ('' for board-wide)
-- ARGV[A+1] kind  ARGV[A+2] data JSON object. Returns the event id.
-- Errors: NOTFOUND.
local id = ARGV[A]
if id ~= '' and not status_of(id) then
  return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD)
end
return emit(id, '', ARGV[A + 1], cjson.decode(ARGV[A + 2]))
