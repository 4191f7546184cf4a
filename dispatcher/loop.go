package dispatcher

import (
	"context"
	"slices"
	"time"
)

// listen turns wake signals into passes of the claim loop. A board seen
// for the first time joins the set the loop serves. Without a
// subscription (Redis was unavailable at start) it subscribes again with
// backoff; the poll covers the gap.
func (d *Dispatcher) listen(ctx context.Context, wake <-chan string) {
	defer d.loops.Done()
	delay := 100 * time.Millisecond
	for wake == nil {
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		var err error
		if wake, err = d.store.DispatchSignals(ctx); err != nil {
			delay = min(2*delay, d.opts.PollInterval)
		}
	}
	d.kickLoop() // signals sent before the subscription was live are lost
	for name := range wake {
		d.addBoard(name)
		d.kickLoop()
	}
}

// loop runs a claim pass whenever something may have become claimable: a
// wake signal, a freed worker slot, the next scheduled retry falling due,
// or the safety-net poll, which also runs the lease rescuer.
func (d *Dispatcher) loop(ctx context.Context) {
	defer d.loops.Done()
	poll := time.NewTicker(d.opts.PollInterval)
	defer poll.Stop()
	due := time.NewTimer(time.Hour)
	defer due.Stop()
	for {
		if wait := d.pass(ctx); wait > 0 {
			due.Reset(wait)
		} else {
			due.Stop()
		}
		select {
		case <-ctx.Done():
			return
		case <-d.kick:
		case <-due.C:
		case <-poll.C:
			d.refreshBoards(ctx)
			d.rescue(ctx)
		}
	}
}

// pass claims work until every board is drained, the workers are at
// capacity or the spawn budget is spent. Boards take turns, one claim
// each, so a busy board cannot starve the others. It returns how long
// until the next pass is due on its own (0: only on a signal).
func (d *Dispatcher) pass(ctx context.Context) time.Duration {
	due, wait := d.dueBoards(ctx)
	if len(due) == 0 {
		return wait
	}
	if hold := d.budgetHold(); hold > 0 {
		d.stats.budgetHeld.Add(1)
		return minPositive(wait, hold)
	}
	for len(due) > 0 && ctx.Err() == nil {
		var again []string
		for _, b := range due {
			if !d.hasSlot() {
				return wait // a finishing worker kicks the loop
			}
			claimed, hold := d.claimOne(ctx, b)
			if hold > 0 {
				return minPositive(wait, hold)
			}
			if claimed {
				again = append(again, b)
			} else {
				wait = minPositive(wait, d.nextDue(ctx, b))
			}
		}
		due = again
	}
	return wait
}

// dueBoards returns the boards with claimable work now, and how long
// until the earliest scheduled retry of the others.
func (d *Dispatcher) dueBoards(ctx context.Context) ([]string, time.Duration) {
	var due []string
	var wait time.Duration
	for _, b := range d.boardList() {
		w := d.nextDue(ctx, b)
		if w < 0 {
			due = append(due, b)
		} else {
			wait = minPositive(wait, w)
		}
	}
	return due, wait
}

// nextDue is negative when board b has claimable work now, the wait until
// its next scheduled retry otherwise, or 0 when it has none.
func (d *Dispatcher) nextDue(ctx context.Context, b string) time.Duration {
	at, ok, err := d.store.NextClaimable(ctx, b)
	if err != nil {
		if ctx.Err() == nil {
			d.log.Warn("read the ready queue", "board", b, "err", err)
		}
		return 0
	}
	if !ok {
		return 0
	}
	if wait := at.Sub(d.store.Now()); wait > 0 {
		return wait
	}
	return -1
}

// budgetHold is how long the spent spawn budget still holds, or 0.
func (d *Dispatcher) budgetHold() time.Duration {
	return max(d.budgetUntil.Sub(d.store.Now()), 0)
}

func (d *Dispatcher) hasSlot() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.workers) < d.opts.MaxWorkers
}

// refreshBoards learns boards created since the last look; the wake
// signal names new boards too, this covers a lost signal.
func (d *Dispatcher) refreshBoards(ctx context.Context) {
	names, err := d.store.Boards(ctx)
	if err != nil {
		d.log.Warn("list boards", "err", err)
		return
	}
	for _, b := range names {
		d.addBoard(b)
	}
}

func (d *Dispatcher) addBoard(name string) {
	d.mu.Lock()
	d.boards[name] = true
	d.mu.Unlock()
}

func (d *Dispatcher) boardList() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]string, 0, len(d.boards))
	for b := range d.boards {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// minPositive is the smaller of two waits, where 0 means none.
func minPositive(a, b time.Duration) time.Duration {
	switch {
	case a <= 0:
		return b
	case b <= 0:
		return a
	}
	return min(a, b)
}
