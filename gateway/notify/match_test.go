package notify_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// A task subscription gets its task's events from the moment it was made,
// in order, and nothing else.
func TestTaskSubscriptionStartsCaughtUp(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	a, other := b.create(t, "a"), b.create(t, "other")
	b.note(t, a) // before the subscription: never delivered
	sub := b.subscribe(t, a, "webhook:http://hook.test/a", board.ScopeTask)
	want := []string{b.note(t, a), b.note(t, a)}
	b.note(t, other)
	want = append(want, b.note(t, a))
	require.Equal(t, want, deliveredIDs(t, b.hook, sub, 3))
	d := b.hook.of(sub)[0]
	require.Equal(t, a, d.Task.ID, "the delivery carries the task")
	require.Equal(t, sub, d.Subscription.ID)
	require.Eventually(t, func() bool { // the ack follows the adapter's return
		s, err := b.store.Subscription(b.ctx, b.board, sub)
		return err == nil && s.Delivered == want[2] && s.Pending == 0
	}, wait, time.Millisecond)
}

// A subtree subscription covers tasks linked in after it was made, at any
// depth, and not tasks outside the subtree.
func TestSubtreeCoversTasksLinkedLater(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	a := b.create(t, "a")
	g := b.create(t, "goal", a)
	sub := b.subscribe(t, g, "webhook:http://hook.test/g", board.ScopeSubtree, board.EventRefused, board.EventLinked)
	c, d, outside := b.create(t, "c"), b.create(t, "d"), b.create(t, "outside")
	b.note(t, c) // not yet in the subtree
	// Membership is computed when an event is routed: let the router pass
	// c's note (the goal's sentinel comes after it) before c joins.
	sentinel := b.note(t, g)
	require.Equal(t, []string{sentinel}, deliveredIDs(t, b.hook, sub, 1))
	_, err := b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: c, Child: g, Actor: "test"})
	require.NoError(t, err)
	_, err = b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: d, Child: c, Actor: "test"})
	require.NoError(t, err)
	want := []string{b.note(t, a), b.note(t, c), b.note(t, d)}
	b.note(t, outside)
	want = append(want, b.note(t, g))
	ids := deliveredIDs(t, b.hook, sub, 7)
	require.Equal(t, want, ids[3:], "a, c (linked later), d (linked later, depth 2), then the goal")
	got := b.hook.of(sub)
	require.Len(t, got, 7)
	require.Equal(t, []string{g, c}, []string{got[1].Event.TaskID, got[2].Event.TaskID}, "the two linked events")
}

// The event-kind filter lets only the named kinds through.
func TestEventKindFilter(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	a := b.create(t, "a")
	sub := b.subscribe(t, a, "webhook:http://hook.test/f", board.ScopeTask, board.EventCompleted)
	all := b.subscribe(t, a, "webhook:http://hook.test/all", board.ScopeTask)
	b.note(t, a)
	b.complete(t, a, "shipped")
	deliveredIDs(t, b.hook, all, 3)
	deliveredIDs(t, b.hook, sub, 1)
	require.Equal(t, []board.EventKind{board.EventCompleted}, kinds(b.hook, sub))
	require.Equal(t, []board.EventKind{board.EventRefused, board.EventClaimed, board.EventCompleted}, kinds(b.hook, all))
}
