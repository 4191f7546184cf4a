package rdb_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// TestWakeSignal: a task entering the ready queue or the schedule wakes
// the dispatchers with its board's name; a claim does not.
func TestWakeSignal(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx, cancel := context.WithCancel(b.ctx)
	wake, err := b.store.DispatchSignals(ctx)
	require.NoError(t, err)
	next := func() string {
		select {
		case name := <-wake:
			return name
		case <-time.After(5 * time.Second):
			t.Fatal("no wake signal")
			return ""
		}
	}
	id := b.create(t, "t").ID
	require.Equal(t, b.board, next(), "created ready")
	run := b.claim(t, id)
	_, err = b.store.Block(b.ctx, run, board.BlockParams{Kind: board.BlockTransient, Reason: "busy"})
	require.NoError(t, err)
	require.Equal(t, b.board, next(), "scheduled for a transient retry")
	cancel()
	for range wake {
	}
}

func TestNextClaimable(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, ok, err := b.store.NextClaimable(b.ctx, b.board)
	require.NoError(t, err)
	require.False(t, ok, "an empty board")

	id := b.create(t, "t").ID
	at, ok, err := b.store.NextClaimable(b.ctx, b.board)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, b.clock.Now(), at, "ready now")

	code := 1
	task, err := b.store.EndRun(b.ctx, b.claim(t, id), board.EndRunParams{Outcome: board.OutcomeCrashed, ExitCode: &code})
	require.NoError(t, err)
	at, ok, err = b.store.NextClaimable(b.ctx, b.board)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, *task.RetryAt, at, "due at retry_at")
}

// TestSpawnBudget: a sliding window shared through Redis; the first
// refusal of a trip is flagged once; the window frees up with time.
func TestSpawnBudget(t *testing.T) {
	t.Parallel()
	b := setup(t)
	reserve := func() (bool, bool, time.Time) {
		r, err := b.store.ReserveSpawn(b.ctx, 2, time.Hour)
		require.NoError(t, err)
		if r.Allowed {
			require.NotEmpty(t, r.ID)
		}
		return r.Allowed, r.FirstRefusal, r.RetryAt
	}
	start := b.clock.Now()
	ok, _, _ := reserve()
	require.True(t, ok)
	b.clock.Advance(time.Minute)
	ok, _, _ = reserve()
	require.True(t, ok)
	ok, first, retry := reserve()
	require.False(t, ok)
	require.True(t, first, "the first refusal of the trip")
	require.Equal(t, start.Add(time.Hour), retry, "when the oldest spawn leaves the window")
	ok, first, _ = reserve()
	require.False(t, ok)
	require.False(t, first, "the same trip")

	b.clock.Advance(time.Hour - time.Minute)
	ok, _, _ = reserve()
	require.True(t, ok, "the oldest spawn left the window")
	ok, first, _ = reserve()
	require.False(t, ok)
	require.True(t, first, "a new trip")
}

func TestReleaseSpawn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	r, err := b.store.ReserveSpawn(b.ctx, 1, time.Hour)
	require.NoError(t, err)
	require.True(t, r.Allowed)
	require.NoError(t, b.store.ReleaseSpawn(b.ctx, r.ID))
	r, err = b.store.ReserveSpawn(b.ctx, 1, time.Hour)
	require.NoError(t, err)
	require.True(t, r.Allowed, "the released spawn is free again")
}

func TestSystemBlockActsAsSystem(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	task, err := b.store.SystemBlock(b.ctx, b.claim(t, id), board.BlockParams{Kind: board.BlockCapability, Reason: "no profile"})
	require.NoError(t, err)
	require.Equal(t, board.StatusBlocked, task.Status)
	require.Equal(t, board.BlockCapability, task.BlockKind)
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	require.Equal(t, board.ActorSystem, evs[len(evs)-1].Actor)
}

// TestDispatchKeysAreDocumented: the run log and the spawn budget keys
// are in the documented layout.
func TestDispatchKeysAreDocumented(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	run := b.claim(t, id)
	require.NoError(t, b.store.SetRunLog(b.ctx, run, "hello\n", time.Hour))
	text, err := b.store.RunLog(b.ctx, run)
	require.NoError(t, err)
	require.Equal(t, "hello\n", text)
	for range 2 {
		_, err := b.store.ReserveSpawn(b.ctx, 1, time.Hour)
		require.NoError(t, err)
	}
	requireDocumentedKeys(t, b)

	text, err = b.store.RunLog(b.ctx, board.RunRef{Board: b.board, TaskID: id, RunID: "r_none"})
	require.NoError(t, err)
	require.Empty(t, text, "no log yet")
}
