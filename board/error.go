package board

import (
	"errors"
	"fmt"
)

// Sentinel errors that callers branch on. The HTTP edge maps them to status
// codes; chat adapters map them to replies.
var (
	// ErrNotFound: the task, run or subscription does not exist on the board.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the request is valid but clashes with the board's state,
	// such as a link that would make a cycle.
	ErrConflict = errors.New("conflict")
	// ErrStaleRun: a worker call from a run that is no longer the task's
	// current run. It changed nothing.
	ErrStaleRun = errors.New("stale run")
	// ErrInvalid: the request itself is malformed.
	ErrInvalid = errors.New("invalid request")
	// ErrUnauthorized: the caller's credentials are missing or wrong.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrForbidden: the caller is known but may not do this.
	ErrForbidden = errors.New("forbidden")
	// ErrNoTask: nothing is claimable right now.
	ErrNoTask = errors.New("no claimable task")
	// ErrUnavailable: the store cannot be reached; nothing was changed.
	ErrUnavailable = errors.New("store unavailable")
)

// TransitionError reports an operation refused because of the task's
// current status. It wraps ErrConflict.
type TransitionError struct {
	Op     Op
	TaskID string
	Status Status
}

// Error names the task, the operation and the task's current status.
func (e *TransitionError) Error() string {
	return fmt.Sprintf("cannot %s task %s: it is %s (%s needs %s)",
		e.Op, e.TaskID, e.Status, e.Op, joinStatuses(Transitions[e.Op].From))
}

// Unwrap lets errors.Is(err, ErrConflict) match.
func (e *TransitionError) Unwrap() error { return ErrConflict }

// StaleRunError reports a worker call from a run that is not the task's
// current run. It wraps ErrStaleRun.
type StaleRunError struct {
	TaskID     string
	RunID      string
	CurrentRun string
	Status     Status
}

// Error says which run called and what the task is doing now.
func (e *StaleRunError) Error() string {
	cur := e.CurrentRun
	if cur == "" {
		cur = "none"
	}
	return fmt.Sprintf("run %s is no longer current for task %s (task is %s, current run %s); nothing was changed",
		e.RunID, e.TaskID, e.Status, cur)
}

// Unwrap lets errors.Is(err, ErrStaleRun) match.
func (e *StaleRunError) Unwrap() error { return ErrStaleRun }

// Error is a sentinel with a sentence a person can act on.
type Error struct {
	Kind error
	Msg  string
}

// Errorf wraps a sentinel with a formatted message.
func Errorf(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Kind }

func joinStatuses(list []Status) string {
	out := ""
	for i, st := range list {
		if i > 0 {
			out += " or "
		}
		out += string(st)
	}
	return out
}
