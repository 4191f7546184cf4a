package main

import (
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/switchboard/switchboard/dispatcher"
	"github.com/switchboard/switchboard/gateway/metrics"
)

// telemetry is serve's Prometheus registry and the hooks every part feeds.
type telemetry struct {
	registry *prometheus.Registry
	metrics  *metrics.Metrics
	// dispatcher is set once the dispatcher runs; scrapes may come first.
	dispatcher atomic.Pointer[dispatcher.Dispatcher]
}

// newTelemetry creates the registry with the Go runtime and process
// collectors (resident memory, CPU seconds) and Switchboard's series.
func newTelemetry() *telemetry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return &telemetry{registry: reg, metrics: metrics.New(reg)}
}

// mountMetrics registers the scrape-time collector and serves /metrics.
func (a *app) mountMetrics() {
	budget := a.cfg.Dispatcher.SpawnBudget
	a.tel.registry.MustRegister(metrics.NewCollector(a.store, budget.Max, budget.Per, a.tel.dispatcherStats))
	a.server.Handle("GET /metrics", promhttp.HandlerFor(a.tel.registry, promhttp.HandlerOpts{}))
}

// dispatcherStats reads the running dispatcher's counters, or zeros.
func (t *telemetry) dispatcherStats() metrics.DispatcherStats {
	d := t.dispatcher.Load()
	if d == nil {
		return metrics.DispatcherStats{}
	}
	s := d.Stats()
	return metrics.DispatcherStats{
		Running: s.Running, Spawned: s.Spawned, StartFailures: s.StartFailures,
		BudgetHeld: s.BudgetHeld, Adopted: s.Adopted, Rescued: s.Rescued,
	}
}
