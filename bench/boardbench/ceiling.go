package main

import (
	"context"

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
	took, err := parallel(c, ops, func() error { return trivial.Run(ctx, client, []string{"x"}).Err() })
	return float64(ops) / took.Seconds(), err
}
