package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// outcome is how one event's delivery ended.
type outcome int

const (
	// outcomeDone: delivered and popped from the outbox.
	outcomeDone outcome = iota
	// outcomeHeld: not delivered, left at the outbox head (stopping).
	outcomeHeld
	// outcomeGone: the subscription was removed.
	outcomeGone
)

// deliver sends ev to sub's target until it gets through, retrying with
// backoff. Each failure is recorded in Redis; the failing_after-th turns
// the subscription failing. Only Stop ends the retries, and then the
// event stays at the outbox head.
func (e *Engine) deliver(sub *board.Subscription, ev *board.Event) outcome {
	for {
		err := e.send(sub, ev)
		if err == nil {
			return e.delivered(sub, ev)
		}
		if e.wctx.Err() != nil {
			return outcomeHeld
		}
		e.opts.Metrics.DeliveryFailed(sub.Kind)
		attempts, failing, ferr := e.store.DeliveryFailed(e.wctx, sub.Board, sub.ID, err.Error(), e.opts.FailingAfter)
		if errors.Is(ferr, board.ErrNotFound) {
			return outcomeGone
		}
		if ferr != nil {
			e.log.Warn("delivery: record failure", "subscription", sub.ID, "err", ferr)
			attempts = sub.Attempts + 1
		}
		sub.Attempts, sub.LastError = attempts, err.Error()
		if failing {
			sub.Status = board.SubscriptionFailing
			e.opts.Metrics.Failing(sub.Board, sub.ID, true)
			e.log.Warn("delivery: subscription failing", "board", sub.Board, "subscription", sub.ID,
				"target", sub.Target, "attempts", attempts, "err", err)
		}
		if e.stopping() {
			return outcomeHeld
		}
		e.pause(e.opts.backoff(attempts))
	}
}

// delivered pops ev from the outbox and records recovery.
func (e *Engine) delivered(sub *board.Subscription, ev *board.Event) outcome {
	recovered, err := e.store.Delivered(e.wctx, sub.Board, sub.ID, ev.ID)
	if errors.Is(err, board.ErrNotFound) {
		return outcomeGone
	}
	if err != nil {
		// The send happened; the next drain repeats it (a duplicate, never a loss).
		e.log.Warn("delivery: record delivery", "subscription", sub.ID, "event", ev.ID, "err", err)
		return outcomeHeld
	}
	e.opts.Metrics.Delivered(sub.Kind, time.Since(ev.At))
	if recovered {
		sub.Status, sub.Attempts, sub.LastError = board.SubscriptionActive, 0, ""
		e.opts.Metrics.Failing(sub.Board, sub.ID, false)
		e.log.Info("delivery: subscription recovered", "board", sub.Board, "subscription", sub.ID, "target", sub.Target)
	}
	sub.Attempts = 0
	return outcomeDone
}

// send makes one attempt through the adapter of the subscription's kind.
// A kind with no adapter in this gateway is a failure like any other:
// the event waits until one is configured.
func (e *Engine) send(sub *board.Subscription, ev *board.Event) (err error) {
	a, err := e.reg.Lookup(sub.Kind)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(e.wctx, e.opts.DeliverTimeout)
	defer cancel()
	d := gateway.Delivery{Subscription: *sub, Event: *ev}
	if ev.TaskID != "" {
		if tasks, terr := e.store.GetMany(ctx, ev.Board, ev.TaskID); terr == nil && len(tasks) == 1 {
			d.Task = tasks[0]
		}
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s adapter panicked: %v", sub.Kind, p)
		}
	}()
	if err := a.Deliver(ctx, d); err != nil {
		return fmt.Errorf("%s: %w", sub.Kind, err)
	}
	return nil
}
