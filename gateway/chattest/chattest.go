// Package chattest gives chat adapter tests a board on the test Redis
// (rdbtest), its chat state, and helpers that drive a task to each gate
// the way a worker would.
package chattest

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
)

// Env is one test's board and chat state.
type Env struct {
	Ctx   context.Context
	Redis *rdbtest.Redis
	Store *rdb.Store
	State *rdb.ChatStore
	Board string
	// prio rises with each task Running makes, so the claim takes it and
	// not an older task that went back to ready.
	prio atomic.Int32
}

// New returns an Env on a fresh key prefix.
func New(t testing.TB) *Env {
	t.Helper()
	r := rdbtest.New(t)
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	return &Env{Ctx: context.Background(), Redis: r, Store: st, State: rdb.NewChatStore(st), Board: "default"}
}

// Chat returns a chat layer for platform with the given approvers.
func (e *Env) Chat(platform string, approvers *gateway.Approvers, subs gateway.Subscriber) *gateway.Chat {
	return gateway.NewChat(gateway.ChatParams{
		Platform: platform, Board: e.Store, Store: e.State, Authorizer: approvers, Subscriber: subs,
	})
}

// Ref names a task on the Env's board.
func (e *Env) Ref(id string) board.Ref { return board.Ref{Board: e.Board, ID: id} }

// Running creates a task and claims it, as the dispatcher would. Each
// task gets a higher priority than the last, so the claim takes it.
func (e *Env) Running(t testing.TB, title string) board.RunRef {
	t.Helper()
	task, err := e.Store.Create(e.Ctx, board.CreateParams{Board: e.Board, Title: title, Profile: "default", Priority: int(e.prio.Add(1))})
	require.NoError(t, err)
	c, err := e.Store.Claim(e.Ctx, board.ClaimParams{Board: e.Board})
	require.NoError(t, err)
	require.Equal(t, task.ID, c.Task.ID)
	return board.RunRef{Board: e.Board, TaskID: task.ID, RunID: c.Run.ID}
}

// Blocked runs a task that blocks with kind and reason; it returns the
// task and its last event (waiting, for the gated kinds).
func (e *Env) Blocked(t testing.TB, kind board.BlockKind, reason string) (*board.Task, board.Event) {
	t.Helper()
	run := e.Running(t, "deploy the "+string(kind)+" thing")
	task, err := e.Store.Block(e.Ctx, run, board.BlockParams{Kind: kind, Reason: reason})
	require.NoError(t, err)
	return task, e.Last(t, task.ID)
}

// Parked runs a task that parks with operator actions.
func (e *Env) Parked(t testing.TB, actions ...string) (*board.Task, board.Event) {
	t.Helper()
	run := e.Running(t, "migrate the database")
	ops := make([]board.OperatorAction, len(actions))
	for i, a := range actions {
		ops[i] = board.OperatorAction{Action: a}
	}
	task, err := e.Store.Park(e.Ctx, run, board.ParkParams{Summary: "migrated", Actions: ops})
	require.NoError(t, err)
	return task, e.Last(t, task.ID)
}

// InReview runs a task that requests review.
func (e *Env) InReview(t testing.TB) (*board.Task, board.Event) {
	t.Helper()
	run := e.Running(t, "write the report")
	task, err := e.Store.RequestReview(e.Ctx, run, "report written")
	require.NoError(t, err)
	return task, e.Last(t, task.ID)
}

// Events returns a task's events.
func (e *Env) Events(t testing.TB, id string) []*board.Event {
	t.Helper()
	evs, err := e.Store.Events(e.Ctx, e.Ref(id))
	require.NoError(t, err)
	return evs
}

// Last returns a task's newest event.
func (e *Env) Last(t testing.TB, id string) board.Event {
	t.Helper()
	evs := e.Events(t, id)
	require.NotEmpty(t, evs)
	return *evs[len(evs)-1]
}

// Task reads a task.
func (e *Env) Task(t testing.TB, id string) *board.Task {
	t.Helper()
	task, err := e.Store.Get(e.Ctx, e.Ref(id))
	require.NoError(t, err)
	return task
}

// Delivery is what the delivery engine would hand an adapter for ev.
func (e *Env) Delivery(t testing.TB, ev board.Event, target string) gateway.Delivery {
	t.Helper()
	kind, _, err := board.ParseTarget(target)
	require.NoError(t, err)
	ev.Board = e.Board
	return gateway.Delivery{
		Subscription: board.Subscription{ID: "s_test0001", Board: e.Board, Kind: kind, Target: target, TaskID: ev.TaskID, Scope: board.ScopeTask},
		Event:        ev, Task: e.Task(t, ev.TaskID),
	}
}

// Eventually waits for cond, polling, with a deadline; no fixed sleeps.
func Eventually(t testing.TB, cond func() bool, msg string, args ...any) {
	t.Helper()
	require.Eventually(t, cond, 10*time.Second, 5*time.Millisecond, append([]any{msg}, args...)...)
}
