-- events: a task's own event log, oldest first. ARGV[A] task id.
-- Errors: NOTFOUND.
if not status_of(ARGV[A]) then
  return fail('NOTFOUND', 'task ' .. ARGV[A] .. ' does not exist on board ' .. BOARD)
end
return redis.call('LRANGE', k_tevents(ARGV[A]), 0, -1)
