package gateway

import (
	"context"
	"errors"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// Click runs a button's action for actor. text is the free text a modal or
// forced reply collected ("" on the first click of a text button, which
// is answered with a Prompt). The order is: authorize (a refusal is
// recorded and nothing changes), then staleness (a closed gate answers
// "already decided by X at T"), then the operation.
func (c *Chat) Click(ctx context.Context, a Actor, tok, text string) Reply {
	act, err := c.loadButton(ctx, tok)
	if errors.Is(err, board.ErrNotFound) {
		return Reply{Text: "This button has expired; use /kanban show and the /kanban verbs instead.", Private: true}
	}
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	cmd := act.command(text)
	if r, ok := c.authorize(ctx, a, cmd, "button"); !ok {
		return r
	}
	if r, stale := c.stale(ctx, act); stale {
		return r
	}
	if NeedsText(act.Verb) && strings.TrimSpace(text) == "" {
		return Reply{Prompt: &Prompt{Token: tok, Title: string(act.Verb) + " " + act.TaskID, Label: textVerbs[act.Verb]}}
	}
	t, err := c.decide(ctx, a, cmd)
	if errors.Is(err, board.ErrConflict) {
		if r, stale := c.stale(ctx, act); stale {
			return r // lost a race with another decision
		}
	}
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	return doneReply(cmd, t)
}

// command turns a button's action into the command it stands for.
func (act ButtonAction) command(text string) Command {
	cmd := Command{Verb: act.Verb, Board: act.Board, TaskID: act.TaskID, Text: strings.TrimSpace(text)}
	switch act.Verb {
	case VerbReview:
		cmd.Approve = true
	case VerbChanges:
		cmd.Verb = VerbReview
	case VerbConfirm:
		cmd.All = true
	}
	return cmd
}

// stale reports whether the button's gate is closed already, with the
// private "already decided by X at T" reply.
func (c *Chat) stale(ctx context.Context, act ButtonAction) (Reply, bool) {
	ref := board.Ref{Board: act.Board, ID: act.TaskID}
	ev, err := c.decisionAfter(ctx, ref, act.Gate)
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}, true
	}
	if ev != nil {
		return Reply{Text: "Already decided: " + outcomeText(ev) + ". Nothing was changed.", Private: true, Stale: true}, true
	}
	t, err := c.board.Get(ctx, ref)
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}, true
	}
	if t.Status != act.Status {
		return Reply{Text: "Already decided: " + t.ID + " is " + string(t.Status) + " now. Nothing was changed.", Private: true, Stale: true}, true
	}
	return Reply{}, false
}
