-- runs: read runs. ARGV[A] task id, or '' with ARGV[A+1..] run ids.
-- Returns each run hash, oldest first for a task.
local ids = {}
if ARGV[A] ~= '' then
  if not status_of(ARGV[A]) then
    return fail('NOTFOUND', 'task ' .. ARGV[A] .. ' does not exist on board ' .. BOARD)
  end
  ids = redis.call('LRANGE', k_runs(ARGV[A]), 0, -1)
else
  for i = A + 1, #ARGV do ids[#ids + 1] = ARGV[i] end
end
local out = {}
for _, rid in ipairs(ids) do out[#out + 1] = redis.call('HGETALL', k_run(rid)) end
return out
