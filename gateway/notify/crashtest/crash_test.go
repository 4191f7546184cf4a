package crashtest_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

const (
	events = 5000
	kills  = 5
	rate   = 1000 // events per second
)

// TestCrashLosesNothing: 5,000 events flow to four webhook subscriptions
// while serve is SIGKILLed 5 times and restarted. Nothing may be missing;
// the duplicates are reported, and after each kill they may not exceed the
// deliveries in flight then (sent, not yet acknowledged).
func TestCrashLosesNothing(t *testing.T) {
	r := rdbtest.New(t)
	ctx := context.Background()
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	rec := newReceiver(t, "crash-secret")
	env := []string{"SWITCHBOARD_REDIS_URL=" + r.URL(), "SWITCHBOARD_REDIS_PREFIX=" + r.Prefix,
		"SWITCHBOARD_HTTP_LISTEN=127.0.0.1:0", "SWITCHBOARD_DISPATCHER_ENABLED=false",
		"SWITCHBOARD_WEBHOOK_SECRET=crash-secret", "SWITCHBOARD_NOTIFY_RETRY_BACKOFF=10ms",
		"SWITCHBOARD_NOTIFY_MAX_BACKOFF=100ms"}

	f := newFixture(t, st, rec.srv.URL)
	proc := startServe(t, env)
	var produced atomic.Int64
	producerDone := make(chan struct{})
	go func() {
		defer close(producerDone)
		f.produce(t, &produced)
	}()

	var inflight []int
	for k := 1; k <= kills; k++ {
		require.Eventually(t, func() bool { return produced.Load() >= int64(k*events/(kills+1)) },
			time.Minute, time.Millisecond)
		proc.kill(t)
		require.Eventually(t, func() bool { _, conns := rec.snapshot(); return conns == 0 },
			30*time.Second, time.Millisecond, "the receiver has handled every request the dead process sent")
		inflight = append(inflight, f.inflight(t, ctx, rec))
		rec.nextEpoch()
		proc = startServe(t, env)
	}
	<-producerDone

	want := f.expected()
	require.Eventually(t, func() bool { total, _ := rec.snapshot(); return total >= len(want) }, 2*time.Minute,
		10*time.Millisecond)
	require.Eventually(t, func() bool { return f.drained(t, ctx) }, time.Minute, 10*time.Millisecond)

	rec.mu.Lock()
	defer rec.mu.Unlock()
	missing, dups := 0, 0
	for key := range want {
		if rec.count[key] == 0 {
			missing++
		}
	}
	for key, n := range rec.count {
		require.True(t, want[key], "unexpected delivery %s", key)
		dups += n - 1
	}
	t.Logf("%d events, %d deliveries expected, %d received: %d missing, %d duplicates",
		events, len(want), rec.total, missing, dups)
	for k := range kills {
		t.Logf("kill %d: %d in flight, %d duplicates after the restart", k+1, inflight[k], rec.dupEpoch[k+1])
		require.LessOrEqual(t, rec.dupEpoch[k+1], inflight[k], "kill %d", k+1)
	}
	require.Zero(t, missing)
	require.Zero(t, rec.dupEpoch[0], "no duplicates without a crash")
	require.Zero(t, rec.badSig)
}

// fixture is the board the crash test runs on: tasks a and b under goal
// g, and four webhook subscriptions filtered to the test's events.
type fixture struct {
	st         *rdb.Store
	a, b, g    string
	subs       map[string][]string // subscription → the tasks whose events it gets
	aIDs, bIDs []string
}

func newFixture(t *testing.T, st *rdb.Store, url string) *fixture {
	ctx := context.Background()
	f := &fixture{st: st, subs: map[string][]string{}}
	mk := func(title string, parents ...string) string {
		task, err := st.Create(ctx, board.CreateParams{Board: "default", Title: title, Parents: parents, Profile: "default"})
		require.NoError(t, err)
		return task.ID
	}
	f.a, f.b = mk("a"), mk("b")
	f.g = mk("g", f.a, f.b)
	for _, s := range []struct {
		task, path string
		scope      board.Scope
		covers     []string
	}{
		{f.a, "/a1", board.ScopeTask, []string{f.a}}, {f.a, "/a2", board.ScopeTask, []string{f.a}},
		{f.b, "/b", board.ScopeTask, []string{f.b}}, {f.g, "/g", board.ScopeSubtree, []string{f.a, f.b}},
	} {
		sub, err := st.Subscribe(ctx, board.SubscribeParams{Board: "default", TaskID: s.task, Target: "webhook:" + url + s.path,
			Scope: s.scope, Events: []board.EventKind{board.EventRefused}, Actor: "test"})
		require.NoError(t, err)
		f.subs[sub.ID] = s.covers
	}
	return f
}

// produce appends the events straight to Redis, at a steady rate, whether
// serve is up or not.
func (f *fixture) produce(t *testing.T, n *atomic.Int64) {
	tick := time.NewTicker(time.Second / rate * 10)
	defer tick.Stop()
	for i := 0; i < events; {
		<-tick.C
		for j := 0; j < 10 && i < events; j, i = j+1, i+1 {
			task := f.a
			if i%2 == 1 {
				task = f.b
			}
			id, err := f.st.Note(context.Background(), board.Ref{Board: "default", ID: task}, board.EventRefused, "test", nil)
			if err != nil {
				t.Errorf("produce: %v", err)
				return
			}
			if task == f.a {
				f.aIDs = append(f.aIDs, id)
			} else {
				f.bIDs = append(f.bIDs, id)
			}
			n.Add(1)
		}
	}
}

// expected lists every (subscription, event) delivery key.
func (f *fixture) expected() map[string]bool {
	want := map[string]bool{}
	for sub, covers := range f.subs {
		for _, task := range covers {
			ids := f.aIDs
			if task == f.b {
				ids = f.bIDs
			}
			for _, id := range ids {
				want[sub+"/"+id] = true
			}
		}
	}
	return want
}

// inflight counts the subscriptions whose outbox head already reached the
// receiver: sent, but not acknowledged when the process died.
func (f *fixture) inflight(t *testing.T, ctx context.Context, rec *receiver) int {
	n := 0
	for sub := range f.subs {
		head, err := f.st.Outbox(ctx, "default", sub, 1)
		require.NoError(t, err)
		if len(head) == 1 && rec.got(sub+"/"+head[0].ID) {
			n++
		}
	}
	return n
}

// drained reports whether every outbox is empty.
func (f *fixture) drained(t *testing.T, ctx context.Context) bool {
	for sub := range f.subs {
		s, err := f.st.Subscription(ctx, "default", sub)
		require.NoError(t, err)
		if s.Pending > 0 {
			return false
		}
	}
	return true
}
