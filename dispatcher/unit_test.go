package dispatcher

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	exit := func(code int) ExitStatus { return ExitStatus{Known: true, Code: code} }
	for _, tc := range []struct {
		name string
		st   ExitStatus
		why  stopReason
		want board.Outcome
	}{
		{"exit 0 without a terminal call", exit(0), notStopped, board.OutcomeProtocolViolation},
		{"exit 75", exit(75), notStopped, board.OutcomeRateLimited},
		{"exit 78", exit(78), notStopped, board.OutcomeTerminalProvider},
		{"exit 1", exit(1), notStopped, board.OutcomeCrashed},
		{"killed by a signal", ExitStatus{Known: true, Code: -1, Signal: syscall.SIGSEGV}, notStopped, board.OutcomeCrashed},
		{"unknown (adopted)", ExitStatus{}, notStopped, board.OutcomeCrashed},
		{"past the timeout, even if it exits 0", exit(0), stopTimeout, board.OutcomeTimedOut},
		{"stopped at shutdown", ExitStatus{Known: true, Signal: syscall.SIGTERM}, stopShutdown, board.OutcomeCrashed},
	} {
		got, note := classify(tc.st, tc.why, Profile{Timeout: time.Minute})
		require.Equal(t, tc.want, got, tc.name)
		require.NotEmpty(t, note, tc.name)
	}
}

// TestWorkerEnv: serve's SWITCHBOARD_* settings (secrets among them) never
// reach a worker, the profile's env does, and the contract's variables
// cannot be overridden.
func TestWorkerEnv(t *testing.T) {
	t.Parallel()
	base := []string{"PATH=/bin", "SWITCHBOARD_HTTP_ADMIN_TOKEN=secret", "SWITCHBOARD_REDIS_URL=redis://x", "HOME=/root"}
	profile := map[string]string{"MODEL": "big", "SWITCHBOARD_TOKEN": "forged"}
	contract := map[string]string{"SWITCHBOARD_TOKEN": "sbw.run", "SWITCHBOARD_URL": "http://gw"}
	env := workerEnv(base, profile, contract)
	joined := strings.Join(env, "\n")
	require.NotContains(t, joined, "secret")
	require.NotContains(t, joined, "redis://x")
	require.NotContains(t, joined, "forged")
	require.Contains(t, env, "MODEL=big")
	require.Contains(t, env, "SWITCHBOARD_TOKEN=sbw.run")
	require.Contains(t, env, "PATH=/bin")
}

func TestCaptureKeepsHeadAndTail(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	require.NoError(t, err)
	defer f.Close()
	c := newCapture(path, 100)
	defer c.close()
	_, err = f.WriteString("first line\n" + strings.Repeat("x", 1000) + "\nlast line\n")
	require.NoError(t, err)
	require.NoError(t, c.poll())
	out := c.String()
	require.True(t, strings.HasPrefix(out, "first line\n"))
	require.True(t, strings.HasSuffix(out, "x\nlast line\n"))
	require.Contains(t, out, "bytes of output omitted")
	require.LessOrEqual(t, len(out), 100+60, "bounded, plus the marker")
	require.Equal(t, "last line", c.lastLines(1, 100))
}

// TestCaptureBoundsTheFile: the output file is truncated once large; the
// worker's O_APPEND writes go on at its new end and are still captured.
func TestCaptureBoundsTheFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	require.NoError(t, err)
	defer f.Close()
	c := newCapture(path, 10)
	defer c.close()
	_, err = f.WriteString(strings.Repeat("y", 10*diskFactor))
	require.NoError(t, err)
	require.NoError(t, c.poll())
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Zero(t, fi.Size(), "truncated")
	_, err = f.WriteString("tail!")
	require.NoError(t, err)
	require.NoError(t, c.poll())
	require.True(t, strings.HasSuffix(c.String(), "tail!"))
}

func TestHintsExplainTheLastRunAndPeopleSince(t *testing.T) {
	t.Parallel()
	ended := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	runs := []EarlierRun{{ID: "r_1", Outcome: board.OutcomeProtocolViolation, EndedAt: &ended}}
	task := &board.Task{ProtocolViolations: 1}
	events := []*board.Event{
		{Kind: board.EventAnswered, At: ended.Add(-time.Hour), Data: []byte(`{"text":"old answer"}`)},
		{Kind: board.EventDenied, Actor: "slack:U1", At: ended.Add(time.Minute), Data: []byte(`{"text":"too risky","question":"drop the table"}`)},
	}
	got := hints(task, runs, events, board.DefaultPolicy())
	require.Len(t, got, 2, "the answer before the last run is history, not a hint")
	require.Contains(t, got[0], "exited 0 without a terminal call")
	require.Contains(t, got[0], "switchboard worker complete")
	require.Contains(t, got[1], "DENIED")
	require.Contains(t, got[1], "too risky")
}

func TestRenderContext(t *testing.T) {
	t.Parallel()
	code := 3
	rc := &RunContext{
		Task:    TaskInfo{ID: "t_1", Board: "b", Title: "Ship it", Body: "the body"},
		Run:     RunInfo{ID: "r_2", Attempt: 2},
		Parents: []ParentInfo{{ID: "t_p", Title: "research", Status: board.StatusDone, Summary: "found X", Metadata: []byte(`{"k":1}`)}},
		Runs:    []EarlierRun{{ID: "r_1", Outcome: board.OutcomeCrashed, ExitCode: &code, Error: "boom"}},
		Input:   []PersonInput{{Kind: board.EventAnswered, Actor: "telegram:42", Text: "use postgres", Question: "which db?"}},
		Hints:   []string{"read me"},
	}
	md := renderContext(rc, "/x/context.json")
	for _, want := range []string{"# Task t_1: Ship it", "the body", "found X", `{"k":1}`, "crashed (exit 3)", "boom",
		"use postgres", "which db?", "## Read this first", "read me", "switchboard worker complete", "/x/context.json"} {
		require.Contains(t, md, want)
	}
}

func TestProcessIdentity(t *testing.T) {
	t.Parallel()
	require.True(t, supervisorAlive(selfIdentity()), "this process")
	require.False(t, supervisorAlive("1:0"), "pid 1 did not start at tick 0")
	require.False(t, supervisorAlive(""))

	cmd := exec.Command("sh", "-c", "exit 0")
	require.NoError(t, cmd.Start())
	pid := cmd.Process.Pid
	start, alive, err := processStart(pid)
	require.NoError(t, err)
	require.NotEmpty(t, start)
	_ = alive
	require.NoError(t, cmd.Wait())
	require.False(t, sameProcess(pid, start), "reaped")
}

func TestMinPositive(t *testing.T) {
	t.Parallel()
	require.Equal(t, time.Second, minPositive(0, time.Second))
	require.Equal(t, time.Second, minPositive(time.Second, 0))
	require.Equal(t, time.Second, minPositive(time.Minute, time.Second))
	require.Equal(t, time.Duration(0), minPositive(0, 0))
}
