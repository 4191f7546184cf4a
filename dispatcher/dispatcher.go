package dispatcher

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Dispatcher claims ready tasks and runs a supervised worker for each. It
// is safe for concurrent use.
type Dispatcher struct {
	store Store
	opts  Options
	log   *slog.Logger
	// self names this process for the runs it supervises (see
	// selfIdentity); bg is the context of store calls that must outlive
	// Stop's context, such as ending a run.
	self string
	bg   context.Context

	mu      sync.Mutex
	workers map[string]*worker // by run id, adopted ones included
	boards  map[string]bool
	cancel  context.CancelFunc // ends the claim loop; nil before Start

	started  atomic.Bool
	kick     chan struct{} // capacity 1: something changed, run a pass
	hardStop chan struct{} // closed when Stop's grace is over
	loops    sync.WaitGroup
	runs     sync.WaitGroup
	stopOnce sync.Once
	stats    counters
	// budgetUntil is when the spent spawn budget allows the next spawn,
	// on the store's clock. Only the claim loop touches it.
	budgetUntil time.Time
}

// New returns a dispatcher on st. It starts nothing until Start.
func New(st Store, opts Options) (*Dispatcher, error) {
	opts, err := opts.withDefaults(st.Policy().Lease)
	if err != nil {
		return nil, err
	}
	return &Dispatcher{
		store: st, opts: opts, log: opts.Logger.With("part", "dispatcher"),
		self: selfIdentity(), bg: context.Background(),
		workers: map[string]*worker{}, boards: map[string]bool{},
		kick: make(chan struct{}, 1), hardStop: make(chan struct{}),
	}, nil
}

// Start subscribes to the dispatch signal, adopts this host's orphaned
// workers, and starts the claim loop. ctx bounds the start-up only: the
// dispatcher runs until Stop. Redis being unavailable is not an error:
// the dispatcher subscribes and recovers once it is back.
func (d *Dispatcher) Start(ctx context.Context) error {
	if !d.started.CompareAndSwap(false, true) {
		return errors.New("dispatcher: already started")
	}
	loopCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	wake, err := d.store.DispatchSignals(loopCtx)
	if err != nil {
		d.log.Warn("no dispatch signal yet; polling until it is back", "err", err)
	}
	d.refreshBoards(ctx)
	d.recover(ctx)
	d.loops.Add(2)
	d.mu.Lock()
	d.cancel = cancel
	d.mu.Unlock()
	go d.listen(loopCtx, wake)
	go d.loop(loopCtx)
	d.log.Info("dispatcher started", "max_workers", d.opts.MaxWorkers, "profiles", len(d.opts.Profiles),
		"poll_interval", d.opts.PollInterval, "spawn_budget", fmt.Sprintf("%d per %s", d.opts.SpawnBudget.Max, d.opts.SpawnBudget.Per))
	return nil
}

// Stop shuts the dispatcher down. The order:
//
//  1. Stop claiming: the claim loop, the wake listener and the lease
//     rescuer end, so no new worker starts.
//  2. Let running workers finish until ctx is done. Their leases are still
//     extended and their output captured, and they can still report,
//     because the HTTP server stops after the dispatcher.
//  3. When ctx is done, SIGTERM each remaining worker's process group and
//     SIGKILL it after KillGrace. Each run then ends through the failure
//     rules (crashed, saying so), so no task is left running.
//
// Stop returns once every run has ended. It is safe to call twice, and
// before Start.
func (d *Dispatcher) Stop(ctx context.Context) error {
	var err error
	d.stopOnce.Do(func() { err = d.stop(ctx) })
	return err
}

func (d *Dispatcher) stop(ctx context.Context) error {
	d.mu.Lock()
	cancel := d.cancel
	d.mu.Unlock()
	if cancel == nil {
		return nil
	}
	cancel()
	d.loops.Wait()
	done := make(chan struct{})
	go func() { d.runs.Wait(); close(done) }()
	select {
	case <-done:
		d.log.Info("dispatcher stopped")
		return nil
	case <-ctx.Done():
	}
	left := d.Stats().Running
	d.log.Warn("shutdown grace is over: stopping the remaining workers", "workers", left)
	close(d.hardStop)
	<-done
	return fmt.Errorf("dispatcher: stopped %d workers that outlived the shutdown grace", left)
}

// kickLoop asks the claim loop for a pass without blocking.
func (d *Dispatcher) kickLoop() {
	select {
	case d.kick <- struct{}{}:
	default:
	}
}
