package rdb

import (
	"embed"
	"strings"

	"github.com/redis/go-redis/v9"
)

//go:embed lua/*.lua
var luaFiles embed.FS

// scriptNames lists every script body in lua/; each runs as prelude + body.
var scriptNames = []string{
	"create", "link", "claim", "heartbeat", "comment", "complete", "block",
	"request_review", "park", "end_run", "release", "review", "confirm",
	"archive", "note", "get", "list", "runs", "events", "leases", "run_process", "attach",
	"spawn_budget",
}

// loadScripts builds one *redis.Script per body. go-redis sends EVALSHA
// and falls back to EVAL once per connection pool when a server lacks it.
func loadScripts() map[string]*redis.Script {
	prelude := mustRead("prelude")
	out := make(map[string]*redis.Script, len(scriptNames))
	for _, name := range scriptNames {
		out[name] = redis.NewScript(prelude + "\n" + mustRead(name))
	}
	return out
}

func mustRead(name string) string {
	b, err := luaFiles.ReadFile("lua/" + name + ".lua")
	if err != nil {
		panic("rdb: missing script " + name) // embedded at build time
	}
	return strings.TrimSpace(string(b))
}
