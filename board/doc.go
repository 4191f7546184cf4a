// Package board holds Switchboard's domain: tasks, their statuses and the one
// table of legal transitions, runs, events, subscriptions and the errors that
// callers branch on.
//
// It imports nothing else from Switchboard. Implementations live in
// subpackages: board/rdb keeps the board in Redis.
package board
