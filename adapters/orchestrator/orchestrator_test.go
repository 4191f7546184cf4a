package orchestrator_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/orchestrator"
	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/notify"
)

type bundle struct {
	ctx   context.Context
	store *rdb.Store
	orch  *orchestrator.Adapter
	board string
}

func setup(t *testing.T) *bundle {
	t.Helper()
	r := rdbtest.New(t)
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	return &bundle{ctx: context.Background(), store: st, board: "main",
		orch: orchestrator.New(st, orchestrator.Options{WakeLimit: 2, Logger: quiet()})}
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func (b *bundle) ref(id string) board.Ref { return board.Ref{Board: b.board, ID: id} }

func (b *bundle) create(t *testing.T, title string, parents ...string) string {
	t.Helper()
	task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: title, Parents: parents, Profile: "p"})
	require.NoError(t, err)
	return task.ID
}

func (b *bundle) status(t *testing.T, id string) board.Status {
	t.Helper()
	task, err := b.store.Get(b.ctx, b.ref(id))
	require.NoError(t, err)
	return task.Status
}

// run claims id (the only ready task) and blocks it with kind.
func (b *bundle) run(t *testing.T, id string, p board.BlockParams) {
	t.Helper()
	c, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.NoError(t, err)
	require.Equal(t, id, c.Task.ID)
	_, err = b.store.Block(b.ctx, board.RunRef{Board: b.board, TaskID: id, RunID: c.Run.ID}, p)
	require.NoError(t, err)
}

// triage delivers a triage notice naming stuck to goal's orchestrator.
func (b *bundle) triage(t *testing.T, goal string, stuck ...string) {
	t.Helper()
	data, err := json.Marshal(board.Notice{Goal: goal, Stuck: stuck, Snapshot: []board.SnapshotTask{{ID: goal}}})
	require.NoError(t, err)
	require.NoError(t, b.orch.Deliver(b.ctx, gateway.Delivery{
		Subscription: board.Subscription{ID: "s_test", Board: b.board, Kind: "orchestrator", Target: "orchestrator:" + goal},
		Event:        board.Event{ID: "1-1", Board: b.board, TaskID: goal, Kind: board.EventTriage, Data: data},
	}))
}

func (b *bundle) lastEvent(t *testing.T, id string) *board.Event {
	t.Helper()
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	return evs[len(evs)-1]
}

// The wake brake: after 2 consecutive wakes that resolved nothing the goal
// is not woken; orchestrator_braked tells the people subscribed to it. A
// wake that resolved something resets the count.
func TestWakeBrake(t *testing.T) {
	t.Parallel()
	b := setup(t)
	a := b.create(t, "a")
	g := b.create(t, "goal", a)
	b.run(t, a, board.BlockParams{Kind: board.BlockCapability, Reason: "no access"})
	sleep := func() { b.run(t, g, board.BlockParams{Kind: board.BlockDependency, Reason: "wait for a"}) }

	b.triage(t, g, a) // wake 1
	require.Equal(t, board.StatusReady, b.status(t, g))
	ev := b.lastEvent(t, g)
	require.Equal(t, board.EventPromoted, ev.Kind)
	require.Equal(t, "triage", ev.DataString("wake"))
	sleep()
	b.triage(t, g, a) // wake 1 resolved nothing: wake 2
	require.Equal(t, board.StatusReady, b.status(t, g))
	sleep()
	b.triage(t, g, a) // wake 2 resolved nothing either: braked
	require.Equal(t, board.StatusTodo, b.status(t, g))
	ev = b.lastEvent(t, g)
	require.Equal(t, board.EventOrchestratorBraked, ev.Kind)
	require.EqualValues(t, 2, ev.DataMap()["unresolved_wakes"])
	b.triage(t, g, a) // still braked
	require.Equal(t, board.StatusTodo, b.status(t, g))

	_, err := b.store.Unblock(b.ctx, b.ref(a), board.DecisionParams{Actor: "admin"}) // a person fixed a
	require.NoError(t, err)
	b.run(t, a, board.BlockParams{Kind: board.BlockAuth, Reason: "login"})
	x := b.create(t, "x")
	_, err = b.store.Link(b.ctx, board.LinkParams{Board: b.board, Parent: x, Child: g, Actor: "admin"})
	require.NoError(t, err)
	b.run(t, x, board.BlockParams{Kind: board.BlockCapability, Reason: "x"})
	b.triage(t, g, x) // a is no longer in the stuck set: something resolved, wake again
	require.Equal(t, board.StatusReady, b.status(t, g))

	atts, err := b.store.Attachments(b.ctx, b.ref(g))
	require.NoError(t, err)
	require.Len(t, atts, 5, "every triage snapshot is attached, braked or not")
	require.Equal(t, "triage", atts[0].Kind)
}

// End to end through the engine: a subtree task getting stuck wakes the
// goal with the triage snapshot; the goal's fan-in attaches its snapshot
// and the board makes it ready.
func TestOrchestratorThroughEngine(t *testing.T) {
	t.Parallel()
	b := setup(t)
	reg := gateway.NewRegistry()
	require.NoError(t, reg.Register(b.orch))
	e := notify.New(b.store, reg, notify.Options{CoalesceWindow: 50 * time.Millisecond, Block: 50 * time.Millisecond,
		Discover: 50 * time.Millisecond, Logger: quiet()})
	require.NoError(t, e.Start(b.ctx))
	t.Cleanup(func() { _ = e.Stop(context.Background()) })

	a, c := b.create(t, "a"), b.create(t, "c")
	goal, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "goal", Parents: []string{a, c},
		Profile: "p", Priority: 10}) // claimed before c once woken
	require.NoError(t, err)
	g := goal.ID
	_, err = b.store.Subscribe(b.ctx, board.SubscribeParams{Board: b.board, TaskID: g, Target: "orchestrator:" + g,
		Scope: board.ScopeSubtree, Actor: "admin"})
	require.NoError(t, err)
	e.Subscribed(b.board)
	b.run(t, a, board.BlockParams{Kind: board.BlockNeedsInput, Reason: "which db?"})
	require.Eventually(t, func() bool { return b.status(t, g) == board.StatusReady }, 15*time.Second, 5*time.Millisecond)

	b.run(t, g, board.BlockParams{Kind: board.BlockDependency, Reason: "wait"})
	_, err = b.store.Answer(b.ctx, b.ref(a), board.DecisionParams{Text: "postgres", Actor: "admin"})
	require.NoError(t, err)
	for _, id := range []string{a, c} {
		cl, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
		require.NoError(t, err)
		require.Equal(t, id, cl.Task.ID)
		_, err = b.store.Complete(b.ctx, board.RunRef{Board: b.board, TaskID: id, RunID: cl.Run.ID}, board.CompleteParams{Summary: id})
		require.NoError(t, err)
	}
	require.Eventually(t, func() bool {
		atts, err := b.store.Attachments(b.ctx, b.ref(g))
		return err == nil && len(atts) == 2 && atts[1].Kind == "fan_in"
	}, 15*time.Second, 5*time.Millisecond)
	require.Equal(t, board.StatusReady, b.status(t, g))
}
