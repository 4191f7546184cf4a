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

// TestClaimsRespectMaxWorkersPriorityAndAge: with one worker slot, tasks
// queued behind a running one start one at a time, the highest priority
// first, then the oldest.
func TestClaimsRespectMaxWorkersPriorityAndAge(t *testing.T) {
	t.Parallel()
	// Each worker holds the slot directory while it lives; "blocker" also
	// waits for the release file.
	body := `mkdir "$OUT/slot" || echo "$SWITCHBOARD_TASK_ID" >> "$OUT/overlap"
echo "$SWITCHBOARD_TASK_ID" >> "$OUT/order"
rmdir "$OUT/slot"; ` + okWorker
	b := setup(t, body, func(s *settings) {
		s.opts.MaxWorkers = 1
		s.scripts["blocker"] = waitForRelease + body
	})
	first := b.create(t, "blocker")
	require.Eventually(t, func() bool { return b.disp.Stats().Spawned == 1 }, waitFor, time.Millisecond)

	var want []string
	byPriority := map[int][]string{}
	for _, prio := range []int{0, 5, 0, 5, -3} {
		task, err := b.store.Create(b.ctx, board.CreateParams{Board: b.board, Title: "queued", Profile: runProfile, Priority: prio})
		require.NoError(t, err)
		byPriority[prio] = append(byPriority[prio], task.ID)
	}
	for _, prio := range []int{5, 0, -3} {
		want = append(want, byPriority[prio]...)
	}
	require.Equal(t, uint64(1), b.disp.Stats().Spawned, "the slot is taken")
	require.NoError(t, os.WriteFile(filepath.Join(b.out, "release"), nil, 0o600))
	for _, id := range want {
		b.waitStatus(t, id, board.StatusDone)
	}
	order, err := os.ReadFile(filepath.Join(b.out, "order"))
	require.NoError(t, err)
	require.Equal(t, append([]string{first.ID}, want...), strings.Fields(string(order)))
	_, err = os.Stat(filepath.Join(b.out, "overlap"))
	require.True(t, os.IsNotExist(err), "never two workers at once")
}
