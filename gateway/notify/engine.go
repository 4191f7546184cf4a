// Package notify is the delivery engine: it routes every board event to
// the subscriptions it matches and hands each adapter its deliveries, at
// least once, with idempotence per (subscription, event).
//
// The path of an event, all state in Redis:
//
//  1. A router per board reads the board stream in the consumer group
//     "delivery". Route (one Lua step) copies the event to the outbox of
//     each matching subscription and acknowledges the entry. A crash
//     before that leaves the entry pending: the restarted router re-reads
//     its own pending entries, and XAUTOCLAIM takes over other consumers'.
//  2. A worker per subscription with work delivers its outbox head
//     through the adapter of the subscription's kind, then pops it
//     (Delivered). A crash between the send and the pop repeats that one
//     delivery: the only duplicate. A failing target retries with backoff
//     and holds only its own outbox.
//  3. A supervisor per board runs the due checks of goals with subtree
//     subscriptions and appends fan_in and triage notices to the stream,
//     which step 1 routes like any event.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"sync"

	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/gateway"
)

// Engine delivers board events to subscriptions. Start it once; Stop is
// safe to call twice.
type Engine struct {
	store *rdb.Store
	reg   *gateway.Registry
	opts  Options
	log   *slog.Logger

	mu      sync.Mutex
	started bool
	boards  map[string]*boardLoop
	workers map[subKey]*worker
	stopped chan struct{} // closed by Stop: routers end, workers drain
	found   chan struct{} // a board may have appeared
	cancel  context.CancelFunc
	loops   sync.WaitGroup

	wctx    context.Context // deliveries in flight; cancelled last
	wcancel context.CancelFunc
	wwg     sync.WaitGroup
	once    sync.Once
}

// boardLoop is the router and supervisor of one board.
type boardLoop struct {
	wake chan struct{} // a subscription was added
}

// New returns an engine delivering through reg's adapters.
func New(store *rdb.Store, reg *gateway.Registry, opts Options) *Engine {
	opts = opts.withDefaults()
	e := &Engine{
		store: store, reg: reg, opts: opts, log: opts.Logger.With("part", "delivery"),
		boards: map[string]*boardLoop{}, workers: map[subKey]*worker{},
		stopped: make(chan struct{}), found: make(chan struct{}, 1),
	}
	e.wctx, e.wcancel = context.WithCancel(context.Background())
	return e
}

// Start finds the boards and starts their routers and supervisors in the
// background. New boards are picked up while it runs.
func (e *Engine) Start(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.started {
		return errors.New("delivery engine: started twice")
	}
	e.started = true
	ctx, e.cancel = context.WithCancel(context.WithoutCancel(ctx))
	e.loops.Add(1)
	go e.discover(ctx)
	return nil
}

// Subscribed tells the engine that a board has a new subscription, so its
// router starts at once rather than at the next discovery.
func (e *Engine) Subscribed(boardName string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if bl := e.boards[boardName]; bl != nil {
		signal(bl.wake)
		return
	}
	signal(e.found)
}

// Ready reports whether the engine runs: a /readyz check.
func (e *Engine) Ready(context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	select {
	case <-e.stopped:
		return errors.New("delivery engine stopped")
	default:
	}
	if !e.started {
		return errors.New("delivery engine not started")
	}
	return nil
}

// Stop shuts the engine down. Order:
//  1. discovery, routers and supervisors stop: no new entry is routed
//     (unrouted ones stay pending in the group for the next start);
//  2. workers finish the delivery in flight and drain their outboxes,
//     without retrying failures, until ctx ends;
//  3. then deliveries still in flight are cancelled. What was not
//     delivered stays in the outboxes in Redis.
//
// It is safe to call twice.
func (e *Engine) Stop(ctx context.Context) error {
	e.once.Do(func() {
		e.mu.Lock()
		close(e.stopped)
		cancel := e.cancel
		e.mu.Unlock()
		if cancel != nil {
			cancel()
		}
		waitCtx(ctx, &e.loops)
		if !waitCtx(ctx, &e.wwg) {
			e.log.Warn("delivery: stop deadline reached; cancelling deliveries in flight")
		}
		e.wcancel()
		e.wwg.Wait()
	})
	return ctx.Err()
}

// waitCtx waits for wg until ctx ends; it reports whether wg finished.
func waitCtx(ctx context.Context, wg *sync.WaitGroup) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}

// signal wakes whoever waits on ch, without blocking.
func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}
