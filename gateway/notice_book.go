package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
)

// NoticeRecord is one delivered gate notice: where it went, the platform's
// reference to the message, and what it says. The chat store keeps one
// per gate event and target, so every copy can be edited after a decision.
type NoticeRecord struct {
	Target string `json:"target"`
	// Message is the platform's message reference (a message id, a ts).
	Message string `json:"message"`
	Notice  Notice `json:"notice"`
	Closed  bool   `json:"closed,omitempty"`
}

// Editor is an adapter that can edit a delivered notice in place;
// rec.Notice holds the new content (no buttons once Closed).
type Editor interface {
	EditNotice(ctx context.Context, rec NoticeRecord) error
}

// noticeTTL is how long the notice map remembers a gate's messages.
const noticeTTL = 30 * 24 * time.Hour

// Delivered records a gate notice the adapter posted as message in target,
// so a later decision edits it. If the gate closed while the notice was on
// its way, it is edited at once through ed.
func (c *Chat) Delivered(ctx context.Context, n Notice, target, message string, ed Editor) error {
	if n.Gate == "" || len(n.Buttons) == 0 {
		return nil
	}
	rec := NoticeRecord{Target: target, Message: message, Notice: n}
	if err := saveRecord(ctx, c.store, rec); err != nil {
		return err
	}
	decision, err := c.decisionAfter(ctx, board.Ref{Board: n.Board, ID: n.TaskID}, n.EventID)
	if err != nil || decision == nil {
		return err
	}
	return closeNotices(ctx, c.store, func(string) Editor { return ed }, decision)
}

func saveRecord(ctx context.Context, st ChatStore, rec NoticeRecord) error {
	raw, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	field := rec.Notice.EventID + "|" + rec.Target
	return st.SaveNotice(ctx, rec.Notice.Board, rec.Notice.TaskID, field, raw, noticeTTL)
}

// closeNotices edits every open notice of the gate ev decided: the
// outcome is added and the buttons removed. A confirm that leaves actions
// owed only adds its outcome. Each notice is tried once; errors are
// joined and the failed notices stay open.
func closeNotices(ctx context.Context, st ChatStore, editor func(kind string) Editor, ev *board.Event) error {
	recs, err := st.LoadNotices(ctx, ev.Board, ev.TaskID)
	if err != nil {
		return err
	}
	final := closesGate(ev)
	var errs []error
	for _, raw := range recs {
		var rec NoticeRecord
		if json.Unmarshal(raw, &rec) != nil || rec.Closed || !eventAfter(ev.ID, rec.Notice.EventID) {
			continue
		}
		kind, _, _ := strings.Cut(rec.Target, ":")
		ed := editor(kind)
		if ed == nil {
			continue
		}
		rec.Notice.Outcome = partialOutcome(ev, final)
		if final {
			rec.Notice.Buttons, rec.Closed = nil, true
		}
		if err := ed.EditNotice(ctx, rec); err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, saveRecord(ctx, st, rec))
	}
	return errors.Join(errs...)
}

func partialOutcome(ev *board.Event, final bool) string {
	if final {
		return outcomeText(ev)
	}
	return "Actions " + scalar(ev.DataMap()["actions"]) + " confirmed by " + ev.Actor + " at " + stamp(ev.At)
}

// editsNotices reports whether ev changes delivered gate notices.
func editsNotices(ev *board.Event) bool {
	_, ok := closingPast[ev.Kind]
	return ok
}

// Covered reports whether d needs no new message in its target: its
// gate's notice was posted there already (a redelivery), or d decides a
// gate whose notice is there, which the follower edits instead.
func (c *Chat) Covered(ctx context.Context, d Delivery) (bool, error) {
	opens := gateStatus(d.Event.Kind, d.Event.DataString("gate")) != ""
	if (!opens && !editsNotices(&d.Event)) || d.Event.TaskID == "" {
		return false, nil
	}
	boardName := d.Event.Board
	if boardName == "" {
		boardName = d.Subscription.Board
	}
	recs, err := c.store.LoadNotices(ctx, boardName, d.Event.TaskID)
	if err != nil {
		return false, err
	}
	for _, raw := range recs {
		var rec NoticeRecord
		if json.Unmarshal(raw, &rec) != nil || rec.Target != d.Subscription.Target {
			continue
		}
		if rec.Notice.EventID == d.Event.ID || (!opens && eventAfter(d.Event.ID, rec.Notice.EventID)) {
			return true, nil
		}
	}
	return false, nil
}
