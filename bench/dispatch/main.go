// Command dispatch measures the dispatcher with a trivial worker
// (`switchboard worker complete`): the latency from a task becoming ready
// to its worker process being spawned (p50, p99), and spawns per second.
// It runs the real store, gateway and dispatcher in this process against
// Redis, with the poll interval set high (60s by default) to show that
// dispatch does not wait for it.
//
//	cd bench && go run ./dispatch [-redis 127.0.0.1:6379] [-poll 60s]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"
)

// config is the benchmark's command line.
type config struct {
	redis    string
	poll     time.Duration
	workers  int
	latency  int
	pace     time.Duration
	burst    int
	keepLogs bool
}

func main() {
	var c config
	flag.StringVar(&c.redis, "redis", os.Getenv("SWITCHBOARD_TEST_REDIS"), `Redis address or URL ("" starts an embedded miniredis)`)
	flag.DurationVar(&c.poll, "poll", 60*time.Second, "dispatcher.poll_interval")
	flag.IntVar(&c.workers, "workers", 8, "dispatcher.max_workers")
	flag.IntVar(&c.latency, "latency-tasks", 300, "tasks run one at a time for the latency figures")
	flag.DurationVar(&c.pace, "pace", 5*time.Millisecond, "gap between one latency task's exit and the next one's creation")
	flag.IntVar(&c.burst, "burst-tasks", 500, "tasks queued at once for the throughput figure")
	flag.BoolVar(&c.keepLogs, "v", false, "show the dispatcher's log")
	flag.Parse()
	if err := run(context.Background(), c); err != nil {
		fmt.Fprintln(os.Stderr, "dispatch benchmark:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, c config) error {
	h, err := newHarness(ctx, c)
	if err != nil {
		return err
	}
	defer h.close()
	fmt.Printf("dispatch benchmark: redis %s, poll_interval %s, max_workers %d, worker %q\n",
		h.redisName, c.poll, c.workers, workerScript)

	lat, err := h.latency(ctx, c.latency, c.pace)
	if err != nil {
		return err
	}
	fmt.Printf("ready → spawned, %d tasks one at a time (a free slot each): p50 %s  p90 %s  p99 %s  max %s\n",
		len(lat), pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))

	spawned, done, err := h.throughput(ctx, c.burst)
	if err != nil {
		return err
	}
	fmt.Printf("throughput, %d tasks queued at once: all spawned in %s (%.0f spawns/s), all done in %s\n",
		c.burst, spawned.Round(time.Millisecond), float64(c.burst)/spawned.Seconds(), done.Round(time.Millisecond))
	return nil
}
