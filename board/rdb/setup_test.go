package rdb_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// clock is an injected clock tests move by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// bundle is what setup gives each test.
type bundle struct {
	ctx   context.Context
	store *rdb.Store
	clock *clock
	redis *rdbtest.Redis
	board string
}

func setup(t *testing.T) *bundle {
	t.Helper()
	return setupPolicy(t, board.DefaultPolicy())
}

func setupPolicy(t *testing.T, pol board.Policy) *bundle {
	t.Helper()
	r := rdbtest.New(t)
	c := &clock{now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
	st := rdb.New(r.Client, rdb.Options{
		Prefix: r.Prefix, Policy: pol, Now: c.Now,
		Jitter: func(time.Duration) time.Duration { return 0 },
	})
	return &bundle{ctx: context.Background(), store: st, clock: c, redis: r, board: "main"}
}

func (b *bundle) create(t *testing.T, title string, parents ...string) *board.Task {
	t.Helper()
	task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: title, Parents: parents, Profile: "default"})
	require.NoError(t, err)
	return task
}

func (b *bundle) ref(id string) board.Ref { return board.Ref{Board: b.board, ID: id} }

// claim claims the next task and checks it is id.
func (b *bundle) claim(t *testing.T, id string) board.RunRef {
	t.Helper()
	c, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.NoError(t, err)
	require.Equal(t, id, c.Task.ID)
	require.Equal(t, board.StatusRunning, c.Task.Status)
	return board.RunRef{Board: b.board, TaskID: id, RunID: c.Run.ID}
}

func (b *bundle) get(t *testing.T, id string) *board.Task {
	t.Helper()
	task, err := b.store.Get(b.ctx, b.ref(id))
	require.NoError(t, err)
	return task
}

func (b *bundle) kinds(t *testing.T, id string) []board.EventKind {
	t.Helper()
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	out := make([]board.EventKind, len(evs))
	for i, e := range evs {
		out[i] = e.Kind
	}
	return out
}
