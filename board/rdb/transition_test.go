package rdb_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// toStatus makes a fresh task in status st on b's board and returns it with
// the run that holds it (zero unless it is running).
func (b *bundle) toStatus(t *testing.T, st board.Status) (string, board.RunRef) {
	t.Helper()
	ctx, s := b.ctx, b.store
	switch st {
	case board.StatusTriage:
		task, err := s.Create(ctx, board.CreateParams{Board: b.board, Title: "t", Triage: true})
		require.NoError(t, err)
		return task.ID, board.RunRef{}
	case board.StatusTodo:
		parent := b.create(t, "parent")
		_, err := s.Archive(ctx, b.ref(parent.ID), "")
		require.NoError(t, err)
		unarchived := b.createTriage(t)
		return b.create(t, "child", unarchived).ID, board.RunRef{}
	case board.StatusReady:
		return b.create(t, "t").ID, board.RunRef{}
	case board.StatusArchived:
		id := b.create(t, "t").ID
		_, err := s.Archive(ctx, b.ref(id), "")
		require.NoError(t, err)
		return id, board.RunRef{}
	}
	id := b.create(t, "t").ID
	run := b.claim(t, id)
	if st == board.StatusRunning {
		return id, run
	}
	var err error
	switch st {
	case board.StatusBlocked:
		_, err = s.Block(ctx, run, board.BlockParams{Kind: board.BlockCapability, Reason: "no gpu"})
	case board.StatusWaitingHuman:
		_, err = s.Block(ctx, run, board.BlockParams{Kind: board.BlockNeedsInput, Reason: "which repo?"})
	case board.StatusWaitingAuth:
		_, err = s.Block(ctx, run, board.BlockParams{Kind: board.BlockAuth, Reason: "log in"})
	case board.StatusWaitingApproval:
		_, err = s.Block(ctx, run, board.BlockParams{Kind: board.BlockApproval, Reason: "drop table?"})
	case board.StatusWaitingReview:
		_, err = s.RequestReview(ctx, run, "please look")
	case board.StatusAwaitingOperator:
		_, err = s.Park(ctx, run, board.ParkParams{Summary: "s", Actions: []board.OperatorAction{{Action: "buy domain"}}})
	case board.StatusDone:
		_, err = s.Complete(ctx, run, board.CompleteParams{Summary: "s"})
	}
	require.NoError(t, err)
	require.Equal(t, st, b.get(t, id).Status)
	return id, run
}

func (b *bundle) createTriage(t *testing.T) string {
	t.Helper()
	task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "p", Triage: true})
	require.NoError(t, err)
	return task.ID
}

// personOps are the operations a person calls on a task.
var personOps = map[board.Op]func(b *bundle, id string) (*board.Task, error){
	board.OpAnswer: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Answer(b.ctx, b.ref(id), board.DecisionParams{Text: "main"})
	},
	board.OpApprove: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Approve(b.ctx, b.ref(id), board.DecisionParams{})
	},
	board.OpDeny: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Deny(b.ctx, b.ref(id), board.DecisionParams{Text: "too risky"})
	},
	board.OpResume: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Resume(b.ctx, b.ref(id), board.DecisionParams{})
	},
	board.OpReview: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Review(b.ctx, b.ref(id), board.ReviewParams{Approve: true})
	},
	board.OpConfirm: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Confirm(b.ctx, b.ref(id), board.ConfirmParams{All: true})
	},
	board.OpUnblock: func(b *bundle, id string) (*board.Task, error) {
		return b.store.Unblock(b.ctx, b.ref(id), board.DecisionParams{})
	},
	board.OpReopen:  func(b *bundle, id string) (*board.Task, error) { return b.store.Reopen(b.ctx, b.ref(id), "") },
	board.OpArchive: func(b *bundle, id string) (*board.Task, error) { return b.store.Archive(b.ctx, b.ref(id), "") },
}

