package board

import (
	"encoding/json"
	"time"
)

// BlockKind says why a worker stopped, or why a task sits in blocked.
type BlockKind string

// Block kinds a worker may give, plus failure, which only the dispatcher's
// breakers set.
const (
	// BlockDependency sends the task back to todo until its parents are done.
	BlockDependency BlockKind = "dependency"
	// BlockNeedsInput waits for a person's answer (waiting_human).
	BlockNeedsInput BlockKind = "needs_input"
	// BlockAuth waits for a person to log in (waiting_auth).
	BlockAuth BlockKind = "auth"
	// BlockApproval waits for a person's approval (waiting_approval).
	BlockApproval BlockKind = "approval"
	// BlockCapability is beyond this worker; a person must unblock it.
	BlockCapability BlockKind = "capability"
	// BlockTransient is retried automatically with backoff.
	BlockTransient BlockKind = "transient"
	// BlockFailure is set when a failure breaker trips; never given by a worker.
	BlockFailure BlockKind = "failure"
)

// WorkerBlockKinds are the kinds `switchboard worker block --kind` accepts.
var WorkerBlockKinds = []BlockKind{
	BlockDependency, BlockNeedsInput, BlockAuth, BlockApproval, BlockCapability, BlockTransient,
}

// ParseBlockKind returns the worker block kind named s.
func ParseBlockKind(s string) (BlockKind, error) {
	for _, k := range WorkerBlockKinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", Errorf(ErrInvalid, "unknown block kind %q (valid: dependency, needs_input, auth, approval, capability, transient)", s)
}

// Task is one card on the board.
type Task struct {
	ID                  string           `json:"id"`
	Board               string           `json:"board"`
	Title               string           `json:"title"`
	Body                string           `json:"body"`
	Status              Status           `json:"status"`
	Profile             string           `json:"profile"`
	Priority            int              `json:"priority"`
	Parents             []string         `json:"parents"`
	Children            []string         `json:"children"`
	BlockKind           BlockKind        `json:"block_kind"`
	BlockReason         string           `json:"block_reason"`
	BlockRecurrences    int              `json:"block_recurrences"`
	CircuitOpen         bool             `json:"circuit_open"`
	ConsecutiveFailures int              `json:"consecutive_failures"`
	ProtocolViolations  int              `json:"protocol_violations"`
	RetryAt             *time.Time       `json:"retry_at"`
	CurrentRunID        string           `json:"current_run_id"`
	OperatorActions     []OperatorAction `json:"operator_actions"`
	Summary             string           `json:"summary"`
	Metadata            json.RawMessage  `json:"metadata,omitempty"`
	CreatedAt           time.Time        `json:"created_at"`
	UpdatedAt           time.Time        `json:"updated_at"`
}

// OperatorAction is one human action a parked task still owes. Actions are
// numbered from 1 in the order the worker gave them.
type OperatorAction struct {
	Action      string     `json:"action"`
	Check       string     `json:"check"`
	ConfirmedBy string     `json:"confirmed_by"`
	ConfirmedAt *time.Time `json:"confirmed_at"`
}

// Confirmed reports whether a person has confirmed the action.
func (a OperatorAction) Confirmed() bool { return a.ConfirmedBy != "" }

// PendingActions returns the 1-based numbers of unconfirmed actions.
func (t *Task) PendingActions() []int {
	var out []int
	for i, a := range t.OperatorActions {
		if !a.Confirmed() {
			out = append(out, i+1)
		}
	}
	return out
}
