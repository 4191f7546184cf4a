package notify

import (
	"errors"
	"time"

	"github.com/switchboard/switchboard/board"
)

// subKey names a subscription across boards.
type subKey struct{ board, id string }

// worker delivers one subscription's outbox, in order. At most one runs
// per subscription; it holds at most OutboxBatch events in memory.
type worker struct {
	key  subKey
	wake chan struct{} // the outbox got an event
}

// kick wakes the subscription's worker, starting one if none runs.
func (e *Engine) kick(boardName, subID string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	select {
	case <-e.stopped:
		return
	default:
	}
	k := subKey{boardName, subID}
	if w := e.workers[k]; w != nil {
		signal(w.wake)
		return
	}
	w := &worker{key: k, wake: make(chan struct{}, 1)}
	e.workers[k] = w
	e.wwg.Add(1)
	go e.runWorker(w)
}

// runWorker drains the outbox, then waits for more. It retires after
// IdleWorker without work, and after one last drain once Stop began.
func (e *Engine) runWorker(w *worker) {
	defer e.wwg.Done()
	idle := time.NewTimer(e.opts.IdleWorker)
	defer idle.Stop()
	for {
		if gone := e.drain(w); gone || e.stopping() {
			e.retire(w, true)
			return
		}
		idle.Reset(e.opts.IdleWorker)
		select {
		case <-w.wake:
		case <-e.stopped:
		case <-idle.C:
			if e.retire(w, false) {
				return
			}
		}
	}
}

// retire removes the worker from the engine, unless a wake is pending
// and force is false; it reports whether it did.
func (e *Engine) retire(w *worker, force bool) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !force && len(w.wake) > 0 {
		return false
	}
	if e.workers[w.key] == w {
		delete(e.workers, w.key)
	}
	return true
}

func (e *Engine) stopping() bool {
	select {
	case <-e.stopped:
		return true
	default:
		return false
	}
}

// drain delivers the outbox until it is empty, the engine stops, or a
// delivery is held back by a failure while stopping. It reports gone when
// the subscription no longer exists. The subscription is read once per
// drain: only this worker changes its delivery state, and its target and
// filter never change.
func (e *Engine) drain(w *worker) (gone bool) {
	var sub *board.Subscription
	for e.wctx.Err() == nil {
		evs, err := e.store.Outbox(e.wctx, w.key.board, w.key.id, e.opts.OutboxBatch)
		if err == nil && len(evs) == 0 {
			return false
		}
		if err == nil && sub == nil {
			sub, err = e.store.Subscription(e.wctx, w.key.board, w.key.id)
		}
		if errors.Is(err, board.ErrNotFound) {
			return true
		}
		if err != nil {
			e.log.Warn("delivery: read outbox", "subscription", w.key.id, "err", err)
			if e.stopping() {
				return false
			}
			e.pause(e.opts.RetryBackoff)
			continue
		}
		if gone, held := e.deliverAll(sub, evs); gone || (held && e.stopping()) {
			return gone
		} else if held {
			e.pause(e.opts.RetryBackoff)
		}
	}
	return false
}

// deliverAll delivers evs in order until one is held back or the
// subscription is gone.
func (e *Engine) deliverAll(sub *board.Subscription, evs []*board.Event) (gone, held bool) {
	for _, ev := range evs {
		switch e.deliver(sub, ev) {
		case outcomeGone:
			return true, false
		case outcomeHeld:
			return false, true
		}
	}
	return false, false
}

// pause waits d unless the engine stops first.
func (e *Engine) pause(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-e.stopped:
	case <-e.wctx.Done():
	}
}
