package dispatcher_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

const waitForRelease = `while [ ! -e "$OUT/release" ]; do sleep 0.01; done; `

// TestStopLetsWorkersFinish: within the grace, a running worker finishes
// and reports; Stop then returns cleanly.
func TestStopLetsWorkersFinish(t *testing.T) {
	t.Parallel()
	b := setup(t, waitForRelease+okWorker)
	id := b.create(t, runProfile).ID
	require.Eventually(t, func() bool { return b.disp.Stats().Spawned == 1 }, waitFor, 5*time.Millisecond)
	stopped := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		defer cancel()
		stopped <- b.disp.Stop(ctx)
	}()
	require.NoError(t, os.WriteFile(filepath.Join(b.out, "release"), nil, 0o600))
	require.NoError(t, <-stopped)
	require.Equal(t, board.StatusDone, b.get(t, id).Status)
}

// TestStopEndsWhatOutlivesTheGrace: after the grace, the remaining worker
// is killed and its run ends through the failure rules; nothing is left
// running, and nothing new is claimed.
func TestStopEndsWhatOutlivesTheGrace(t *testing.T) {
	t.Parallel()
	b := setup(t, "trap '' TERM; sleep 300", func(s *settings) { s.opts.MaxWorkers = 1 })
	id := b.create(t, runProfile).ID
	require.Eventually(t, func() bool { return b.disp.Stats().Spawned == 1 }, waitFor, 5*time.Millisecond)
	queued := b.create(t, okProfile).ID
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := b.disp.Stop(ctx)
	require.ErrorContains(t, err, "stopped 1 workers")
	task := b.get(t, id)
	require.Equal(t, board.StatusReady, task.Status, "released through the failure rules")
	run := b.runs(t, id)[0]
	require.Equal(t, board.OutcomeCrashed, run.Outcome)
	require.Contains(t, run.Error, "serve shut down")
	require.Empty(t, b.runs(t, queued), "no claim after Stop began")
	require.NoError(t, b.disp.Stop(context.Background()), "safe to call twice")
}

func TestStopBeforeStart(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker, func(s *settings) { s.start = false })
	require.NoError(t, b.disp.Stop(context.Background()))
}
