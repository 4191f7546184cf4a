// Package rdb keeps the board in Redis. Every transition is one Lua script:
// it checks the status, writes the task, appends exactly one event for it
// and keeps the indexes in step, in a single atomic round trip.
package rdb

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// Options configures a Store.
type Options struct {
	// Prefix starts every key. Default "sb". Tests use a unique prefix each.
	Prefix string
	// Policy holds the limits and delays the transitions apply. Default
	// board.DefaultPolicy().
	Policy board.Policy
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Jitter draws the random part added to a transient block's retry
	// delay. Default: up to a tenth of the delay.
	Jitter func(d time.Duration) time.Duration
	// Observe, when set, is told of every successful write: the operation
	// and the task after it. It runs in the process that made the write,
	// so metrics built on it never count a transition twice.
	Observe func(op board.Op, t *board.Task)
	// Scripts forces how scripts run: "" (default) uses a Redis function
	// library where the server has functions and EVALSHA elsewhere; "eval"
	// always uses EVALSHA.
	Scripts ScriptMode
}

// Store is the Redis-backed board. It is safe for concurrent use.
type Store struct {
	rdb     redis.UniversalClient
	keys    keys
	policy  board.Policy
	now     func() time.Time
	jitter  func(time.Duration) time.Duration
	observe func(board.Op, *board.Task)
	lua     *scripts
	known   sync.Map // boards registered in PREFIX:boards by this process
	modeHolder
}

// New returns a Store on client.
func New(client redis.UniversalClient, opts Options) *Store {
	if opts.Prefix == "" {
		opts.Prefix = "sb"
	}
	if opts.Policy == (board.Policy{}) {
		opts.Policy = board.DefaultPolicy()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Jitter == nil {
		opts.Jitter = tenthJitter
	}
	s := &Store{
		rdb: client, keys: keys{prefix: opts.Prefix}, policy: opts.Policy,
		now: opts.Now, jitter: opts.Jitter, lua: loadScripts(), observe: opts.Observe,
	}
	if s.observe == nil {
		s.observe = func(board.Op, *board.Task) {}
	}
	if opts.Scripts == "eval" {
		s.mode.Store(modeEval)
	}
	return s
}

// Client returns the underlying Redis client.
func (s *Store) Client() redis.UniversalClient { return s.rdb }

// Policy returns the limits the store applies.
func (s *Store) Policy() board.Policy { return s.policy }

// Now returns the store's clock reading.
func (s *Store) Now() time.Time { return s.now() }

// Ping checks that Redis answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return mapErr(err)
	}
	return nil
}

func tenthJitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return rand.N(d/10 + 1)
}

var _ board.Service = (*Store)(nil)
