package rdb

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"

	"github.com/redis/go-redis/v9"
)

// How scripts run. The store finds out on first use and keeps the answer.
const (
	modeUnknown   int32 = iota // not decided yet
	modeFunctions              // FCALL of the loaded library (Redis 7+)
	modeEval                   // EVALSHA (Redis 6, miniredis)
)

// ScriptMode forces how scripts run: "" decides by asking the server,
// "eval" always uses EVALSHA.
type ScriptMode string

// modeHolder is embedded in Store.
type modeHolder struct{ mode atomic.Int32 }

// queue adds script name to pipe in the best mode the server supports.
func (s *Store) queue(ctx context.Context, pipe redis.Pipeliner, name string, keys []string, args []any) *redis.Cmd {
	if s.scriptMode(ctx) == modeFunctions {
		return pipe.FCall(ctx, s.lua.fn[name], keys, args...)
	}
	return pipe.EvalSha(ctx, s.lua.eval[name].Hash(), keys, args...)
}

// exec runs a pipeline that starts with one script. When the server lacks
// the script (a restart without persistence, a fresh server) it loads it
// and runs the pipeline once more.
func (s *Store) exec(ctx context.Context, name string, build func(redis.Pipeliner) *redis.Cmd) (*redis.Cmd, error) {
	for attempt := 0; ; attempt++ {
		pipe := s.rdb.Pipeline()
		cmd := build(pipe)
		_, err := pipe.Exec(ctx)
		if attempt == 0 && isScriptMissing(cmd.Err()) {
			if lerr := s.loadScript(ctx, name); lerr != nil {
				return nil, mapErr(lerr)
			}
			continue
		}
		if err != nil && cmd.Err() == nil {
			return cmd, mapErr(err)
		}
		return cmd, cmd.Err()
	}
}

// scriptMode decides once whether the server has functions. While Redis is
// unreachable it stays undecided and the call uses EVALSHA.
func (s *Store) scriptMode(ctx context.Context) int32 {
	if m := s.mode.Load(); m != modeUnknown {
		return m
	}
	err := s.loadLibrary(ctx)
	switch {
	case err == nil:
		s.mode.Store(modeFunctions)
	case isUnknownCommand(err):
		s.mode.Store(modeEval)
	default:
		return modeEval
	}
	return s.mode.Load()
}

// loadScript loads what a missing script needs: the library, or one
// EVALSHA script.
func (s *Store) loadScript(ctx context.Context, name string) error {
	if s.mode.Load() == modeFunctions {
		return s.loadLibrary(ctx)
	}
	return s.lua.eval[name].Load(ctx, s.rdb).Err()
}

// loadLibrary loads the function library on every master; "already
// exists" counts as loaded.
func (s *Store) loadLibrary(ctx context.Context) error {
	load := func(ctx context.Context, c *redis.Client) error {
		err := c.FunctionLoad(ctx, s.lua.library).Err()
		if err != nil && strings.Contains(err.Error(), "already exists") {
			return nil
		}
		return err
	}
	switch c := s.rdb.(type) {
	case *redis.ClusterClient:
		return c.ForEachMaster(ctx, load)
	case *redis.Client:
		return load(ctx, c)
	}
	return errors.New("rdb: functions need a *redis.Client or *redis.ClusterClient")
}

func isScriptMissing(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "Function not found") || strings.HasPrefix(err.Error(), "NOSCRIPT"))
}

func isUnknownCommand(err error) bool {
	if err == nil {
		return false
	}
	msg := strings.ToLower(err.Error())
	return strings.Contains(msg, "unknown command") || strings.Contains(msg, "unknown subcommand") ||
		strings.Contains(msg, "functions need")
}
