package gateway_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

// editingAdapter is a delivery adapter that records the edits asked of it.
type editingAdapter struct {
	mu    sync.Mutex
	edits []gateway.NoticeRecord
}

func (a *editingAdapter) Kind() string                                    { return "slack" }
func (a *editingAdapter) Deliver(context.Context, gateway.Delivery) error { return nil }
func (a *editingAdapter) EditNotice(_ context.Context, rec gateway.NoticeRecord) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.edits = append(a.edits, rec)
	return nil
}

func (a *editingAdapter) list() []gateway.NoticeRecord {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]gateway.NoticeRecord(nil), a.edits...)
}

// TestFollowerEditsNoticesAfterACLIDecision: a decision made outside chat
// (the admin API) edits every delivered copy of the gate's notice.
func TestFollowerEditsNoticesAfterACLIDecision(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	ctx := context.Background()
	ed := &editingAdapter{}
	reg := gateway.NewRegistry()
	require.NoError(t, reg.Register(ed))
	task, ev := b.env.Blocked(t, board.BlockApproval, "ship it")
	f := gateway.NewFollower(gateway.FollowerParams{Feed: b.env.State, Store: b.env.State, Registry: reg, Poll: 10 * time.Millisecond})
	require.NoError(t, f.Start(ctx))
	t.Cleanup(func() { require.NoError(t, f.Stop(ctx)); require.NoError(t, f.Stop(ctx)) })

	for i, target := range []string{"slack:C1", "slack:C2/1700000000.000100"} {
		n, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, target))
		require.NoError(t, err)
		require.NoError(t, b.chat.Delivered(ctx, n, target, "msg"+string(rune('1'+i)), ed))
	}
	_, err := b.env.Store.Approve(ctx, b.env.Ref(task.ID), board.DecisionParams{Actor: board.ActorAdmin})
	require.NoError(t, err)

	chattest.Eventually(t, func() bool { return len(ed.list()) == 2 }, "both copies edited")
	for _, rec := range ed.list() {
		require.True(t, rec.Closed)
		require.Empty(t, rec.Notice.Buttons)
		require.Contains(t, rec.Notice.Outcome, "Approved by admin at ")
	}
}

// TestDeliveredEditsAtOnceWhenTheGateClosedOnTheWay covers a notice posted
// after the decision was already made (a lagging delivery).
func TestDeliveredEditsAtOnceWhenTheGateClosedOnTheWay(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	ctx := context.Background()
	task, ev := b.env.Blocked(t, board.BlockApproval, "ship it")
	n, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, "slack:C1"))
	require.NoError(t, err)
	require.NotEmpty(t, n.Buttons)
	_, err = b.env.Store.Approve(ctx, b.env.Ref(task.ID), board.DecisionParams{Actor: board.ActorAdmin})
	require.NoError(t, err)
	ed := &editingAdapter{}
	require.NoError(t, b.chat.Delivered(ctx, n, "slack:C1", "m1", ed))
	require.Len(t, ed.list(), 1)
	require.True(t, ed.list()[0].Closed)
}

func TestPartialConfirmKeepsTheButtons(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	ctx := context.Background()
	task, ev := b.env.Parked(t, "a", "b")
	n, err := b.chat.Notice(ctx, b.env.Delivery(t, ev, "slack:C1"))
	require.NoError(t, err)
	require.NoError(t, b.chat.Delivered(ctx, n, "slack:C1", "m1", &editingAdapter{}))
	reg := gateway.NewRegistry()
	ed := &editingAdapter{}
	require.NoError(t, reg.Register(ed))
	f := gateway.NewFollower(gateway.FollowerParams{Feed: b.env.State, Store: b.env.State, Registry: reg, Poll: 10 * time.Millisecond})
	require.NoError(t, f.Start(ctx))
	t.Cleanup(func() { _ = f.Stop(ctx) })
	require.Contains(t, b.run(ann, "confirm "+task.ID+" 1").Text, "Confirmed")
	chattest.Eventually(t, func() bool { return len(ed.list()) == 1 }, "edited once")
	require.False(t, ed.list()[0].Closed)
	require.NotEmpty(t, ed.list()[0].Notice.Buttons)
	require.Contains(t, ed.list()[0].Notice.Outcome, "Actions 1 confirmed by slack:U1 (ann)")
	require.Contains(t, b.run(ann, "confirm "+task.ID+" all").Text, "Confirmed")
	chattest.Eventually(t, func() bool { return len(ed.list()) == 2 }, "closed")
	require.True(t, ed.list()[1].Closed)
}
