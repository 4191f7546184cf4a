-- end_run: classify a run that ended without a terminal call.
-- ARGV[A]   task          ARGV[A+1] run        ARGV[A+2] outcome
-- ARGV[A+3] exit code ('' when killed or never started)
-- ARGV[A+4] error text (start error or last output lines)
-- ARGV[A+5] failure_limit ARGV[A+6] protocol_violation_limit
-- ARGV[A+7] retry base (ms) ARGV[A+8] max delay (ms)
-- ARGV[A+9] rate-limit cooldown (ms) ARGV[A+10] jitter (ms)
--
-- protocol_violation: ready at once; its own streak trips blocked (failure).
-- rate_limited: ready after the cooldown; counts as nothing.
-- terminal_provider: blocked (failure) at once.
-- crashed, timed_out: ready after exponential backoff; the failure streak
-- trips blocked (failure). A tripped breaker appends gave_up instead.
-- Errors: NOTFOUND, STALE, INVALID (outcome).
local id, rid, outcome = ARGV[A], ARGV[A + 1], ARGV[A + 2]
local code, text = ARGV[A + 3], ARGV[A + 4]
local known = {protocol_violation = 1, rate_limited = 1, terminal_provider = 1, crashed = 1, timed_out = 1}
if not known[outcome] then return fail('INVALID', 'unknown run outcome ' .. outcome) end
local err = current(id, rid)
if err then return err end
local fields = {'error', text}
if code ~= '' then fields = {'error', text, 'exit_code', code} end
end_run(id, rid, outcome, fields)

local data = {outcome = outcome, error = text}
if code ~= '' then data.exit_code = tonumber(code) end

local function give_up(count, what)
  local reason = outcome .. ' ' .. count .. ' ' .. what
  if text ~= '' then reason = reason .. ': ' .. text end
  redis.call('HSET', k_task(id), 'block_kind', 'failure', 'block_reason', reason, 'retry_at', '')
  move(id, 'running', 'blocked')
  data.reason = reason
  emit(id, rid, 'gave_up', data)
  return ok()
end

local function retry(kind, delay)
  if delay > 0 then redis.call('HSET', k_task(id), 'retry_at', fmt(NOW + delay))
  else redis.call('HSET', k_task(id), 'retry_at', '') end
  move(id, 'running', 'ready')
  if delay > 0 then data.retry_at = NOW + delay end
  emit(id, rid, kind, data)
  return ok()
end

if outcome == 'protocol_violation' then
  local n = redis.call('HINCRBY', k_task(id), 'protocol_violations', 1)
  data.count = n
  if n >= tonumber(ARGV[A + 6]) then return give_up(n, 'times in a row without a terminal call') end
  return retry(outcome, 0)
elseif outcome == 'rate_limited' then
  return retry(outcome, tonumber(ARGV[A + 9]))
elseif outcome == 'terminal_provider' then
  local reason = 'the provider refused the worker (exit 78)'
  if text ~= '' then reason = reason .. ': ' .. text end
  redis.call('HSET', k_task(id), 'block_kind', 'failure', 'block_reason', reason, 'retry_at', '')
  move(id, 'running', 'blocked')
  emit(id, rid, outcome, data)
  return ok()
elseif outcome == 'crashed' or outcome == 'timed_out' then
  local n = redis.call('HINCRBY', k_task(id), 'consecutive_failures', 1)
  data.count = n
  if n >= tonumber(ARGV[A + 5]) then return give_up(n, 'times in a row') end
  local delay = math.min(tonumber(ARGV[A + 7]) * 2 ^ (n - 1), tonumber(ARGV[A + 8]))
  return retry(outcome, delay + tonumber(ARGV[A + 10]))
end
