package board

import (
	"encoding/json"
	"time"
)

// Outcome is how a run ended. It is empty while the run is live.
type Outcome string

// Run outcomes: one per worker terminal call, plus the dispatcher's
// classification of a run that ended without one.
const (
	OutcomeCompleted         Outcome = "completed"
	OutcomeBlocked           Outcome = "blocked"
	OutcomeReviewRequested   Outcome = "review_requested"
	OutcomeParked            Outcome = "parked"
	OutcomeProtocolViolation Outcome = "protocol_violation"
	OutcomeRateLimited       Outcome = "rate_limited"
	OutcomeTerminalProvider  Outcome = "terminal_provider"
	OutcomeCrashed           Outcome = "crashed"
	OutcomeTimedOut          Outcome = "timed_out"
)

// Run is one claim of a task by a worker.
type Run struct {
	ID        string          `json:"id"`
	TaskID    string          `json:"task_id"`
	Profile   string          `json:"profile"`
	Outcome   Outcome         `json:"outcome"`
	ExitCode  *int            `json:"exit_code"`
	StartedAt time.Time       `json:"started_at"`
	EndedAt   *time.Time      `json:"ended_at"`
	Summary   string          `json:"summary"`
	Metadata  json.RawMessage `json:"metadata,omitempty"`
	// BlockKind is the kind a blocked run gave.
	BlockKind BlockKind `json:"block_kind,omitempty"`
	// Error is the dispatcher's note for a failed run: a start error, or the
	// last lines of output.
	Error string `json:"error,omitempty"`
	// Host and PID identify the worker process, for adoption after a restart.
	Host string `json:"host,omitempty"`
	PID  int    `json:"pid,omitempty"`
	// ProcessStart is the worker process's start time as the OS reports it.
	ProcessStart string `json:"process_start,omitempty"`
	// Supervisor identifies the dispatcher process that watches the worker.
	Supervisor string `json:"supervisor,omitempty"`
	// HeartbeatAt is the worker's last heartbeat, and Note its last note.
	HeartbeatAt *time.Time `json:"heartbeat_at,omitempty"`
	Note        string     `json:"note,omitempty"`
}

// Live reports whether the run has not ended yet.
func (r *Run) Live() bool { return r.EndedAt == nil }

// RunRef names a run's hold on a task. Worker calls carry it; the board
// refuses any whose run is no longer current.
type RunRef struct {
	Board  string
	TaskID string
	RunID  string
}

// Ref names a task on a board.
type Ref struct {
	Board string
	ID    string
}
