package rdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

func (b *bundle) subscribe(t *testing.T, task, target string, scope board.Scope) *board.Subscription {
	t.Helper()
	sub, err := b.store.Subscribe(b.ctx, board.SubscribeParams{Board: b.board, TaskID: task, Target: target, Scope: scope, Actor: "admin"})
	require.NoError(t, err)
	return sub
}

// routeNext reads the next new entry in the delivery group and routes it.
func (b *bundle) routeNext(t *testing.T) (*board.Event, rdb.Routed) {
	t.Helper()
	evs, err := b.store.ReadGroup(b.ctx, b.board, "c1", false, 1, 0)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	r, err := b.store.Route(b.ctx, evs, rdb.RouteParams{Window: time.Second, OutboxCap: 3, WalkBound: 100})
	require.NoError(t, err)
	return evs[0], r[0]
}

func TestSubscriptionLifecycle(t *testing.T) {
	t.Parallel()
	b := setup(t)
	a := b.create(t, "a").ID
	sub := b.subscribe(t, a, "webhook:https://x.test/h", board.ScopeTask)
	require.Equal(t, board.SubscriptionActive, sub.Status)
	require.Equal(t, "webhook", sub.Kind)
	require.Equal(t, "admin", sub.CreatedBy)

	_, err := b.store.Subscribe(b.ctx, board.SubscribeParams{Board: b.board, TaskID: a, Target: "webhook:https://x.test/h"})
	require.ErrorIs(t, err, board.ErrConflict, "the same target, task and scope twice")
	_, err = b.store.Subscribe(b.ctx, board.SubscribeParams{Board: b.board, TaskID: "t_nothere", Target: "discord:1"})
	require.ErrorIs(t, err, board.ErrNotFound)

	other := b.subscribe(t, b.create(t, "b").ID, "discord:42", board.ScopeSubtree)
	all, err := b.store.Subscriptions(b.ctx, b.board, "")
	require.NoError(t, err)
	require.ElementsMatch(t, []string{sub.ID, other.ID}, []string{all[0].ID, all[1].ID})
	mine, err := b.store.Subscriptions(b.ctx, b.board, a)
	require.NoError(t, err)
	require.Len(t, mine, 1)

	gone, err := b.store.Unsubscribe(b.ctx, b.board, other.ID)
	require.NoError(t, err)
	require.Equal(t, other.ID, gone.ID)
	_, err = b.store.Subscription(b.ctx, b.board, other.ID)
	require.ErrorIs(t, err, board.ErrNotFound)
	_, err = b.store.Unsubscribe(b.ctx, b.board, other.ID)
	require.ErrorIs(t, err, board.ErrNotFound)
}

// Route is idempotent per stream entry, respects the subscription's start,
// and the outbox bound drops the oldest with a count.
func TestRouteOncePerEntry(t *testing.T) {
	t.Parallel()
	b := setup(t)
	a := b.create(t, "a").ID
	sub := b.subscribe(t, a, "discord:1", board.ScopeTask)
	for range 5 {
		_, err := b.store.Note(b.ctx, b.ref(a), board.EventRefused, "x", nil)
		require.NoError(t, err)
	}
	ev, r := b.routeNext(t)
	require.True(t, r.Acked)
	require.Equal(t, []string{sub.ID}, r.Subscriptions)
	again, err := b.store.Route(b.ctx, []*board.Event{ev}, rdb.RouteParams{Window: time.Second, OutboxCap: 3, WalkBound: 100})
	require.NoError(t, err)
	require.False(t, again[0].Acked, "a reclaimed duplicate of a routed entry changes nothing")
	for range 4 {
		b.routeNext(t)
	}
	s, err := b.store.Subscription(b.ctx, b.board, sub.ID)
	require.NoError(t, err)
	require.EqualValues(t, 3, s.Pending, "the outbox keeps its bound")
	require.EqualValues(t, 2, s.Dropped, "and counts what it dropped")

	box, err := b.store.Outbox(b.ctx, b.board, sub.ID, 10)
	require.NoError(t, err)
	recovered, err := b.store.Delivered(b.ctx, b.board, sub.ID, box[1].ID)
	require.NoError(t, err)
	require.False(t, recovered)
	s, err = b.store.Subscription(b.ctx, b.board, sub.ID)
	require.NoError(t, err)
	require.EqualValues(t, 3, s.Pending, "only the head is popped")
}

// notifyWrites leaves every notification key in place, for TestKeyLayout.
func (b *bundle) notifyWrites(t *testing.T) {
	t.Helper()
	a := b.create(t, "na").ID
	g := b.create(t, "ng", a).ID
	b.subscribe(t, g, "orchestrator:"+g, board.ScopeSubtree)
	_, err := b.store.Block(b.ctx, b.claim(t, a), board.BlockParams{Kind: board.BlockCapability, Reason: "stuck"})
	require.NoError(t, err)
	for {
		evs, err := b.store.ReadGroup(b.ctx, b.board, "c1", false, 10, 0)
		require.NoError(t, err)
		if len(evs) == 0 {
			break
		}
		_, err = b.store.Route(b.ctx, evs, rdb.RouteParams{Window: time.Hour, OutboxCap: 10, WalkBound: 100})
		require.NoError(t, err)
	}
	due, err := b.store.DueGoals(b.ctx, b.board, b.clock.Now().Add(2*time.Hour), 10)
	require.NoError(t, err)
	require.Equal(t, []string{g}, due)
	_, _, err = b.store.Wake(b.ctx, b.ref(g), board.WakeParams{Notice: board.Notice{Goal: g, Stuck: []string{a}}, Limit: 2})
	require.NoError(t, err)
}
