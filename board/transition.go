package board

import "slices"

// Op names a board operation. Every status change happens through one of
// these; there is no general SetStatus.
type Op string

// The named operations. Worker calls act on a run; person calls act on a task.
const (
	OpCreate            Op = "create"
	OpLink              Op = "link"
	OpClaim             Op = "claim"
	OpHeartbeat         Op = "heartbeat"
	OpComment           Op = "comment"
	OpComplete          Op = "complete"
	OpBlock             Op = "block"
	OpRequestReview     Op = "request_review"
	OpPark              Op = "park"
	OpProtocolViolation Op = "protocol_violation"
	OpRateLimited       Op = "rate_limited"
	OpTerminalProvider  Op = "terminal_provider"
	OpCrashed           Op = "crashed"
	OpTimedOut          Op = "timed_out"
	OpAnswer            Op = "answer"
	OpApprove           Op = "approve"
	OpDeny              Op = "deny"
	OpResume            Op = "resume"
	OpReview            Op = "review"
	OpConfirm           Op = "confirm"
	OpUnblock           Op = "unblock"
	OpReopen            Op = "reopen"
	OpArchive           Op = "archive"
	// OpWake is an orchestrator's triage wake: a goal waiting in todo on
	// a stuck subtree is made ready with the triage snapshot attached. It
	// is recorded as a promoted event with data.wake = "triage".
	OpWake Op = "wake"
)

// Transition is one row of the table: the statuses an operation may start
// from and the statuses it may leave the task in.
type Transition struct {
	From []Status
	To   []Status
}

// anyButRunning is every status a person may archive from.
var anyButRunning = []Status{
	StatusTriage, StatusTodo, StatusReady, StatusBlocked, StatusWaitingHuman,
	StatusWaitingAuth, StatusWaitingApproval, StatusWaitingReview,
	StatusAwaitingOperator, StatusDone,
}

// runFailure is where a run's failure outcome can leave a task: retried, or
// blocked once its breaker trips.
var runFailure = Transition{From: s(StatusRunning), To: s(StatusReady, StatusBlocked)}

// gateExit is where a person's answer at a gate leaves a task: ready, or todo
// when a parent was linked in while it waited.
var gateExit = []Status{StatusReady, StatusTodo}

// Transitions is the one table of legal transitions. The Redis scripts take
// their allowed source statuses from it, and tests check every result
// against it. OpCreate has no source; OpLink and OpClaim list the statuses
// they accept.
var Transitions = map[Op]Transition{
	OpCreate:            {To: s(StatusTriage, StatusTodo, StatusReady)},
	OpLink:              {From: anyButRunningPlus(StatusRunning), To: anyButRunningPlus(StatusRunning)},
	OpClaim:             {From: s(StatusReady, StatusBlocked), To: s(StatusRunning)},
	OpHeartbeat:         {From: s(StatusRunning), To: s(StatusRunning)},
	OpComment:           {From: s(StatusRunning), To: s(StatusRunning)},
	OpComplete:          {From: s(StatusRunning), To: s(StatusDone)},
	OpBlock:             {From: s(StatusRunning), To: s(StatusTodo, StatusReady, StatusWaitingHuman, StatusWaitingAuth, StatusWaitingApproval, StatusBlocked, StatusTriage)},
	OpRequestReview:     {From: s(StatusRunning), To: s(StatusWaitingReview)},
	OpPark:              {From: s(StatusRunning), To: s(StatusAwaitingOperator)},
	OpProtocolViolation: runFailure,
	OpRateLimited:       {From: s(StatusRunning), To: s(StatusReady)},
	OpTerminalProvider:  {From: s(StatusRunning), To: s(StatusBlocked)},
	OpCrashed:           runFailure,
	OpTimedOut:          runFailure,
	OpAnswer:            {From: s(StatusWaitingHuman), To: gateExit},
	OpApprove:           {From: s(StatusWaitingApproval), To: gateExit},
	OpDeny:              {From: s(StatusWaitingApproval), To: gateExit},
	OpResume:            {From: s(StatusWaitingAuth), To: gateExit},
	OpReview:            {From: s(StatusWaitingReview), To: s(StatusDone, StatusReady, StatusTodo)},
	OpConfirm:           {From: s(StatusAwaitingOperator), To: s(StatusAwaitingOperator, StatusDone)},
	OpUnblock:           {From: s(StatusTriage, StatusBlocked), To: s(StatusReady, StatusTodo)},
	OpReopen:            {From: s(StatusDone), To: gateExit},
	OpArchive:           {From: anyButRunning, To: s(StatusArchived)},
	OpWake:              {From: s(StatusTodo), To: s(StatusReady)},
}

// Allows reports whether op may start from status.
func (op Op) Allows(from Status) bool {
	return slices.Contains(Transitions[op].From, from)
}

// CanEnd reports whether op may leave a task in status to.
func (op Op) CanEnd(to Status) bool {
	return slices.Contains(Transitions[op].To, to)
}

// s builds a status list, checking each name.
func s(list ...Status) []Status {
	for _, st := range list {
		validStatus(st)
	}
	return list
}

func anyButRunningPlus(extra Status) []Status {
	return append(slices.Clone(anyButRunning), extra)
}
