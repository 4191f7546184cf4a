-- link: make ARGV[A] a parent of ARGV[A+1]. A ready child whose new parent
-- is unfinished goes back to todo.
-- Errors: NOTFOUND, INVALID, STATUS (child), CONFLICT (cycle, already linked).
local parent, child = ARGV[A], ARGV[A + 1]
local cs = status_of(child)
if not cs then return fail('NOTFOUND', 'task ' .. child .. ' does not exist on board ' .. BOARD) end
if not allowed(cs) then return refused(child, cs) end
local err = check_parent(parent, child)
if err then return err end
if redis.call('SISMEMBER', k_parents(child), parent) == 1 then
  return fail('CONFLICT', 'task ' .. child .. ' already waits on ' .. parent)
end
add_parent(parent, child)
if cs == 'ready' and status_of(parent) ~= 'done' then move(child, cs, 'todo') end
emit(child, '', 'linked', {parent = parent, status = status_of(child)})
return ok()
