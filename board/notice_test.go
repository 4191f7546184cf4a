package board_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func TestSuperviseIsExclusive(t *testing.T) {
	t.Parallel()
	task := func(id string, st board.Status, parents ...string) *board.Task {
		return &board.Task{ID: id, Status: st, Parents: parents}
	}
	g := task("t_goal", board.StatusTodo, "t_aaaa", "t_bbbb")
	deep := task("t_deep", board.StatusBlocked) // a parent's parent, stuck
	cases := []struct {
		name   string
		sub    []*board.Task
		triage bool
		want   board.EventKind
	}{
		{"all done: fan_in, even with a triage trigger", []*board.Task{task("t_aaaa", board.StatusDone), task("t_bbbb", board.StatusAwaitingOperator), deep}, true, board.EventFanIn},
		{"one stuck, triggered: triage", []*board.Task{task("t_aaaa", board.StatusWaitingHuman), task("t_bbbb", board.StatusRunning)}, true, board.EventTriage},
		{"stuck but no trigger since: none", []*board.Task{task("t_aaaa", board.StatusWaitingHuman), task("t_bbbb", board.StatusRunning)}, false, ""},
		{"triggered but resolved already: none", []*board.Task{task("t_aaaa", board.StatusReady), task("t_bbbb", board.StatusRunning)}, true, ""},
	}
	for _, c := range cases {
		kind, n := board.Supervise(g, c.sub, c.triage)
		require.Equal(t, c.want, kind, c.name)
		require.Len(t, n.Snapshot, len(c.sub)+1, c.name)
		require.Equal(t, "t_goal", n.Snapshot[0].ID)
		if kind == board.EventFanIn {
			require.Empty(t, n.Stuck, "a fan_in names nothing stuck")
		}
	}
	kind, _ := board.Supervise(task("t_lone", board.StatusReady), nil, true)
	require.Empty(t, kind, "a goal with no parents never fans in")
	require.Equal(t, "t_aaaa,t_bbbb", board.FanInSignature(task("t_g", board.StatusTodo, "t_bbbb", "t_aaaa")))
}

func TestEntersStuck(t *testing.T) {
	t.Parallel()
	for kind, want := range map[board.EventKind]bool{
		board.EventBlocked: true, board.EventWaiting: true, board.EventReviewRequested: true,
		board.EventGaveUp: true, board.EventCircuitOpen: true, board.EventCompleted: false,
		board.EventDependencyWait: false, board.EventClaimed: false,
	} {
		require.Equal(t, want, board.EntersStuck(&board.Event{Kind: kind}), kind)
	}
	require.True(t, board.EntersStuck(&board.Event{Kind: board.EventCreated, Data: []byte(`{"status":"triage"}`)}))
	require.False(t, board.EntersStuck(&board.Event{Kind: board.EventCreated, Data: []byte(`{"status":"ready"}`)}))
}

func TestSubscribeParamsValidate(t *testing.T) {
	t.Parallel()
	ok := board.SubscribeParams{Board: "main", TaskID: "t_abcd", Target: "discord:123"}
	kind, err := ok.Validate()
	require.NoError(t, err)
	require.Equal(t, "discord", kind)
	require.Equal(t, board.ScopeTask, ok.Scope, "task scope by default")
	orch := board.SubscribeParams{Board: "main", TaskID: "t_abcd", Target: "orchestrator:t_abcd", Scope: board.ScopeSubtree}
	_, err = orch.Validate()
	require.NoError(t, err)
	require.Equal(t, []board.EventKind{board.EventFanIn, board.EventTriage}, orch.Events, "all an orchestrator acts on")
	for msg, p := range map[string]board.SubscribeParams{
		"unknown target kind":  {Board: "main", TaskID: "t_abcd", Target: "pager:1"},
		"malformed target":     {Board: "main", TaskID: "t_abcd", Target: "discord:#general"},
		"needs --subtree":      {Board: "main", TaskID: "t_abcd", Target: "orchestrator:t_abcd"},
		"notices need subtree": {Board: "main", TaskID: "t_abcd", Target: "slack:C1", Events: []board.EventKind{board.EventFanIn}},
		"unknown event kind":   {Board: "main", TaskID: "t_abcd", Target: "slack:C1", Events: []board.EventKind{"exploded"}},
		"unknown scope":        {Board: "main", TaskID: "t_abcd", Target: "slack:C1", Scope: "board"},
	} {
		_, err := p.Validate()
		require.ErrorIs(t, err, board.ErrInvalid, msg)
	}
	_, err = board.ParseEventKinds("completed, nope")
	require.ErrorContains(t, err, `unknown event kind "nope"`)
	ks, err := board.ParseEventKinds("completed,blocked,completed")
	require.NoError(t, err)
	require.Equal(t, []board.EventKind{board.EventCompleted, board.EventBlocked}, ks)
}
