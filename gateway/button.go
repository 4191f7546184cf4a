package gateway

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// ButtonAction is what a button does once clicked. It is kept in Redis
// under an opaque token, so a click carries only the token (Telegram's
// callback_data holds at most 64 bytes).
type ButtonAction struct {
	Board  string `json:"b"`
	TaskID string `json:"t"`
	// Gate is the id of the event that opened the gate; a click after a
	// later event closed it is stale.
	Gate string `json:"g"`
	// Status is the waiting status the gate holds the task in.
	Status board.Status `json:"s"`
	Verb   Verb         `json:"v"`
}

// gateButtons lists each gate's exits.
var gateButtons = map[board.Status][]Button{
	board.StatusWaitingApproval:  {{Label: "Approve", Verb: VerbApprove, Style: StylePrimary}, {Label: "Deny", Verb: VerbDeny, Style: StyleDanger}},
	board.StatusWaitingHuman:     {{Label: "Answer", Verb: VerbAnswer, Style: StylePrimary}},
	board.StatusWaitingAuth:      {{Label: "I've logged in", Verb: VerbResume, Style: StylePrimary}},
	board.StatusWaitingReview:    {{Label: "Approve review", Verb: VerbReview, Style: StylePrimary}, {Label: "Request changes", Verb: VerbChanges, Style: StyleDanger}},
	board.StatusAwaitingOperator: {{Label: "Confirm actions", Verb: VerbConfirm, Style: StylePrimary}},
}

// textVerbs take free text from a modal or a forced reply, and its label.
var textVerbs = map[Verb]string{
	VerbAnswer: "Your answer", VerbDeny: "Why is it denied?", VerbChanges: "What should change?",
}

// NeedsText reports whether a button's verb needs free text first.
func NeedsText(v Verb) bool { _, ok := textVerbs[v]; return ok }

// buttons saves one token per exit of the gate ev opened.
func (c *Chat) buttons(ctx context.Context, ev board.Event, st board.Status) ([]Button, error) {
	out := make([]Button, 0, 2)
	for _, b := range gateButtons[st] {
		act := ButtonAction{Board: ev.Board, TaskID: ev.TaskID, Gate: ev.ID, Status: st, Verb: b.Verb}
		tok, err := c.saveButton(ctx, act)
		if err != nil {
			return nil, err
		}
		b.Token = tok
		out = append(out, b)
	}
	return out, nil
}

// saveButton stores act under a token derived from it, so delivering the
// same notice twice reuses the token.
func (c *Chat) saveButton(ctx context.Context, act ButtonAction) (string, error) {
	raw, err := json.Marshal(act)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(raw)
	tok := strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:15]))
	if err := c.store.SaveToken(ctx, tok, raw, c.tokenTTL); err != nil {
		return "", fmt.Errorf("save button token: %w", err)
	}
	return tok, nil
}

// loadButton returns the action behind a token; board.ErrNotFound when
// it is unknown or expired.
func (c *Chat) loadButton(ctx context.Context, tok string) (ButtonAction, error) {
	var act ButtonAction
	if len(tok) > 64 || tok == "" {
		return act, board.Errorf(board.ErrNotFound, "malformed button token")
	}
	raw, err := c.store.LoadToken(ctx, tok)
	if err != nil {
		return act, err
	}
	if err := json.Unmarshal(raw, &act); err != nil {
		return act, board.Errorf(board.ErrNotFound, "unreadable button token")
	}
	return act, nil
}
