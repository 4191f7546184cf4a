package board_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func TestTransitionTableCoversEveryOp(t *testing.T) {
	t.Parallel()
	for op, tr := range board.Transitions {
		require.NotEmpty(t, tr.To, "%s has no target status", op)
		if op != board.OpCreate {
			require.NotEmpty(t, tr.From, "%s has no source status", op)
		}
		for _, st := range tr.To {
			require.False(t, st == board.StatusRunning && op != board.OpClaim && !op.Allows(board.StatusRunning),
				"only claim enters running (%s)", op)
		}
	}
	require.False(t, board.OpClaim.Allows(board.StatusWaitingHuman))
	require.False(t, board.OpArchive.Allows(board.StatusRunning))
}

func TestTransitionErrorNamesStatus(t *testing.T) {
	t.Parallel()
	err := error(&board.TransitionError{Op: board.OpApprove, TaskID: "t_abc", Status: board.StatusDone})
	require.Equal(t, "cannot approve task t_abc: it is done (approve needs waiting_approval)", err.Error())
	require.True(t, errors.Is(err, board.ErrConflict))
}

func TestStatusHelpers(t *testing.T) {
	t.Parallel()
	require.True(t, board.StatusWaitingReview.IsWaiting())
	require.False(t, board.StatusBlocked.IsWaiting())
	require.True(t, board.StatusBlocked.NeedsPerson())
	require.Equal(t, "auth", board.StatusWaitingAuth.Gate())
	_, err := board.ParseStatus("blocked_forever")
	require.ErrorIs(t, err, board.ErrInvalid)
}

func TestIDsAreShortAndValid(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 1000 {
		id := board.NewTaskID()
		require.Len(t, id, 10)
		require.NoError(t, board.ValidateTaskID(id))
		require.False(t, seen[id])
		seen[id] = true
	}
	require.Error(t, board.ValidateBoard("Bad Board"))
	require.NoError(t, board.ValidateBoard("team-a_1"))
}

func TestBackoff(t *testing.T) {
	t.Parallel()
	require.Equal(t, 10*time.Second, board.Backoff(10*time.Second, time.Hour, 1))
	require.Equal(t, 40*time.Second, board.Backoff(10*time.Second, time.Hour, 3))
	require.Equal(t, time.Minute, board.Backoff(10*time.Second, time.Minute, 30))
}

func TestActors(t *testing.T) {
	t.Parallel()
	require.Equal(t, "telegram:42 (alice)", board.ChatActor("telegram", "42", " alice "))
	require.Equal(t, "slack:U42", board.ChatActor("slack", "U42", ""))
	require.Equal(t, "worker:r_1", board.WorkerActor("r_1"))
}
