-- confirm: a person confirms owed operator actions; once every action is
-- confirmed the task is done and its children are promoted.
-- ARGV[A] task  ARGV[A+1] 'all', or action numbers (from 1) comma separated
-- Errors: NOTFOUND, STATUS, INVALID (a number out of range), CONFLICT
-- (every named action was confirmed already).
local id, which = ARGV[A], ARGV[A + 1]
local st = status_of(id)
if not st then return fail('NOTFOUND', 'task ' .. id .. ' does not exist on board ' .. BOARD) end
if not allowed(st) then return refused(id, st) end
local actions = cjson.decode(redis.call('HGET', k_task(id), 'operator_actions') or '[]')
local picked = {}
if which == 'all' then
  for i = 1, #actions do picked[#picked + 1] = i end
else
  for n in string.gmatch(which, '[^,]+') do
    local i = tonumber(n)
    if not i or i < 1 or i > #actions or i % 1 ~= 0 then
      return fail('INVALID', 'task ' .. id .. ' has operator actions 1 to ' .. #actions .. '; there is no action ' .. n)
    end
    picked[#picked + 1] = i
  end
end
local newly = {}
for _, i in ipairs(picked) do
  local a = actions[i]
  if type(a.confirmed_by) ~= 'string' or a.confirmed_by == '' then
    a.confirmed_by = ACTOR
    a.confirmed_at = NOW
    newly[#newly + 1] = i
  end
end
if #newly == 0 then return fail('CONFLICT', 'the named actions of task ' .. id .. ' are confirmed already') end
redis.call('HSET', k_task(id), 'operator_actions', cjson.encode(actions))
local left = 0
for _, a in ipairs(actions) do
  if type(a.confirmed_by) ~= 'string' or a.confirmed_by == '' then left = left + 1 end
end
local data = {actions = table.concat(newly, ','), remaining = left}
if left == 0 then
  finish(id, st, 'confirmed', '', data)
else
  redis.call('HSET', k_task(id), 'updated_at', NOW_S)
  emit(id, '', 'confirmed', data)
end
return ok()
