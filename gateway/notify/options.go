package notify

import (
	"log/slog"
	"math/rand/v2"
	"os"
	"time"
)

// Options configures an Engine. cmd fills the first five from the notify
// section of the config; the rest are tuning knobs with sound defaults.
type Options struct {
	// FailingAfter is how many consecutive failures turn a subscription
	// failing (notify.failing_after). Default 5.
	FailingAfter int
	// RetryBackoff is the first retry delay; it doubles per failure
	// (notify.retry_backoff). Default 1s.
	RetryBackoff time.Duration
	// MaxBackoff caps the retry delay (notify.max_backoff). Default 5m.
	MaxBackoff time.Duration
	// CoalesceWindow is how long a goal's supervision check waits, so a
	// burst makes one notice (notify.coalesce_window). Default 2s.
	CoalesceWindow time.Duration
	// Consumer names this process in each board's consumer group. It must
	// be stable across restarts, so a restarted gateway re-reads what it
	// was handed before a crash. Default "host:" + the host name.
	Consumer string

	// ReadBatch is how many stream entries a router reads at once. Default 128.
	ReadBatch int64
	// Block is how long a router's read waits for new entries. Default 500ms.
	Block time.Duration
	// Discover is how often boards are listed to find new ones. Default 1s.
	Discover time.Duration
	// ReclaimIdle is how long another consumer's unacknowledged entry
	// waits before this one takes it over. Default 30s.
	ReclaimIdle time.Duration
	// OutboxBatch bounds the events a subscription worker holds in
	// memory. Default 16.
	OutboxBatch int64
	// OutboxCap bounds each subscription's outbox in Redis; past it the
	// oldest events are dropped, counted and logged. Default 100000.
	OutboxCap int64
	// WalkBound bounds walks of the task graph (to goals, and snapshots).
	// Default 10000 for routing; snapshots list at most 200 tasks.
	WalkBound int
	// DeliverTimeout bounds one delivery attempt. Default 30s.
	DeliverTimeout time.Duration
	// IdleWorker is how long a subscription worker with nothing to do
	// lives on. Default 1m.
	IdleWorker time.Duration
	// Jitter draws the random part of a retry delay d. Default: uniform
	// in [0, d].
	Jitter func(d time.Duration) time.Duration
	// Metrics receives counts. Default: none.
	Metrics Metrics
	// Logger. Default slog.Default().
	Logger *slog.Logger
}

// snapshotLimit bounds the tasks a notice's snapshot lists.
const snapshotLimit = 200

func (o Options) withDefaults() Options {
	setInt(&o.FailingAfter, 5)
	setDur(&o.RetryBackoff, time.Second)
	setDur(&o.MaxBackoff, 5*time.Minute)
	setDur(&o.CoalesceWindow, 2*time.Second)
	if o.Consumer == "" {
		host, _ := os.Hostname()
		o.Consumer = "host:" + host
	}
	setInt64(&o.ReadBatch, 128)
	setDur(&o.Block, 500*time.Millisecond)
	setDur(&o.Discover, time.Second)
	setDur(&o.ReclaimIdle, 30*time.Second)
	setInt64(&o.OutboxBatch, 16)
	setInt64(&o.OutboxCap, 100_000)
	setInt(&o.WalkBound, 10_000)
	setDur(&o.DeliverTimeout, 30*time.Second)
	setDur(&o.IdleWorker, time.Minute)
	if o.Jitter == nil {
		o.Jitter = func(d time.Duration) time.Duration { return rand.N(d + 1) }
	}
	if o.Metrics == nil {
		o.Metrics = NopMetrics{}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// backoff is the delay before retry number attempts: the doubling delay
// d, capped, then "equal jitter": d/2 plus a random part of up to d/2, so
// failing subscriptions do not retry in lockstep.
func (o Options) backoff(attempts int) time.Duration {
	d := o.RetryBackoff
	for i := 1; i < attempts && d < o.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, o.MaxBackoff)
	return d/2 + o.Jitter(d/2)
}

func setInt(p *int, def int) {
	if *p <= 0 {
		*p = def
	}
}

func setInt64(p *int64, def int64) {
	if *p <= 0 {
		*p = def
	}
}

func setDur(p *time.Duration, def time.Duration) {
	if *p <= 0 {
		*p = def
	}
}
