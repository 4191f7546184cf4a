package rdb_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func TestLifecycleSmoke(t *testing.T) {
	t.Parallel()
	b := setup(t)
	task := b.create(t, "write the report")
	require.Equal(t, board.StatusReady, task.Status)
	require.Regexp(t, `^t_[a-z0-9]{8}$`, task.ID)
	run := b.claim(t, task.ID)
	done, err := b.store.Complete(b.ctx, run, board.CompleteParams{Summary: "ok", Metadata: []byte(`{"n":1}`)})
	require.NoError(t, err)
	require.Equal(t, board.StatusDone, done.Status)
	require.JSONEq(t, `{"n":1}`, string(done.Metadata))
	require.Equal(t, []board.EventKind{board.EventCreated, board.EventClaimed, board.EventCompleted}, b.kinds(t, task.ID))
	runs, err := b.store.Runs(b.ctx, b.ref(task.ID))
	require.NoError(t, err)
	require.Len(t, runs, 1)
	require.Equal(t, board.OutcomeCompleted, runs[0].Outcome)
}
