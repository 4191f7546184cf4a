package main

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/config"
)

// redisConn is the Redis the gateway runs on, and what to close at exit.
type redisConn struct {
	client   redis.UniversalClient
	embedded *miniredis.Miniredis
}

// openRedis connects as redis.url says. "embedded" starts an in-process
// miniredis and says loudly that the board lives in memory.
func openRedis(cfg config.Redis, log *slog.Logger) (*redisConn, error) {
	switch cfg.Mode() {
	case config.RedisEmbedded:
		return openEmbedded(log)
	case config.RedisCluster:
		opts, err := redis.ParseClusterURL(cfg.URL)
		if err != nil {
			return nil, fmt.Errorf("redis.url: %w", err)
		}
		return &redisConn{client: redis.NewClusterClient(opts)}, nil
	case config.RedisSentinel:
		u := strings.Replace(strings.Replace(cfg.URL, "rediss-sentinel://", "rediss://", 1), "redis-sentinel://", "redis://", 1)
		opts, err := redis.ParseFailoverURL(u)
		if err != nil {
			return nil, fmt.Errorf("redis.url: %w", err)
		}
		return &redisConn{client: redis.NewFailoverClient(opts)}, nil
	}
	opts, err := redis.ParseURL(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("redis.url: %w", err)
	}
	return &redisConn{client: redis.NewClient(opts)}, nil
}

func openEmbedded(log *slog.Logger) (*redisConn, error) {
	mini := miniredis.NewMiniRedis()
	if err := mini.Start(); err != nil {
		return nil, fmt.Errorf("start embedded redis: %w", err)
	}
	log.Warn("**************************************************************************")
	log.Warn("EMBEDDED IN-MEMORY REDIS: the board lives in this process's memory and is")
	log.Warn("LOST WHEN IT EXITS. Set redis.url (SWITCHBOARD_REDIS_URL=redis://host:6379/0)")
	log.Warn("to keep tasks, runs and events.", "embedded_addr", mini.Addr())
	log.Warn("**************************************************************************")
	return &redisConn{client: redis.NewClient(&redis.Options{Addr: mini.Addr()}), embedded: mini}, nil
}

// Close closes the client and stops the embedded server, if any.
func (r *redisConn) Close() {
	_ = r.client.Close()
	if r.embedded != nil {
		r.embedded.Close()
	}
}
