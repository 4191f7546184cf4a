-- comment: a worker's note on its task; the status does not change.
-- ARGV[A] task  ARGV[A+1] run  ARGV[A+2] text
-- Errors: NOTFOUND, STALE. Returns the event id.
local id, rid = ARGV[A], ARGV[A + 1]
local err = current(id, rid)
if err then return err end
return emit(id, rid, 'commented', {text = ARGV[A + 2]})
