-- subs: read subscriptions. ARGV[A] task id ('' for the whole board)
-- ARGV[A+1..] subscription ids (when given, only these).
-- Returns a list of {hash, outbox length}; a missing id is skipped.
local ids
if #ARGV > A then
  ids = {}
  for i = A + 1, #ARGV do ids[#ids + 1] = ARGV[i] end
elseif ARGV[A] ~= '' then
  ids = redis.call('SMEMBERS', k_tsubs(ARGV[A]))
else
  ids = redis.call('ZRANGE', K_SUBS, 0, -1)
end
local out = {}
for _, sid in ipairs(ids) do
  local h = redis.call('HGETALL', k_sub(sid))
  if #h > 0 then out[#out + 1] = {h, redis.call('LLEN', k_outbox(sid))} end
end
return out
