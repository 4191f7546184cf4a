package config

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// RedisEmbeddedURL is the redis.url that runs an in-process Redis.
const RedisEmbeddedURL = "embedded"

// RedisMode is the kind of deployment a redis.url names. The accepted
// forms, whose query parameters follow go-redis's URL parsers:
//
//	embedded                                          an in-process Redis
//	redis://[user:pass@]host[:6379][/DB]              one server (rediss:// for TLS)
//	unix:///path/to/redis.sock[?db=DB]                one server over a socket
//	redis://[user:pass@]host:6379?addr=host2:6379&addr=host3:6379
//	                                                  a cluster: any addr parameter
//	redis-sentinel://[user:pass@]host:26379[/DB]?master_name=NAME[&addr=host2:26379][&password=P]
//	                                                  sentinels (rediss-sentinel:// for TLS);
//	                                                  user:pass are the sentinels', password the master's
type RedisMode string

// The Redis deployment modes.
const (
	RedisEmbedded RedisMode = "embedded"
	RedisSingle   RedisMode = "single"
	RedisCluster  RedisMode = "cluster"
	RedisSentinel RedisMode = "sentinel"
)

// Mode returns the kind of deployment URL names. It is meaningful only for
// a URL that Validate accepts; for any other it returns "".
func (r Redis) Mode() RedisMode {
	if r.URL == RedisEmbeddedURL {
		return RedisEmbedded
	}
	u, err := url.Parse(r.URL)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "redis-sentinel", "rediss-sentinel":
		return RedisSentinel
	case "redis", "rediss":
		if u.Query().Has("addr") {
			return RedisCluster
		}
		return RedisSingle
	case "unix":
		return RedisSingle
	}
	return ""
}

// checkRedisURL explains what is wrong with a redis.url, or returns "".
// It never repeats a password.
func checkRedisURL(raw string) string {
	const forms = `must be "embedded" or a redis://, rediss://, redis-sentinel:// or unix:// URL`
	if raw == RedisEmbeddedURL {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return "redis.url " + forms
	}
	shown := u.Redacted()
	switch u.Scheme {
	case "redis", "rediss":
		return checkRedisServer(u, shown)
	case "redis-sentinel", "rediss-sentinel":
		if u.Host == "" || u.Query().Get("master_name") == "" {
			return fmt.Sprintf("redis.url %s needs a sentinel host and ?master_name=NAME", shown)
		}
		return checkRedisDB(u, shown)
	case "unix":
		if u.Path == "" {
			return fmt.Sprintf("redis.url %s needs a socket path, as in unix:///run/redis.sock", shown)
		}
		return ""
	}
	return fmt.Sprintf("redis.url %s %s", shown, forms)
}

func checkRedisServer(u *url.URL, shown string) string {
	if u.Hostname() == "" {
		return fmt.Sprintf("redis.url %s needs a host, as in redis://localhost:6379/0", shown)
	}
	return checkRedisDB(u, shown)
}

// checkRedisDB accepts an empty path or one database number.
func checkRedisDB(u *url.URL, shown string) string {
	db := strings.Trim(u.Path, "/")
	if n, err := strconv.Atoi(db); db != "" && (err != nil || n < 0) {
		return fmt.Sprintf("redis.url %s: the path must be a database number, got %q", shown, db)
	}
	return ""
}
