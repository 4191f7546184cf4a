-- delivery_failed: a delivery attempt failed. It counts the attempt and
-- keeps the error; at the failing_after-th consecutive failure the
-- subscription turns failing, with a subscription_failing event on its
-- task. The event stays at the head of the outbox: nothing is dropped.
-- ARGV[A] subscription id  ARGV[A+1] error text  ARGV[A+2] failing_after
-- Returns {attempts, 1 if it turned failing now}. Errors: NOTFOUND.
local sid, text, limit = ARGV[A], ARGV[A + 1], tonumber(ARGV[A + 2])
local f = redis.call('HMGET', k_sub(sid), 'status', 'task_id', 'target')
if not f[1] then return fail('NOTFOUND', 'subscription ' .. sid .. ' does not exist on board ' .. BOARD) end
local n = redis.call('HINCRBY', k_sub(sid), 'attempts', 1)
redis.call('HSET', k_sub(sid), 'last_error', text)
if n >= limit and f[1] ~= 'failing' then
  redis.call('HSET', k_sub(sid), 'status', 'failing')
  emit(f[2], '', 'subscription_failing', {subscription = sid, target = f[3], attempts = n, error = text}, 'system')
  return {n, 1}
end
return {n, 0}
