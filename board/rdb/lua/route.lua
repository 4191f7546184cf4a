-- route: hand one board event to the outbox of every subscription it
-- matches, and acknowledge it in the delivery group, in one step: an entry
-- is routed exactly once, even when a crashed consumer's entry is claimed
-- again, and never acknowledged unrouted.
-- ARGV[A]   delivery group  ARGV[A+1] event id  ARGV[A+2] event JSON (as delivered)
-- ARGV[A+3] task ('' for a board-wide event)    ARGV[A+4] event kind
-- ARGV[A+5] '1' when the event leaves its task stuck (a triage trigger)
-- ARGV[A+6] coalesce window (ms)  ARGV[A+7] outbox cap  ARGV[A+8] walk bound
--
-- A task-scope subscription matches its task's events. A subtree
-- subscription on goal G matches events of G and of every task G waits
-- on, found by walking children up from the event's task: tasks linked in
-- later match, at any depth, and nothing is copied onto them. fan_in and
-- triage notices match only subtree subscriptions on their goal. A
-- subscription matches only events after its since, of kinds its filter
-- names. Each goal reached from a task below it gets a supervision check
-- due after the coalesce window (ZADD NX: a burst shares one check).
-- Returns {routed subscription ids, dropped count, 1 if the walk hit its
-- bound}, or {} when the entry was acknowledged already.
local group, eid, ev, id, kind = ARGV[A], ARGV[A + 1], ARGV[A + 2], ARGV[A + 3], ARGV[A + 4]
local trigger, window, cap, bound = ARGV[A + 5] == '1', tonumber(ARGV[A + 6]), tonumber(ARGV[A + 7]), tonumber(ARGV[A + 8])
if redis.call('XACK', K_STREAM, group, eid) == 0 then return {} end
if id == '' then return {{}, 0, 0} end

local function after(a, b)
  local am, as = string.match(a, '^(%d+)-(%d+)$')
  local bm, bs = string.match(b, '^(%d+)-(%d+)$')
  if not bm then return true end
  am, bm = tonumber(am), tonumber(bm)
  if am ~= bm then return am > bm end
  return tonumber(as) > tonumber(bs)
end

local matched, order = {}, {}
local function consider(sid, direct, subtree_only)
  if matched[sid] then return end
  local f = redis.call('HMGET', k_sub(sid), 'scope', 'events', 'since')
  if not f[1] then return end
  if (not direct or subtree_only) and f[1] ~= 'subtree' then return end
  if not after(eid, f[3]) then return end
  if f[2] ~= '' and not string.find(',' .. f[2] .. ',', ',' .. kind .. ',', 1, true) then return end
  matched[sid] = true
  order[#order + 1] = sid
end

local function schedule(goal)
  local gen = redis.call('HINCRBY', k_goal(goal), 'gen', 1)
  if trigger then redis.call('HSET', k_goal(goal), 'tgen', gen) end
  redis.call('ZADD', K_SUPERVISE, 'NX', fmt(NOW + window), goal)
end

local notice = kind == 'fan_in' or kind == 'triage'
for _, sid in ipairs(redis.call('SMEMBERS', k_tsubs(id))) do consider(sid, true, notice) end
-- Kinds that change no status cannot change a goal's notice: no check.
local quiet = {commented = 1, refused = 1, claimed = 1, spawn_budget_exhausted = 1,
  subscription_failing = 1, subscription_recovered = 1, orchestrator_braked = 1}
local truncated = 0
if not notice and redis.call('HLEN', K_GOALS) > 0 then
  if kind == 'linked' and redis.call('HEXISTS', K_GOALS, id) == 1 then schedule(id) end
  local seen, queue, n = {[id] = true}, {id}, 0
  while #queue > 0 do
    local cur = table.remove(queue, 1)
    for _, c in ipairs(redis.call('SMEMBERS', k_children(cur))) do
      if not seen[c] then
        n = n + 1
        if n > bound then truncated = 1; break end
        seen[c] = true
        queue[#queue + 1] = c
        if redis.call('HEXISTS', K_GOALS, c) == 1 then
          for _, sid in ipairs(redis.call('SMEMBERS', k_tsubs(c))) do consider(sid, false, true) end
          if not quiet[kind] then schedule(c) end
        end
      end
    end
    if truncated == 1 then break end
  end
end

local dropped = 0
for _, sid in ipairs(order) do
  local n = redis.call('RPUSH', k_outbox(sid), ev)
  if n > cap then
    redis.call('LTRIM', k_outbox(sid), -cap, -1)
    redis.call('HINCRBY', k_sub(sid), 'dropped', n - cap)
    dropped = dropped + n - cap
  end
end
return {order, dropped, truncated}
