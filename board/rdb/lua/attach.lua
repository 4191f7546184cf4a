-- attach: add context for a task's next run, or read it.
-- ARGV[A] task  ARGV[A+1] attachment JSON ('' to only read)  ARGV[A+2] max kept
-- Returns the task's attachments, oldest first. No event.
-- Errors: NOTFOUND.
local id = ARGV[A]
if not status_of(id) then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
local key = k_attach(id)
if ARGV[A + 1] ~= '' then
  redis.call('RPUSH', key, ARGV[A + 1])
  redis.call('LTRIM', key, -tonumber(ARGV[A + 2]), -1)
end
return redis.call('LRANGE', key, 0, -1)
