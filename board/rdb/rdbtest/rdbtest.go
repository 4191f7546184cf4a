// Package rdbtest gives tests a Redis: the real one named by
// SWITCHBOARD_TEST_REDIS, or an embedded miniredis when it is unset. Each
// call gets its own key prefix, and the prefix's keys are deleted when the
// test ends; nothing ever flushes a shared database.
package rdbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// EnvVar names the variable holding the test Redis address or URL.
const EnvVar = "SWITCHBOARD_TEST_REDIS"

// Redis is a test's Redis connection and its private key prefix.
type Redis struct {
	Client redis.UniversalClient
	Prefix string
	// Addr is host:port, for processes the test starts.
	Addr string
	// Mini is the embedded server when no real Redis is configured.
	Mini *miniredis.Miniredis
}

// New connects to the test Redis and registers clean-up.
func New(tb testing.TB) *Redis {
	tb.Helper()
	r := &Redis{Prefix: "sbt" + randHex(6)}
	if addr := os.Getenv(EnvVar); addr != "" {
		r.Client, r.Addr = dial(tb, addr)
	} else {
		r.Mini = miniredis.RunT(tb)
		r.Addr = r.Mini.Addr()
		r.Client = redis.NewClient(&redis.Options{Addr: r.Addr})
	}
	tb.Cleanup(func() { r.cleanup(); _ = r.Client.Close() })
	return r
}

// Real reports whether the tests run against a real Redis server.
func (r *Redis) Real() bool { return r.Mini == nil }

// URL is a redis:// URL for processes the test starts.
func (r *Redis) URL() string { return "redis://" + r.Addr + "/0" }

func dial(tb testing.TB, addr string) (redis.UniversalClient, string) {
	opts, err := redis.ParseURL(addr)
	if err != nil {
		opts = &redis.Options{Addr: addr}
	}
	c := redis.NewClient(opts)
	if err := c.Ping(context.Background()).Err(); err != nil {
		tb.Fatalf("%s=%s: %v", EnvVar, addr, err)
	}
	return c, opts.Addr
}

// cleanup deletes the prefix's keys with SCAN, never FLUSHDB.
func (r *Redis) cleanup() {
	if r.Mini != nil {
		return
	}
	ctx := context.Background()
	iter := r.Client.Scan(ctx, 0, r.Prefix+":*", 1000).Iterator()
	var batch []string
	for iter.Next(ctx) {
		if batch = append(batch, iter.Val()); len(batch) == 500 {
			r.Client.Unlink(ctx, batch...)
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		r.Client.Unlink(ctx, batch...)
	}
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
