-- block: the worker cannot go on.
-- ARGV[A]   task        ARGV[A+1] run         ARGV[A+2] kind
-- ARGV[A+3] reason      ARGV[A+4] block_recurrence_limit
-- ARGV[A+5] transient base delay (ms)   ARGV[A+6] max delay (ms)
-- ARGV[A+7] jitter (ms) ARGV[A+8..] new parents (dependency only)
--
-- dependency: links the parents and waits in todo (ready if they are all
-- done already); the recurrence breaker does not see it.
-- Every other kind runs the breaker: the same kind with a similar reason
-- counts up, anything else restarts at 1; at the limit the task goes to
-- triage with circuit_open. Otherwise each kind has its own status.
-- Errors: NOTFOUND, STALE, INVALID and CONFLICT (a dependency parent).
local id, rid, kind, reason = ARGV[A], ARGV[A + 1], ARGV[A + 2], ARGV[A + 3]
local err = current(id, rid)
if err then return err end

if kind == 'dependency' then
  for i = A + 8, #ARGV do
    err = check_parent(ARGV[i], id)
    if err then return err end
  end
  for i = A + 8, #ARGV do add_parent(ARGV[i], id) end
  end_run(id, rid, 'blocked', {'block_kind', kind, 'summary', reason})
  reset_failures(id)
  redis.call('HSET', k_task(id), 'block_kind', kind, 'block_reason', reason)
  local to = runnable(id)
  move(id, 'running', to)
  emit(id, rid, 'dependency_wait', {reason = reason, parents = #ARGV - A - 7, status = to})
  return ok()
end

local f = redis.call('HMGET', k_task(id), 'last_block_kind', 'last_block_reason', 'block_recurrences')
local rec = 1
if f[1] == kind and similar(f[2], reason) then rec = (tonumber(f[3]) or 0) + 1 end
end_run(id, rid, 'blocked', {'block_kind', kind, 'summary', reason})
reset_failures(id)
redis.call('HSET', k_task(id), 'last_block_kind', kind, 'last_block_reason', reason,
  'block_recurrences', rec, 'block_kind', kind, 'block_reason', reason)

if rec >= tonumber(ARGV[A + 4]) then
  redis.call('HSET', k_task(id), 'circuit_open', 1)
  move(id, 'running', 'triage')
  emit(id, rid, 'circuit_open', {kind = kind, reason = reason, recurrences = rec})
  return ok()
end

local gates = {needs_input = {'waiting_human', 'human'}, auth = {'waiting_auth', 'auth'},
  approval = {'waiting_approval', 'approval'}}
local gate = gates[kind]
if gate then
  move(id, 'running', gate[1])
  emit(id, rid, 'waiting', {gate = gate[2], reason = reason, recurrences = rec})
  return ok()
end
if kind == 'transient' then
  local delay = tonumber(ARGV[A + 5]) * 2 ^ (rec - 1)
  delay = math.min(delay, tonumber(ARGV[A + 6])) + tonumber(ARGV[A + 7])
  redis.call('HSET', k_task(id), 'retry_at', fmt(NOW + delay))
end
move(id, 'running', 'blocked')
emit(id, rid, 'blocked', {kind = kind, reason = reason, recurrences = rec})
return ok()
