package main

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// TestServeKilledMidRunThenRestarted: serve is SIGKILLed while three
// workers run; one of them dies while serve is down. The restarted serve
// adopts the two live workers (no second spawn) and ends the dead one's
// run through the failure rules, which retries it. Every task ends up
// done: none is left running.
func TestServeKilledMidRunThenRestarted(t *testing.T) {
	t.Parallel()
	r, out := rdbtest.New(t), t.TempDir()
	st := storeFor(r)
	env := profileEnv(`echo $$ > "$OUT/$SWITCHBOARD_TASK_ID.$SWITCHBOARD_RUN_ID.pid"
while [ ! -e "$OUT/release" ]; do sleep 0.02; done
switchboard worker complete --summary "finished $SWITCHBOARD_RUN_ID"`, out)
	first := spawnServe(t, r, env)
	var ids []string
	for range 3 {
		task, err := st.Create(t.Context(), board.CreateParams{Board: "default", Title: "long job", Profile: "default"})
		require.NoError(t, err)
		ids = append(ids, task.ID)
	}
	waitAll(t, st, "default", func([]*board.Task) bool { return len(pidFiles(t, out)) == 3 })

	first.kill()
	victim := ids[2]
	require.NoError(t, syscall.Kill(-pidOf(t, out, victim), syscall.SIGKILL), "a worker dies while serve is down")

	_, port, err := net.SplitHostPort(first.addr)
	require.NoError(t, err)
	env["SWITCHBOARD_HTTP_LISTEN"] = "127.0.0.1:" + port // the workers know this address
	second := spawnServe(t, r, env)
	require.Contains(t, second.logs(), "adopted a live worker")
	require.NoError(t, os.WriteFile(filepath.Join(out, "release"), nil, 0o600))

	tasks := waitAll(t, st, "default", func(tasks []*board.Task) bool {
		for _, task := range tasks {
			if task.Status != board.StatusDone {
				return false
			}
		}
		return len(tasks) == 3
	})
	for _, task := range tasks {
		runs, err := st.Runs(t.Context(), board.Ref{Board: "default", ID: task.ID})
		require.NoError(t, err)
		if task.ID == victim {
			require.Len(t, runs, 2)
			require.Equal(t, board.OutcomeCrashed, runs[0].Outcome)
			require.Contains(t, runs[0].Error, "no dispatcher watched it")
			continue
		}
		require.Len(t, runs, 1, "adopted, not spawned again")
		require.Equal(t, "finished "+runs[0].ID, task.Summary)
	}
}

// pidFiles lists the pid files the workers wrote.
func pidFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.pid"))
	require.NoError(t, err)
	return m
}

// pidOf reads the pid of task id's first worker.
func pidOf(t *testing.T, dir, id string) int {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, id+".*.pid"))
	require.NoError(t, err)
	require.Len(t, m, 1)
	data, err := os.ReadFile(m[0])
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	require.NoError(t, err)
	return pid
}
