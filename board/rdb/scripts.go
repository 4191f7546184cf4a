package rdb

import (
	"crypto/sha1"
	"embed"
	"encoding/hex"
	"strings"

	"github.com/redis/go-redis/v9"
)

//go:embed lua/*.lua
var luaFiles embed.FS

// scriptNames lists every script body in lua/; each runs after the prelude.
var scriptNames = []string{
	"create", "link", "claim", "heartbeat", "comment", "complete", "block",
	"request_review", "park", "end_run", "release", "review", "confirm",
	"archive", "note", "runs", "leases", "run_process", "attach", "spawn_budget",
	// notifications: subscription.go, delivery.go, supervise.go, wake.go
	"subscribe", "unsubscribe", "subs", "route", "delivered", "delivery_failed",
	"subtree", "notice", "wake",
}

// scripts holds the board's Lua in both forms: a function library for
// Redis 7 (FUNCTION LOAD once, then FCALL: the prelude's helpers are built
// once), and one EVALSHA script per body for servers without functions.
type scripts struct {
	// library is the FUNCTION LOAD source; its name carries a hash of the
	// source, so two versions of Switchboard can share a Redis.
	library string
	// fn maps a script name to its function name in the library.
	fn map[string]string
	// eval maps a script name to its EVALSHA form.
	eval map[string]*redis.Script
}

func loadScripts() *scripts {
	prelude := mustRead("prelude")
	bodies := make(map[string]string, len(scriptNames))
	sum := sha1.New()
	sum.Write([]byte(prelude))
	for _, name := range scriptNames {
		bodies[name] = mustRead(name)
		sum.Write([]byte(bodies[name]))
	}
	lib := "sb_" + hex.EncodeToString(sum.Sum(nil))[:12]
	s := &scripts{fn: map[string]string{}, eval: map[string]*redis.Script{}}
	var src strings.Builder
	src.WriteString("#!lua name=" + lib + "\n" + prelude + "\n")
	for _, name := range scriptNames {
		s.fn[name] = lib + "_" + name
		src.WriteString("redis.register_function('" + s.fn[name] + "', function(KEYS, ARGV)\nbegin(KEYS, ARGV)\n" +
			bodies[name] + "\nend)\n")
		s.eval[name] = redis.NewScript(prelude + "\nbegin(KEYS, ARGV)\n" + bodies[name])
	}
	s.library = src.String()
	return s
}

func mustRead(name string) string {
	b, err := luaFiles.ReadFile("lua/" + name + ".lua")
	if err != nil {
		panic("rdb: missing script " + name) // embedded at build time
	}
	return strings.TrimSpace(string(b))
}
