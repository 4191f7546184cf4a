package gateway

import (
	"context"
	"errors"
	"fmt"

	"github.com/switchboard/switchboard/board"
)

// decisionOps runs each deciding verb's board operation.
var decisionOps = map[Verb]func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error){
	VerbApprove: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Approve(ctx, ref, board.DecisionParams{Text: cmd.Text, Actor: actor})
	},
	VerbDeny: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Deny(ctx, ref, board.DecisionParams{Text: cmd.Text, Actor: actor})
	},
	VerbAnswer: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Answer(ctx, ref, board.DecisionParams{Text: cmd.Text, Actor: actor})
	},
	VerbResume: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Resume(ctx, ref, board.DecisionParams{Text: cmd.Text, Actor: actor})
	},
	VerbUnblock: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Unblock(ctx, ref, board.DecisionParams{Text: cmd.Text, Actor: actor})
	},
	VerbReview: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Review(ctx, ref, board.ReviewParams{Approve: cmd.Approve, Changes: cmd.Text, Actor: actor})
	},
	VerbConfirm: func(c *Chat, ctx context.Context, ref board.Ref, cmd Command, actor string) (*board.Task, error) {
		return c.board.Confirm(ctx, ref, board.ConfirmParams{All: cmd.All, Actions: cmd.Actions, Actor: actor})
	},
}

// donePast words each verb's success.
var donePast = map[Verb]string{
	VerbApprove: "👍 Approved", VerbDeny: "👎 Denied", VerbAnswer: "💬 Answered", VerbResume: "🔓 Resumed",
	VerbUnblock: "🔧 Unblocked", VerbReview: "✅ Reviewed", VerbConfirm: "☑️ Confirmed actions of",
}

// perform runs a deciding verb with the actor recorded on its event.
func (c *Chat) perform(ctx context.Context, a Actor, cmd Command) Reply {
	t, err := c.decide(ctx, a, cmd)
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	return doneReply(cmd, t)
}

func (c *Chat) decide(ctx context.Context, a Actor, cmd Command) (*board.Task, error) {
	op, ok := decisionOps[cmd.Verb]
	if !ok {
		return nil, board.Errorf(board.ErrInvalid, "unknown verb %q; try /kanban help", cmd.Verb)
	}
	return op(c, ctx, board.Ref{Board: cmd.Board, ID: cmd.TaskID}, cmd, a.String())
}

func doneReply(cmd Command, t *board.Task) Reply {
	past := donePast[cmd.Verb]
	if cmd.Verb == VerbReview && !cmd.Approve {
		past = "✏️ Requested changes on"
	}
	return Reply{Text: fmt.Sprintf("%s %s — %s. It is %s now.", past, t.ID, Cut(Redact(t.Title), maxTitle), t.Status), Private: true}
}

// subscription serves subscribe (this channel or thread, optionally the
// subtree) and unsubscribe.
func (c *Chat) subscription(ctx context.Context, req Request, cmd Command) Reply {
	if c.subs == nil {
		return Reply{Text: "Subscriptions are not available on this gateway.", Private: true}
	}
	if cmd.Verb == VerbUnsubscribe {
		if _, err := c.subs.Unsubscribe(ctx, cmd.Board, cmd.SubID); err != nil {
			return Reply{Text: c.errorText(err), Private: true}
		}
		return Reply{Text: "🔕 Subscription " + cmd.SubID + " removed."}
	}
	if _, err := c.board.Get(ctx, board.Ref{Board: cmd.Board, ID: cmd.TaskID}); err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	kind, _, err := board.ParseTarget(req.Here)
	if err != nil || kind != c.platform {
		return Reply{Text: "I cannot tell which channel or thread this is, so I cannot subscribe it.", Private: true}
	}
	scope := board.ScopeTask
	if cmd.Subtree {
		scope = board.ScopeSubtree
	}
	sub, err := c.subs.Subscribe(ctx, board.SubscribeParams{
		Board: cmd.Board, Target: req.Here, TaskID: cmd.TaskID, Scope: scope, Actor: req.Actor.String(),
	})
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	what := cmd.TaskID
	if cmd.Subtree {
		what += " and its subtree"
	}
	return Reply{Text: fmt.Sprintf("🔔 Here you will get the events of %s (subscription %s; /kanban unsubscribe %s stops it).", what, sub.ID, sub.ID)}
}

// errorText turns an error into a sentence for chat. Board errors carry
// their own; others are logged and hidden.
func (c *Chat) errorText(err error) string {
	var te *board.TransitionError
	switch {
	case errors.As(err, &te):
		return fmt.Sprintf("Nothing was changed: %s is %s now, and %s needs %s.", te.TaskID, te.Status, te.Op, joinStatus(board.Transitions[te.Op].From))
	case errors.Is(err, board.ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		return "The board store is unavailable; nothing was changed. Try again shortly."
	case errors.Is(err, board.ErrNotFound), errors.Is(err, board.ErrInvalid), errors.Is(err, board.ErrConflict), errors.Is(err, board.ErrForbidden):
		return "⚠️ " + err.Error()
	}
	c.log.Error("chat command failed", "err", err)
	return "Something went wrong; see the gateway log. Check the task with /kanban show before trying again."
}
