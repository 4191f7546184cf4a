package board

import (
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// SnapshotTask is one subtree task as a fan_in or triage notice shows it:
// its status, summary and the metadata an orchestrator or a person needs
// to judge it.
type SnapshotTask struct {
	ID          string          `json:"id"`
	Title       string          `json:"title"`
	Status      Status          `json:"status"`
	Summary     string          `json:"summary"`
	Parents     []string        `json:"parents,omitempty"`
	BlockKind   BlockKind       `json:"block_kind,omitempty"`
	BlockReason string          `json:"block_reason,omitempty"`
	CircuitOpen bool            `json:"circuit_open,omitempty"`
	OwedActions []string        `json:"owed_actions,omitempty"`
	Metadata    json.RawMessage `json:"metadata,omitempty"`
	UpdatedAt   time.Time       `json:"updated_at"`
}

// NewSnapshotTask curates t for a notice.
func NewSnapshotTask(t *Task) SnapshotTask {
	st := SnapshotTask{
		ID: t.ID, Title: t.Title, Status: t.Status, Summary: t.Summary, Parents: t.Parents,
		CircuitOpen: t.CircuitOpen, Metadata: t.Metadata, UpdatedAt: t.UpdatedAt,
	}
	if t.Status.NeedsPerson() || t.Status == StatusTodo {
		st.BlockKind, st.BlockReason = t.BlockKind, t.BlockReason
	}
	for _, n := range t.PendingActions() {
		st.OwedActions = append(st.OwedActions, t.OperatorActions[n-1].Action)
	}
	return st
}

// Notice is the data of a fan_in or triage notice. Snapshot lists the
// goal's subtree (the goal itself first); Stuck names the subtree tasks
// that need a person.
type Notice struct {
	Goal      string         `json:"goal"`
	Stuck     []string       `json:"stuck,omitempty"`
	Snapshot  []SnapshotTask `json:"snapshot"`
	Truncated bool           `json:"truncated,omitempty"`
}

// Supervise decides which notice a snapshot of goal's subtree calls for.
// The two are exclusive: fan_in when every parent of the goal is done or
// awaiting_operator; otherwise triage when triageDue (a subtree task
// entered a stuck state since the last check) and some subtree task still
// needs a person; otherwise none (""). subtree excludes the goal.
func Supervise(goal *Task, subtree []*Task, triageDue bool) (EventKind, Notice) {
	n := Notice{Goal: goal.ID, Snapshot: []SnapshotTask{NewSnapshotTask(goal)}}
	byID := make(map[string]*Task, len(subtree))
	for _, t := range subtree {
		byID[t.ID] = t
		n.Snapshot = append(n.Snapshot, NewSnapshotTask(t))
		if t.Status.NeedsPerson() {
			n.Stuck = append(n.Stuck, t.ID)
		}
	}
	if FannedIn(goal, byID) {
		n.Stuck = nil
		return EventFanIn, n
	}
	if triageDue && len(n.Stuck) > 0 {
		return EventTriage, n
	}
	return "", n
}

// FannedIn reports whether goal has parents and every one of them is done
// or awaiting_operator, as tasks (by id) say.
func FannedIn(goal *Task, tasks map[string]*Task) bool {
	if len(goal.Parents) == 0 {
		return false
	}
	for _, p := range goal.Parents {
		t := tasks[p]
		if t == nil || (t.Status != StatusDone && t.Status != StatusAwaitingOperator) {
			return false
		}
	}
	return true
}

// FanInSignature identifies the parent set a fan-in covered, so the same
// set fans in once: a parent linked in later starts a new round.
func FanInSignature(goal *Task) string {
	ps := slices.Clone(goal.Parents)
	slices.Sort(ps)
	return strings.Join(ps, ",")
}

// EntersStuck reports whether an event leaves its task in a state a person
// must resolve (blocked, triage or a waiting state): the triage trigger.
func EntersStuck(e *Event) bool {
	switch e.Kind {
	case EventBlocked, EventWaiting, EventReviewRequested, EventGaveUp,
		EventTerminalProvider, EventCircuitOpen:
		return true
	case EventCreated, EventLinked:
		st, err := ParseStatus(e.DataString("status"))
		return err == nil && st.NeedsPerson()
	}
	return false
}
