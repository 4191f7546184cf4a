package rdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// blockOnce claims id and blocks it with kind and reason.
func (b *bundle) blockOnce(t *testing.T, id string, kind board.BlockKind, reason string) *board.Task {
	t.Helper()
	b.clock.Advance(time.Hour) // past any transient retry_at
	task, err := b.store.Block(b.ctx, b.claim(t, id), board.BlockParams{Kind: kind, Reason: reason})
	require.NoError(t, err)
	return task
}

func TestRecurrenceFuzzyReasons(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		first, sec string
		same       bool
	}{
		{"counts differ", "CI queue saturated, 12 jobs ahead", "CI queue saturated, 9 jobs ahead", true},
		{"ids differ", "waiting on build 8812ab", "waiting on build 99f0c1", true},
		{"one extra word", "CI queue saturated, 12 jobs ahead", "CI queue still saturated: 3 jobs ahead", true},
		{"case and punctuation", "Runner offline!", "runner offline", true},
		{"different question", "Which environment should I deploy to?", "Which region should I deploy to?", false},
		{"unrelated", "human-required: missing real-world confirmation", "waiting for teacher to provide the answer", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			id := b.create(t, "t").ID
			require.Equal(t, 1, b.blockOnce(t, id, board.BlockTransient, tc.first).BlockRecurrences)
			want := 1
			if tc.same {
				want = 2
			}
			require.Equal(t, want, b.blockOnce(t, id, board.BlockTransient, tc.sec).BlockRecurrences)
		})
	}
}

func TestRecurrenceDifferentKindRestarts(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	b.blockOnce(t, id, board.BlockTransient, "runner offline")
	require.Equal(t, 2, b.blockOnce(t, id, board.BlockTransient, "runner offline").BlockRecurrences)
	b.clock.Advance(time.Hour)
	task, err := b.store.Block(b.ctx, b.claim(t, id), board.BlockParams{Kind: board.BlockCapability, Reason: "runner offline"})
	require.NoError(t, err)
	require.Equal(t, 1, task.BlockRecurrences)
}

// TestRecurrenceSurvivesPeopleAndTripsTriage: the count survives unblock,
// answer, approve and resume; at the limit the circuit opens.
func TestRecurrenceSurvivesPeopleAndTripsTriage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	release := []func(){
		func() {
			_, err := b.store.Answer(b.ctx, b.ref(id), board.DecisionParams{Text: "x"})
			require.NoError(t, err)
		},
		func() {
			_, err := b.store.Answer(b.ctx, b.ref(id), board.DecisionParams{Text: "y"})
			require.NoError(t, err)
		},
		func() {
			_, err := b.store.Answer(b.ctx, b.ref(id), board.DecisionParams{Text: "z"})
			require.NoError(t, err)
		},
		func() {
			_, err := b.store.Answer(b.ctx, b.ref(id), board.DecisionParams{Text: "w"})
			require.NoError(t, err)
		},
	}
	for i := 1; i <= 4; i++ {
		task := b.blockOnce(t, id, board.BlockNeedsInput, "Who signs off on the budget of 1200 EUR?")
		require.Equal(t, i, task.BlockRecurrences)
		require.Equal(t, board.StatusWaitingHuman, task.Status)
		release[i-1]()
		require.Equal(t, i, b.get(t, id).BlockRecurrences, "answer keeps the count")
	}
	task := b.blockOnce(t, id, board.BlockNeedsInput, "Who signs off on the budget of 1300 EUR?")
	require.Equal(t, board.StatusTriage, task.Status)
	require.True(t, task.CircuitOpen)
	require.Equal(t, 5, task.BlockRecurrences)
	k := b.kinds(t, id)
	require.Equal(t, board.EventCircuitOpen, k[len(k)-1])

	_, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.ErrorIs(t, err, board.ErrNoTask, "an open circuit is never claimed")

	task, err = b.store.Unblock(b.ctx, b.ref(id), board.DecisionParams{Text: "fixed budget owner"})
	require.NoError(t, err)
	require.False(t, task.CircuitOpen)
	require.Equal(t, 5, task.BlockRecurrences, "unblock keeps the count")

	_, err = b.store.Complete(b.ctx, b.claim(t, id), board.CompleteParams{})
	require.NoError(t, err)
	require.Equal(t, 0, b.get(t, id).BlockRecurrences, "done resets it")
}

func TestRecurrenceCountKeptByApproveAndResume(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	b.blockOnce(t, id, board.BlockApproval, "delete 40 stale branches")
	_, err := b.store.Approve(b.ctx, b.ref(id), board.DecisionParams{})
	require.NoError(t, err)
	require.Equal(t, 2, b.blockOnce(t, id, board.BlockApproval, "delete 41 stale branches").BlockRecurrences)
	_, err = b.store.Deny(b.ctx, b.ref(id), board.DecisionParams{Text: "keep them"})
	require.NoError(t, err)
	b.blockOnce(t, id, board.BlockAuth, "log in to the portal")
	_, err = b.store.Resume(b.ctx, b.ref(id), board.DecisionParams{})
	require.NoError(t, err)
	require.Equal(t, 2, b.blockOnce(t, id, board.BlockAuth, "log in to the portal").BlockRecurrences)
}

func TestTransientBlockIsRetriedAfterBackoff(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	task, err := b.store.Block(b.ctx, b.claim(t, id), board.BlockParams{Kind: board.BlockTransient, Reason: "ci busy"})
	require.NoError(t, err)
	require.NotNil(t, task.RetryAt)
	require.Equal(t, b.clock.Now().Add(30*time.Second), *task.RetryAt)

	_, err = b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.ErrorIs(t, err, board.ErrNoTask, "not before retry_at")
	b.clock.Advance(31 * time.Second)
	run := b.claim(t, id)

	task, err = b.store.Block(b.ctx, run, board.BlockParams{Kind: board.BlockTransient, Reason: "ci busy"})
	require.NoError(t, err)
	require.Equal(t, b.clock.Now().Add(60*time.Second), *task.RetryAt, "backoff doubles with recurrences")
}

func TestCapabilityBlockIsNeverClaimed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	_, err := b.store.Block(b.ctx, b.claim(t, id), board.BlockParams{Kind: board.BlockCapability, Reason: "no gpu"})
	require.NoError(t, err)
	b.clock.Advance(24 * time.Hour)
	_, err = b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.ErrorIs(t, err, board.ErrNoTask)
}

func TestWaitingStatesAreNeverClaimed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, st := range []board.Status{board.StatusWaitingHuman, board.StatusWaitingAuth,
		board.StatusWaitingApproval, board.StatusWaitingReview, board.StatusAwaitingOperator, board.StatusTriage} {
		b.toStatus(t, st)
	}
	b.clock.Advance(24 * time.Hour)
	_, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.ErrorIs(t, err, board.ErrNoTask)
}
