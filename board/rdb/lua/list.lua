-- list: read tasks by status without scanning the board.
-- ARGV[A] limit per status  ARGV[A+1..] statuses
-- Returns views, each status's tasks in creation order.
local out = {}
for i = A + 1, #ARGV do
  for _, id in ipairs(redis.call('ZRANGE', k_status(ARGV[i]), 0, tonumber(ARGV[A]) - 1)) do
    out[#out + 1] = view(id)
  end
end
return out
