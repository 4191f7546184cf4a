package notify_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/notify"
)

// wait is the deadline of every condition a test waits on.
const wait = 15 * time.Second

// fake is an adapter that records deliveries. fail, when set, decides
// each attempt's error; block, when set, holds each attempt until closed.
type fake struct {
	kind string

	mu       sync.Mutex
	got      []gateway.Delivery
	attempts int
	fail     func(attempt int, d gateway.Delivery) error
	block    chan struct{}
}

func (f *fake) Kind() string { return f.kind }

func (f *fake) Deliver(ctx context.Context, d gateway.Delivery) error {
	f.mu.Lock()
	f.attempts++
	n, fail, block := f.attempts, f.fail, f.block
	f.mu.Unlock()
	if block != nil {
		select {
		case <-block:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if fail != nil {
		if err := fail(n, d); err != nil {
			return err
		}
	}
	f.mu.Lock()
	f.got = append(f.got, d)
	f.mu.Unlock()
	return nil
}

// of returns the deliveries made to subscription sub, in order.
func (f *fake) of(sub string) []gateway.Delivery {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []gateway.Delivery
	for _, d := range f.got {
		if d.Subscription.ID == sub {
			out = append(out, d)
		}
	}
	return out
}

// bundle is what setup gives each test.
type bundle struct {
	ctx     context.Context
	store   *rdb.Store
	engine  *notify.Engine
	metrics *notify.Counters
	hook    *fake // kind webhook
	orch    *fake // kind orchestrator, unless a real adapter is passed
	board   string
}

// fastOptions make retries and checks quick; windows stay wide enough
// for a burst made back to back.
func fastOptions() notify.Options {
	return notify.Options{
		FailingAfter: 3, RetryBackoff: 2 * time.Millisecond, MaxBackoff: 10 * time.Millisecond,
		CoalesceWindow: 300 * time.Millisecond, Block: 50 * time.Millisecond, Discover: 50 * time.Millisecond,
		Jitter: func(time.Duration) time.Duration { return 0 },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

func setup(t *testing.T, opts notify.Options, extra ...gateway.Adapter) *bundle {
	t.Helper()
	r := rdbtest.New(t)
	b := &bundle{ctx: context.Background(), board: "main", metrics: &notify.Counters{},
		store: rdb.New(r.Client, rdb.Options{Prefix: r.Prefix}),
		hook:  &fake{kind: board.KindWebhook}, orch: &fake{kind: board.KindOrchestrator}}
	reg := gateway.NewRegistry()
	require.NoError(t, reg.Register(b.hook))
	adapters := extra
	if !slices.ContainsFunc(extra, func(a gateway.Adapter) bool { return a.Kind() == board.KindOrchestrator }) {
		adapters = append(adapters, b.orch)
	}
	for _, a := range adapters {
		require.NoError(t, reg.Register(a))
	}
	opts.Metrics = b.metrics
	b.engine = notify.New(b.store, reg, opts)
	require.NoError(t, b.engine.Start(b.ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = b.engine.Stop(ctx)
	})
	return b
}

func (b *bundle) create(t *testing.T, title string, parents ...string) string {
	t.Helper()
	task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: title, Parents: parents, Profile: "default"})
	require.NoError(t, err)
	return task.ID
}

func (b *bundle) subscribe(t *testing.T, task, target string, scope board.Scope, events ...board.EventKind) string {
	t.Helper()
	sub, err := b.store.Subscribe(b.ctx, board.SubscribeParams{
		Board: b.board, TaskID: task, Target: target, Scope: scope, Events: events, Actor: board.ActorAdmin})
	require.NoError(t, err)
	b.engine.Subscribed(b.board)
	return sub.ID
}

// note appends a refused event to task and returns its id.
func (b *bundle) note(t *testing.T, task string) string {
	t.Helper()
	id, err := b.store.Note(b.ctx, board.Ref{Board: b.board, ID: task}, board.EventRefused, "test", nil)
	require.NoError(t, err)
	return id
}

// claim claims the next ready task and checks it is id.
func (b *bundle) claim(t *testing.T, id string) board.RunRef {
	t.Helper()
	c, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.NoError(t, err)
	require.Equal(t, id, c.Task.ID)
	return board.RunRef{Board: b.board, TaskID: id, RunID: c.Run.ID}
}

func (b *bundle) complete(t *testing.T, id, summary string) {
	t.Helper()
	_, err := b.store.Complete(b.ctx, b.claim(t, id), board.CompleteParams{Summary: summary})
	require.NoError(t, err)
}

func (b *bundle) block(t *testing.T, id string, kind board.BlockKind) {
	t.Helper()
	_, err := b.store.Block(b.ctx, b.claim(t, id), board.BlockParams{Kind: kind, Reason: "stuck on " + id})
	require.NoError(t, err)
}

// deliveredIDs waits until sub has n deliveries in f, then returns their
// event ids.
func deliveredIDs(t *testing.T, f *fake, sub string, n int) []string {
	t.Helper()
	require.Eventually(t, func() bool { return len(f.of(sub)) >= n }, wait, 2*time.Millisecond,
		"subscription %s got %d deliveries, want %d", sub, len(f.of(sub)), n)
	var ids []string
	for _, d := range f.of(sub) {
		ids = append(ids, d.Event.ID)
	}
	return ids
}

// kinds returns the kinds delivered to sub.
func kinds(f *fake, sub string) []board.EventKind {
	var out []board.EventKind
	for _, d := range f.of(sub) {
		out = append(out, d.Event.Kind)
	}
	return out
}

// settled waits until no supervision check of the board is due.
func (b *bundle) settled(t *testing.T) {
	t.Helper()
	require.Eventually(t, func() bool {
		due, err := b.store.DueGoals(b.ctx, b.board, time.Now().Add(time.Hour), 10)
		return err == nil && len(due) == 0
	}, wait, 5*time.Millisecond)
}

var errDown = errors.New("target down")
