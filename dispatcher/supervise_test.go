package dispatcher_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/dispatcher"
)

// TestReadyIsClaimedWithoutPolling: with a one-hour poll, a ready task is
// still run at once, on a board that did not exist when the dispatcher
// started.
func TestReadyIsClaimedWithoutPolling(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker)
	b.board = "brand-new"
	id := b.create(t, okProfile).ID
	b.waitStatus(t, id, board.StatusDone)
	run := b.runs(t, id)[0]
	require.Less(t, run.StartedAt.Sub(b.get(t, id).CreatedAt), 5*time.Second, "claimed on the signal, not the hourly poll")
}

// TestTimeoutKillsTheProcessGroup: past the profile's timeout the whole
// group is stopped, grandchildren included; a worker that ignores
// SIGTERM gets SIGKILL after kill_grace.
func TestTimeoutKillsTheProcessGroup(t *testing.T) {
	t.Parallel()
	for name, trap := range map[string]string{"obeys SIGTERM": "", "ignores SIGTERM": "trap '' TERM; "} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, trap+`sleep 300 & echo $! > "$OUT/grandchild"; echo "working"; sleep 300`, func(s *settings) {
				s.policy.FailureLimit = 1
				s.timeout = 300 * time.Millisecond
			})
			id := b.create(t, runProfile).ID
			task := b.waitStatus(t, id, board.StatusBlocked)
			require.Contains(t, task.BlockReason, "timed out after 300ms")
			run := b.runs(t, id)[0]
			require.Equal(t, board.OutcomeTimedOut, run.Outcome)
			require.Contains(t, run.Error, "working", "the last output")
			data, err := os.ReadFile(filepath.Join(b.out, "grandchild"))
			require.NoError(t, err)
			pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
			require.NoError(t, err)
			require.Eventually(t, func() bool { return !alive(pid) }, waitFor, 5*time.Millisecond, "the grandchild was killed")
		})
	}
}

// alive reports whether pid runs and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z" && syscall.Kill(pid, 0) == nil
}

// TestCommandThatCannotStart: a start error is a crashed run that says
// why, and the failure limit stops the retries.
func TestCommandThatCannotStart(t *testing.T) {
	t.Parallel()
	b := setup(t, "", func(s *settings) {
		s.opts.Profiles = map[string]dispatcher.Profile{runProfile: {Command: []string{"/nonexistent/agent", "--go"}}}
	})
	id := b.create(t, runProfile).ID
	task := b.waitStatus(t, id, board.StatusBlocked)
	require.Equal(t, board.BlockFailure, task.BlockKind)
	require.Contains(t, task.BlockReason, "could not start")
	require.Contains(t, task.BlockReason, "/nonexistent/agent")
	require.Equal(t, "crashed,crashed,crashed", outcomes(b.runs(t, id)))
	require.Equal(t, uint64(3), b.disp.Stats().StartFailures)
	require.Zero(t, b.disp.Stats().Spawned)
}

// TestProfileMissingFromTheConfig: the task is blocked (capability) with
// a reason naming the profile; it never sits in ready and nothing spawns.
func TestProfileMissingFromTheConfig(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker)
	id := b.create(t, "vanished").ID
	task := b.waitStatus(t, id, board.StatusBlocked)
	require.Equal(t, board.BlockCapability, task.BlockKind)
	require.Contains(t, task.BlockReason, `profile "vanished" is not in the config`)
	require.Zero(t, b.disp.Stats().Spawned)
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	require.Equal(t, board.ActorSystem, evs[len(evs)-1].Actor)
}

// TestOutputIsCapturedAndBounded: the run's output is in Redis, its head
// and tail kept within log_max_bytes.
func TestOutputIsCapturedAndBounded(t *testing.T) {
	t.Parallel()
	b := setup(t, `echo "first line"; i=0; while [ $i -lt 300 ]; do echo "noise $i"; i=$((i+1)); done; echo "last line"; `+okWorker,
		func(s *settings) { s.opts.LogMaxBytes = 400 })
	id := b.create(t, runProfile).ID
	b.waitStatus(t, id, board.StatusDone)
	run := b.runs(t, id)[0]
	var text string
	require.Eventually(t, func() bool {
		var err error
		text, err = b.store.RunLog(b.ctx, board.RunRef{Board: b.board, TaskID: id, RunID: run.ID})
		require.NoError(t, err)
		return strings.Contains(text, "is now done")
	}, waitFor, 5*time.Millisecond)
	require.True(t, strings.HasPrefix(text, "first line\n"))
	require.Contains(t, text, "last line")
	require.Contains(t, text, "bytes of output omitted")
	require.Less(t, len(text), 500)
}

// TestCrashRetriesBackOffWithJitter: each crash's retry waits the
// exponential backoff plus the jitter the dispatcher draws for it, in
// proportion to that backoff.
func TestCrashRetriesBackOffWithJitter(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var bases []time.Duration
	b := setup(t, "exit 1", func(s *settings) {
		s.opts.Jitter = func(d time.Duration) time.Duration {
			mu.Lock()
			defer mu.Unlock()
			bases = append(bases, d)
			return d / 2
		}
	})
	id := b.create(t, runProfile).ID
	b.waitStatus(t, id, board.StatusBlocked)
	mu.Lock()
	require.Equal(t, []time.Duration{20 * time.Millisecond, 40 * time.Millisecond, 80 * time.Millisecond}, bases)
	mu.Unlock()
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	var delays []time.Duration
	for _, e := range evs {
		if e.Kind == board.EventCrashed {
			retry, _ := e.DataMap()["retry_at"].(float64)
			delays = append(delays, time.UnixMilli(int64(retry)).Sub(e.At))
		}
	}
	require.Equal(t, []time.Duration{30 * time.Millisecond, 60 * time.Millisecond}, delays, "backoff plus jitter")
}
