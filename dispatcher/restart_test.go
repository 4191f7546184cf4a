package dispatcher_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// testHost is the host name the restart tests give the dispatcher.
const testHost = "test-host"

// orphan claims a task and starts its worker outside any dispatcher, as
// one whose serve process died would be, recorded under supervisor.
func (b *bundle) orphan(t *testing.T, id, script, supervisor string) (board.RunRef, *exec.Cmd) {
	t.Helper()
	c, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.NoError(t, err)
	require.Equal(t, id, c.Task.ID)
	ref := board.RunRef{Board: b.board, TaskID: id, RunID: c.Run.ID}
	cmd := exec.Command("sh", "-c", script)
	cmd.Env = append(os.Environ(), "OUT="+b.out, "SWITCHBOARD_URL="+b.url, "SWITCHBOARD_TOKEN="+c.Token)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	info := rdb.ProcessInfo{Host: testHost, PID: cmd.Process.Pid, Start: procStart(t, cmd.Process.Pid), Supervisor: supervisor}
	require.NoError(t, b.store.SetRunProcess(b.ctx, ref, info))
	return ref, cmd
}

// procStart reads a process's start time from /proc/PID/stat.
func procStart(t *testing.T, pid int) string {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	require.NoError(t, err)
	s := string(data)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])[19]
}

// TestRestartAdoptsOrphans: at start, a live worker of this host whose
// dispatcher is gone is adopted, not run twice; a dead one's run ends
// through the failure rules at once; a worker that a live dispatcher of
// this host watches is left alone.
func TestRestartAdoptsOrphans(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker, func(s *settings) { s.start = false; s.opts.Host = testHost })
	liveID, deadID, watchedID := b.create(t, okProfile).ID, b.create(t, okProfile).ID, b.create(t, okProfile).ID
	waitRelease := `while [ ! -e "$OUT/release" ]; do sleep 0.01; done; switchboard worker complete --summary adopted`
	_, live := b.orphan(t, liveID, waitRelease, "1:0")
	_, dead := b.orphan(t, deadID, "exit 0", "1:0")
	require.NoError(t, dead.Wait(), "gone before the dispatcher starts")
	self := strconv.Itoa(os.Getpid()) + ":" + procStart(t, os.Getpid())
	_, watched := b.orphan(t, watchedID, "sleep 300", self)
	go func() { _ = live.Wait() }()
	go func() { _ = watched.Wait() }()

	b.startDispatcher(t)
	require.Equal(t, uint64(1), b.disp.Stats().Adopted)
	runs := b.waitRuns(t, deadID, 1)
	require.Equal(t, board.OutcomeCrashed, runs[0].Outcome)
	require.Contains(t, runs[0].Error, "no dispatcher watched it")
	b.waitStatus(t, deadID, board.StatusDone) // retried by this dispatcher
	require.Equal(t, board.StatusRunning, b.get(t, watchedID).Status, "not ours to adopt")

	require.NoError(t, os.WriteFile(filepath.Join(b.out, "release"), nil, 0o600))
	task := b.waitStatus(t, liveID, board.StatusDone)
	require.Equal(t, "adopted", task.Summary)
	require.Len(t, b.runs(t, liveID), 1, "adopted, not spawned again")
	require.Eventually(t, func() bool { return b.disp.Stats().Running == 0 }, waitFor, 5*time.Millisecond,
		"the adopted worker's exit is noticed")
}

// TestRescuerEndsExpiredLeases: a run whose dispatcher is gone (another
// host, so it cannot be adopted) ends as timed_out once its lease
// expires, and the task runs again.
func TestRescuerEndsExpiredLeases(t *testing.T) {
	t.Parallel()
	b := setup(t, okWorker, func(s *settings) { s.start = false; s.opts.PollInterval = 20 * time.Millisecond })
	id := b.create(t, okProfile).ID
	c, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board, Lease: 100 * time.Millisecond})
	require.NoError(t, err)
	ref := board.RunRef{Board: b.board, TaskID: id, RunID: c.Run.ID}
	require.NoError(t, b.store.SetRunProcess(b.ctx, ref, rdb.ProcessInfo{Host: "elsewhere", PID: 1, Start: "1"}))
	b.startDispatcher(t)
	require.Equal(t, board.StatusRunning, b.get(t, id).Status, "another host's run is not ended at start")
	task := b.waitStatus(t, id, board.StatusDone)
	runs := b.runs(t, task.ID)
	require.Equal(t, "timed_out,completed", outcomes(runs))
	require.Contains(t, runs[0].Error, "lease expired")
	require.GreaterOrEqual(t, b.disp.Stats().Rescued, uint64(1))
}
