-- heartbeat: extend the live run's lease; not a transition, no event.
-- ARGV[A] task  ARGV[A+1] run  ARGV[A+2] lease deadline (ms)  ARGV[A+3] note
-- Errors: NOTFOUND, STALE.
local id, rid = ARGV[A], ARGV[A + 1]
local err = current(id, rid)
if err then return err end
redis.call('ZADD', K_LEASES, ARGV[A + 2], id)
redis.call('HSET', k_run(rid), 'heartbeat_at', NOW_S)
if ARGV[A + 3] ~= '' then redis.call('HSET', k_run(rid), 'note', ARGV[A + 3]) end
return 1
