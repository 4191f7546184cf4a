package gateway

import (
	"context"
	"time"

	"github.com/switchboard/switchboard/board"
)

// Notice is a platform-neutral chat message about one event. Adapters
// render it with their own markup, limits and buttons.
type Notice struct {
	Board    string          `json:"board"`
	TaskID   string          `json:"task_id"`
	EventID  string          `json:"event_id"`
	Kind     board.EventKind `json:"kind"`
	Icon     string          `json:"icon"`
	Headline string          `json:"headline"`
	Title    string          `json:"title"`
	Status   board.Status    `json:"status"`
	Lines    []Line          `json:"lines,omitempty"`
	Buttons  []Button        `json:"buttons,omitempty"`
	// Gate is the waiting status the notice's gate holds the task in; ""
	// for notices that open no gate.
	Gate board.Status `json:"gate,omitempty"`
	// Outcome says who decided what, and when, once a gate is closed.
	Outcome string `json:"outcome,omitempty"`
}

// Line is one labelled piece of a notice: a reason, a summary, an action.
type Line struct {
	Label string `json:"label,omitempty"`
	Text  string `json:"text"`
}

// ButtonStyle hints how a platform should colour a button.
type ButtonStyle string

// Button styles.
const (
	StylePrimary ButtonStyle = "primary"
	StyleDanger  ButtonStyle = "danger"
	StyleDefault ButtonStyle = "default"
)

// Button is one exit of a gate. Token is the opaque id a click carries back.
type Button struct {
	Label string      `json:"label"`
	Verb  Verb        `json:"verb"`
	Token string      `json:"token"`
	Style ButtonStyle `json:"style"`
}

// Compose is what an adapter's Deliver starts with: post is false when
// the target needs no new message (see Covered); otherwise n is the
// notice to post.
func (c *Chat) Compose(ctx context.Context, d Delivery) (n Notice, post bool, err error) {
	covered, err := c.Covered(ctx, d)
	if err != nil || covered {
		return Notice{}, false, err // covered: the notice there is edited instead
	}
	n, err = c.Notice(ctx, d)
	return n, err == nil, err
}

// Notice builds the notice for a delivery. A gate's notice carries its
// buttons while the gate is open; if it was decided already (the delivery
// lagged), it shows the outcome instead.
func (c *Chat) Notice(ctx context.Context, d Delivery) (Notice, error) {
	if d.Event.Board == "" {
		d.Event.Board = d.Subscription.Board
	}
	n := describe(d)
	st := gateStatus(d.Event.Kind, d.Event.DataString("gate"))
	if st == "" || d.Event.TaskID == "" {
		return n, nil
	}
	n.Gate = st
	decision, err := c.decisionAfter(ctx, board.Ref{Board: d.Event.Board, ID: d.Event.TaskID}, d.Event.ID)
	if err != nil {
		return n, err
	}
	if decision != nil {
		n.Outcome = outcomeText(decision)
		return n, nil
	}
	n.Buttons, err = c.buttons(ctx, d.Event, st)
	return n, err
}

// gateStatus is the status an event's gate holds the task in, or "" when
// the event opens no gate.
func gateStatus(kind board.EventKind, gate string) board.Status {
	switch kind {
	case board.EventWaiting:
		switch gate {
		case "human":
			return board.StatusWaitingHuman
		case "auth":
			return board.StatusWaitingAuth
		case "approval":
			return board.StatusWaitingApproval
		}
	case board.EventReviewRequested:
		return board.StatusWaitingReview
	case board.EventParked:
		return board.StatusAwaitingOperator
	}
	return ""
}

// stamp formats a decision time for chat.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }
