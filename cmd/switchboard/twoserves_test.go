package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// TestTwoServesRunEachTaskOnce: two serve processes share one Redis and
// 500 short tasks. Each task is spawned exactly once, by one of them, and
// both take part.
func TestTwoServesRunEachTaskOnce(t *testing.T) {
	t.Parallel()
	const n = 500
	r, out := rdbtest.New(t), t.TempDir()
	st := storeFor(r)
	env := profileEnv(`echo "$SWITCHBOARD_TASK_ID" >> "$OUT/spawns"; switchboard worker complete --summary ok`, out)
	env["SWITCHBOARD_DISPATCHER_SPAWN_BUDGET_MAX"] = "100000"
	spawnServe(t, r, env)
	spawnServe(t, r, env)
	for range n {
		_, err := st.Create(context.Background(), board.CreateParams{Board: "default", Title: "short", Profile: "default"})
		require.NoError(t, err)
	}
	tasks := waitAll(t, st, "default", func(tasks []*board.Task) bool {
		done := 0
		for _, task := range tasks {
			if task.Status == board.StatusDone {
				done++
			}
		}
		return done == n
	})
	supervisors := map[string]int{}
	for _, task := range tasks {
		runs, err := st.Runs(context.Background(), board.Ref{Board: "default", ID: task.ID})
		require.NoError(t, err)
		require.Len(t, runs, 1, "task %s claimed %d times", task.ID, len(runs))
		supervisors[runs[0].Supervisor]++
	}
	require.Len(t, supervisors, 2, "both serves spawned workers: %v", supervisors)

	data, err := os.ReadFile(filepath.Join(out, "spawns"))
	require.NoError(t, err)
	spawned := map[string]int{}
	for _, id := range strings.Fields(string(data)) {
		spawned[id]++
	}
	require.Len(t, spawned, n)
	for id, c := range spawned {
		require.Equal(t, 1, c, "task %s spawned %d times", id, c)
	}
}
