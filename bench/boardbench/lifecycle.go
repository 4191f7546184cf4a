package main

import (
	"context"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// lifecycle runs n create → claim → complete cycles over c concurrent
// clients sharing one pool of c connections, and returns cycles per second.
func lifecycle(ctx context.Context, addr, p string, c, n int) (float64, error) {
	client := redis.NewClient(&redis.Options{Addr: addr, PoolSize: c, MinIdleConns: c})
	defer client.Close()
	defer cleanup(ctx, client, p)
	st := rdb.New(client, rdb.Options{Prefix: p})
	if err := warm(ctx, st); err != nil {
		return 0, err
	}
	took, err := parallel(c, n, func() error { return cycle(ctx, st) })
	return float64(n) / took.Seconds(), err
}

// cycle creates a task, claims one (any: with many clients the queue is
// shared) and completes it.
func cycle(ctx context.Context, st *rdb.Store) error {
	if _, err := st.Create(ctx, board.CreateParams{Board: "bench", Title: "noop", Profile: "default"}); err != nil {
		return err
	}
	cl, err := st.Claim(ctx, board.ClaimParams{Board: "bench"})
	if err != nil {
		return err
	}
	ref := board.RunRef{Board: "bench", TaskID: cl.Task.ID, RunID: cl.Run.ID}
	_, err = st.Complete(ctx, ref, board.CompleteParams{Summary: "ok"})
	return err
}

// warm loads the scripts and registers the board outside the timing.
func warm(ctx context.Context, st *rdb.Store) error {
	for range 3 {
		if err := cycle(ctx, st); err != nil {
			return err
		}
	}
	return nil
}
