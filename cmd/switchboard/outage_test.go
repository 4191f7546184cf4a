package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// ownRedis is a redis-server this test runs on a port of its own, with an
// append-only file, so it can be killed and started again with its data.
type ownRedis struct {
	port int
	dir  string
	cmd  *exec.Cmd
}

func startOwnRedis(t *testing.T) *ownRedis {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server is not installed; the outage test needs a Redis it can stop")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	o := &ownRedis{port: ln.Addr().(*net.TCPAddr).Port, dir: t.TempDir()}
	require.NoError(t, ln.Close())
	o.start(t)
	t.Cleanup(func() { o.stop() })
	return o
}

func (o *ownRedis) addr() string { return "127.0.0.1:" + strconv.Itoa(o.port) }

// start runs redis-server and waits until it answers.
func (o *ownRedis) start(t *testing.T) {
	t.Helper()
	o.cmd = exec.Command("redis-server", "--port", strconv.Itoa(o.port), "--bind", "127.0.0.1",
		"--dir", o.dir, "--appendonly", "yes", "--appendfsync", "always", "--save", "")
	require.NoError(t, o.cmd.Start())
	c := redis.NewClient(&redis.Options{Addr: o.addr()})
	defer c.Close()
	require.Eventually(t, func() bool { return c.Ping(context.Background()).Err() == nil }, waitFor, 20*time.Millisecond)
}

// stop kills redis-server abruptly; the append-only file keeps every write.
func (o *ownRedis) stop() {
	if o.cmd != nil && o.cmd.Process != nil {
		_ = o.cmd.Process.Kill()
		_ = o.cmd.Wait()
	}
}

