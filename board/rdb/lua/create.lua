-- create: a new task in triage, todo or ready.
-- ARGV[A]   id          ARGV[A+1] title      ARGV[A+2] body
-- ARGV[A+3] profile     ARGV[A+4] priority   ARGV[A+5] '1' to triage
-- ARGV[A+6..] parent ids
-- Returns {status, created_at}: with the arguments, the whole new task.
-- Errors: EXISTS (id taken; the caller retries with a new id), NOTFOUND
-- and INVALID (a parent).
local id = ARGV[A]
if redis.call('EXISTS', k_task(id)) == 1 then return fail('EXISTS', id) end
local open = 0
for i = A + 6, #ARGV do
  local err = check_parent(ARGV[i], id)
  if err then return err end
  if status_of(ARGV[i]) ~= 'done' then open = open + 1 end
end
local st = 'ready'
if ARGV[A + 5] == '1' then st = 'triage' elseif open > 0 then st = 'todo' end
local seq = redis.call('INCR', K_SEQ)
redis.call('HSET', k_task(id), 'id', id, 'board', BOARD, 'title', ARGV[A + 1],
  'body', ARGV[A + 2], 'profile', ARGV[A + 3], 'priority', ARGV[A + 4], 'seq', seq,
  'status', st, 'created_at', NOW_S, 'updated_at', NOW_S, 'block_recurrences', 0,
  'consecutive_failures', 0, 'protocol_violations', 0, 'circuit_open', 0)
for i = A + 6, #ARGV do add_parent(ARGV[i], id) end
redis.call('ZADD', k_status(st), seq, id)
if st == 'ready' then
  redis.call('ZADD', K_READY, score(ARGV[A + 4], seq), id)
  signal_claimable()
end
emit(id, '', 'created', {status = st, title = ARGV[A + 1], parents = #ARGV - A - 5})
return {st, NOW_S}
