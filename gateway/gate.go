package gateway

import (
	"context"
	"strconv"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// closingPast is what each gate-closing event kind did, for outcomes and
// "already decided" replies.
var closingPast = map[board.EventKind]string{
	board.EventAnswered: "Answered", board.EventApproved: "Approved", board.EventDenied: "Denied",
	board.EventResumed: "Resumed", board.EventReviewed: "Review approved",
	board.EventChangesRequested: "Changes requested", board.EventConfirmed: "Actions confirmed",
	board.EventArchived: "Archived",
}

// closesGate reports whether ev ends the gate a task was waiting at. A
// confirm closes it only once no action is left.
func closesGate(ev *board.Event) bool {
	if _, ok := closingPast[ev.Kind]; !ok {
		return false
	}
	if ev.Kind == board.EventConfirmed {
		left, ok := ev.DataMap()["remaining"].(float64)
		return !ok || left == 0
	}
	return true
}

// outcomeText says who decided what, and when: "Approved by slack:U1 (ann)
// at 2026-11-30 12:00 UTC", with the decision's text when it has one.
func outcomeText(ev *board.Event) string {
	s := closingPast[ev.Kind] + " by " + ev.Actor + " at " + stamp(ev.At)
	if t := ev.DataString("text"); t != "" {
		s += ": " + Cut(Redact(t), maxLine)
	}
	return s
}

// decisionAfter returns the first event after the gate event gateID that
// closed it, or nil while the gate is open.
func (c *Chat) decisionAfter(ctx context.Context, ref board.Ref, gateID string) (*board.Event, error) {
	evs, err := c.board.Events(ctx, ref)
	if err != nil {
		return nil, err
	}
	for _, ev := range evs {
		if eventAfter(ev.ID, gateID) && closesGate(ev) {
			return ev, nil
		}
	}
	return nil, nil
}

// eventAfter compares Redis stream ids ("ms-seq") numerically.
func eventAfter(a, b string) bool {
	am, as := splitID(a)
	bm, bs := splitID(b)
	if am != bm {
		return am > bm
	}
	return as > bs
}

func splitID(id string) (uint64, uint64) {
	ms, seq, _ := strings.Cut(id, "-")
	m, _ := strconv.ParseUint(ms, 10, 64)
	s, _ := strconv.ParseUint(seq, 10, 64)
	return m, s
}
