package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// flat measures one completion's latency with 1k and with big tasks on the
// board; the ratio must stay near 1 because a completion touches only the
// task, its indexes and its children.
func flat(ctx context.Context, addr string, m, big int) error {
	small, err := completionCost(ctx, addr, 1000, m)
	if err != nil {
		return err
	}
	large, err := completionCost(ctx, addr, big, m)
	if err != nil {
		return err
	}
	fmt.Printf("\ncompletion cost (%d completions each)\n", m)
	fmt.Printf("  1k tasks:   mean %v  p50 %v  p99 %v\n", small.mean, small.p50, small.p99)
	fmt.Printf("  %dk tasks: mean %v  p50 %v  p99 %v\n", big/1000, large.mean, large.p50, large.p99)
	fmt.Printf("  ratio large/small: mean %.2f  p50 %.2f\n",
		float64(large.mean)/float64(small.mean), float64(large.p50)/float64(small.p50))
	return nil
}

type latency struct{ mean, p50, p99 time.Duration }

// completionCost fills a fresh board with size ready tasks, then times m
// completions (claim untimed, complete timed) one at a time.
func completionCost(ctx context.Context, addr string, size, m int) (latency, error) {
	client := redis.NewClient(&redis.Options{Addr: addr, PoolSize: 64})
	defer client.Close()
	p := prefix()
	defer cleanup(ctx, client, p)
	st := rdb.New(client, rdb.Options{Prefix: p})
	if err := fill(ctx, st, size+m); err != nil {
		return latency{}, err
	}
	samples := make([]time.Duration, 0, m)
	for range m {
		cl, err := st.Claim(ctx, board.ClaimParams{Board: "bench"})
		if err != nil {
			return latency{}, err
		}
		ref := board.RunRef{Board: "bench", TaskID: cl.Task.ID, RunID: cl.Run.ID}
		start := time.Now()
		if _, err := st.Complete(ctx, ref, board.CompleteParams{Summary: "ok"}); err != nil {
			return latency{}, err
		}
		samples = append(samples, time.Since(start))
	}
	return summarize(samples), nil
}

// fill creates n ready tasks from 64 goroutines.
func fill(ctx context.Context, st *rdb.Store, n int) error {
	_, err := parallel(64, n, func() error {
		_, err := st.Create(ctx, board.CreateParams{Board: "bench", Title: "filler", Profile: "default"})
		return err
	})
	return err
}

func summarize(s []time.Duration) latency {
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	return latency{mean: sum / time.Duration(len(s)), p50: s[len(s)/2], p99: s[len(s)*99/100]}
}
