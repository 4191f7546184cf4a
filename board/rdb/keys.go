package rdb

// Every Redis key Switchboard writes is named here or in lua/prelude.lua,
// which builds the per-board keys inside scripts. docs/redis.md lists them
// all; keys_test.go checks that the two files agree.
//
// A board's keys share the hash tag {BOARD}, so a board lives in one Redis
// Cluster slot and each transition script can touch all of them atomically.
//
//	PREFIX:boards                      set     every board name ever used
//	PREFIX:{B}:seq                     string  creation counter (ready-queue order)
//	PREFIX:{B}:task:ID                 hash    the task's fields
//	PREFIX:{B}:task:ID:parents         set     tasks ID waits on
//	PREFIX:{B}:task:ID:children        set     tasks waiting on ID
//	PREFIX:{B}:task:ID:runs            list    run ids, oldest first
//	PREFIX:{B}:task:ID:events          list    the task's events, one \x1f-separated record each, oldest first (capped)
//	PREFIX:{B}:task:ID:attachments     list    context for the next run (snapshots), JSON, capped
//	PREFIX:{B}:run:RID                 hash    one run
//	PREFIX:{B}:run:RID:log             string  the run's captured output, bounded; expires
//	PREFIX:{B}:status:S                zset    tasks in status S, scored by creation order
//	PREFIX:{B}:ready                   zset    claimable tasks, scored by priority then age
//	PREFIX:{B}:scheduled               zset    tasks claimable later, scored by retry_at (ms)
//	PREFIX:{B}:leases                  zset    running tasks, scored by lease deadline (ms)
//	PREFIX:{B}:events                  stream  the board's event log (trimmed); consumer group "delivery"
//	PREFIX:{B}:subs                    zset    subscription ids, scored by creation time (ms)
//	PREFIX:{B}:sub:SID                 hash    one subscription, plus since (the stream id it starts after)
//	PREFIX:{B}:sub:SID:outbox          list    events routed to SID and not yet delivered, JSON, oldest first (capped)
//	PREFIX:{B}:task:ID:subs            set     subscriptions on task ID, either scope
//	PREFIX:{B}:goals                   hash    goal task id -> number of subtree subscriptions on it
//	PREFIX:{B}:goal:ID                 hash    supervision of goal ID: trigger generations, fan-in signature
//	PREFIX:{B}:supervise               zset    goals with a supervision check due, scored by due time (ms)
//	PREFIX:{B}:task:ID:wake            hash    orchestrator ID's triage wakes: stuck set at the last wake, unresolved count
//	PREFIX:{_dispatch}:spawns          zset    worker spawns in the budget window, scored by time (ms)
//	PREFIX:{_dispatch}:spawns:tripped  string  set while the spawn budget is spent; expires
//
// One pub/sub channel is not a key but is named here too:
//
//	PREFIX:wake                        channel board names where a task became claimable
//
// The {_dispatch} hash tag cannot be a board name (those start with a letter
// or digit), so the spawn budget, which spans every board, has a slot of
// its own.
//
// The chat adapters' state (chat.go) lives beside the board's:
//
//	PREFIX:{B}:task:ID:notices         hash    delivered gate notices: "EVENT|TARGET" -> JSON (expires)
//	PREFIX:chat:token:TOKEN            string  a chat button's action, JSON (expires)
//	PREFIX:chat:seen:SCOPE:ID          string  an inbound update already handled (expires)
//
// and the chat follower's consumer group lives on each {B}:events stream.

// keys builds the Go-side key names for one key prefix.
type keys struct{ prefix string }

// boards is the set of board names.
func (k keys) boards() string { return k.prefix + ":boards" }

// base is a board's key base; scripts take it as KEYS[1] and build the
// rest from it, and cluster clients route by its hash tag.
func (k keys) base(board string) string { return k.prefix + ":{" + board + "}" }

// stream is a board's event stream.
func (k keys) stream(board string) string { return k.base(board) + ":events" }

// task is a task's hash; parents, children and events its sets and log.
func (k keys) task(board, id string) string     { return k.base(board) + ":task:" + id }
func (k keys) parents(board, id string) string  { return k.task(board, id) + ":parents" }
func (k keys) children(board, id string) string { return k.task(board, id) + ":children" }
func (k keys) events(board, id string) string   { return k.task(board, id) + ":events" }

// status is the index of a board's tasks in status st.
func (k keys) status(board, st string) string { return k.base(board) + ":status:" + st }

// outbox is a subscription's queue of undelivered events.
func (k keys) outbox(board, subID string) string { return k.base(board) + ":sub:" + subID + ":outbox" }

// subs is a board's subscription index.
func (k keys) subs(board string) string { return k.base(board) + ":subs" }

// supervise is a board's schedule of due supervision checks.
func (k keys) supervise(board string) string { return k.base(board) + ":supervise" }

// wake is an orchestrator task's wake state.
func (k keys) wake(board, id string) string { return k.task(board, id) + ":wake" }

// ready is a board's ready queue.
func (k keys) ready(board string) string { return k.base(board) + ":ready" }

// scheduled is a board's retry schedule.
func (k keys) scheduled(board string) string { return k.base(board) + ":scheduled" }

// runLog holds a run's captured output.
func (k keys) runLog(board, runID string) string { return k.base(board) + ":run:" + runID + ":log" }

// spawns is the spawn budget's window.
func (k keys) spawns() string { return k.prefix + ":{_dispatch}:spawns" }

// spawnsTripped marks a spent spawn budget, so it is reported once per trip.
func (k keys) spawnsTripped() string { return k.prefix + ":{_dispatch}:spawns:tripped" }

// wake is the dispatch signal's pub/sub channel.
func (k keys) wakeChannel() string { return k.prefix + ":wake" }

// notices is the map of a task's delivered chat gate notices.
func (k keys) notices(board, id string) string { return k.task(board, id) + ":notices" }

// chatToken holds one chat button's action.
func (k keys) chatToken(tok string) string { return k.prefix + ":chat:token:" + tok }

// chatSeen marks an inbound chat update as handled.
func (k keys) chatSeen(scope, id string) string { return k.prefix + ":chat:seen:" + scope + ":" + id }
