package dispatcher

import (
	"sync/atomic"
	"time"
)

// Stats counts what the dispatcher did since it was created.
type Stats struct {
	// Running is how many workers it supervises now, adopted ones included.
	Running int
	// Spawned counts worker processes started.
	Spawned uint64
	// StartFailures counts commands that could not be started.
	StartFailures uint64
	// Adopted counts live workers taken over after a restart.
	Adopted uint64
	// Rescued counts runs ended because their lease expired.
	Rescued uint64
	// BudgetHeld counts claim passes that found work but held back
	// because the spawn budget was spent.
	BudgetHeld uint64
}

// counters are the live values behind Stats.
type counters struct {
	spawned, startFailures, adopted, rescued, budgetHeld atomic.Uint64
}

// Stats returns a snapshot of the counters.
func (d *Dispatcher) Stats() Stats {
	d.mu.Lock()
	running := len(d.workers)
	d.mu.Unlock()
	c := &d.stats
	return Stats{
		Running: running, Spawned: c.spawned.Load(), StartFailures: c.startFailures.Load(),
		Adopted: c.adopted.Load(), Rescued: c.rescued.Load(), BudgetHeld: c.budgetHeld.Load(),
	}
}

// Metrics is the dispatcher's metric hook. Implementations must be safe
// for concurrent use and must not block.
type Metrics interface {
	// Spawned reports a worker started for a task of board, wait after
	// the task became claimable (the ready-to-spawn latency).
	Spawned(board string, wait time.Duration)
}

type nopMetrics struct{}

func (nopMetrics) Spawned(string, time.Duration) {}
