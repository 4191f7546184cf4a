package config

import (
	"time"

	"github.com/switchboard/switchboard/board"
)

// Dispatcher holds the limits for spawning workers and the failure rules
// the board applies to their runs.
type Dispatcher struct {
	// Enabled runs the dispatcher inside serve. Default true.
	Enabled bool `mapstructure:"enabled"`
	// MaxWorkers is how many workers may run at once. Default 4.
	MaxWorkers int `mapstructure:"max_workers"`
	// FailureLimit blocks a task (failure) after this many consecutive
	// crashed or timed-out runs. Default 3.
	FailureLimit int `mapstructure:"failure_limit"`
	// ProtocolViolationLimit blocks a task (failure) after this many
	// consecutive runs that ended without a terminal call. Default 3.
	ProtocolViolationLimit int `mapstructure:"protocol_violation_limit"`
	// BlockRecurrenceLimit sends a task to triage with circuit_open after
	// this many similar blocks in a row. Default 5.
	BlockRecurrenceLimit int `mapstructure:"block_recurrence_limit"`
	// RetryBackoff is the base delay after a crash or time-out; it doubles
	// with each consecutive failure. Default 10s.
	RetryBackoff time.Duration `mapstructure:"retry_backoff"`
	// TransientBackoff is the base delay before a transient block is
	// retried. Default 30s.
	TransientBackoff time.Duration `mapstructure:"transient_backoff"`
	// RateLimitCooldown is how long a rate-limited task (exit 75) waits.
	// Default 5m.
	RateLimitCooldown time.Duration `mapstructure:"rate_limit_cooldown"`
	// MaxBackoff caps every computed delay. Default 1h.
	MaxBackoff time.Duration `mapstructure:"max_backoff"`
	// Lease is how long a claim lives without a heartbeat. Default 60s.
	Lease time.Duration `mapstructure:"lease"`
	// PollInterval is the safety-net poll for claimable tasks; dispatch is
	// otherwise event driven. Default 5s.
	PollInterval time.Duration `mapstructure:"poll_interval"`
	// KillGrace is the wait between SIGTERM and SIGKILL for a worker that
	// ran out of time. Default 10s.
	KillGrace time.Duration `mapstructure:"kill_grace"`
	// LogMaxBytes caps the output captured from each run. Default 65536.
	LogMaxBytes int64 `mapstructure:"log_max_bytes"`
	// Workdir is the base working directory for workers, an absolute path.
	// Default "", which means a per-task directory under the OS temp
	// directory.
	Workdir string `mapstructure:"workdir"`
	// SpawnBudget is the safety cap on worker spawns. Default 100 per 1h.
	SpawnBudget SpawnBudget `mapstructure:"spawn_budget"`
	// DefaultProfile names the profile for tasks that name none. It must
	// be a key of Config.Profiles. Default "default".
	DefaultProfile string `mapstructure:"default_profile"`
}

// SpawnBudget allows at most Max worker spawns in any window of Per. When
// it trips, the dispatcher stops spawning and notifies.
type SpawnBudget struct {
	// Max is the number of spawns allowed per window. Default 100.
	Max int `mapstructure:"max"`
	// Per is the window's length. Default 1h.
	Per time.Duration `mapstructure:"per"`
}

// Profile is one way to run a worker.
type Profile struct {
	// Command is the program and its arguments, run without a shell. It
	// has no default except in the built-in "default" profile. From the
	// environment it is a JSON array of strings or a comma-separated list.
	Command []string `mapstructure:"command"`
	// Timeout ends a run that takes longer. Default 30m.
	Timeout time.Duration `mapstructure:"timeout"`
	// Env holds extra environment variables for the worker. Names keep the
	// case written in the file; names that come only from the environment
	// (SWITCHBOARD_PROFILES_<NAME>_ENV_<VAR>) are upper case. Default empty.
	Env map[string]string `mapstructure:"env"`
	// Workdir overrides Dispatcher.Workdir for this profile; an absolute
	// path. Default "".
	Workdir string `mapstructure:"workdir"`
}

// Policy returns the limits the board applies inside its transitions.
func (c Config) Policy() board.Policy {
	d := c.Dispatcher
	return board.Policy{
		FailureLimit:           d.FailureLimit,
		ProtocolViolationLimit: d.ProtocolViolationLimit,
		BlockRecurrenceLimit:   d.BlockRecurrenceLimit,
		RetryBackoff:           d.RetryBackoff,
		TransientBackoff:       d.TransientBackoff,
		RateLimitCooldown:      d.RateLimitCooldown,
		MaxBackoff:             d.MaxBackoff,
		Lease:                  d.Lease,
		EventStreamMaxLen:      c.Board.EventStreamMax,
		TaskEventsMax:          c.Board.TaskEventsMax,
	}
}
