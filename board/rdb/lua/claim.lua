-- claim: take the best claimable task into running under a new run.
-- ARGV[A] run id   ARGV[A+1] token hash   ARGV[A+2] lease deadline (ms)
-- Returns {task id, run id, ready since (ms), task hash, parents,
-- children}: ready since is when the task last became claimable, for the
-- ready-to-spawn latency. The task comes back in the reply, because the
-- claimer could not name it in a pipelined read.
-- Due scheduled tasks join the ready queue first. Stale queue entries are
-- skipped. Returns nil when nothing is claimable.
local due = redis.call('ZRANGEBYSCORE', K_SCHED, '-inf', NOW_S, 'LIMIT', 0, 100)
for _, id in ipairs(due) do
  redis.call('ZREM', K_SCHED, id)
  redis.call('ZADD', K_READY, ready_score(id), id)
end
local rid = ARGV[A]
for _ = 1, 16 do
  local top = redis.call('ZPOPMIN', K_READY)
  if #top == 0 then return false end
  local id = top[1]
  local f = redis.call('HMGET', k_task(id), 'status', 'block_kind', 'profile', 'seq', 'updated_at', 'retry_at')
  if f[1] == 'ready' or (f[1] == 'blocked' and f[2] == 'transient') then
    -- Popped from the ready queue, and due scheduled entries were moved
    -- into it above: no requeue needed.
    redis.call('ZREM', k_status(f[1]), id)
    redis.call('ZADD', k_status('running'), f[4], id)
    redis.call('HSET', k_task(id), 'status', 'running', 'updated_at', NOW_S,
      'current_run_id', rid, 'retry_at', '')
    redis.call('HSET', k_run(rid), 'id', rid, 'task_id', id, 'profile', f[3],
      'started_at', NOW_S, 'token_hash', ARGV[A + 1])
    redis.call('RPUSH', k_runs(id), rid)
    redis.call('ZADD', K_LEASES, ARGV[A + 2], id)
    emit(id, rid, 'claimed', {profile = f[3]})
    local since = math.max(tonumber(f[5]) or 0, tonumber(f[6]) or 0)
    return {id, rid, fmt(since), redis.call('HGETALL', k_task(id)),
      redis.call('SMEMBERS', k_parents(id)), redis.call('SMEMBERS', k_children(id))}
  end
end
return false
