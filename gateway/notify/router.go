package notify

import (
	"context"
	"errors"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// discover lists the boards now and every Discover interval, and starts a
// router and a supervisor for each new one.
func (e *Engine) discover(ctx context.Context) {
	defer e.loops.Done()
	for {
		boards, err := e.store.Boards(ctx)
		if err != nil && ctx.Err() == nil {
			e.log.Warn("delivery: list boards", "err", err)
		}
		for _, b := range boards {
			e.startBoard(ctx, b)
		}
		select {
		case <-ctx.Done():
			return
		case <-e.found:
		case <-time.After(e.opts.Discover):
		}
	}
}

func (e *Engine) startBoard(ctx context.Context, boardName string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.boards[boardName] != nil {
		return
	}
	bl := &boardLoop{wake: make(chan struct{}, 1)}
	e.boards[boardName] = bl
	e.loops.Add(2)
	go e.route(ctx, boardName, bl)
	go e.supervise(ctx, boardName)
}

// route is a board's router: first the entries this consumer was handed
// before and never acknowledged, then new ones as they come.
func (e *Engine) route(ctx context.Context, boardName string, bl *boardLoop) {
	defer e.loops.Done()
	pending, lastReclaim := true, time.Time{}
	for ctx.Err() == nil {
		if time.Since(lastReclaim) > e.opts.ReclaimIdle/2 {
			e.resumeOutboxes(ctx, boardName)
			e.reclaim(ctx, boardName)
			lastReclaim = time.Now()
		}
		evs, err := e.store.ReadGroup(ctx, boardName, e.opts.Consumer, pending, e.opts.ReadBatch, e.opts.Block)
		if err != nil {
			e.readFailed(ctx, boardName, bl, err)
			continue
		}
		if pending && len(evs) == 0 {
			pending = false
			continue
		}
		if !e.routeAll(ctx, evs) {
			pending = true // re-read what is still unacknowledged
		}
	}
}

// readFailed waits after a failed read: for a first subscription when
// the board has no group yet, or a moment after a Redis error.
func (e *Engine) readFailed(ctx context.Context, boardName string, bl *boardLoop, err error) {
	if !errors.Is(err, rdb.ErrNoGroup) && ctx.Err() == nil {
		e.log.Warn("delivery: read board stream", "board", boardName, "err", err)
	}
	select {
	case <-ctx.Done():
	case <-bl.wake:
	case <-time.After(e.opts.Discover):
	}
}

// reclaim takes over entries another consumer left unacknowledged.
func (e *Engine) reclaim(ctx context.Context, boardName string) {
	evs, err := e.store.Reclaim(ctx, boardName, e.opts.Consumer, e.opts.ReclaimIdle, e.opts.ReadBatch)
	if err != nil {
		if !errors.Is(err, rdb.ErrNoGroup) && ctx.Err() == nil {
			e.log.Warn("delivery: reclaim", "board", boardName, "err", err)
		}
		return
	}
	if len(evs) > 0 {
		e.log.Info("delivery: reclaimed entries of another consumer", "board", boardName, "n", len(evs))
		e.routeAll(ctx, evs)
	}
}

// routeAll routes a batch in one round trip and reports whether all of
// it was routed; what was not stays pending and is read again.
func (e *Engine) routeAll(ctx context.Context, evs []*board.Event) bool {
	for _, ev := range evs {
		if ev.Kind == "" {
			e.log.Error("delivery: an event was trimmed from the stream before it was routed; it is lost",
				"board", ev.Board, "event", ev.ID)
		}
	}
	res, err := e.store.Route(ctx, evs, rdb.RouteParams{
		Window: e.opts.CoalesceWindow, OutboxCap: e.opts.OutboxCap, WalkBound: e.opts.WalkBound,
	})
	for i, r := range res {
		e.routed(evs[i], r)
	}
	if err != nil && ctx.Err() == nil {
		e.log.Warn("delivery: route", "board", evs[0].Board, "err", err)
	}
	return err == nil
}

// routed wakes the workers of the subscriptions an event reached.
func (e *Engine) routed(ev *board.Event, r rdb.Routed) {
	e.opts.Metrics.Routed(ev.Board, len(r.Subscriptions))
	if r.Truncated {
		e.log.Warn("delivery: the walk to the goals hit its bound; some subtree subscriptions may miss this event",
			"board", ev.Board, "event", ev.ID, "task", ev.TaskID, "bound", e.opts.WalkBound)
	}
	if r.Dropped > 0 {
		e.log.Error("delivery: outboxes full; oldest undelivered events dropped",
			"board", ev.Board, "dropped", r.Dropped, "cap", e.opts.OutboxCap)
		e.opts.Metrics.Dropped(ev.Board, "", r.Dropped)
	}
	for _, sid := range r.Subscriptions {
		e.kick(ev.Board, sid)
	}
}

// resumeOutboxes starts a worker for each subscription of the board with
// undelivered events: work left by an earlier run.
func (e *Engine) resumeOutboxes(ctx context.Context, boardName string) {
	subs, err := e.store.Subscriptions(ctx, boardName, "")
	if err != nil {
		if ctx.Err() == nil {
			e.log.Warn("delivery: list subscriptions", "board", boardName, "err", err)
		}
		return
	}
	for _, s := range subs {
		if s.Pending > 0 {
			e.kick(boardName, s.ID)
		}
	}
}
