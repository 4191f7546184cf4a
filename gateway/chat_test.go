package gateway_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

var (
	ann      = gateway.Actor{Platform: "slack", ID: "U1", Name: "ann"}
	stranger = gateway.Actor{Platform: "slack", ID: "U9", Name: "mallory"}
)

type chatBundle struct {
	env  *chattest.Env
	chat *gateway.Chat
	subs *fakeSubscriber
}

func setupChat(t *testing.T) *chatBundle {
	t.Helper()
	env := chattest.New(t)
	subs := &fakeSubscriber{}
	return &chatBundle{env: env, subs: subs, chat: env.Chat("slack", &gateway.Approvers{Users: []string{"U1"}}, subs)}
}

func (b *chatBundle) run(a gateway.Actor, text string) gateway.Reply {
	return b.chat.Run(context.Background(), gateway.Request{Actor: a, Text: text, Here: "slack:C1/1700000000.000100"})
}

func TestReadingIsOpenDecidingIsNot(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	task, _ := b.env.Blocked(t, board.BlockApproval, "drop the old table")

	r := b.run(stranger, "list")
	require.Contains(t, r.Text, task.ID)
	require.Contains(t, r.Text, "Waiting on a person")
	require.Contains(t, b.run(stranger, "show "+task.ID).Text, "drop the old table")
	require.Contains(t, b.run(stranger, "help").Text, "/kanban approve")

	r = b.run(stranger, "approve "+task.ID)
	require.True(t, r.Refused)
	require.True(t, r.Private)
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status, "nothing changed")
	last := b.env.Last(t, task.ID)
	require.Equal(t, board.EventRefused, last.Kind)
	require.Equal(t, "slack:U9 (mallory)", last.Actor)
	require.Equal(t, "approve", last.DataString("verb"))

	r = b.run(ann, "approve "+task.ID+" go ahead")
	require.False(t, r.Refused)
	require.Contains(t, r.Text, "Approved "+task.ID)
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
	last = b.env.Last(t, task.ID)
	require.Equal(t, board.EventApproved, last.Kind)
	require.Equal(t, "slack:U1 (ann)", last.Actor)

	require.Contains(t, b.run(ann, "approve "+task.ID).Text, "is ready now", "the wrong status is named")
	require.Contains(t, b.run(ann, "bogus").Text, "unknown verb")
}

func TestButtonsRefuseThenPromptThenDecideThenGoStale(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	ctx := context.Background()
	task, ev := b.env.Blocked(t, board.BlockApproval, "rotate the key sk-abcdefghijklmnopqrstuvwx")
	n, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, "slack:C1"))
	require.NoError(t, err)
	require.Equal(t, board.StatusWaitingApproval, n.Gate)
	require.Equal(t, "Approval needed", n.Headline)
	require.NotContains(t, n.Lines[0].Text, "sk-abc", "secrets are redacted")
	require.Len(t, n.Buttons, 2)
	approve, deny := n.Buttons[0], n.Buttons[1]
	require.Equal(t, gateway.VerbApprove, approve.Verb)
	require.Equal(t, gateway.VerbDeny, deny.Verb)
	require.LessOrEqual(t, len(approve.Token), 60, "fits Telegram's callback_data")

	r := b.chat.Click(ctx, stranger, approve.Token, "")
	require.True(t, r.Refused)
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	require.Equal(t, board.EventRefused, b.env.Last(t, task.ID).Kind)

	r = b.chat.Click(ctx, ann, deny.Token, "")
	require.NotNil(t, r.Prompt, "deny asks for a reason first")
	require.Equal(t, deny.Token, r.Prompt.Token)
	r = b.chat.Click(ctx, ann, deny.Token, "not on a Friday")
	require.Contains(t, r.Text, "Denied")
	last := b.env.Last(t, task.ID)
	require.Equal(t, board.EventDenied, last.Kind)
	require.Equal(t, "not on a Friday", last.DataString("text"))

	r = b.chat.Click(ctx, ann, approve.Token, "")
	require.Contains(t, r.Text, "Already decided: Denied by slack:U1 (ann) at ")
	require.Equal(t, board.EventDenied, b.env.Last(t, task.ID).Kind, "a stale click changes nothing")
	require.Contains(t, b.chat.Click(ctx, ann, "nosuchtoken", "").Text, "expired")

	late, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, "slack:C1"))
	require.NoError(t, err)
	require.Empty(t, late.Buttons, "a notice delivered after the decision has no buttons")
	require.Contains(t, late.Outcome, "Denied by slack:U1 (ann)")
}

