package board

import "time"

// Policy holds the limits the board applies inside its transitions. The
// config's dispatcher section fills it in.
type Policy struct {
	// FailureLimit trips blocked (failure) after this many consecutive
	// crashed or timed-out runs. Default 3.
	FailureLimit int
	// ProtocolViolationLimit trips blocked (failure) after this many
	// consecutive runs that exited without a terminal call. Default 3.
	ProtocolViolationLimit int
	// BlockRecurrenceLimit sends a task to triage with circuit_open once it
	// blocks this many times in a row for the same kind and a similar reason.
	// Default 5.
	BlockRecurrenceLimit int
	// RetryBackoff is the base delay after a crash or time-out; it doubles
	// with each consecutive failure. Default 10s.
	RetryBackoff time.Duration
	// TransientBackoff is the base delay before a transient block is
	// retried; it doubles with each recurrence. Default 30s.
	TransientBackoff time.Duration
	// RateLimitCooldown is how long a rate-limited task waits. Default 5m.
	RateLimitCooldown time.Duration
	// MaxBackoff caps every computed delay. Default 1h.
	MaxBackoff time.Duration
	// Lease is how long a claim lives without a heartbeat. Default 60s.
	Lease time.Duration
	// EventStreamMaxLen bounds each board's event stream (approximately).
	// Default 100000.
	EventStreamMaxLen int64
	// TaskEventsMax bounds each task's own event log. Default 10000.
	TaskEventsMax int64
}

// DefaultPolicy returns the contract's defaults.
func DefaultPolicy() Policy {
	return Policy{
		FailureLimit:           3,
		ProtocolViolationLimit: 3,
		BlockRecurrenceLimit:   5,
		RetryBackoff:           10 * time.Second,
		TransientBackoff:       30 * time.Second,
		RateLimitCooldown:      5 * time.Minute,
		MaxBackoff:             time.Hour,
		Lease:                  60 * time.Second,
		EventStreamMaxLen:      100_000,
		TaskEventsMax:          10_000,
	}
}

// Backoff returns base doubled for each step past the first, capped at max.
// attempt 1 gives base.
func Backoff(base, max time.Duration, attempt int) time.Duration {
	d := base
	for i := 1; i < attempt && d < max; i++ {
		d *= 2
	}
	if max > 0 && d > max {
		d = max
	}
	return d
}
