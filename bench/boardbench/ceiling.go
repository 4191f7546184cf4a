package main

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// trivial is the cheapest script there is: the ceiling of one EVALSHA
// round trip on this machine.
var trivial = redis.NewScript("return 1")

// ceiling runs ops trivial EVALs over c concurrent clients on c
// connections and returns EVALs per second.
func ceiling(ctx context.Context, addr string, c, ops int) (float64, error) {
	client := redis.NewClient(&redis.Options{Addr: addr, PoolSize: c, MinIdleConns: c})
	defer client.Close()
	if err := trivial.Run(ctx, client, []string{"x"}).Err(); err != nil {
		return 0, err
	}
	var left atomic.Int64
	left.Store(int64(ops))
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for range c {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				if err := trivial.Run(ctx, client, []string{"x"}).Err(); err != nil {
					once.Do(func() { firstErr = err })
					return
				}
			}
		})
	}
	wg.Wait()
	return float64(ops) / time.Since(start).Seconds(), firstErr
}
