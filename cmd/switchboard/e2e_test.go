package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// binary is the switchboard binary TestMain builds.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "switchboard-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "switchboard")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic(fmt.Sprintf("build switchboard: %v\n%s", err, out))
	}
	// Shell workers that serve spawns report with this binary from PATH.
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// served is a `switchboard serve` subprocess.
type served struct {
	url   string
	cmd   *exec.Cmd
	redis *rdbtest.Redis
	token string
}

var servingLine = regexp.MustCompile(`msg="switchboard serving" addr=(\S+)`)

// startServe boots serve on port 0 against the test's Redis and waits for
// its "serving" log line.
func startServe(t *testing.T, env ...string) *served {
	t.Helper()
	r := rdbtest.New(t)
	s := &served{redis: r, token: "e2e-admin"}
	s.cmd = exec.Command(binary, "serve")
	s.cmd.Env = append(os.Environ(), "SWITCHBOARD_HTTP_LISTEN=127.0.0.1:0", "SWITCHBOARD_REDIS_URL="+r.URL(),
		"SWITCHBOARD_REDIS_PREFIX="+r.Prefix, "SWITCHBOARD_HTTP_ADMIN_TOKEN="+s.token,
		"SWITCHBOARD_DISPATCHER_ENABLED=false")
	s.cmd.Env = append(s.cmd.Env, env...)
	stderr, err := s.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, s.cmd.Start())
	t.Cleanup(func() { _ = s.cmd.Process.Kill(); _ = s.cmd.Wait() })
	addr := make(chan string, 1)
	go scanServing(stderr, addr)
	select {
	case a := <-addr:
		s.url = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not report its address")
	}
	return s
}

func scanServing(r io.Reader, addr chan<- string) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if m := servingLine.FindStringSubmatch(sc.Text()); m != nil {
			addr <- m[1]
		}
	}
}

// cli runs the switchboard binary against s and returns stdout, stderr and
// the exit code.
func (s *served) cli(t *testing.T, token string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), "SWITCHBOARD_URL="+s.url, "SWITCHBOARD_TOKEN="+token, "SWITCHBOARD_BOARD=e2e")
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out.String(), errOut.String(), code
}

// ok runs a CLI command that must succeed and decodes its JSON into v.
func (s *served) ok(t *testing.T, v any, args ...string) {
	t.Helper()
	out, errOut, code := s.cli(t, s.token, append([]string{"--json"}, args...)...)
	require.Equal(t, 0, code, "switchboard %v: %s", args, errOut)
	if v != nil {
		require.NoError(t, json.Unmarshal([]byte(out), v), out)
	}
}

func TestEndToEndThroughTheCLI(t *testing.T) {
	t.Parallel()
	s := startServe(t)
	var parent, child board.Task
	s.ok(t, &parent, "task", "create", "research", "--body", "find sources", "--priority", "3")
	require.Equal(t, board.StatusReady, parent.Status)
	s.ok(t, &child, "task", "create", "write", "--parent", parent.ID)
	require.Equal(t, board.StatusTodo, child.Status)

	var list []board.Task
	s.ok(t, &list, "task", "list", "--status", "todo")
	require.Len(t, list, 1)
	require.Equal(t, child.ID, list[0].ID)
	out, _, code := s.cli(t, s.token, "task", "list")
	require.Equal(t, 0, code)
	require.Contains(t, out, "Active (2)")

	// A person's verb on the wrong status: non-zero, names the status, changes nothing.
	_, errOut, code := s.cli(t, s.token, "task", "approve", parent.ID)
	require.Equal(t, ExitError, code)
	require.Contains(t, errOut, "it is ready")

	// A worker run: the claim comes from the store, the report through the CLI.
	claim := s.claim(t)
	require.Equal(t, parent.ID, claim.Task.ID)
	_, errOut, code = s.cli(t, claim.Token, "worker", "complete", "--summary", "3 sources", "--metadata", `{"sources":3}`)
	require.Equal(t, 0, code, errOut)
	s.ok(t, &child, "task", "show", child.ID)
	require.Equal(t, board.StatusReady, child.Status, "promoted when its parent completed")

	_, errOut, code = s.cli(t, claim.Token, "worker", "comment", "too late")
	require.Equal(t, ExitError, code)
	require.Contains(t, errOut, "no longer current")

	var runs []board.Run
	s.ok(t, &runs, "task", "runs", parent.ID)
	require.Len(t, runs, 1)
	require.Equal(t, board.OutcomeCompleted, runs[0].Outcome)
	var events []board.Event
	s.ok(t, &events, "task", "events", parent.ID)
	require.Equal(t, []board.EventKind{board.EventCreated, board.EventClaimed, board.EventCompleted}, kinds(events))
	require.Equal(t, board.WorkerActor(claim.Run.ID), events[2].Actor)
}

func TestEndToEndAdminTokenAndUsage(t *testing.T) {
	t.Parallel()
	s := startServe(t)
	_, errOut, code := s.cli(t, "", "task", "list")
	require.Equal(t, ExitError, code)
	require.Contains(t, errOut, "admin token")
	_, _, code = s.cli(t, s.token, "task", "show")
	require.Equal(t, ExitUsage, code)
	_, errOut, code = s.cli(t, "", "worker", "complete", "--summary", "x")
	require.Equal(t, ExitError, code)
	require.Contains(t, errOut, "not inside a worker run")
}

func TestServeRefusesPublicListenWithoutToken(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), "SWITCHBOARD_HTTP_LISTEN=0.0.0.0:0", "SWITCHBOARD_HTTP_ADMIN_TOKEN=")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "admin_token")
}

func TestServeRejectsUnknownConfigKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "c.yaml")
	require.NoError(t, os.WriteFile(path, []byte("dispatcher:\n  max_wokers: 3\n"), 0o600))
	out, err := exec.Command(binary, "serve", "--config", path).CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "dispatcher.max_wokers")
}

func TestServeLogsEmbeddedRedisLoudly(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "serve")
	cmd.Env = append(os.Environ(), "SWITCHBOARD_HTTP_LISTEN=127.0.0.1:0", "SWITCHBOARD_REDIS_URL=")
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	sc := bufio.NewScanner(stderr)
	var seen []string
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.Contains(sc.Text(), "switchboard serving") {
			break
		}
	}
	all := strings.Join(seen, "\n")
	require.Contains(t, all, "EMBEDDED IN-MEMORY REDIS")
	require.Contains(t, all, "LOST WHEN IT EXITS")
}

// claim claims the next task of board e2e straight from the store.
func (s *served) claim(t *testing.T) *board.Claim {
	t.Helper()
	st := rdb.New(s.redis.Client, rdb.Options{Prefix: s.redis.Prefix})
	c, err := st.Claim(context.Background(), board.ClaimParams{Board: "e2e"})
	require.NoError(t, err)
	return c
}

func kinds(events []board.Event) []board.EventKind {
	out := make([]board.EventKind, len(events))
	for i, e := range events {
		out[i] = e.Kind
	}
	return out
}
