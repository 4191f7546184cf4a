package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/config"
)

// scrape reads /metrics and returns the value of the series named by its
// full text (name and labels), or -1 when it is absent.
func scrape(t *testing.T, url string) func(series string) float64 {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	text := string(body)
	return func(series string) float64 {
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(text)
		if m == nil {
			return -1
		}
		v, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		return v
	}
}

// TestMetricsMove runs real workers through serve in-process and checks
// that each named series moves: claims, spawns, outcomes, a breaker trip,
// the ready-to-spawn histogram, tasks by status, deliveries and their
// latency, the spawn budget and Redis reachability.
func TestMetricsMove(t *testing.T) {
	t.Parallel()
	r := rdbtest.New(t)
	var hooks atomic.Int64
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hooks.Add(1) }))
	t.Cleanup(hook.Close)

	cfg := config.Default()
	cfg.Redis.URL, cfg.Redis.Prefix, cfg.HTTP.Listen = r.URL(), r.Prefix, "127.0.0.1:0"
	cfg.Dispatcher.FailureLimit = 1
	cfg.Profiles = map[string]config.Profile{
		"default": {Command: []string{"sh", "-c", `switchboard worker complete --summary done`}, Timeout: time.Minute},
		"crash":   {Command: []string{"sh", "-c", "exit 3"}, Timeout: time.Minute},
	}
	a, err := startApp(context.Background(), cfg, io.Discard)
	require.NoError(t, err)
	t.Cleanup(func() { a.Stop(context.Background()) })
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	ctx := context.Background()

	ok, err := st.Create(ctx, board.CreateParams{Board: "default", Title: "ok", Profile: "default", Triage: true})
	require.NoError(t, err)
	_, _, code := runCLI(a, "subscribe", ok.ID, "--to", "webhook:"+hook.URL)
	require.Equal(t, 0, code)
	_, err = st.Unblock(ctx, board.Ref{Board: "default", ID: ok.ID}, board.DecisionParams{})
	require.NoError(t, err)
	bad, err := st.Create(ctx, board.CreateParams{Board: "default", Title: "crash", Profile: "crash"})
	require.NoError(t, err)

	require.Eventually(t, func() bool {
		return statusOf(st, ok.ID) == board.StatusDone && statusOf(st, bad.ID) == board.StatusBlocked && hooks.Load() >= 3
	}, 30*time.Second, 20*time.Millisecond)

	m := scrape(t, a.URL())
	require.Equal(t, 2.0, m(`switchboard_claims_total{board="default"}`))
	require.Equal(t, 2.0, m(`switchboard_spawns_total`))
	require.Equal(t, 1.0, m(`switchboard_worker_outcomes_total{board="default",outcome="completed"}`))
	require.Equal(t, 1.0, m(`switchboard_worker_outcomes_total{board="default",outcome="crashed"}`))
	require.Equal(t, 1.0, m(`switchboard_breaker_trips_total{board="default",breaker="failure"}`))
	require.Equal(t, 2.0, m(`switchboard_ready_to_spawn_seconds_count{board="default"}`))
	require.Equal(t, 1.0, m(`switchboard_tasks{board="default",status="done"}`))
	require.Equal(t, 1.0, m(`switchboard_tasks{board="default",status="blocked"}`))
	require.Eventually(t, func() bool { // the engine counts a delivery just after the receiver answers
		m := scrape(t, a.URL())
		return m(`switchboard_deliveries_total{kind="webhook",result="delivered"}`) >= 3 &&
			m(`switchboard_event_to_delivery_seconds_count{kind="webhook"}`) >= 3
	}, 10*time.Second, 20*time.Millisecond)
	require.Equal(t, 2.0, m(`switchboard_spawn_budget_used`))
	require.Equal(t, 0.0, m(`switchboard_spawn_budget_exhausted`))
	require.Equal(t, 1.0, m(`switchboard_redis_up`))
	require.Positive(t, m(`process_resident_memory_bytes`))
}

func statusOf(st *rdb.Store, id string) board.Status {
	t, err := st.Get(context.Background(), board.Ref{Board: "default", ID: id})
	if err != nil {
		return ""
	}
	return t.Status
}

// runCLI runs the CLI in-process against a.
func runCLI(a *app, args ...string) (string, string, int) {
	var out, errOut strings.Builder
	code := run(append([]string{"--server", a.URL()}, args...), &out, &errOut)
	return out.String(), errOut.String(), code
}
