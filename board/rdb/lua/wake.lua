-- wake: an orchestrator's triage wake (board.OpWake). The triage snapshot
-- is attached to the task's next run; a task waiting in todo is made
-- ready, recorded as promoted with data.wake = 'triage'. A wake resolved
-- something when a task stuck at the previous wake is stuck no more.
-- After `limit` consecutive wakes that resolved nothing the task is not
-- woken: orchestrator_braked is appended to it instead, for the people
-- subscribed to it. A task not in todo (already awake, or finished) only
-- gets the attachment, and the count is left alone.
-- ARGV[A]   task   ARGV[A+1] attachment JSON   ARGV[A+2] stuck ids, comma separated
-- ARGV[A+3] wake limit   ARGV[A+4] attachments kept   ARGV[A+5] notice data JSON
-- Returns {outcome, consecutive unresolved wakes}; outcome is woken,
-- braked or attached. Errors: NOTFOUND.
local id, stuck, limit = ARGV[A], ARGV[A + 2], tonumber(ARGV[A + 3])
local st = status_of(id)
if not st then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
redis.call('RPUSH', k_attach(id), ARGV[A + 1])
redis.call('LTRIM', k_attach(id), -tonumber(ARGV[A + 4]), -1)
if not allowed(st) then return {'attached', 0} end

local w = redis.call('HMGET', k_wake(id), 'stuck', 'unresolved')
local n = 0
if w[1] and w[1] ~= '' then
  local now = {}
  for s in string.gmatch(stuck, '[^,]+') do now[s] = true end
  local resolved = false
  for s in string.gmatch(w[1], '[^,]+') do
    if not now[s] then resolved = true end
  end
  if not resolved then n = (tonumber(w[2]) or 0) + 1 end
end
if n >= limit then
  redis.call('HSET', k_wake(id), 'unresolved', n)
  local data = cjson.decode(ARGV[A + 5])
  data.unresolved_wakes = n
  data.wake_limit = limit
  emit(id, '', 'orchestrator_braked', data, 'system')
  return {'braked', n}
end
redis.call('HSET', k_wake(id), 'stuck', stuck, 'unresolved', n)
move(id, st, 'ready')
emit(id, '', 'promoted', {wake = 'triage', stuck = stuck, unresolved_wakes = n}, 'system')
return {'woken', n}
