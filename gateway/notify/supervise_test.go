package notify_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func notice(t *testing.T, ev board.Event) board.Notice {
	t.Helper()
	var n board.Notice
	require.NoError(t, json.Unmarshal(ev.Data, &n))
	return n
}

// fan_in comes once when every parent of the goal is done, with the
// snapshot; later events in the subtree do not repeat it.
func TestFanInOnce(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	pa, pb := b.create(t, "a"), b.create(t, "b")
	g := b.create(t, "goal", pa, pb)
	sub := b.subscribe(t, g, "webhook:http://hook.test/g", board.ScopeSubtree, board.EventFanIn, board.EventTriage)
	b.complete(t, pa, "a done")
	b.settled(t)
	b.complete(t, pb, "b done")
	deliveredIDs(t, b.hook, sub, 1)
	b.note(t, pa) // another check of the same, fanned-in parent set
	b.settled(t)
	b.complete(t, g, "goal done") // the goal's own events trigger no check
	b.settled(t)
	require.Equal(t, []board.EventKind{board.EventFanIn}, kinds(b.hook, sub))

	d := b.hook.of(sub)[0]
	require.Equal(t, g, d.Event.TaskID)
	n := notice(t, d.Event)
	require.Equal(t, g, n.Goal)
	require.Len(t, n.Snapshot, 3)
	require.Equal(t, g, n.Snapshot[0].ID)
	for _, st := range n.Snapshot[1:] {
		require.Equal(t, board.StatusDone, st.Status)
		require.Contains(t, []string{"a done", "b done"}, st.Summary)
	}
}

// A burst of tasks getting stuck within the window makes one triage
// notice naming them all, and no fan_in.
func TestTriageCoalesced(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	pa, pb, pc := b.create(t, "a"), b.create(t, "b"), b.create(t, "c")
	g := b.create(t, "goal", pa, pb, pc)
	sub := b.subscribe(t, g, "webhook:http://hook.test/g", board.ScopeSubtree, board.EventFanIn, board.EventTriage)
	b.block(t, pa, board.BlockCapability)
	b.block(t, pb, board.BlockNeedsInput)
	b.block(t, pc, board.BlockApproval)
	deliveredIDs(t, b.hook, sub, 1)
	b.settled(t)
	require.Equal(t, []board.EventKind{board.EventTriage}, kinds(b.hook, sub))
	n := notice(t, b.hook.of(sub)[0].Event)
	require.ElementsMatch(t, []string{pa, pb, pc}, n.Stuck)

	// A later stuck task is a new burst: a new notice.
	pd := b.create(t, "d")
	_, err := b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: pd, Child: g, Actor: "test"})
	require.NoError(t, err)
	b.block(t, pd, board.BlockAuth)
	deliveredIDs(t, b.hook, sub, 2)
	b.settled(t)
	require.Equal(t, []board.EventKind{board.EventTriage, board.EventTriage}, kinds(b.hook, sub))
	require.Contains(t, notice(t, b.hook.of(sub)[1].Event).Stuck, pd)
}