// TestPersonOpsEveryStatus runs each person operation from every status:
// a legal one ends in a status the table allows and appends one event; a
// refused one names the current status and changes nothing.
func TestPersonOpsEveryStatus(t *testing.T) {
	t.Parallel()
	for op, do := range personOps {
		t.Run(string(op), func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			for _, st := range board.Statuses {
				b.board = "b-" + string(st)
				id, _ := b.toStatus(t, st)
				before, events := b.get(t, id), len(b.kinds(t, id))
				after, err := do(b, id)
				if !op.Allows(st) {
					var te *board.TransitionError
					require.ErrorAs(t, err, &te, "%s from %s", op, st)
					require.Equal(t, st, te.Status)
					require.Contains(t, err.Error(), string(st))
					require.True(t, errors.Is(err, board.ErrConflict))
					require.Equal(t, before, b.get(t, id), "%s from %s changed the task", op, st)
					require.Len(t, b.kinds(t, id), events)
					continue
				}
				require.NoError(t, err, "%s from %s", op, st)
				require.True(t, op.CanEnd(after.Status), "%s from %s ended in %s", op, st, after.Status)
				require.Len(t, b.kinds(t, id), events+1, "%s from %s", op, st)
			}
		})
	}
}

// workerOps are a worker's terminal calls.
var workerOps = map[string]func(b *bundle, run board.RunRef) (*board.Task, error){
	"complete": func(b *bundle, run board.RunRef) (*board.Task, error) {
		return b.store.Complete(b.ctx, run, board.CompleteParams{Summary: "s"})
	},
	"block": func(b *bundle, run board.RunRef) (*board.Task, error) {
		return b.store.Block(b.ctx, run, board.BlockParams{Kind: board.BlockTransient, Reason: "ci busy"})
	},
	"request_review": func(b *bundle, run board.RunRef) (*board.Task, error) {
		return b.store.RequestReview(b.ctx, run, "s")
	},
	"park": func(b *bundle, run board.RunRef) (*board.Task, error) {
		return b.store.Park(b.ctx, run, board.ParkParams{Actions: []board.OperatorAction{{Action: "a"}}})
	},
	"crashed": func(b *bundle, run board.RunRef) (*board.Task, error) {
		return b.store.EndRun(b.ctx, run, board.EndRunParams{Outcome: board.OutcomeCrashed})
	},
}

// TestWorkerCallFromStaleRun: once a run is over, every worker call from it
// is refused with ErrStaleRun and changes nothing, even after a new run.
func TestWorkerCallFromStaleRun(t *testing.T) {
	t.Parallel()
	for name, do := range workerOps {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			id := b.create(t, "t").ID
			old := b.claim(t, id)
			_, err := b.store.EndRun(b.ctx, old, board.EndRunParams{Outcome: board.OutcomeProtocolViolation})
			require.NoError(t, err)
			current := b.claim(t, id)
			before, events := b.get(t, id), len(b.kinds(t, id))

			_, err = do(b, old)
			var se *board.StaleRunError
			require.ErrorAs(t, err, &se)
			require.ErrorIs(t, err, board.ErrStaleRun)
			require.Equal(t, current.RunID, se.CurrentRun)
			require.Equal(t, before, b.get(t, id))
			require.Len(t, b.kinds(t, id), events)
			require.Error(t, b.store.Heartbeat(b.ctx, old, ""))
			_, err = b.store.Comment(b.ctx, old, "late")
			require.ErrorIs(t, err, board.ErrStaleRun)

			_, err = do(b, current)
			require.NoError(t, err, "the current run still may call")
		})
	}
}

func TestWorkerCallOnTaskNotRunning(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id, _ := b.toStatus(t, board.StatusWaitingHuman)
	runs, err := b.store.Runs(b.ctx, b.ref(id))
	require.NoError(t, err)
	_, err = b.store.Complete(b.ctx, board.RunRef{Board: b.board, TaskID: id, RunID: runs[0].ID}, board.CompleteParams{})
	require.ErrorIs(t, err, board.ErrStaleRun)
	require.Contains(t, err.Error(), "waiting_human")
}

// TestBlockKinds checks where each worker block kind leaves a task.
func TestBlockKinds(t *testing.T) {
	t.Parallel()
	want := map[board.BlockKind]board.Status{
		board.BlockDependency: board.StatusReady, // no unfinished parent named
		board.BlockNeedsInput: board.StatusWaitingHuman,
		board.BlockAuth:       board.StatusWaitingAuth,
		board.BlockApproval:   board.StatusWaitingApproval,
		board.BlockCapability: board.StatusBlocked,
		board.BlockTransient:  board.StatusBlocked,
	}
	events := map[board.BlockKind]board.EventKind{
		board.BlockDependency: board.EventDependencyWait, board.BlockNeedsInput: board.EventWaiting,
		board.BlockAuth: board.EventWaiting, board.BlockApproval: board.EventWaiting,
		board.BlockCapability: board.EventBlocked, board.BlockTransient: board.EventBlocked,
	}
	for kind, st := range want {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			id := b.create(t, "t").ID
			task, err := b.store.Block(b.ctx, b.claim(t, id), board.BlockParams{Kind: kind, Reason: "why"})
			require.NoError(t, err)
			require.Equal(t, st, task.Status)
			require.Equal(t, kind, task.BlockKind)
			require.Equal(t, "why", task.BlockReason)
			require.Empty(t, task.CurrentRunID)
			k := b.kinds(t, id)
			require.Equal(t, events[kind], k[len(k)-1])
		})
	}
}

