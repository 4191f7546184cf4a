package rdb_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// walker drives random operations and checks every result against the
// transition table.
type walker struct {
	t     *testing.T
	b     *bundle
	rng   *rand.Rand
	ids   []string
	runs  map[string]board.RunRef // current run per running task
	stale []board.RunRef
}

// TestRandomWalk: long random sequences of operations never leave the
// transition table; each success appends exactly one event to the task it
// acts on, and each refusal changes nothing.
func TestRandomWalk(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			w := &walker{t: t, b: setup(t), rng: rand.New(rand.NewPCG(seed, 42)), runs: map[string]board.RunRef{}}
			for range 600 {
				w.step()
			}
			w.checkIndexes()
		})
	}
}

func (w *walker) step() {
	w.b.clock.Advance(time.Duration(w.rng.IntN(90)) * time.Second)
	if len(w.ids) < 3 || w.rng.IntN(8) == 0 {
		w.create()
		return
	}
	switch w.rng.IntN(3) {
	case 0:
		w.claim()
	case 1:
		w.workerOp()
	default:
		w.personOp()
	}
}

func (w *walker) pick() string { return w.ids[w.rng.IntN(len(w.ids))] }

func (w *walker) create() {
	p := board.CreateParams{Board: w.b.board, Title: "t", Triage: w.rng.IntN(6) == 0}
	if len(w.ids) > 0 && w.rng.IntN(3) == 0 {
		p.Parents = []string{w.pick()}
	}
	task, err := w.b.store.Create(w.b.ctx, p)
	if err != nil {
		require.ErrorIs(w.t, err, board.ErrInvalid, "only an archived parent is refused") // archived parent
		return
	}
	require.True(w.t, board.OpCreate.CanEnd(task.Status))
	w.ids = append(w.ids, task.ID)
}

func (w *walker) claim() {
	c, err := w.b.store.Claim(w.b.ctx, board.ClaimParams{Board: w.b.board})
	if errors.Is(err, board.ErrNoTask) {
		return
	}
	require.NoError(w.t, err)
	w.runs[c.Task.ID] = board.RunRef{Board: w.b.board, TaskID: c.Task.ID, RunID: c.Run.ID}
}

// snapshot is a task's status and event count.
func (w *walker) snapshot(id string) (board.Status, int) {
	return w.b.get(w.t, id).Status, len(w.b.kinds(w.t, id))
}

// check compares a result with the table: a success moves along the
// table and appends one event; a failure changes nothing.
func (w *walker) check(op board.Op, id string, before board.Status, events int, err error) {
	after, n := w.snapshot(id)
	if err != nil {
		require.Equal(w.t, before, after, "%s on %s failed but changed the status: %v", op, id, err)
		require.Equal(w.t, events, n, "%s on %s failed but appended an event", op, id)
		return
	}
	require.True(w.t, op.Allows(before), "%s succeeded from %s", op, before)
	require.True(w.t, op.CanEnd(after), "%s from %s ended in %s", op, before, after)
	require.Equal(w.t, events+1, n, "%s on %s appended %d events", op, id, n-events)
	if after != board.StatusRunning {
		if ref, ok := w.runs[id]; ok {
			w.stale = append(w.stale, ref)
			delete(w.runs, id)
		}
	}
}

func (w *walker) workerOp() {
	ref, ok := w.anyRun()
	if !ok {
		return
	}
	before, events := w.snapshot(ref.TaskID)
	op, err := w.randomWorkerCall(ref)
	if err != nil && !errors.Is(err, board.ErrStaleRun) && !errors.Is(err, board.ErrConflict) && !errors.Is(err, board.ErrInvalid) {
		require.NoError(w.t, err)
	}
	w.check(op, ref.TaskID, before, events, err)
}

// anyRun returns a current run, or now and then a stale one.
func (w *walker) anyRun() (board.RunRef, bool) {
	if len(w.stale) > 0 && w.rng.IntN(5) == 0 {
		return w.stale[w.rng.IntN(len(w.stale))], true
	}
	for _, ref := range w.runs {
		return ref, true
	}
	return board.RunRef{}, false
}

func (w *walker) randomWorkerCall(ref board.RunRef) (board.Op, error) {
	s, ctx := w.b.store, w.b.ctx
	var err error
	switch w.rng.IntN(6) {
	case 0:
		_, err = s.Complete(ctx, ref, board.CompleteParams{Summary: "s"})
		return board.OpComplete, err
	case 1:
		kind := board.WorkerBlockKinds[w.rng.IntN(len(board.WorkerBlockKinds))]
		p := board.BlockParams{Kind: kind, Reason: fmt.Sprintf("reason %d", w.rng.IntN(3))}
		if kind == board.BlockDependency {
			p.Parents = []string{w.pick()}
		}
		_, err = s.Block(ctx, ref, p)
		return board.OpBlock, err
	case 2:
		_, err = s.RequestReview(ctx, ref, "s")
		return board.OpRequestReview, err
	case 3:
		_, err = s.Park(ctx, ref, board.ParkParams{Actions: []board.OperatorAction{{Action: "a"}, {Action: "b"}}})
		return board.OpPark, err
	default:
		outcomes := []board.Outcome{board.OutcomeCrashed, board.OutcomeTimedOut, board.OutcomeProtocolViolation,
			board.OutcomeRateLimited, board.OutcomeTerminalProvider}
		o := outcomes[w.rng.IntN(len(outcomes))]
		_, err = s.EndRun(ctx, ref, board.EndRunParams{Outcome: o})
		return map[board.Outcome]board.Op{
			board.OutcomeCrashed: board.OpCrashed, board.OutcomeTimedOut: board.OpTimedOut,
			board.OutcomeProtocolViolation: board.OpProtocolViolation, board.OutcomeRateLimited: board.OpRateLimited,
			board.OutcomeTerminalProvider: board.OpTerminalProvider,
		}[o], err
	}
}

func (w *walker) personOp() {
	ops := []board.Op{board.OpAnswer, board.OpApprove, board.OpDeny, board.OpResume, board.OpReview,
		board.OpConfirm, board.OpUnblock, board.OpReopen, board.OpArchive, board.OpLink}
	op := ops[w.rng.IntN(len(ops))]
	id := w.pick()
	before, events := w.snapshot(id)
	var err error
	if op == board.OpLink {
		_, err = w.b.store.Link(w.b.ctx, board.LinkParams{Board: w.b.board, Parent: w.pick(), Child: id})
	} else if op == board.OpConfirm {
		_, err = w.b.store.Confirm(w.b.ctx, w.b.ref(id), board.ConfirmParams{Actions: []int{1 + w.rng.IntN(2)}})
	} else {
		_, err = personOps[op](w.b, id)
	}
	if err != nil && !op.Allows(before) {
		require.ErrorIs(w.t, err, board.ErrConflict)
	}
	w.check(op, id, before, events, err)
}

// checkIndexes: each status index holds exactly the tasks in that status.
func (w *walker) checkIndexes() {
	seen := 0
	for _, st := range board.Statuses {
		list, err := w.b.store.List(w.b.ctx, board.ListParams{Board: w.b.board, Statuses: []board.Status{st}})
		require.NoError(w.t, err)
		for _, task := range list {
			require.Equal(w.t, st, task.Status, "index %s holds %s", st, task.ID)
			require.Equal(w.t, st == board.StatusRunning, task.CurrentRunID != "")
		}
		seen += len(list)
	}
	require.Equal(w.t, len(w.ids), seen, "every task is in exactly one index")
}
