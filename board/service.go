package board

import (
	"context"
	"encoding/json"
	"time"
)

// Service is the board: every named operation and the reads behind the API.
// board/rdb implements it on Redis. Every write is one atomic step that
// checks the status, writes the task and appends exactly one event for it.
type Service interface {
	Create(ctx context.Context, p CreateParams) (*Task, error)
	Link(ctx context.Context, p LinkParams) (*Task, error)

	// Claim takes the best claimable task of a board, or returns ErrNoTask.
	Claim(ctx context.Context, p ClaimParams) (*Claim, error)
	Heartbeat(ctx context.Context, ref RunRef, note string) error
	Comment(ctx context.Context, ref RunRef, text string) (*Event, error)
	Complete(ctx context.Context, ref RunRef, p CompleteParams) (*Task, error)
	Block(ctx context.Context, ref RunRef, p BlockParams) (*Task, error)
	RequestReview(ctx context.Context, ref RunRef, summary string) (*Task, error)
	Park(ctx context.Context, ref RunRef, p ParkParams) (*Task, error)
	// EndRun records a run that ended without a terminal call.
	EndRun(ctx context.Context, ref RunRef, p EndRunParams) (*Task, error)

	Answer(ctx context.Context, ref Ref, p DecisionParams) (*Task, error)
	Approve(ctx context.Context, ref Ref, p DecisionParams) (*Task, error)
	Deny(ctx context.Context, ref Ref, p DecisionParams) (*Task, error)
	Resume(ctx context.Context, ref Ref, p DecisionParams) (*Task, error)
	Review(ctx context.Context, ref Ref, p ReviewParams) (*Task, error)
	Confirm(ctx context.Context, ref Ref, p ConfirmParams) (*Task, error)
	Unblock(ctx context.Context, ref Ref, p DecisionParams) (*Task, error)
	Reopen(ctx context.Context, ref Ref, actor string) (*Task, error)
	Archive(ctx context.Context, ref Ref, actor string) (*Task, error)

	Get(ctx context.Context, ref Ref) (*Task, error)
	List(ctx context.Context, p ListParams) ([]*Task, error)
	Runs(ctx context.Context, ref Ref) ([]*Run, error)
	Run(ctx context.Context, board, runID string) (*Run, error)
	Events(ctx context.Context, ref Ref) ([]*Event, error)
	Boards(ctx context.Context) ([]string, error)
}

// CreateParams describes a new task.
type CreateParams struct {
	Board    string
	Title    string
	Body     string
	Parents  []string
	Profile  string
	Priority int
	// Triage creates the task in triage instead of ready or todo.
	Triage bool
	Actor  string
}

// LinkParams makes Parent a parent of Child.
type LinkParams struct {
	Board  string
	Parent string
	Child  string
	Actor  string
}

// ClaimParams asks for the next claimable task on a board.
type ClaimParams struct {
	Board string
	// Lease overrides the policy's lease for this claim when non-zero.
	Lease time.Duration
	Actor string
}

// Claim is a claimed task, its new run and the run-scoped worker token.
type Claim struct {
	Task  *Task
	Run   *Run
	Token string
	// ReadySince is when the task last became claimable: its last status
	// change, or its retry_at when later.
	ReadySince time.Time
}

// CompleteParams ends a run with done.
type CompleteParams struct {
	Summary  string
	Metadata json.RawMessage
}

// BlockParams ends a run with a block of the given kind.
type BlockParams struct {
	Kind   BlockKind
	Reason string
	// Parents are new parents for a dependency block.
	Parents []string
}

// ParkParams ends a run with owed operator actions.
type ParkParams struct {
	Summary string
	Actions []OperatorAction
}

// EndRunParams classifies a run that ended without a terminal call. Outcome
// is one of protocol_violation, rate_limited, terminal_provider, crashed or
// timed_out.
type EndRunParams struct {
	Outcome  Outcome
	ExitCode *int
	// Error is a start error or the last lines of the worker's output.
	Error string
	// Jitter is added to the computed retry delay (the caller draws it).
	Jitter time.Duration
}

// DecisionParams is a person's input at a gate: an answer, a note, or a
// denial's reason.
type DecisionParams struct {
	Text  string
	Actor string
}

// ReviewParams approves a review or requests changes.
type ReviewParams struct {
	Approve bool
	Changes string
	Actor   string
}

// ConfirmParams confirms operator actions, numbered from 1.
type ConfirmParams struct {
	All     bool
	Actions []int
	Actor   string
}

// ListParams filters a board's tasks. An empty Statuses lists every status
// but archived.
type ListParams struct {
	Board    string
	Statuses []Status
	Limit    int
}
