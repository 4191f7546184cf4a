package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// waitFor bounds every wait on a condition.
const waitFor = 90 * time.Second

// serveProc is a `switchboard serve` subprocess.
type serveProc struct {
	cmd  *exec.Cmd
	addr string
	mu   sync.Mutex
	log  strings.Builder
	done chan struct{}
}

// serveEnv is the environment of a test's serve: its Redis and prefix,
// port 0, fast retries, and env as extra SWITCHBOARD_* settings.
func serveEnv(r *rdbtest.Redis, env map[string]string) []string {
	out := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SWITCHBOARD_") {
			out = append(out, kv)
		}
	}
	base := map[string]string{
		"SWITCHBOARD_REDIS_URL": r.URL(), "SWITCHBOARD_REDIS_PREFIX": r.Prefix,
		"SWITCHBOARD_HTTP_LISTEN": "127.0.0.1:0", "SWITCHBOARD_SHUTDOWN_GRACE": "1s",
		"SWITCHBOARD_DISPATCHER_RETRY_BACKOFF": "20ms", "SWITCHBOARD_DISPATCHER_TRANSIENT_BACKOFF": "20ms",
		"SWITCHBOARD_DISPATCHER_POLL_INTERVAL": "1h", "SWITCHBOARD_DISPATCHER_KILL_GRACE": "200ms",
	}
	for k, v := range env {
		base[k] = v
	}
	for k, v := range base {
		out = append(out, k+"="+v)
	}
	return out
}

// spawnServe runs serve with the dispatcher on and waits until it listens.
func spawnServe(t *testing.T, r *rdbtest.Redis, env map[string]string) *serveProc {
	t.Helper()
	s := &serveProc{cmd: exec.Command(binary, "serve"), done: make(chan struct{})}
	s.cmd.Env = serveEnv(r, env)
	stderr, err := s.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, s.cmd.Start())
	t.Cleanup(func() { s.kill() })
	addr := make(chan string, 1)
	go s.read(stderr, addr)
	select {
	case a := <-addr:
		s.addr = a
	case <-time.After(waitFor):
		t.Fatalf("serve did not start:\n%s", s.logs())
	}
	return s
}

// read keeps serve's log and reports the address it serves on.
func (s *serveProc) read(r io.Reader, addr chan<- string) {
	defer close(s.done)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		s.mu.Lock()
		s.log.WriteString(line + "\n")
		s.mu.Unlock()
		if m := servingLine.FindStringSubmatch(line); m != nil {
			addr <- m[1]
		}
	}
	_ = s.cmd.Wait()
}

func (s *serveProc) url() string { return "http://" + s.addr }

func (s *serveProc) logs() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// kill sends SIGKILL to serve alone (its workers have groups of their
// own) and waits for it to exit.
func (s *serveProc) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
}

// storeFor opens the board a serve subprocess uses.
func storeFor(r *rdbtest.Redis) *rdb.Store {
	return rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
}

// waitAll waits until cond holds for the tasks of board b.
func waitAll(t *testing.T, st *rdb.Store, b string, cond func([]*board.Task) bool) []*board.Task {
	t.Helper()
	var tasks []*board.Task
	require.Eventually(t, func() bool {
		var err error
		tasks, err = st.List(context.Background(), board.ListParams{Board: b, Limit: 10_000})
		require.NoError(t, err)
		return cond(tasks)
	}, waitFor, 10*time.Millisecond)
	return tasks
}

// profileEnv sets the default profile's command to a shell script that
// sees $OUT.
func profileEnv(script, out string) map[string]string {
	return map[string]string{
		"SWITCHBOARD_PROFILES_DEFAULT_COMMAND": `["sh", "-c", ` + quoteJSON(script) + `]`,
		"SWITCHBOARD_PROFILES_DEFAULT_ENV_OUT": out,
	}
}

func quoteJSON(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}
