// Package metrics exports Switchboard's Prometheus metrics. One Metrics
// value implements every part's metric hook (the store's observer, the
// dispatcher's, the delivery engine's and the chat adapters') and
// registers scrape-time collectors that read Redis.
package metrics

import (
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics holds every Switchboard series. It is safe for concurrent use.
type Metrics struct {
	claims       *prometheus.CounterVec
	outcomes     *prometheus.CounterVec
	blocks       *prometheus.CounterVec
	trips        *prometheus.CounterVec
	readyToSpawn *prometheus.HistogramVec
	deliveries   *prometheus.CounterVec
	delivery     *prometheus.HistogramVec
	failing      *prometheus.GaugeVec
	dropped      *prometheus.CounterVec
	routed       *prometheus.CounterVec
	inbound      *prometheus.CounterVec

	mu          sync.Mutex
	failingSubs map[string]map[string]bool // board -> failing subscriptions
}

// latencyBuckets span 1 ms to about 1 min: dispatch and delivery are
// meant to take milliseconds, and the buckets show when they do not.
var latencyBuckets = prometheus.ExponentialBuckets(0.001, 2.5, 13)

// New creates the series and registers them with reg.
func New(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		claims:       counter(reg, "claims_total", "Tasks claimed by a dispatcher.", "board"),
		outcomes:     counter(reg, "worker_outcomes_total", "Runs ended, by outcome.", "board", "outcome"),
		blocks:       counter(reg, "blocks_total", "Worker blocks, by kind.", "board", "kind"),
		trips:        counter(reg, "breaker_trips_total", "Breakers tripped: failure, protocol or recurrence.", "board", "breaker"),
		readyToSpawn: histogram(reg, "ready_to_spawn_seconds", "From a task becoming claimable to its worker starting.", "board"),
		deliveries:   counter(reg, "deliveries_total", "Delivery attempts, by target kind and result.", "kind", "result"),
		delivery:     histogram(reg, "event_to_delivery_seconds", "From a board event to its target acknowledging it.", "kind"),
		failing:      gauge(reg, "subscriptions_failing", "Subscriptions whose target keeps failing.", "board"),
		dropped:      counter(reg, "outbox_dropped_total", "Events an outbox bound pushed out undelivered.", "board"),
		routed:       counter(reg, "events_routed_total", "Board events routed to subscriptions.", "board"),
		inbound:      counter(reg, "inbound_requests_total", "Inbound chat requests, by platform and result.", "platform", "result"),
		failingSubs:  map[string]map[string]bool{},
	}
	return m
}

func counter(reg prometheus.Registerer, name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "switchboard", Name: name, Help: help}, labels)
	reg.MustRegister(c)
	return c
}

func gauge(reg prometheus.Registerer, name, help string, labels ...string) *prometheus.GaugeVec {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: "switchboard", Name: name, Help: help}, labels)
	reg.MustRegister(g)
	return g
}

func histogram(reg prometheus.Registerer, name, help string, labels ...string) *prometheus.HistogramVec {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: "switchboard", Name: name, Help: help, Buckets: latencyBuckets,
	}, labels)
	reg.MustRegister(h)
	return h
}

// Spawned observes the ready-to-spawn latency (the dispatcher's hook).
func (m *Metrics) Spawned(board string, wait time.Duration) {
	m.readyToSpawn.WithLabelValues(board).Observe(wait.Seconds())
}

// Inbound counts an inbound chat request: result is accepted, refused
// (an unauthorized person), forged (failed verification) or invalid.
func (m *Metrics) Inbound(platform, result string) {
	m.inbound.WithLabelValues(platform, result).Inc()
}
