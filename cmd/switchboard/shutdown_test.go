package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// TestServeShutdown: on SIGTERM, serve stops claiming but keeps its HTTP
// API up for the grace, so a running worker can still report; a worker
// that outlives the grace is stopped and its task released through the
// failure rules. Either way no task is left running.
func TestServeShutdown(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		grace   string
		release bool
		status  board.Status
	}{
		{"reports within the grace", "30s", true, board.StatusDone},
		{"outlives the grace", "100ms", false, board.StatusReady},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, out := rdbtest.New(t), t.TempDir()
			st := storeFor(r)
			env := profileEnv(`touch "$OUT/started"; while [ ! -e "$OUT/release" ]; do sleep 0.02; done
switchboard worker complete --summary "reported during shutdown"`, out)
			env["SWITCHBOARD_SHUTDOWN_GRACE"] = tc.grace
			s := spawnServe(t, r, env)
			task, err := st.Create(context.Background(), board.CreateParams{Board: "default", Title: "t", Profile: "default"})
			require.NoError(t, err)
			require.Eventually(t, func() bool { _, err := os.Stat(filepath.Join(out, "started")); return err == nil },
				waitFor, 10*time.Millisecond)
			require.NoError(t, s.cmd.Process.Signal(syscall.SIGTERM))
			require.Eventually(t, func() bool { return strings.Contains(s.logs(), "shutting down") }, waitFor, 10*time.Millisecond)
			if tc.release {
				require.NoError(t, os.WriteFile(filepath.Join(out, "release"), nil, 0o600))
			}
			<-s.done
			got, err := st.Get(context.Background(), board.Ref{Board: "default", ID: task.ID})
			require.NoError(t, err)
			require.Equal(t, tc.status, got.Status, s.logs())
		})
	}
}

// TestShutdownLosesNoEvent: SIGTERM while deliveries are pending exits 0,
// and every event reaches its webhook, before the exit or after a restart.
func TestShutdownLosesNoEvent(t *testing.T) {
	t.Parallel()
	r := rdbtest.New(t)
	st := storeFor(r)
	hook := &hookReceiver{seen: map[string]int{}}
	recv := httptest.NewServer(hook)
	t.Cleanup(recv.Close)
	env := map[string]string{"SWITCHBOARD_DISPATCHER_ENABLED": "false",
		"SWITCHBOARD_NOTIFY_RETRY_BACKOFF": "50ms", "SWITCHBOARD_NOTIFY_MAX_BACKOFF": "200ms"}
	s := spawnServe(t, r, env)
	goal := create(t, st, "goal", true)
	_, errOut, code := runAgainst(s.url(), "", "subscribe", goal, "--subtree", "--to", "webhook:"+recv.URL)
	require.Equal(t, 0, code, errOut)
	hook.healthy.Store(true)
	var ids []string
	for i := range 30 {
		if i == 15 {
			hook.healthy.Store(false) // the rest stay pending at shutdown
		}
		sub := create(t, st, "part", true)
		_, err := st.Link(context.Background(), board.LinkParams{Board: "default", Parent: sub, Child: goal})
		require.NoError(t, err)
	}
	evs, err := st.Events(context.Background(), board.Ref{Board: "default", ID: goal})
	require.NoError(t, err)
	for _, e := range evs {
		if e.Kind == board.EventLinked {
			ids = append(ids, e.ID)
		}
	}
	require.NoError(t, s.cmd.Process.Signal(syscall.SIGTERM))
	<-s.done
	require.Equal(t, 0, s.cmd.ProcessState.ExitCode(), s.logs())

	hook.healthy.Store(true)
	spawnServe(t, r, env)
	require.Eventually(t, func() bool {
		for _, id := range ids {
			if !hook.got(id) {
				return false
			}
		}
		return true
	}, waitFor, 20*time.Millisecond, "an event was lost across the shutdown")
}
