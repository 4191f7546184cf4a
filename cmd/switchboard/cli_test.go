package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
)

// cli is a gateway in this process and a way to run CLI commands at it.
type cli struct {
	store *rdb.Store
	url   string
}

func newCLI(t *testing.T) *cli {
	t.Helper()
	r := rdbtest.New(t)
	st := storeFor(r)
	srv := gateway.NewServer(st, gateway.ServerOptions{Listen: "127.0.0.1:0"})
	require.NoError(t, srv.Start(context.Background()))
	t.Cleanup(func() { _ = srv.Stop(context.Background()) })
	return &cli{store: st, url: "http://" + srv.Addr()}
}

// run runs the CLI with --server set and returns its exit code and output.
func (c *cli) run(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append(args, "--server", c.url, "--board", "main"), &out, &errOut)
	return code, out.String(), errOut.String()
}

// claim creates a task and claims it, as the dispatcher would.
func (c *cli) claim(t *testing.T) *board.Claim {
	t.Helper()
	_, err := c.store.Create(context.Background(), board.CreateParams{Board: "main", Title: "t", Profile: "default"})
	require.NoError(t, err)
	claim, err := c.store.Claim(context.Background(), board.ClaimParams{Board: "main"})
	require.NoError(t, err)
	return claim
}

// TestWorkerCLIErrors: each way a worker call goes wrong gets a clear
// message and the documented exit code.
func TestWorkerCLIErrors(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	tok := c.claim(t).Token
	stale := c.claim(t)
	ref := board.RunRef{Board: "main", TaskID: stale.Task.ID, RunID: stale.Run.ID}
	_, err := c.store.Complete(context.Background(), ref, board.CompleteParams{Summary: "done"})
	require.NoError(t, err)

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"not inside a run", []string{"worker", "complete", "--summary", "x", "--token", ""}, ExitError, "not inside a worker run"},
		{"metadata not JSON", []string{"worker", "complete", "--summary", "x", "--metadata", "{oops", "--token", tok}, ExitUsage, "--metadata is not valid JSON"},
		{"park without an action", []string{"worker", "park", "--summary", "x", "--token", tok}, ExitUsage, "park needs at least one --action"},
		{"stale run", []string{"worker", "complete", "--summary", "again", "--token", stale.Token}, ExitError, "stop working and exit"},
	} {
		code, _, errOut := c.run(tc.args...)
		require.Equal(t, tc.code, code, tc.name)
		require.Contains(t, errOut, tc.want, tc.name)
	}
}

// TestTaskLog: `task log` prints a run's captured output; a task that has
// not run yet says so.
func TestTaskLog(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	claim := c.claim(t)
	ref := board.RunRef{Board: "main", TaskID: claim.Task.ID, RunID: claim.Run.ID}
	require.NoError(t, c.store.SetRunLog(context.Background(), ref, "hello from the worker\n", 0))

	code, out, errOut := c.run("task", "log", claim.Task.ID)
	require.Equal(t, ExitOK, code, errOut)
	require.Equal(t, "hello from the worker\n", out)
	require.Contains(t, errOut, claim.Run.ID+" (running)")

	code, out, _ = c.run("task", "log", claim.Task.ID, "--run", claim.Run.ID, "--json")
	require.Equal(t, ExitOK, code)
	var l gateway.RunLog
	require.NoError(t, json.Unmarshal([]byte(out), &l))
	require.Equal(t, "hello from the worker\n", l.Log)

	code, _, errOut = c.run("task", "log", claim.Task.ID, "--run", "r_nosuchrun")
	require.Equal(t, ExitError, code)
	require.Contains(t, errOut, "has no run r_nosuchrun")

	task, err := c.store.Create(context.Background(), board.CreateParams{Board: "main", Title: "later", Profile: "default"})
	require.NoError(t, err)
	code, _, errOut = c.run("task", "log", task.ID)
	require.Equal(t, ExitError, code)
	require.Contains(t, errOut, "has not run yet")
}