func TestWaitingGateEventNamesGate(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id, _ := b.toStatus(t, board.StatusWaitingAuth)
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	last := evs[len(evs)-1]
	require.Equal(t, board.EventWaiting, last.Kind)
	require.Equal(t, "auth", last.DataString("gate"))
	require.Equal(t, "log in", last.DataString("reason"))
}

func TestReviewRequestChanges(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id, _ := b.toStatus(t, board.StatusWaitingReview)
	_, err := b.store.Review(b.ctx, b.ref(id), board.ReviewParams{})
	require.ErrorIs(t, err, board.ErrInvalid, "changes need text")
	task, err := b.store.Review(b.ctx, b.ref(id), board.ReviewParams{Changes: "add tests", Actor: "slack:U1"})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, task.Status)
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	last := evs[len(evs)-1]
	require.Equal(t, board.EventChangesRequested, last.Kind)
	require.Equal(t, "add tests", last.DataString("text"))
	require.Equal(t, "slack:U1", last.Actor)
}

func TestConfirmActionsOneByOne(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "launch").ID
	_, err := b.store.Park(b.ctx, b.claim(t, id), board.ParkParams{Summary: "site built", Actions: []board.OperatorAction{
		{Action: "buy domain", Check: "host example.com"}, {Action: "publish DNS"},
	}})
	require.NoError(t, err)

	_, err = b.store.Confirm(b.ctx, b.ref(id), board.ConfirmParams{Actions: []int{3}})
	require.ErrorIs(t, err, board.ErrInvalid)
	task, err := b.store.Confirm(b.ctx, b.ref(id), board.ConfirmParams{Actions: []int{2}, Actor: "telegram:42 (ann)"})
	require.NoError(t, err)
	require.Equal(t, board.StatusAwaitingOperator, task.Status)
	require.Equal(t, []int{1}, task.PendingActions())
	require.Equal(t, "telegram:42 (ann)", task.OperatorActions[1].ConfirmedBy)
	require.NotNil(t, task.OperatorActions[1].ConfirmedAt)
	require.Equal(t, "host example.com", task.OperatorActions[0].Check)

	_, err = b.store.Confirm(b.ctx, b.ref(id), board.ConfirmParams{Actions: []int{2}})
	require.ErrorIs(t, err, board.ErrConflict, "already confirmed")
	task, err = b.store.Confirm(b.ctx, b.ref(id), board.ConfirmParams{Actions: []int{1}})
	require.NoError(t, err)
	require.Equal(t, board.StatusDone, task.Status)
	require.Equal(t, []board.EventKind{board.EventCreated, board.EventClaimed, board.EventParked,
		board.EventConfirmed, board.EventConfirmed}, b.kinds(t, id))
}

func TestParkNeedsAnAction(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	run := b.claim(t, id)
	_, err := b.store.Park(b.ctx, run, board.ParkParams{Summary: "s"})
	require.ErrorIs(t, err, board.ErrInvalid)
	require.Equal(t, board.StatusRunning, b.get(t, id).Status)
}

func TestCompleteRejectsMalformedMetadata(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	run := b.claim(t, id)
	_, err := b.store.Complete(b.ctx, run, board.CompleteParams{Metadata: []byte(`{"a":`)})
	require.ErrorIs(t, err, board.ErrInvalid)
	require.Equal(t, board.StatusRunning, b.get(t, id).Status)
}

func TestUnknownTask(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.store.Approve(b.ctx, b.ref("t_zzzzzzzz"), board.DecisionParams{})
	require.ErrorIs(t, err, board.ErrNotFound)
	_, err = b.store.Get(b.ctx, b.ref("nonsense"))
	require.ErrorIs(t, err, board.ErrNotFound)
}
