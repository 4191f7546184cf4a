package dispatcher_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// TestWorkerThatAlwaysAsks: 1 spawn, then the task waits for a person and
// is never claimed; the answer brings exactly one more run, which reads it.
func TestWorkerThatAlwaysAsks(t *testing.T) {
	t.Parallel()
	b := setup(t, saveCtx+`switchboard worker block --kind needs_input --reason "which database?"`)
	id := b.create(t, runProfile).ID
	b.waitStatus(t, id, board.StatusWaitingHuman)
	b.barrier(t)
	require.Len(t, b.runs(t, id), 1, "a waiting task is never claimed")

	_, err := b.store.Answer(b.ctx, b.ref(id), board.DecisionParams{Text: "use postgres", Actor: "telegram:42"})
	require.NoError(t, err)
	runs := b.waitRuns(t, id, 2)
	b.waitStatus(t, id, board.StatusWaitingHuman)
	ctx := b.context(t, runs[1])
	require.Contains(t, ctx, "use postgres")
	require.Contains(t, ctx, "which database?")
	b.barrier(t)
	require.Len(t, b.runs(t, id), 2)
}

// TestTransientBlockLoopOpensTheCircuit: the CI-saturation incident. The
// reason's number changes each time; after block_recurrence_limit spawns
// the task goes to triage with circuit_open and is never spawned again.
func TestTransientBlockLoopOpensTheCircuit(t *testing.T) {
	t.Parallel()
	b := setup(t, `n=$(ls "$OUT" | wc -l); touch "$OUT/$SWITCHBOARD_RUN_ID";
switchboard worker block --kind transient --reason "CI queue saturated, $((n * 7 + 3)) jobs ahead"`)
	id := b.create(t, runProfile).ID
	task := b.waitStatus(t, id, board.StatusTriage)
	require.True(t, task.CircuitOpen)
	require.Equal(t, 5, task.BlockRecurrences)
	b.barrier(t)
	require.Len(t, b.runs(t, id), 5, "exactly block_recurrence_limit spawns")
	require.Contains(t, b.kinds(t, id), board.EventCircuitOpen)
}

// TestSilentExitIsAProtocolViolation: a worker that exits 0 without a
// terminal call is retried with the notice in its context, then blocked.
func TestSilentExitIsAProtocolViolation(t *testing.T) {
	t.Parallel()
	b := setup(t, saveCtx+`echo "all done, bye"; exit 0`)
	id := b.create(t, runProfile).ID
	task := b.waitStatus(t, id, board.StatusBlocked)
	require.Equal(t, board.BlockFailure, task.BlockKind)
	require.Contains(t, task.BlockReason, "all done, bye", "the last lines of output")
	runs := b.runs(t, id)
	require.Len(t, runs, 3, "protocol_violation_limit spawns")
	require.Equal(t, "protocol_violation,protocol_violation,protocol_violation", outcomes(runs))
	require.NotContains(t, b.context(t, runs[0]), "exited 0 without a terminal call")
	second := b.context(t, runs[1])
	require.Contains(t, second, "exited 0 without a terminal call")
	require.Contains(t, second, "switchboard worker complete")
	require.Contains(t, second, runs[0].ID)
}

// TestRateLimitedTwiceThenSuccess: exit 75 waits out the cooldown and is
// not a failure.
func TestRateLimitedTwiceThenSuccess(t *testing.T) {
	t.Parallel()
	b := setup(t, `touch "$OUT/$SWITCHBOARD_RUN_ID"; [ "$(ls "$OUT" | wc -l)" -le 2 ] && exit 75; `+okWorker)
	id := b.create(t, runProfile).ID
	task := b.waitStatus(t, id, board.StatusDone)
	require.Zero(t, task.ConsecutiveFailures)
	require.Equal(t, "rate_limited,rate_limited,completed", outcomes(b.runs(t, id)))
	require.NotContains(t, b.kinds(t, id), board.EventGaveUp)
	for _, k := range b.kinds(t, id) {
		require.NotEqual(t, board.EventCrashed, k, "no failure counted")
	}
}

// TestExit78BlocksAtOnce: the provider refused the worker for good.
func TestExit78BlocksAtOnce(t *testing.T) {
	t.Parallel()
	b := setup(t, `echo "invalid API key" >&2; exit 78`)
	id := b.create(t, runProfile).ID
	task := b.waitStatus(t, id, board.StatusBlocked)
	require.Equal(t, board.BlockFailure, task.BlockKind)
	require.Contains(t, task.BlockReason, "invalid API key")
	b.barrier(t)
	require.Len(t, b.runs(t, id), 1)
}

