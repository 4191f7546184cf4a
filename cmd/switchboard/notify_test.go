package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/config"
)

// notifyApp is a serve started in-process on port 0, and a store on the
// same Redis for the test to write through.
type notifyApp struct {
	cfg   config.Config
	app   *app
	store *rdb.Store
}

func startNotifyApp(t *testing.T) *notifyApp {
	t.Helper()
	r := rdbtest.New(t)
	cfg := config.Default()
	cfg.Redis.URL, cfg.Redis.Prefix, cfg.HTTP.Listen = r.URL(), r.Prefix, "127.0.0.1:0"
	cfg.Dispatcher.Enabled = false
	n := &notifyApp{cfg: cfg, store: rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})}
	n.start(t)
	t.Cleanup(func() { n.app.Stop(context.Background()) })
	return n
}

func (n *notifyApp) start(t *testing.T) {
	t.Helper()
	a, err := startApp(context.Background(), n.cfg, io.Discard)
	require.NoError(t, err)
	n.app = a
}

// cli runs the CLI against the app; it returns stdout, stderr and the code.
func (n *notifyApp) cli(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"--server", n.app.URL()}, args...), &out, &errOut)
	return out.String(), errOut.String(), code
}

func (n *notifyApp) task(t *testing.T, title string, parents ...string) string {
	t.Helper()
	task, err := n.store.Create(context.Background(), board.CreateParams{Board: "default", Title: title, Parents: parents, Profile: "default"})
	require.NoError(t, err)
	return task.ID
}

func TestSubscribeCommands(t *testing.T) {
	t.Parallel()
	n := startNotifyApp(t)
	a := n.task(t, "a")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"subscribe", a, "--to", "discord:123"}, ExitError, `no "discord" adapter is enabled in this gateway (enabled: [orchestrator webhook])`},
		{[]string{"subscribe", a, "--to", "pager:1"}, ExitError, `unknown target kind "pager"`},
		{[]string{"subscribe", a, "--to", "webhook:ftp://x"}, ExitError, `malformed target "webhook:ftp://x"`},
		{[]string{"subscribe", a, "--to", "orchestrator:" + a}, ExitError, "add --subtree"},
		{[]string{"subscribe", a, "--to", "webhook:http://x.test", "--events", "completed,exploded"}, ExitUsage, `unknown event kind "exploded"`},
		{[]string{"subscribe", "t_nothere", "--to", "webhook:http://x.test"}, ExitError, "does not exist"},
	} {
		_, errOut, code := n.cli(c.args...)
		require.Equal(t, c.code, code, c.args)
		require.Contains(t, errOut, c.msg, c.args)
	}

	out, _, code := n.cli("--json", "subscribe", a, "--to", "webhook:http://x.test/h", "--events", "completed")
	require.Equal(t, ExitOK, code)
	var sub map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &sub))
	for _, f := range []string{"id", "kind", "target", "task_id", "scope", "events"} {
		require.Contains(t, sub, f)
	}
	require.Equal(t, "task", sub["scope"])
	require.Equal(t, []any{"completed"}, sub["events"])

	out, _, code = n.cli("subscriptions", "--task", a)
	require.Equal(t, ExitOK, code)
	require.Contains(t, out, sub["id"])
	require.Contains(t, out, "active")
	out, _, code = n.cli("unsubscribe", sub["id"].(string))
	require.Equal(t, ExitOK, code)
	require.Contains(t, out, "removed "+sub["id"].(string))
	out, _, _ = n.cli("subscriptions")
	require.Contains(t, out, "no subscriptions")
}

// syncBuffer is a goroutine-safe writer.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) lines() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Split(strings.TrimSpace(b.buf.String()), "\n")
}

// watch --subtree --json prints one JSON event per line; when the gateway
// restarts it reconnects by itself and resumes after its last event,
// including events made while it was down.
func TestWatchResumesAfterReconnect(t *testing.T) {
	t.Parallel()
	n := startNotifyApp(t)
	a := n.task(t, "a")
	g := n.task(t, "goal", a)
	out := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		root := newRoot(out, io.Discard)
		root.SetArgs([]string{"--server", n.app.URL(), "--json", "watch", g, "--subtree"})
		done <- root.ExecuteContext(ctx)
	}()
	ref := func(id string) board.Ref { return board.Ref{Board: "default", ID: id} }
	note := func(id string) string {
		eid, err := n.store.Note(context.Background(), ref(id), board.EventRefused, "test", nil)
		require.NoError(t, err)
		return eid
	}
	require.Eventually(t, func() bool { // the watch connects at some point; note until one shows
		note(a)
		return out.lines()[0] != ""
	}, 15*time.Second, 50*time.Millisecond)
	note(n.task(t, "outside"))

	addr := n.app.Addr()
	n.app.Stop(context.Background())
	missed := note(a) // while the gateway is down
	n.cfg.HTTP.Listen = addr
	n.start(t)
	after := note(g)
	require.Eventually(t, func() bool { return strings.Contains(strings.Join(out.lines(), "\n"), after) },
		15*time.Second, 10*time.Millisecond)
	cancel()
	require.NoError(t, <-done)

	var ids []string
	for _, l := range out.lines() {
		var ev board.Event
		require.NoError(t, json.Unmarshal([]byte(l), &ev), l)
		ids = append(ids, ev.ID)
		require.Contains(t, []string{a, g}, ev.TaskID, "only the subtree")
	}
	require.Equal(t, []string{missed, after}, ids[len(ids)-2:], "resumed, nothing lost or repeated")
}
