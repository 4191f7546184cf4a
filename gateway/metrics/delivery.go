package metrics

import "time"

// These methods implement the delivery engine's hook (notify.Metrics).

// Routed counts a routed board event.
func (m *Metrics) Routed(board string, _ int) { m.routed.WithLabelValues(board).Inc() }

// Delivered counts a delivery and observes its event-to-delivery latency.
func (m *Metrics) Delivered(kind string, latency time.Duration) {
	m.deliveries.WithLabelValues(kind, "delivered").Inc()
	m.delivery.WithLabelValues(kind).Observe(latency.Seconds())
}

// DeliveryFailed counts a failed delivery attempt.
func (m *Metrics) DeliveryFailed(kind string) { m.deliveries.WithLabelValues(kind, "failed").Inc() }

// Failing tracks which subscriptions are failing, so reporting the same
// one twice does not move the gauge twice.
func (m *Metrics) Failing(board, sub string, failing bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	set := m.failingSubs[board]
	if set == nil {
		set = map[string]bool{}
		m.failingSubs[board] = set
	}
	if failing {
		set[sub] = true
	} else {
		delete(set, sub)
	}
	m.failing.WithLabelValues(board).Set(float64(len(set)))
}

// Dropped counts events an outbox bound pushed out.
func (m *Metrics) Dropped(board, _ string, n int64) { m.dropped.WithLabelValues(board).Add(float64(n)) }
