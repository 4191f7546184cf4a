package board

import "fmt"

// Status is where a task stands on the board. Each constant says who moves a
// task out of it.
type Status string

const (
	// StatusTriage waits for a person to sort it: created with --triage, or
	// escalated by the recurrence breaker. A person leaves it with Unblock or
	// Archive. Never claimed.
	StatusTriage Status = "triage"
	// StatusTodo waits on parent tasks. The board promotes it to ready in the
	// same step that completes its last unfinished parent. Never claimed.
	StatusTodo Status = "todo"
	// StatusReady is runnable. The dispatcher claims it into running.
	StatusReady Status = "ready"
	// StatusRunning is held by a worker under a run id and a lease. The
	// worker's terminal call moves it on, or the dispatcher does when the
	// worker dies, times out or loses its lease.
	StatusRunning Status = "running"
	// StatusBlocked means automation cannot go on; BlockKind says why. A
	// person leaves it with Unblock; a transient block is also claimed again
	// once its retry_at has passed.
	StatusBlocked Status = "blocked"
	// StatusWaitingHuman waits for a person's answer (Answer). Never claimed.
	StatusWaitingHuman Status = "waiting_human"
	// StatusWaitingAuth waits for a person to log in or grant a credential
	// (Resume). Never claimed.
	StatusWaitingAuth Status = "waiting_auth"
	// StatusWaitingApproval waits for a person to approve or deny a gated
	// action (Approve, Deny). Never claimed.
	StatusWaitingApproval Status = "waiting_approval"
	// StatusWaitingReview holds finished work until a person reviews it
	// (Review). Never claimed.
	StatusWaitingReview Status = "waiting_review"
	// StatusAwaitingOperator means automation is finished but named operator
	// actions are still owed; Confirm of every action makes it done.
	StatusAwaitingOperator Status = "awaiting_operator"
	// StatusDone is finished. A person may Reopen it.
	StatusDone Status = "done"
	// StatusArchived is hidden from default lists. Nothing leaves it.
	StatusArchived Status = "archived"
)

// Statuses lists every status in board order.
var Statuses = []Status{
	StatusTriage, StatusTodo, StatusReady, StatusRunning, StatusBlocked,
	StatusWaitingHuman, StatusWaitingAuth, StatusWaitingApproval, StatusWaitingReview,
	StatusAwaitingOperator, StatusDone, StatusArchived,
}

// ParseStatus returns the status named s, or an error naming the valid ones.
func ParseStatus(s string) (Status, error) {
	for _, st := range Statuses {
		if string(st) == s {
			return st, nil
		}
	}
	return "", Errorf(ErrInvalid, "unknown status %q (valid: %v)", s, Statuses)
}

// IsWaiting reports whether the status waits on a person at a gate. Waiting
// states are never dispatched and never count as failures.
func (s Status) IsWaiting() bool {
	switch s {
	case StatusWaitingHuman, StatusWaitingAuth, StatusWaitingApproval, StatusWaitingReview:
		return true
	}
	return false
}

// NeedsPerson reports whether a person must act before automation goes on:
// triage, blocked and every waiting state.
func (s Status) NeedsPerson() bool {
	return s == StatusTriage || s == StatusBlocked || s.IsWaiting()
}

// String returns the status name.
func (s Status) String() string { return string(s) }

// Gate is the person-facing gate a waiting status stands for: human, auth,
// approval or review. It is empty for other statuses.
func (s Status) Gate() string {
	switch s {
	case StatusWaitingHuman:
		return "human"
	case StatusWaitingAuth:
		return "auth"
	case StatusWaitingApproval:
		return "approval"
	case StatusWaitingReview:
		return "review"
	}
	return ""
}

// validStatus panics on a status outside Statuses; the transition table uses
// it to catch typos at start-up.
func validStatus(s Status) Status {
	if _, err := ParseStatus(string(s)); err != nil {
		panic(fmt.Sprintf("board: %v", err))
	}
	return s
}
