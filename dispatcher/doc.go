// Package dispatcher runs inside `switchboard serve`: it claims ready tasks,
// spawns a worker process for each, supervises it and classifies how it
// ended, as CONTRACT §2 says.
//
//   - Dispatch is event driven. Every board transition that makes a task
//     claimable publishes the board's name (rdb's wake channel); the
//     dispatcher claims within milliseconds. A timer fires when the next
//     scheduled retry falls due, and PollInterval is only a safety net.
//   - Each worker runs in its own process group with the contract's
//     environment and a context file (Markdown, with the same facts as JSON
//     beside it). Its output goes to a file, bounded, copied into Redis for
//     `switchboard task log`.
//   - While the process lives the lease is extended. Past the profile's
//     timeout the group gets SIGTERM, then SIGKILL after KillGrace. An exit
//     without a terminal call goes through Store.EndRun's failure rules.
//   - After a restart, live workers of this host are adopted; runs of
//     workers that are gone end through the failure rules, and a rescuer
//     ends runs whose lease expired anywhere.
//   - A spawn budget shared through Redis caps spawns across every board
//     and every dispatcher.
//
// See docs/dispatcher.md for the whole picture, and the worker's view.
package dispatcher
