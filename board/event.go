package board

import (
	"encoding/json"
	"time"
)

// EventKind names what happened. Each successful operation appends one event
// for the task it acts on.
type EventKind string

// The event kinds of the contract.
const (
	EventCreated              EventKind = "created"
	EventLinked               EventKind = "linked"
	EventPromoted             EventKind = "promoted"
	EventDependencyWait       EventKind = "dependency_wait"
	EventClaimed              EventKind = "claimed"
	EventCompleted            EventKind = "completed"
	EventBlocked              EventKind = "blocked"
	EventWaiting              EventKind = "waiting"
	EventReviewRequested      EventKind = "review_requested"
	EventParked               EventKind = "parked"
	EventAnswered             EventKind = "answered"
	EventApproved             EventKind = "approved"
	EventDenied               EventKind = "denied"
	EventResumed              EventKind = "resumed"
	EventReviewed             EventKind = "reviewed"
	EventChangesRequested     EventKind = "changes_requested"
	EventConfirmed            EventKind = "confirmed"
	EventUnblocked            EventKind = "unblocked"
	EventReopened             EventKind = "reopened"
	EventArchived             EventKind = "archived"
	EventCommented            EventKind = "commented"
	EventProtocolViolation    EventKind = "protocol_violation"
	EventRateLimited          EventKind = "rate_limited"
	EventTerminalProvider     EventKind = "terminal_provider"
	EventCrashed              EventKind = "crashed"
	EventTimedOut             EventKind = "timed_out"
	EventGaveUp               EventKind = "gave_up"
	EventCircuitOpen          EventKind = "circuit_open"
	EventSpawnBudgetExhausted EventKind = "spawn_budget_exhausted"
	EventRefused              EventKind = "refused"
	// EventFanIn and EventTriage are notices for subtree subscriptions, not
	// entries in the task log.
	EventFanIn  EventKind = "fan_in"
	EventTriage EventKind = "triage"
	// EventSubscriptionFailing and EventSubscriptionRecovered are appended
	// to a subscription's task when its deliveries start failing and when
	// they get through again.
	EventSubscriptionFailing   EventKind = "subscription_failing"
	EventSubscriptionRecovered EventKind = "subscription_recovered"
	// EventOrchestratorBraked is appended to an orchestrator task when its
	// triage wakes stopped resolving anything: people must look instead.
	EventOrchestratorBraked EventKind = "orchestrator_braked"
)

// EventKinds lists every kind a subscription filter may name.
var EventKinds = []EventKind{
	EventCreated, EventLinked, EventPromoted, EventDependencyWait, EventClaimed,
	EventCompleted, EventBlocked, EventWaiting, EventReviewRequested, EventParked,
	EventAnswered, EventApproved, EventDenied, EventResumed, EventReviewed,
	EventChangesRequested, EventConfirmed, EventUnblocked, EventReopened, EventArchived,
	EventCommented, EventProtocolViolation, EventRateLimited, EventTerminalProvider,
	EventCrashed, EventTimedOut, EventGaveUp, EventCircuitOpen, EventSpawnBudgetExhausted,
	EventRefused, EventFanIn, EventTriage, EventSubscriptionFailing, EventSubscriptionRecovered,
	EventOrchestratorBraked,
}

// ParseEventKind returns the event kind named s, or an error naming the
// valid ones.
func ParseEventKind(s string) (EventKind, error) {
	for _, k := range EventKinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", Errorf(ErrInvalid, "unknown event kind %q (valid: %v)", s, EventKinds)
}

// IsNotice reports whether the kind is a subtree notice (fan_in, triage)
// rather than an entry of a task's log.
func (k EventKind) IsNotice() bool { return k == EventFanIn || k == EventTriage }

// Event is one entry of a board's event log.
type Event struct {
	ID     string          `json:"id"`
	Board  string          `json:"board"`
	TaskID string          `json:"task_id"`
	RunID  string          `json:"run_id"`
	Kind   EventKind       `json:"kind"`
	Actor  string          `json:"actor"`
	At     time.Time       `json:"at"`
	Data   json.RawMessage `json:"data"`
}

// DataMap decodes Data into a map; an empty or malformed Data gives an empty map.
func (e *Event) DataMap() map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal(e.Data, &m)
	return m
}

// DataString returns the string field key of Data, or "".
func (e *Event) DataString(key string) string {
	s, _ := e.DataMap()[key].(string)
	return s
}
