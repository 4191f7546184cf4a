package main

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"
)

// asynqResult holds asynq's rates for one concurrency level.
type asynqResult struct {
	enqueue, process, combined float64
}

// asynqRate enqueues n no-op tasks from c goroutines, then processes them
// with an asynq server of concurrency c, on a fresh queue. combined is n
// over the enqueue time plus the processing time.
func asynqRate(ctx context.Context, addr string, c, n int) (asynqResult, error) {
	opt := asynq.RedisClientOpt{Addr: addr, PoolSize: c}
	queue := prefix()
	defer func() { _ = asynq.NewInspector(opt).DeleteQueue(queue, true) }()
	enq, err := asynqEnqueue(opt, queue, c, n)
	if err != nil {
		return asynqResult{}, err
	}
	proc, err := asynqProcess(opt, queue, c, n)
	if err != nil {
		return asynqResult{}, err
	}
	return asynqResult{
		enqueue: float64(n) / enq.Seconds(), process: float64(n) / proc.Seconds(),
		combined: float64(n) / (enq + proc).Seconds(),
	}, nil
}

func asynqEnqueue(opt asynq.RedisClientOpt, queue string, c, n int) (time.Duration, error) {
	client := asynq.NewClient(opt)
	defer client.Close()
	return parallel(c, n, func() error {
		_, err := client.Enqueue(asynq.NewTask("noop", nil), asynq.Queue(queue))
		return err
	})
}

func asynqProcess(opt asynq.RedisClientOpt, queue string, c, n int) (time.Duration, error) {
	var done atomic.Int64
	finished := make(chan struct{})
	srv := asynq.NewServer(opt, asynq.Config{Concurrency: c, Queues: map[string]int{queue: 1},
		LogLevel: asynq.ErrorLevel})
	mux := asynq.NewServeMux()
	mux.HandleFunc("noop", func(context.Context, *asynq.Task) error {
		if done.Add(1) == int64(n) {
			close(finished)
		}
		return nil
	})
	start := time.Now()
	if err := srv.Start(mux); err != nil {
		return 0, fmt.Errorf("asynq server: %w", err)
	}
	defer srv.Shutdown()
	select {
	case <-finished:
		return time.Since(start), nil
	case <-time.After(10 * time.Minute):
		return 0, fmt.Errorf("asynq processed only %d of %d tasks", done.Load(), n)
	}
}
