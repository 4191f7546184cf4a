package rdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func (b *bundle) endRun(t *testing.T, id string, o board.Outcome, code int) *board.Task {
	t.Helper()
	b.clock.Advance(2 * time.Hour) // past any retry_at
	task, err := b.store.EndRun(b.ctx, b.claim(t, id), board.EndRunParams{Outcome: o, ExitCode: &code, Error: "last line"})
	require.NoError(t, err)
	return task
}

func TestCrashBackoffThenGiveUp(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	task := b.endRun(t, id, board.OutcomeCrashed, 1)
	require.Equal(t, board.StatusReady, task.Status)
	require.Equal(t, 1, task.ConsecutiveFailures)
	require.Equal(t, b.clock.Now().Add(10*time.Second), *task.RetryAt)
	_, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.ErrorIs(t, err, board.ErrNoTask, "backing off")

	task = b.endRun(t, id, board.OutcomeTimedOut, -1)
	require.Equal(t, b.clock.Now().Add(20*time.Second), *task.RetryAt, "doubles")
	task = b.endRun(t, id, board.OutcomeCrashed, 2)
	require.Equal(t, board.StatusBlocked, task.Status)
	require.Equal(t, board.BlockFailure, task.BlockKind)
	require.Contains(t, task.BlockReason, "last line")
	k := b.kinds(t, id)
	require.Equal(t, board.EventGaveUp, k[len(k)-1])
	runs, err := b.store.Runs(b.ctx, b.ref(id))
	require.NoError(t, err)
	require.Len(t, runs, 3)
	require.Equal(t, board.OutcomeCrashed, runs[2].Outcome)
	require.Equal(t, 2, *runs[2].ExitCode)
}

func TestProtocolViolationsHaveTheirOwnBudget(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	b.endRun(t, id, board.OutcomeCrashed, 1)
	task := b.endRun(t, id, board.OutcomeProtocolViolation, 0)
	require.Equal(t, board.StatusReady, task.Status)
	require.Nil(t, task.RetryAt, "retried at once")
	require.Equal(t, 1, task.ProtocolViolations)
	require.Equal(t, 1, task.ConsecutiveFailures, "not a crash")
	b.endRun(t, id, board.OutcomeProtocolViolation, 0)
	task = b.endRun(t, id, board.OutcomeProtocolViolation, 0)
	require.Equal(t, board.StatusBlocked, task.Status)
	require.Equal(t, board.BlockFailure, task.BlockKind)
}

func TestRateLimitedIsNotAFailure(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	for range 5 {
		task := b.endRun(t, id, board.OutcomeRateLimited, 75)
		require.Equal(t, board.StatusReady, task.Status)
		require.Equal(t, 0, task.ConsecutiveFailures)
		require.Equal(t, b.clock.Now().Add(5*time.Minute), *task.RetryAt)
	}
}

func TestTerminalProviderBlocksAtOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	task := b.endRun(t, id, board.OutcomeTerminalProvider, 78)
	require.Equal(t, board.StatusBlocked, task.Status)
	require.Equal(t, board.BlockFailure, task.BlockKind)
}

func TestTerminalCallResetsFailureStreak(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	b.endRun(t, id, board.OutcomeCrashed, 1)
	b.endRun(t, id, board.OutcomeProtocolViolation, 0)
	task := b.blockOnce(t, id, board.BlockNeedsInput, "which bucket?")
	require.Equal(t, 0, task.ConsecutiveFailures)
	require.Equal(t, 0, task.ProtocolViolations)
}

func TestUnblockAfterGiveUpResetsStreaks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	b.endRun(t, id, board.OutcomeTerminalProvider, 78)
	task, err := b.store.Unblock(b.ctx, b.ref(id), board.DecisionParams{Text: "rotated key"})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, task.Status)
	require.Empty(t, task.BlockKind)
}

func TestExpiredLeases(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	run := b.claim(t, id)
	refs, err := b.store.ExpiredLeases(b.ctx, b.board, 10)
	require.NoError(t, err)
	require.Empty(t, refs)
	b.clock.Advance(59 * time.Second)
	require.NoError(t, b.store.Heartbeat(b.ctx, run, "still going"))
	b.clock.Advance(59 * time.Second)
	refs, err = b.store.ExpiredLeases(b.ctx, b.board, 10)
	require.NoError(t, err)
	require.Empty(t, refs, "the heartbeat extended the lease")
	b.clock.Advance(2 * time.Second)
	refs, err = b.store.ExpiredLeases(b.ctx, b.board, 10)
	require.NoError(t, err)
	require.Equal(t, []board.RunRef{run}, refs)
	_, err = b.store.EndRun(b.ctx, run, board.EndRunParams{Outcome: board.OutcomeTimedOut})
	require.NoError(t, err)
	refs, err = b.store.ExpiredLeases(b.ctx, b.board, 10)
	require.NoError(t, err)
	require.Empty(t, refs)
}
