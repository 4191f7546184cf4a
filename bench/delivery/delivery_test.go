// Package delivery benchmarks the delivery engine: event-to-delivery
// latency (board event appended → adapter receives it) with 1,000
// subscriptions at 500 events/s, and the memory the engine holds at that
// load.
//
//	SWITCHBOARD_TEST_REDIS=127.0.0.1:6379 go test -bench . -benchtime 5000x ./delivery
//
// b.N is the number of events, sent at 500/s (5000x is 10 s).
package delivery

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/notify"
)

const (
	goals    = 100 // each with 9 subtasks: 900 task subscriptions + 100 subtree ones
	perGoal  = 9
	rate     = 500 // events per second
	boardKey = "bench"
)

// sink is the adapter under test: it records each delivery's latency from
// the send time the event carries.
type sink struct {
	mu   sync.Mutex
	lats []time.Duration
	got  chan struct{}
}

func (s *sink) Kind() string { return board.KindWebhook }

func (s *sink) Deliver(_ context.Context, d gateway.Delivery) error {
	sent, _ := strconv.ParseInt(d.Event.DataString("sent"), 10, 64)
	lat := time.Since(time.Unix(0, sent))
	s.mu.Lock()
	s.lats = append(s.lats, lat)
	s.mu.Unlock()
	signal(s.got)
	return nil
}

// count returns how many deliveries arrived.
func (s *sink) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.lats)
}

// waitFor waits until n deliveries arrived, or fails after a minute
// without progress.
func (s *sink) waitFor(b *testing.B, n int) {
	for s.count() < n {
		select {
		case <-s.got:
		case <-time.After(time.Minute):
			b.Fatalf("only %d of %d deliveries arrived", s.count(), n)
		}
	}
}

// signal wakes a waiter without blocking the adapter.
func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

func BenchmarkDeliveryLatency(b *testing.B) {
	r := rdbtest.New(b)
	ctx := context.Background()
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	tasks := fixture(b, st)
	s := &sink{got: make(chan struct{}, 1)}
	reg := gateway.NewRegistry()
	if err := reg.Register(s); err != nil {
		b.Fatal(err)
	}
	e := notify.New(st, reg, notify.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err := e.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = e.Stop(ctx) }()
	e.Subscribed(boardKey)
	warmUp(b, st, s, tasks[0])

	b.ResetTimer()
	produce(b, st, tasks, b.N)
	s.waitFor(b, 2*b.N) // each event reaches its task's and its goal's subscription
	b.StopTimer()
	report(b, s.lats)
}

// warmUp waits until the engine has routed the fixture's own events (the
// tasks and subscriptions made above) and delivers a first event.
func warmUp(b *testing.B, st *rdb.Store, s *sink, task string) {
	produce(b, st, []string{task}, 1)
	s.waitFor(b, 2)
	s.mu.Lock()
	s.lats = nil
	s.mu.Unlock()
}

// fixture makes the goals, their subtasks and 1,000 subscriptions.
func fixture(b *testing.B, st *rdb.Store) []string {
	ctx := context.Background()
	var tasks []string
	mk := func(title string, parents ...string) string {
		t, err := st.Create(ctx, board.CreateParams{Board: boardKey, Title: title, Parents: parents, Profile: "p"})
		if err != nil {
			b.Fatal(err)
		}
		return t.ID
	}
	sub := func(task string, scope board.Scope, n int) {
		_, err := st.Subscribe(ctx, board.SubscribeParams{Board: boardKey, TaskID: task, Scope: scope,
			Target: fmt.Sprintf("webhook:http://sink.test/%d", n), Events: []board.EventKind{board.EventRefused}})
		if err != nil {
			b.Fatal(err)
		}
	}
	for g := range goals {
		var parents []string
		for i := range perGoal {
			id := mk(fmt.Sprintf("task %d.%d", g, i))
			sub(id, board.ScopeTask, len(tasks))
			parents, tasks = append(parents, id), append(tasks, id)
		}
		sub(mk(fmt.Sprintf("goal %d", g), parents...), board.ScopeSubtree, g)
	}
	return tasks
}

// produce appends n events at the target rate, each carrying its send time.
func produce(b *testing.B, st *rdb.Store, tasks []string, n int) {
	tick := time.NewTicker(time.Second / rate)
	defer tick.Stop()
	for range n {
		<-tick.C
		task := tasks[rand.N(len(tasks))]
		data := map[string]any{"sent": strconv.FormatInt(time.Now().UnixNano(), 10)}
		if _, err := st.Note(context.Background(), board.Ref{Board: boardKey, ID: task}, board.EventRefused, "bench", data); err != nil {
			b.Fatal(err)
		}
	}
}

func report(b *testing.B, lats []time.Duration) {
	slices.Sort(lats)
	pct := func(p float64) float64 { return float64(lats[int(p*float64(len(lats)-1))]) / 1e6 }
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(pct(1), "max-ms")
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MiB")
	b.ReportMetric(rssMiB(), "rss-MiB")
	b.ReportMetric(0, "ns/op")
}

// rssMiB reads the process's resident set size from /proc.
func rssMiB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}
