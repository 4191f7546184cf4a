package dispatcher_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/dispatcher"
	"github.com/switchboard/switchboard/gateway"
)

// waitFor bounds every wait on a condition.
const waitFor = 30 * time.Second

// Worker scripts. Each runs under sh with $OUT, the test's scratch
// directory, and the contract's environment.
const (
	okWorker   = `switchboard worker complete --summary "done $SWITCHBOARD_TASK_ID"`
	saveCtx    = `cp "$SWITCHBOARD_CONTEXT" "$OUT/$SWITCHBOARD_RUN_ID.md"; `
	okProfile  = "ok"
	runProfile = "worker"
)

// clock is the store's clock: real time plus an offset a test advances.
type clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.offset) }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.offset += d; c.mu.Unlock() }

// bundle is one test's board, gateway and dispatcher.
type bundle struct {
	ctx      context.Context
	settings *settings
	store    *rdb.Store
	redis    *rdbtest.Redis
	disp     *dispatcher.Dispatcher
	clock    *clock
	url      string
	board    string
	out      string
}

// settings are what a test may change before setup starts everything.
type settings struct {
	policy  board.Policy
	opts    dispatcher.Options
	scripts map[string]string
	timeout time.Duration
	start   bool
}

// fastPolicy keeps the suite quick: short backoffs, the contract's limits.
func fastPolicy() board.Policy {
	p := board.DefaultPolicy()
	p.RetryBackoff, p.TransientBackoff = 20*time.Millisecond, 20*time.Millisecond
	p.RateLimitCooldown, p.MaxBackoff = 50*time.Millisecond, 200*time.Millisecond
	p.Lease = 10 * time.Second
	return p
}

// setup starts a store, a gateway on port 0 and a dispatcher. The
// profile "ok" completes at once; "worker" runs the test's script.
func setup(t *testing.T, script string, change ...func(*settings)) *bundle {
	t.Helper()
	s := &settings{policy: fastPolicy(), start: true, timeout: time.Minute, scripts: map[string]string{okProfile: okWorker, runProfile: script},
		opts: dispatcher.Options{PollInterval: time.Hour, KillGrace: 200 * time.Millisecond, SpawnBudget: dispatcher.SpawnBudget{Max: 10_000}}}
	for _, f := range change {
		f(s)
	}
	b := &bundle{ctx: context.Background(), settings: s, redis: rdbtest.New(t), clock: &clock{}, board: "main", out: t.TempDir()}
	b.store = rdb.New(b.redis.Client, rdb.Options{Prefix: b.redis.Prefix, Policy: s.policy, Now: b.clock.Now,
		Jitter: func(time.Duration) time.Duration { return 0 }})
	srv := gateway.NewServer(b.store, gateway.ServerOptions{Listen: "127.0.0.1:0"})
	require.NoError(t, srv.Start(b.ctx))
	t.Cleanup(func() { _ = srv.Stop(context.Background()) })
	b.url = "http://" + srv.Addr()
	b.disp = b.newDispatcher(t, s)
	if s.start {
		b.startDispatcher(t)
	}
	return b
}

func (b *bundle) newDispatcher(t *testing.T, s *settings) *dispatcher.Dispatcher {
	t.Helper()
	opts := s.opts
	opts.PublicURL = b.url
	state := t.TempDir()
	opts.RunDir, opts.Workdir = filepath.Join(state, "runs"), filepath.Join(state, "work")
	if opts.Jitter == nil {
		opts.Jitter = func(time.Duration) time.Duration { return 0 }
	}
	opts.Logger = testLogger(t)
	if opts.Profiles == nil {
		opts.Profiles = map[string]dispatcher.Profile{}
		for name, script := range s.scripts {
			opts.Profiles[name] = dispatcher.Profile{Command: []string{"sh", "-c", script},
				Env: map[string]string{"OUT": b.out}, Timeout: s.timeout}
		}
	}
	d, err := dispatcher.New(b.store, opts)
	require.NoError(t, err)
	return d
}

func (b *bundle) startDispatcher(t *testing.T) {
	t.Helper()
	require.NoError(t, b.disp.Start(b.ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = b.disp.Stop(ctx)
	})
}

// create adds a ready task with the given profile.
func (b *bundle) create(t *testing.T, profile string, parents ...string) *board.Task {
	t.Helper()
	task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "task for " + profile,
		Body: "do the thing", Profile: profile, Parents: parents})
	require.NoError(t, err)
	return task
}

func (b *bundle) ref(id string) board.Ref { return board.Ref{Board: b.board, ID: id} }

func (b *bundle) get(t *testing.T, id string) *board.Task {
	t.Helper()
	task, err := b.store.Get(b.ctx, b.ref(id))
	require.NoError(t, err)
	return task
}

func (b *bundle) runs(t *testing.T, id string) []*board.Run {
	t.Helper()
	runs, err := b.store.Runs(b.ctx, b.ref(id))
	require.NoError(t, err)
	return runs
}

// waitStatus waits until task id is in status st and every run of it
// has ended, and returns the task.
func (b *bundle) waitStatus(t *testing.T, id string, st board.Status) *board.Task {
	t.Helper()
	var last *board.Task
	require.Eventually(t, func() bool {
		last = b.get(t, id)
		return last.Status == st && last.CurrentRunID == ""
	}, waitFor, 5*time.Millisecond, "task %s never reached %s", id, st)
	return last
}

// waitRuns waits until task id has n ended runs.
func (b *bundle) waitRuns(t *testing.T, id string, n int) []*board.Run {
	t.Helper()
	var runs []*board.Run
	require.Eventually(t, func() bool {
		runs = b.runs(t, id)
		return len(runs) >= n && !runs[n-1].Live()
	}, waitFor, 5*time.Millisecond, "task %s never had %d runs", id, n)
	return runs
}

// barrier runs one more task to done: every claim pass before it has
// happened, so a spawn that should not happen would have by now.
func (b *bundle) barrier(t *testing.T) {
	t.Helper()
	b.waitStatus(t, b.create(t, okProfile).ID, board.StatusDone)
}

// context reads the context file a worker saved with saveCtx.
func (b *bundle) context(t *testing.T, run *board.Run) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(b.out, run.ID+".md"))
	require.NoError(t, err)
	return string(data)
}

// kinds lists a task's event kinds.
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

func outcomes(runs []*board.Run) string {
	parts := make([]string, len(runs))
	for i, r := range runs {
		parts[i] = string(r.Outcome)
	}
	return strings.Join(parts, ",")
}

// testLogger writes the dispatcher's log to the test's output, shown when
// the test fails.
func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug}))
}
