package metrics

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/switchboard/switchboard/board"
)

// BoardReader is what the scrape-time collector reads from the store.
type BoardReader interface {
	StatusCounts(ctx context.Context) (map[string]map[board.Status]int64, error)
	SpawnBudgetState(ctx context.Context, per time.Duration) (used int64, tripped bool, err error)
}

// DispatcherStats reads a dispatcher's counters.
type DispatcherStats struct {
	Running                            int
	Spawned, StartFailures, BudgetHeld uint64
	Adopted, Rescued                   uint64
}

// Collector reads the board and the dispatcher at scrape time: tasks by
// status and board, the spawn budget, Redis reachability and the
// dispatcher's counters. A scrape while Redis is down reports redis_up 0
// and skips what needs Redis.
type Collector struct {
	store      BoardReader
	budgetMax  int
	budgetPer  time.Duration
	dispatcher func() DispatcherStats
	timeout    time.Duration
	descs      map[string]*prometheus.Desc
}

// NewCollector returns a collector for store with the spawn budget's
// limits; dispatcher may be nil when the dispatcher is off.
func NewCollector(store BoardReader, budgetMax int, budgetPer time.Duration, dispatcher func() DispatcherStats) *Collector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc("switchboard_"+name, help, labels, nil)
	}
	return &Collector{
		store: store, budgetMax: budgetMax, budgetPer: budgetPer, dispatcher: dispatcher, timeout: 2 * time.Second,
		descs: map[string]*prometheus.Desc{
			"tasks":          d("tasks", "Tasks on the board, by board and status.", "board", "status"),
			"redis_up":       d("redis_up", "1 when Redis answered the scrape's reads."),
			"budget_used":    d("spawn_budget_used", "Worker spawns in the current budget window."),
			"budget_max":     d("spawn_budget_max", "Worker spawns the budget allows per window."),
			"budget_tripped": d("spawn_budget_exhausted", "1 while the spawn budget is spent."),
			"running":        d("workers_running", "Workers this process supervises now."),
			"spawned":        d("spawns_total", "Worker processes started by this process."),
			"start_failures": d("spawn_failures_total", "Worker commands that could not be started."),
			"budget_held":    d("spawn_budget_held_total", "Claim passes held back by a spent budget."),
			"adopted":        d("workers_adopted_total", "Live workers adopted after a restart."),
			"rescued":        d("leases_rescued_total", "Runs ended because their lease expired."),
		},
	}
}

// Describe sends every series' description.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

// Collect reads Redis and the dispatcher.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	up := c.collectBoard(ctx, ch)
	ch <- prometheus.MustNewConstMetric(c.descs["redis_up"], prometheus.GaugeValue, boolValue(up))
	ch <- prometheus.MustNewConstMetric(c.descs["budget_max"], prometheus.GaugeValue, float64(c.budgetMax))
	if c.dispatcher != nil {
		c.collectDispatcher(ch, c.dispatcher())
	}
}

func (c *Collector) collectBoard(ctx context.Context, ch chan<- prometheus.Metric) bool {
	counts, err := c.store.StatusCounts(ctx)
	if err != nil {
		return false
	}
	for b, byStatus := range counts {
		for st, n := range byStatus {
			ch <- prometheus.MustNewConstMetric(c.descs["tasks"], prometheus.GaugeValue, float64(n), b, string(st))
		}
	}
	used, tripped, err := c.store.SpawnBudgetState(ctx, c.budgetPer)
	if err != nil {
		return false
	}
	ch <- prometheus.MustNewConstMetric(c.descs["budget_used"], prometheus.GaugeValue, float64(used))
	ch <- prometheus.MustNewConstMetric(c.descs["budget_tripped"], prometheus.GaugeValue, boolValue(tripped))
	return true
}

func (c *Collector) collectDispatcher(ch chan<- prometheus.Metric, s DispatcherStats) {
	ch <- prometheus.MustNewConstMetric(c.descs["running"], prometheus.GaugeValue, float64(s.Running))
	for name, v := range map[string]uint64{
		"spawned": s.Spawned, "start_failures": s.StartFailures, "budget_held": s.BudgetHeld,
		"adopted": s.Adopted, "rescued": s.Rescued,
	} {
		ch <- prometheus.MustNewConstMetric(c.descs[name], prometheus.CounterValue, float64(v))
	}
}

func boolValue(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
