// Command boardbench measures the board's task lifecycle on a real Redis,
// side by side in one run with the raw EVAL ceiling on the same connection
// counts and with hibiken/asynq processing the same number of no-op tasks,
// then the cost of one completion with 1k against 100k tasks on the board.
//
//	go run ./boardbench -redis 127.0.0.1:6379
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/redis/go-redis/v9"
)

// roundTrips is how many Redis round trips one lifecycle costs:
// create, claim, complete (one script each).
const roundTrips = 3

func main() {
	addr := flag.String("redis", "127.0.0.1:6379", "Redis address")
	n := flag.Int("n", 20000, "lifecycles (and asynq tasks) per concurrency level")
	flatN := flag.Int("flat", 2000, "completions measured per board size")
	big := flag.Int("big", 100000, "tasks on the large board")
	flag.Parse()
	ctx := context.Background()
	if err := run(ctx, *addr, *n, *flatN, *big); err != nil {
		fmt.Fprintln(os.Stderr, "boardbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, addr string, n, flatN, big int) error {
	probe := redis.NewClient(&redis.Options{Addr: addr})
	defer probe.Close()
	if err := probe.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("redis at %s: %w", addr, err)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "clients\tlifecycle/s\tceiling EVAL/s\tceiling/3\tours÷(ceiling/3)\tasynq tasks/s\tours÷asynq\t")
	for _, c := range []int{1, 8, 64} {
		ours, err := lifecycle(ctx, addr, prefix(), c, n)
		if err != nil {
			return err
		}
		ceil, err := ceiling(ctx, addr, c, n*roundTrips)
		if err != nil {
			return err
		}
		aq, err := asynqRate(ctx, addr, c, n)
		if err != nil {
			return err
		}
		per := ceil / roundTrips
		fmt.Fprintf(w, "%d\t%.0f\t%.0f\t%.0f\t%.2f\t%.0f\t%.2f\t\n", c, ours, ceil, per, ours/per, aq.combined, ours/aq.combined)
		fmt.Fprintf(os.Stderr, "  asynq c=%d: enqueue %.0f/s, process %.0f/s\n", c, aq.enqueue, aq.process)
	}
	_ = w.Flush()
	return flat(ctx, addr, flatN, big)
}

// prefix returns a fresh key prefix so runs never collide.
func prefix() string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return "sbbench" + hex.EncodeToString(b)
}

// cleanup deletes every key under p with SCAN and UNLINK (never FLUSHDB).
func cleanup(ctx context.Context, c *redis.Client, p string) {
	iter := c.Scan(ctx, 0, p+":*", 2000).Iterator()
	var batch []string
	for iter.Next(ctx) {
		if batch = append(batch, iter.Val()); len(batch) >= 1000 {
			c.Unlink(ctx, batch...)
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		c.Unlink(ctx, batch...)
	}
}
