package dispatcher_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// TestSpawnBudgetTripsAndHolds: two dispatchers share a budget of 3
// spawns per hour. Exactly 3 workers start; the trip is recorded once;
// further passes hold while people can still act; when the window allows
// (the store's clock moves on), spawning resumes.
func TestSpawnBudgetTripsAndHolds(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker, func(s *settings) {
		s.opts.SpawnBudget.Max, s.opts.SpawnBudget.Per = 3, time.Hour
		s.opts.PollInterval = 20 * time.Millisecond
	})
	other := b.newDispatcher(t, b.settings)
	require.NoError(t, other.Start(b.ctx))
	t.Cleanup(func() { _ = other.Stop(context.Background()) })

	var ids []string
	for range 5 {
		ids = append(ids, b.create(t, okProfile).ID)
	}
	held := func() uint64 { return b.disp.Stats().BudgetHeld + other.Stats().BudgetHeld }
	require.Eventually(t, func() bool { return held() > 0 && b.count(t, ids, board.StatusDone) == 3 },
		waitFor, 5*time.Millisecond)
	before := held()
	require.Eventually(t, func() bool { return held() >= before+10 }, waitFor, 5*time.Millisecond, "passes keep holding")
	require.Equal(t, uint64(3), b.disp.Stats().Spawned+other.Stats().Spawned)
	require.Equal(t, 2, b.count(t, ids, board.StatusReady))
	require.Len(t, b.budgetEvents(t), 1, "recorded once per trip")

	// People can still act while the budget is spent.
	_, err := b.store.Archive(b.ctx, b.ref(ids[3]), board.ActorAdmin)
	require.NoError(t, err)

	b.clock.Advance(time.Hour)
	b.waitStatus(t, ids[4], board.StatusDone)
	require.Equal(t, uint64(4), b.disp.Stats().Spawned+other.Stats().Spawned)
	require.Len(t, b.budgetEvents(t), 1, "no new trip")
}

// count is how many of ids are in status st.
func (b *bundle) count(t *testing.T, ids []string, st board.Status) int {
	t.Helper()
	tasks, err := b.store.GetMany(b.ctx, b.board, ids...)
	require.NoError(t, err)
	n := 0
	for _, task := range tasks {
		if task.Status == st {
			n++
		}
	}
	return n
}

// budgetEvents reads the board's spawn_budget_exhausted events.
func (b *bundle) budgetEvents(t *testing.T) []*board.Event {
	t.Helper()
	evs, err := b.store.ReadStream(b.ctx, b.board, "0", 10_000, 0)
	require.NoError(t, err)
	var out []*board.Event
	for _, e := range evs {
		if e.Kind == board.EventSpawnBudgetExhausted {
			require.Equal(t, board.ActorSystem, e.Actor)
			require.EqualValues(t, 3, e.DataMap()["max"])
			out = append(out, e)
		}
	}
	return out
}
