-- spawn_budget: reserve one worker spawn in the sliding window that every
-- dispatcher on this Redis shares, across all boards.
-- KEYS[1] the window: a zset of reservation ids scored by time (ms)
-- KEYS[2] the trip marker, set while the budget is spent
-- ARGV[A] reservation id  ARGV[A+1] window length (ms)  ARGV[A+2] max spawns
--
-- Returns {1, 0, 0} when the spawn is reserved; the trip (if any) is over.
-- Returns {0, retry_at_ms, first} when the window is full: retry_at is when
-- its oldest spawn leaves it, and first is 1 only for the first refusal of
-- this trip, so the trip is reported once, whichever dispatcher hits it.
local win, trip = KEYS[1], KEYS[2]
local per, max = tonumber(ARGV[A + 1]), tonumber(ARGV[A + 2])
redis.call('ZREMRANGEBYSCORE', win, '-inf', fmt(NOW - per))
if redis.call('ZCARD', win) < max then
  redis.call('ZADD', win, fmt(NOW), ARGV[A])
  redis.call('PEXPIRE', win, per)
  redis.call('DEL', trip)
  return {1, 0, 0}
end
local oldest = redis.call('ZRANGE', win, 0, 0, 'WITHSCORES')
local retry = tonumber(oldest[2]) + per
local first = redis.call('SET', trip, '1', 'NX', 'PX', per)
if first then return {0, fmt(retry), 1} end
return {0, fmt(retry), 0}
