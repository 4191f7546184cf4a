package metrics_test

import (
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway/metrics"
)

func TestObserveCountsOutcomesAndTrips(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	m := metrics.New(reg)
	task := func(st board.Status, kind board.BlockKind, circuit bool) *board.Task {
		return &board.Task{Board: "b", Status: st, BlockKind: kind, CircuitOpen: circuit}
	}
	m.Observe(board.OpClaim, task(board.StatusRunning, "", false))
	m.Observe(board.OpBlock, task(board.StatusTriage, board.BlockTransient, true))
	m.Observe(board.OpBlock, task(board.StatusBlocked, board.BlockTransient, false))
	m.Observe(board.OpProtocolViolation, task(board.StatusReady, "", false))
	m.Observe(board.OpProtocolViolation, task(board.StatusBlocked, board.BlockFailure, false))
	m.Observe(board.OpTimedOut, task(board.StatusBlocked, board.BlockFailure, false))
	m.Observe(board.OpTerminalProvider, task(board.StatusBlocked, board.BlockFailure, false))
	m.Observe(board.OpApprove, task(board.StatusReady, "", false)) // not a run outcome

	want := `
# HELP switchboard_breaker_trips_total Breakers tripped: failure, protocol or recurrence.
# TYPE switchboard_breaker_trips_total counter
switchboard_breaker_trips_total{board="b",breaker="failure"} 1
switchboard_breaker_trips_total{board="b",breaker="protocol"} 1
switchboard_breaker_trips_total{board="b",breaker="recurrence"} 1
# HELP switchboard_worker_outcomes_total Runs ended, by outcome.
# TYPE switchboard_worker_outcomes_total counter
switchboard_worker_outcomes_total{board="b",outcome="blocked"} 2
switchboard_worker_outcomes_total{board="b",outcome="protocol_violation"} 2
switchboard_worker_outcomes_total{board="b",outcome="terminal_provider"} 1
switchboard_worker_outcomes_total{board="b",outcome="timed_out"} 1
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want),
		"switchboard_breaker_trips_total", "switchboard_worker_outcomes_total"))
}

func TestFailingGaugeCountsEachSubscriptionOnce(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	m := metrics.New(reg)
	m.Failing("b", "s_1", true)
	m.Failing("b", "s_1", true)
	m.Failing("b", "s_2", true)
	m.Failing("b", "s_1", false)
	m.Delivered("webhook", 3*time.Millisecond)
	m.Inbound("slack", "forged")
	want := `
# HELP switchboard_subscriptions_failing Subscriptions whose target keeps failing.
# TYPE switchboard_subscriptions_failing gauge
switchboard_subscriptions_failing{board="b"} 1
# HELP switchboard_inbound_requests_total Inbound chat requests, by platform and result.
# TYPE switchboard_inbound_requests_total counter
switchboard_inbound_requests_total{platform="slack",result="forged"} 1
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want),
		"switchboard_subscriptions_failing", "switchboard_inbound_requests_total"))
}
