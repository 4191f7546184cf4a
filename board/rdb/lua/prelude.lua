-- prelude.lua: shared by every board script. The scripts run two ways:
-- as one Redis function library (FUNCTION LOAD, then FCALL), where these
-- helpers are defined once; or, where functions are missing (Redis 6,
-- miniredis), as EVALSHA of this file followed by the script's body. Either
-- way begin(KEYS, ARGV) sets the per-call state below before the body runs.
--
-- KEYS[1]  the board's key base, "PREFIX:{BOARD}". Every key a script
--          touches starts with it, so they share one cluster slot.
-- ARGV[1]  now, unix milliseconds (the caller's clock)
-- ARGV[2]  actor recorded on the event
-- ARGV[3]  allowed source statuses, comma separated (from board.Transitions)
-- ARGV[4]  event stream max length (approximate trim)
-- ARGV[5]  per-task event log max length
-- ARGV[6]  board name
-- ARGV[7.. the operation's own arguments (A is the first index)
--
-- Errors are returned as "CODE detail": NOTFOUND, STATUS, STALE, CONFLICT,
-- INVALID, EXISTS. A successful write returns 1; the caller reads the task
-- back in the same round trip (a pipeline), because building a Lua reply
-- of every field costs Redis more than the write.
local B, NOW, NOW_S, ACTOR, ALLOWED, STREAM_MAX, TASK_EVENTS_MAX, BOARD
local K_SEQ, K_READY, K_SCHED, K_LEASES, K_STREAM, K_SUBS, K_GOALS, K_SUPERVISE, K_WAKE
local A = 7

local function begin(keys, argv)
  B = keys[1]
  NOW, NOW_S, ACTOR, ALLOWED = tonumber(argv[1]), argv[1], argv[2], argv[3]
  STREAM_MAX, TASK_EVENTS_MAX, BOARD = argv[4], tonumber(argv[5]), argv[6]
  K_SEQ, K_READY, K_SCHED = B .. ':seq', B .. ':ready', B .. ':scheduled'
  K_LEASES, K_STREAM = B .. ':leases', B .. ':events'
  K_SUBS, K_GOALS, K_SUPERVISE = B .. ':subs', B .. ':goals', B .. ':supervise'
  -- K_WAKE is the dispatch signal, a pub/sub channel shared by every
  -- board: "PREFIX:wake". Each message is the name of a board where a task
  -- became claimable, now or at a later retry_at. A channel is not a key,
  -- so it does not tie the script to a cluster slot.
  K_WAKE = string.sub(B, 1, #B - #BOARD - 3) .. ':wake'
end

local function k_task(id) return B .. ':task:' .. id end
local function k_parents(id) return B .. ':task:' .. id .. ':parents' end
local function k_children(id) return B .. ':task:' .. id .. ':children' end
local function k_runs(id) return B .. ':task:' .. id .. ':runs' end
local function k_tevents(id) return B .. ':task:' .. id .. ':events' end
local function k_attach(id) return B .. ':task:' .. id .. ':attachments' end
local function k_run(rid) return B .. ':run:' .. rid end
local function k_status(st) return B .. ':status:' .. st end
-- Notification keys (see keys.go): subscriptions, their outboxes, goals
-- under supervision and orchestrator wake state.
local function k_sub(sid) return B .. ':sub:' .. sid end
local function k_outbox(sid) return B .. ':sub:' .. sid .. ':outbox' end
local function k_tsubs(id) return B .. ':task:' .. id .. ':subs' end
local function k_goal(id) return B .. ':goal:' .. id end
local function k_wake(id) return B .. ':task:' .. id .. ':wake' end

local function fail(code, detail)
  return redis.error_reply(code .. ' ' .. detail)
end

local function fmt(n) return string.format('%.0f', n) end

local function allowed(st)
  for s in string.gmatch(ALLOWED, '[^,]+') do
    if s == st then return true end
  end
  return false
end

local function status_of(id) return redis.call('HGET', k_task(id), 'status') end

-- refused returns the STATUS error for op on task id in status st.
local function refused(id, st) return fail('STATUS', id .. ' ' .. st) end

-- ok is what a successful write returns.
local function ok() return 1 end

-- emit appends one event to the board stream and to the task's own log.
-- The task log keeps each event as one record of unit-separated (\31)
-- fields: id, run, kind, actor, at, data (JSON, last). Actors never hold
-- control characters (the Go side strips them).
local function emit(id, run, kind, data, actor)
  actor, run = actor or ACTOR, run or ''
  local enc, at = cjson.encode(data or {}), NOW_S
  local eid = redis.call('XADD', K_STREAM, 'MAXLEN', '~', STREAM_MAX, '*',
    'task', id, 'run', run, 'kind', kind, 'actor', actor, 'at', at, 'data', enc)
  if id ~= '' then
    local rec = table.concat({eid, run, kind, actor, at, enc}, '\31')
    if redis.call('RPUSH', k_tevents(id), rec) > TASK_EVENTS_MAX then
      redis.call('LTRIM', k_tevents(id), -TASK_EVENTS_MAX, -1)
    end
  end
  return eid
end

-- ready_score orders the ready queue: higher priority first, then older.
local function score(priority, seq)
  return fmt((1000 - (tonumber(priority) or 0)) * 1099511627776 + tonumber(seq))
end

local function ready_score(id)
  local f = redis.call('HMGET', k_task(id), 'priority', 'seq')
  return score(f[1], f[2])
end

-- wake tells the dispatchers that a task of this board entered the ready
-- queue or the schedule, so it is claimed without waiting for a poll.
local function signal_claimable() redis.call('PUBLISH', K_WAKE, BOARD) end

-- requeue puts a task in the ready queue or the schedule, as its status and
-- retry_at say, and out of both otherwise. Entering either one wakes the
-- dispatchers.
local function requeue(id)
  redis.call('ZREM', K_READY, id)
  redis.call('ZREM', K_SCHED, id)
  local f = redis.call('HMGET', k_task(id), 'status', 'retry_at', 'block_kind')
  local retry = tonumber(f[2])
  if f[1] == 'ready' then
    if retry and retry > NOW then redis.call('ZADD', K_SCHED, fmt(retry), id)
    else redis.call('ZADD', K_READY, ready_score(id), id) end
    signal_claimable()
  elseif f[1] == 'blocked' and f[3] == 'transient' then
    redis.call('ZADD', K_SCHED, fmt(retry or NOW), id)
    signal_claimable()
  end
end

-- queued lists the statuses whose tasks may sit in the ready queue or
-- the schedule.
local queued = {ready = true, blocked = true}

-- move changes a task's status and keeps every index in step. Extra
-- field, value pairs are written in the same HSET; seq, when the caller
-- has read it already, saves a read.
local function move(id, from, to, fields, seq)
  seq = seq or redis.call('HGET', k_task(id), 'seq')
  redis.call('ZREM', k_status(from), id)
  redis.call('ZADD', k_status(to), seq, id)
  redis.call('HSET', k_task(id), 'status', to, 'updated_at', NOW_S, unpack(fields or {}))
  if queued[from] or queued[to] then requeue(id) end
end

local function parents_done(id)
  for _, p in ipairs(redis.call('SMEMBERS', k_parents(id))) do
    if status_of(p) ~= 'done' then return false end
  end
  return true
end

-- runnable is ready when every parent is done, todo otherwise.
local function runnable(id)
  if parents_done(id) then return 'ready' end
  return 'todo'
end

-- promote releases each todo child of id whose parents are now all done.
-- Its cost follows id's children, never the board.
local function promote_children(id)
  for _, c in ipairs(redis.call('SMEMBERS', k_children(id))) do
    if status_of(c) == 'todo' and parents_done(c) then
      move(c, 'todo', 'ready')
      emit(c, '', 'promoted', {parent = id}, 'system')
    end
  end
end

-- finish makes a task done: it resets the breakers, appends the event of
-- the operation, then promotes the children it releases.
local function finish(id, from, kind, run, data, fields, seq)
  local reset = {'block_recurrences', 0, 'circuit_open', 0, 'last_block_kind', '',
    'last_block_reason', '', 'block_kind', '', 'block_reason', '',
    'consecutive_failures', 0, 'protocol_violations', 0, 'retry_at', '', 'current_run_id', ''}
  for _, v in ipairs(fields or {}) do reset[#reset + 1] = v end
  move(id, from, 'done', reset, seq)
  emit(id, run, kind, data)
  promote_children(id)
end

-- ancestor reports whether anc is reachable from id through parents.
local function ancestor(anc, id)
  local seen, stack = {[id] = true}, {id}
  while #stack > 0 do
    local cur = table.remove(stack)
    if cur == anc then return true end
    for _, p in ipairs(redis.call('SMEMBERS', k_parents(cur))) do
      if not seen[p] then seen[p] = true; stack[#stack + 1] = p end
    end
  end
  return false
end

-- check_parent validates a new parent p for task id.
local function check_parent(p, id)
  local ps = status_of(p)
  if not ps then return fail('NOTFOUND', 'parent ' .. p .. ' does not exist on board ' .. BOARD) end
  if ps == 'archived' then return fail('INVALID', 'parent ' .. p .. ' is archived') end
  if p == id then return fail('CONFLICT', 'task ' .. id .. ' cannot wait on itself') end
  if ancestor(id, p) then
    return fail('CONFLICT', 'linking ' .. p .. ' as a parent of ' .. id .. ' would make a cycle')
  end
  return nil
end

local function add_parent(p, id)
  redis.call('SADD', k_parents(id), p)
  redis.call('SADD', k_children(p), id)
end

-- current checks that run rid is the live run of task id.
-- It returns an error reply, or nil and the task's seq.
local function current(id, rid)
  local f = redis.call('HMGET', k_task(id), 'status', 'current_run_id', 'seq')
  if not f[1] then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
  if f[1] ~= 'running' or f[2] ~= rid then
    return fail('STALE', id .. ' ' .. rid .. ' ' .. f[1] .. ' ' .. (f[2] or ''))
  end
  return nil, f[3]
end

-- close_run ends run rid with an outcome and extra run fields and drops
-- its lease; the caller clears the task's current_run_id.
local function close_run(id, rid, outcome, fields)
  redis.call('HSET', k_run(rid), 'outcome', outcome, 'ended_at', NOW_S, unpack(fields or {}))
  redis.call('ZREM', K_LEASES, id)
end

-- end_run closes the current run and clears the task's current_run_id.
local function end_run(id, rid, outcome, fields)
  close_run(id, rid, outcome, fields)
  redis.call('HSET', k_task(id), 'current_run_id', '')
end

-- reset_failures clears the failure streaks after a proper terminal call.
local function reset_failures(id)
  redis.call('HSET', k_task(id), 'consecutive_failures', 0, 'protocol_violations', 0, 'retry_at', '')
end

-- tokens splits a reason into words, lower-cased; a word with a digit
-- becomes '#', so counts and ids do not make reasons differ.
local function tokens(s)
  local set, n = {}, 0
  for w in string.gmatch(string.lower(s or ''), '[%w_]+') do
    if string.find(w, '%d') then w = '#' end
    if not set[w] then set[w] = true; n = n + 1 end
  end
  return set, n
end

-- similar compares two reasons by the Jaccard index of their word sets.
local function similar(a, b)
  local sa, na = tokens(a)
  local sb, nb = tokens(b)
  if na == 0 and nb == 0 then return true end
  local both = 0
  for w in pairs(sa) do if sb[w] then both = both + 1 end end
  return both / (na + nb - both) >= 0.75
end
