package rdb_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// TestConcurrentClaims: 8 clients, each with its own connection pool, race
// to claim 2,000 ready tasks. Each task is claimed exactly once; none is lost.
func TestConcurrentClaims(t *testing.T) {
	t.Parallel()
	const tasks, clients = 2000, 8
	b := setup(t)
	want := make(map[string]bool, tasks)
	for i := range tasks {
		task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "t", Priority: i % 7})
		require.NoError(t, err)
		want[task.ID] = true
	}

	var mu sync.Mutex
	claimed := map[string]int{}
	var wg sync.WaitGroup
	for range clients {
		client := redis.NewClient(&redis.Options{Addr: b.redis.Addr})
		t.Cleanup(func() { _ = client.Close() })
		st := rdb.New(client, rdb.Options{Prefix: b.redis.Prefix, Now: b.clock.Now})
		wg.Go(func() {
			for {
				c, err := st.Claim(b.ctx, board.ClaimParams{Board: b.board})
				if errors.Is(err, board.ErrNoTask) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				claimed[c.Task.ID]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	require.Len(t, claimed, tasks)
	for id, n := range claimed {
		require.True(t, want[id], "claimed an unknown task %s", id)
		require.Equal(t, 1, n, "task %s claimed %d times", id, n)
	}
	running, err := b.store.List(b.ctx, board.ListParams{Board: b.board, Statuses: []board.Status{board.StatusRunning}, Limit: tasks + 1})
	require.NoError(t, err)
	require.Len(t, running, tasks)
}

// TestClaimOrder: higher priority first, then older.
func TestClaimOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	low := b.create(t, "low")
	high, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "high", Priority: 5})
	require.NoError(t, err)
	low2 := b.create(t, "low2")
	b.claim(t, high.ID)
	b.claim(t, low.ID)
	b.claim(t, low2.ID)
}