// hookReceiver counts webhook deliveries per event id; it answers 500
// until it is made healthy.
type hookReceiver struct {
	healthy atomic.Bool
	mu      sync.Mutex
	seen    map[string]int
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.healthy.Load() {
		http.Error(w, "down", http.StatusInternalServerError)
		return
	}
	var body struct {
		Event board.Event `json:"event"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	h.seen[body.Event.ID]++
	h.mu.Unlock()
}

func (h *hookReceiver) got(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seen[id] > 0
}

// cpuSeconds reads a process's user plus system CPU time from /proc.
func cpuSeconds(t *testing.T, pid int) float64 {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		t.Skip("no /proc: cannot measure CPU")
	}
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100 // clock ticks; 100 per second on Linux
}

// TestRedisOutage stops serve's Redis for several seconds under load and
// brings it back: serve stays up with low CPU, /readyz reflects the
// outage, worker reports retry, and every event written before the outage
// is delivered afterwards.
func TestRedisOutage(t *testing.T) {
	t.Parallel()
	own := startOwnRedis(t)
	r := &rdbtest.Redis{Prefix: "sbout", Addr: own.addr()}
	hook := &hookReceiver{seen: map[string]int{}}
	recv := httptest.NewServer(hook)
	t.Cleanup(recv.Close)
	s := spawnServe(t, r, map[string]string{
		"SWITCHBOARD_DISPATCHER_ENABLED": "false", "SWITCHBOARD_NOTIFY_RETRY_BACKOFF": "50ms",
		"SWITCHBOARD_NOTIFY_MAX_BACKOFF": "500ms",
	})
	client := redis.NewClient(&redis.Options{Addr: own.addr(), MaxRetries: -1})
	t.Cleanup(func() { _ = client.Close() })
	st := rdb.New(client, rdb.Options{Prefix: r.Prefix})
	ctx := context.Background()

	goal := create(t, st, "goal", true)
	_, errOut, code := runAgainst(s.url(), "", "subscribe", goal, "--subtree", "--to", "webhook:"+recv.URL)
	require.Equal(t, 0, code, errOut)
	var before []string // events written before the outage
	for i := range 40 {
		sub := create(t, st, fmt.Sprint("part ", i), true)
		_, err := st.Link(ctx, board.LinkParams{Board: "default", Parent: sub, Child: goal})
		require.NoError(t, err)
	}
	evs, err := st.Events(ctx, board.Ref{Board: "default", ID: goal})
	require.NoError(t, err)
	for _, e := range evs {
		if e.Kind == board.EventLinked {
			before = append(before, e.ID)
		}
	}
	late, lost := claimFor(t, st, "late report"), claimFor(t, st, "lost report")
	goroutinesBefore := scrape(t, s.url())("go_goroutines")
	stopLoad := apiLoad(s.url())

	own.stop()
	outageStart, cpuStart := time.Now(), cpuSeconds(t, s.cmd.Process.Pid)
	lateDone := workerCall(late, s.url(), "60s")
	_, lostErr, lostCode := runWorker(lost, s.url(), "300ms")
	require.Equal(t, ExitNotRecorded, lostCode, lostErr)
	require.Contains(t, lostErr, "NOT recorded")
	require.Eventually(t, func() bool { return readyz(s.url()) == http.StatusServiceUnavailable }, waitFor, 20*time.Millisecond)
	require.Equal(t, 0.0, scrape(t, s.url())("switchboard_redis_up"))

	time.Sleep(4*time.Second - time.Since(outageStart)) // the outage itself, not a synchronization
	cpu := cpuSeconds(t, s.cmd.Process.Pid) - cpuStart
	wall := time.Since(outageStart).Seconds()
	t.Logf("serve CPU while Redis was down: %.3fs over %.1fs (%.1f%% of one core)", cpu, wall, 100*cpu/wall)
	require.Less(t, cpu/wall, 0.25, "a hot loop while Redis is down")
	select {
	case <-s.done:
		t.Fatalf("serve exited during the outage:\n%s", s.logs())
	default:
	}

	hook.healthy.Store(true)
	own.start(t)
	back := time.Now()
	require.Eventually(t, func() bool { return readyz(s.url()) == http.StatusOK }, waitFor, 20*time.Millisecond)
	t.Logf("ready again %v after Redis came back", time.Since(back).Round(time.Millisecond))
	require.Equal(t, 0, <-lateDone, "the report sent during the outage was recorded once Redis was back")
	require.Equal(t, board.StatusDone, statusOf(st, late.TaskID))
	require.Eventually(t, func() bool {
		for _, id := range before {
			if !hook.got(id) {
				return false
			}
		}
		return true
	}, waitFor, 50*time.Millisecond, "every event written before the outage is delivered")
	okAfter := stopLoad()
	require.Positive(t, okAfter, "the API serves again")
	require.Eventually(t, func() bool {
		return scrape(t, s.url())("go_goroutines") <= goroutinesBefore+20
	}, waitFor, 100*time.Millisecond, "goroutines leaked during the outage")
}

func create(t *testing.T, st *rdb.Store, title string, triage bool) string {
	t.Helper()
	task, err := st.Create(context.Background(), board.CreateParams{Board: "default", Title: title, Profile: "default", Triage: triage})
	require.NoError(t, err)
	return task.ID
}

// claimFor creates a task and claims it, returning the run and its token.
func claimFor(t *testing.T, st *rdb.Store, title string) workerRun {
	t.Helper()
	id := create(t, st, title, true)
	_, err := st.Unblock(context.Background(), board.Ref{Board: "default", ID: id}, board.DecisionParams{})
	require.NoError(t, err)
	c, err := st.Claim(context.Background(), board.ClaimParams{Board: "default"})
	require.NoError(t, err)
	require.Equal(t, id, c.Task.ID)
	return workerRun{TaskID: id, Token: c.Token}
}

type workerRun struct{ TaskID, Token string }

// runWorker runs `switchboard worker complete` for run with a retry bound.
func runWorker(w workerRun, url, retryFor string) (string, string, int) {
	cmd := exec.Command(binary, "worker", "complete", "--summary", "reported")
	cmd.Env = append(os.Environ(), "SWITCHBOARD_URL="+url, "SWITCHBOARD_TOKEN="+w.Token, "SWITCHBOARD_RETRY_FOR="+retryFor)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), errOut.String(), ee.ExitCode()
	}
	return out.String(), errOut.String(), 0
}

func workerCall(w workerRun, url, retryFor string) <-chan int {
	done := make(chan int, 1)
	go func() { _, _, code := runWorker(w, url, retryFor); done <- code }()
	return done
}

// apiLoad creates tasks through the API until stopped, and returns how
// many succeeded after the last failure.
func apiLoad(url string) func() int {
	stop, done := make(chan struct{}), make(chan int)
	go func() {
		okSince := 0
		for {
			select {
			case <-stop:
				done <- okSince
				return
			case <-time.After(20 * time.Millisecond):
			}
			if _, _, code := runAgainst(url, "", "task", "create", "load"); code == 0 {
				okSince++
			} else {
				okSince = 0
			}
		}
	}()
	return func() int { close(stop); return <-done }
}

// runAgainst runs the CLI in-process against url.
func runAgainst(url, token string, args ...string) (string, string, int) {
	var out, errOut strings.Builder
	code := run(append([]string{"--server", url, "--token", token}, args...), &out, &errOut)
	return out.String(), errOut.String(), code
}

func readyz(url string) int {
	resp, err := http.Get(url + "/readyz")
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}
