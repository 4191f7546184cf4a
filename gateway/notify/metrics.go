package notify

import (
	"sync"
	"sync/atomic"
	"time"
)

// Metrics is the engine's metric hook. Implementations must be safe for
// concurrent use and must not block.
type Metrics interface {
	// Routed counts board events routed, and how many deliveries they made.
	Routed(board string, deliveries int)
	// Delivered counts a delivery that reached its target; latency runs
	// from the event's time to the target's acknowledgement.
	Delivered(kind string, latency time.Duration)
	// DeliveryFailed counts a failed delivery attempt.
	DeliveryFailed(kind string)
	// Failing reports a subscription turning failing (true) or recovering.
	Failing(board, subscription string, failing bool)
	// Dropped counts events an outbox bound pushed out.
	Dropped(board, subscription string, n int64)
}

// NopMetrics discards everything.
type NopMetrics struct{}

// Routed does nothing.
func (NopMetrics) Routed(string, int) {}

// Delivered does nothing.
func (NopMetrics) Delivered(string, time.Duration) {}

// DeliveryFailed does nothing.
func (NopMetrics) DeliveryFailed(string) {}

// Failing does nothing.
func (NopMetrics) Failing(string, string, bool) {}

// Dropped does nothing.
func (NopMetrics) Dropped(string, string, int64) {}

// Counters is a Metrics that keeps totals in memory, for tests, the
// benchmark and a /metrics exporter to read.
type Counters struct {
	routed, deliveries, delivered, failed, dropped atomic.Int64

	mu      sync.Mutex
	failing map[string]bool
}

// CountersSnapshot is a reading of Counters.
type CountersSnapshot struct {
	Routed, Deliveries, Delivered, Failed, Dropped int64
	// Failing lists the subscriptions failing now, as "board/id".
	Failing []string
}

// Routed adds to the routed totals.
func (c *Counters) Routed(_ string, n int) { c.routed.Add(1); c.deliveries.Add(int64(n)) }

// Delivered counts a delivery.
func (c *Counters) Delivered(string, time.Duration) { c.delivered.Add(1) }

// DeliveryFailed counts a failed attempt.
func (c *Counters) DeliveryFailed(string) { c.failed.Add(1) }

// Dropped counts dropped events.
func (c *Counters) Dropped(_, _ string, n int64) { c.dropped.Add(n) }

// Failing tracks which subscriptions are failing.
func (c *Counters) Failing(b, sub string, failing bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failing == nil {
		c.failing = map[string]bool{}
	}
	if failing {
		c.failing[b+"/"+sub] = true
	} else {
		delete(c.failing, b+"/"+sub)
	}
}

// Snapshot reads the counters.
func (c *Counters) Snapshot() CountersSnapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := CountersSnapshot{Routed: c.routed.Load(), Deliveries: c.deliveries.Load(),
		Delivered: c.delivered.Load(), Failed: c.failed.Load(), Dropped: c.dropped.Load()}
	for k := range c.failing {
		s.Failing = append(s.Failing, k)
	}
	return s
}

var _ Metrics = (*Counters)(nil)
