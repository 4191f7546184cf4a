-- subtree: read a goal for its supervision check: the tasks it waits on,
-- directly or through other tasks (walking parents, bounded), and the
-- goal's trigger state.
-- ARGV[A] goal  ARGV[A+1] walk bound
-- Returns {task ids (goal excluded), gen, tgen, tdone, 1 if truncated}.
local goal, bound = ARGV[A], tonumber(ARGV[A + 1])
local seen, queue, out, truncated = {[goal] = true}, {goal}, {}, 0
while #queue > 0 and truncated == 0 do
  local cur = table.remove(queue, 1)
  for _, p in ipairs(redis.call('SMEMBERS', k_parents(cur))) do
    if not seen[p] then
      if #out >= bound then truncated = 1; break end
      seen[p] = true
      out[#out + 1] = p
      queue[#queue + 1] = p
    end
  end
end
local g = redis.call('HMGET', k_goal(goal), 'gen', 'tgen', 'tdone')
return {out, tonumber(g[1]) or 0, tonumber(g[2]) or 0, tonumber(g[3]) or 0, truncated}