func TestAnswerReviewAndConfirmButtons(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	ctx := context.Background()
	click := func(ev board.Event, i int, text string) gateway.Reply {
		n, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, "slack:C1"))
		require.NoError(t, err)
		return b.chat.Click(ctx, ann, n.Buttons[i].Token, text)
	}
	q, ev := b.env.Blocked(t, board.BlockNeedsInput, "which region?")
	require.NotNil(t, click(ev, 0, "").Prompt)
	click(ev, 0, "eu-west-1")
	last := b.env.Last(t, q.ID)
	require.Equal(t, "eu-west-1", last.DataString("text"))

	auth, ev := b.env.Blocked(t, board.BlockAuth, "log in to the registry")
	click(ev, 0, "")
	require.Equal(t, board.StatusReady, b.env.Task(t, auth.ID).Status)

	rev, ev := b.env.InReview(t)
	click(ev, 1, "add a chart")
	require.Equal(t, board.EventChangesRequested, b.env.Last(t, rev.ID).Kind)

	parked, ev := b.env.Parked(t, "flip the DNS", "tell support")
	n, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, "slack:C1"))
	require.NoError(t, err)
	require.Equal(t, "flip the DNS", n.Lines[len(n.Lines)-2].Text, "parks list their actions")
	click(ev, 0, "")
	require.Equal(t, board.StatusDone, b.env.Task(t, parked.ID).Status)
	require.Equal(t, "slack:U1 (ann)", b.env.Task(t, parked.ID).OperatorActions[1].ConfirmedBy)
}

func TestSubscribeFromChat(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	task, _ := b.env.Blocked(t, board.BlockApproval, "x")
	r := b.run(stranger, "subscribe "+task.ID)
	require.True(t, r.Refused)
	require.Empty(t, b.subs.got)

	r = b.run(ann, "subscribe "+task.ID+" subtree")
	require.False(t, r.Private, "the channel sees it was subscribed")
	require.Contains(t, r.Text, "s_fake0001")
	require.Equal(t, board.SubscribeParams{
		Board: "default", Target: "slack:C1/1700000000.000100", TaskID: task.ID,
		Scope: board.ScopeSubtree, Actor: "slack:U1 (ann)",
	}, b.subs.got[0])
	require.Contains(t, b.run(ann, "unsubscribe s_fake0001").Text, "removed")
	require.Equal(t, []string{"s_fake0001"}, b.subs.removed)
	require.Contains(t, b.run(ann, "subscribe t_nosuch22").Text, "does not exist")
}

// fakeSubscriber records subscriptions as the notify store would make them.
type fakeSubscriber struct {
	mu      sync.Mutex
	got     []board.SubscribeParams
	removed []string
}

func (f *fakeSubscriber) Subscribe(_ context.Context, p board.SubscribeParams) (*board.Subscription, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.got = append(f.got, p)
	return &board.Subscription{ID: "s_fake0001", Board: p.Board, Target: p.Target, TaskID: p.TaskID, Scope: p.Scope}, nil
}

func (f *fakeSubscriber) Unsubscribe(_ context.Context, b, id string) (*board.Subscription, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.removed = append(f.removed, id)
	return &board.Subscription{ID: id, Board: b}, nil
}
