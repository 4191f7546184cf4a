package rdb_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func TestChildWaitsThenIsPromoted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p1, p2 := b.create(t, "research a"), b.create(t, "research b")
	child := b.create(t, "write", p1.ID, p2.ID)
	require.Equal(t, board.StatusTodo, child.Status)
	require.Equal(t, sorted(p1.ID, p2.ID), child.Parents)
	require.Equal(t, []string{child.ID}, b.get(t, p1.ID).Children)

	_, err := b.store.Complete(b.ctx, b.claim(t, p1.ID), board.CompleteParams{Summary: "a"})
	require.NoError(t, err)
	require.Equal(t, board.StatusTodo, b.get(t, child.ID).Status, "one parent still open")

	_, err = b.store.Complete(b.ctx, b.claim(t, p2.ID), board.CompleteParams{Summary: "b"})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, b.get(t, child.ID).Status)
	require.Equal(t, []board.EventKind{board.EventCreated, board.EventPromoted}, b.kinds(t, child.ID))
	evs, err := b.store.Events(b.ctx, b.ref(child.ID))
	require.NoError(t, err)
	require.Equal(t, board.ActorSystem, evs[1].Actor)
	require.Equal(t, p2.ID, evs[1].DataString("parent"))
}

func TestCreateWithDoneParentIsReady(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.create(t, "p")
	_, err := b.store.Complete(b.ctx, b.claim(t, p.ID), board.CompleteParams{})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, b.create(t, "c", p.ID).Status)
}

func TestReviewApproveAndConfirmPromoteChildren(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.create(t, "p")
	c := b.create(t, "c", p.ID)
	_, err := b.store.RequestReview(b.ctx, b.claim(t, p.ID), "s")
	require.NoError(t, err)
	_, err = b.store.Review(b.ctx, b.ref(p.ID), board.ReviewParams{Approve: true})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, b.get(t, c.ID).Status)
}

func TestLinkRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	a, c := b.create(t, "a"), b.create(t, "c")
	task, err := b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: a.ID, Child: c.ID})
	require.NoError(t, err)
	require.Equal(t, board.StatusTodo, task.Status, "a ready child of an open parent waits")

	_, err = b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: a.ID, Child: c.ID})
	require.ErrorIs(t, err, board.ErrConflict, "already linked")
	_, err = b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: c.ID, Child: a.ID})
	require.ErrorIs(t, err, board.ErrConflict)
	require.Contains(t, err.Error(), "cycle")
	_, err = b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: a.ID, Child: a.ID})
	require.ErrorIs(t, err, board.ErrConflict)
	_, err = b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: "t_nothere2", Child: c.ID})
	require.ErrorIs(t, err, board.ErrNotFound)
	require.Contains(t, err.Error(), "t_nothere2")
	_, err = b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "x", Parents: []string{"t_nothere2"}})
	require.ErrorIs(t, err, board.ErrNotFound)
}

func TestLongCycleRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// a <- b <- c <- d (each waits on the previous).
	a := b.create(t, "a")
	prev := a.ID
	for _, n := range []string{"b", "c", "d"} {
		prev = b.create(t, n, prev).ID
	}
	_, err := b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: prev, Child: a.ID})
	require.ErrorIs(t, err, board.ErrConflict)
	require.Contains(t, err.Error(), "cycle")
	require.Empty(t, b.get(t, a.ID).Parents, "nothing was linked")
}

func TestParentOnAnotherBoardIsUnknown(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := b.create(t, "elsewhere")
	b.board = "second"
	_, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "x", Parents: []string{other.ID}})
	require.ErrorIs(t, err, board.ErrNotFound)
	require.Contains(t, err.Error(), "board second")
}

func TestDependencyBlockWaitsForNewParents(t *testing.T) {
	t.Parallel()
	b := setup(t)
	goal := b.create(t, "goal")
	run := b.claim(t, goal.ID)
	sub := b.create(t, "sub")
	task, err := b.store.Block(b.ctx, run, board.BlockParams{Kind: board.BlockDependency, Reason: "split", Parents: []string{sub.ID}})
	require.NoError(t, err)
	require.Equal(t, board.StatusTodo, task.Status)
	require.Equal(t, 0, task.BlockRecurrences, "dependency blocks do not count")
	require.Equal(t, []string{sub.ID}, task.Parents)

	_, err = b.store.Complete(b.ctx, b.claim(t, sub.ID), board.CompleteParams{Summary: "sub done"})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, b.get(t, goal.ID).Status)
}

func TestDependencyBlockRefusesCycleAndChangesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	goal := b.create(t, "goal")
	child := b.create(t, "child", goal.ID)
	run := b.claim(t, goal.ID)
	_, err := b.store.Block(b.ctx, run, board.BlockParams{Kind: board.BlockDependency, Reason: "x", Parents: []string{child.ID}})
	require.ErrorIs(t, err, board.ErrConflict)
	got := b.get(t, goal.ID)
	require.Equal(t, board.StatusRunning, got.Status)
	require.Equal(t, run.RunID, got.CurrentRunID)
}

// TestCompletionCostFollowsChildren: completing a task touches only its
// children, so an unrelated todo task elsewhere is never promoted.
func TestCompletionCostFollowsChildren(t *testing.T) {
	t.Parallel()
	b := setup(t)
	blocker := b.createTriage(t)
	unrelated := b.create(t, "waits elsewhere", blocker)
	p := b.create(t, "p")
	_, err := b.store.Complete(b.ctx, b.claim(t, p.ID), board.CompleteParams{})
	require.NoError(t, err)
	require.Equal(t, board.StatusTodo, b.get(t, unrelated.ID).Status)
}

func sorted(ids ...string) []string {
	if ids[0] > ids[1] {
		ids[0], ids[1] = ids[1], ids[0]
	}
	return ids
}