// TestCrashingWorkerGivesUp: failure_limit spawns with backoff, then
// blocked (failure) with the output's last lines in the reason.
func TestCrashingWorkerGivesUp(t *testing.T) {
	t.Parallel()
	b := setup(t, `echo "starting"; echo "panic: boom" >&2; exit 3`)
	id := b.create(t, runProfile).ID
	task := b.waitStatus(t, id, board.StatusBlocked)
	require.Equal(t, board.BlockFailure, task.BlockKind)
	require.Contains(t, task.BlockReason, "panic: boom")
	require.Contains(t, task.BlockReason, "crashed 3 times in a row")
	runs := b.runs(t, id)
	require.Equal(t, "crashed,crashed,crashed", outcomes(runs))
	require.Equal(t, 3, *runs[0].ExitCode)
	require.Contains(t, b.kinds(t, id), board.EventGaveUp)
}

// TestChildWaitsForItsParents: 0 spawns while a parent is unfinished; then
// the child runs with its parents' summaries in its context.
func TestChildWaitsForItsParents(t *testing.T) {
	t.Parallel()
	b := setup(t, saveCtx+`while [ ! -e "$OUT/release" ]; do sleep 0.01; done
switchboard worker complete --summary "parent $SWITCHBOARD_TASK_ID found 42" --metadata '{"answer":42}'`,
		func(s *settings) { s.scripts["child"] = saveCtx + okWorker })
	p1, p2 := b.create(t, runProfile), b.create(t, runProfile)
	child := b.create(t, "child", p1.ID, p2.ID)
	require.Equal(t, board.StatusTodo, child.Status)
	require.Eventually(t, func() bool {
		return b.get(t, p1.ID).Status == board.StatusRunning &&
			b.get(t, p2.ID).Status == board.StatusRunning
	}, waitFor, 5*time.Millisecond)
	b.barrier(t)
	require.Empty(t, b.runs(t, child.ID), "no spawn while the parents run")

	require.NoError(t, os.WriteFile(filepath.Join(b.out, "release"), nil, 0o600))
	b.waitStatus(t, child.ID, board.StatusDone)
	runs := b.runs(t, child.ID)
	require.Len(t, runs, 1)
	ctx := b.context(t, runs[0])
	require.Contains(t, ctx, "parent "+p1.ID+" found 42")
	require.Contains(t, ctx, "parent "+p2.ID+" found 42")
	require.Contains(t, ctx, `{"answer":42}`)
}

// TestParkWhileASiblingRuns: parking leaves owed operator actions; the
// sibling task is unaffected; confirming every action finishes the task.
func TestParkWhileASiblingRuns(t *testing.T) {
	t.Parallel()
	b := setup(t, `switchboard worker park --summary "site built" --action "buy the domain" --check "true" --action "publish DNS"`)
	parked, sibling := b.create(t, runProfile), b.create(t, okProfile)
	task := b.waitStatus(t, parked.ID, board.StatusAwaitingOperator)
	require.Len(t, task.OperatorActions, 2)
	require.Equal(t, "buy the domain", task.OperatorActions[0].Action)
	require.Equal(t, "true", task.OperatorActions[0].Check)
	b.waitStatus(t, sibling.ID, board.StatusDone)
	require.Equal(t, board.StatusAwaitingOperator, b.get(t, parked.ID).Status)

	task, err := b.store.Confirm(b.ctx, b.ref(parked.ID), board.ConfirmParams{All: true, Actor: "admin"})
	require.NoError(t, err)
	require.Equal(t, board.StatusDone, task.Status)
	require.Len(t, b.runs(t, parked.ID), 1)
}

// TestStaleWorkerIsRefusedClearly: a second terminal call from a run that
// already ended fails with a message saying the run is over.
func TestStaleWorkerIsRefusedClearly(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker+`; switchboard worker complete --summary again 2>"$OUT/err"; echo $? >"$OUT/code"`)
	id := b.create(t, runProfile).ID
	b.waitStatus(t, id, board.StatusDone)
	require.Eventually(t, func() bool { return b.runs(t, id)[0].ExitCode != nil }, waitFor, 5*time.Millisecond)
	code, err := os.ReadFile(filepath.Join(b.out, "code"))
	require.NoError(t, err)
	require.Equal(t, "1", strings.TrimSpace(string(code)))
	msg, err := os.ReadFile(filepath.Join(b.out, "err"))
	require.NoError(t, err)
	require.Contains(t, string(msg), "no longer current")
	require.Contains(t, string(msg), "stop working and exit")
	require.Equal(t, "done "+id, b.get(t, id).Summary, "the stale call changed nothing")
	require.Equal(t, 0, *b.runs(t, id)[0].ExitCode, "the exit is recorded on the ended run")
}
