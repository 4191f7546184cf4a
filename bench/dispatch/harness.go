package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/dispatcher"
	"github.com/switchboard/switchboard/gateway"
)

// workerScript is the trivial worker: it reports done and exits.
const workerScript = "switchboard worker complete --summary ok"

// harness is a store, a gateway and a dispatcher in this process.
type harness struct {
	redisName string
	client    redis.UniversalClient
	mini      *miniredis.Miniredis
	store     *rdb.Store
	server    *gateway.Server
	disp      *dispatcher.Dispatcher
	spawns    *timingSpawner
	tmp       string
	prefix    string
}

func newHarness(ctx context.Context, c config) (*harness, error) {
	h := &harness{prefix: "sbbench" + randHex()}
	if err := h.connect(c.redis); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "switchboard-bench")
	if err != nil {
		return nil, err
	}
	h.tmp = tmp
	if err := buildSwitchboard(tmp); err != nil {
		h.close()
		return nil, err
	}
	h.store = rdb.New(h.client, rdb.Options{Prefix: h.prefix})
	h.server = gateway.NewServer(h.store, gateway.ServerOptions{Listen: "127.0.0.1:0", Logger: quiet()})
	if err := h.server.Start(ctx); err != nil {
		h.close()
		return nil, err
	}
	if err := h.startDispatcher(ctx, c); err != nil {
		h.close()
		return nil, err
	}
	return h, nil
}

func (h *harness) connect(addr string) error {
	if addr == "" {
		h.mini = miniredis.NewMiniRedis()
		if err := h.mini.Start(); err != nil {
			return err
		}
		addr, h.redisName = h.mini.Addr(), "embedded miniredis"
	} else {
		h.redisName = addr
	}
	opts, err := redis.ParseURL(addr)
	if err != nil {
		opts = &redis.Options{Addr: addr}
	}
	h.client = redis.NewClient(opts)
	return h.client.Ping(context.Background()).Err()
}

func (h *harness) startDispatcher(ctx context.Context, c config) error {
	h.spawns = &timingSpawner{inner: dispatcher.ExecSpawner{}, at: map[string]time.Time{}}
	log := quiet()
	if c.keepLogs {
		log = slog.Default()
	}
	d, err := dispatcher.New(h.store, dispatcher.Options{
		PublicURL: "http://" + h.server.Addr(), MaxWorkers: c.workers, PollInterval: c.poll,
		Profiles:    map[string]dispatcher.Profile{"default": {Command: []string{"sh", "-c", workerScript}}},
		SpawnBudget: dispatcher.SpawnBudget{Max: 1_000_000, Per: time.Hour},
		RunDir:      filepath.Join(h.tmp, "runs"), Workdir: filepath.Join(h.tmp, "work"),
		Spawner: h.spawns, Logger: log,
	})
	if err != nil {
		return err
	}
	h.disp = d
	return d.Start(ctx)
}

// buildSwitchboard builds the CLI the worker calls and puts it on PATH.
// It builds inside the product's own module (the replace target), whose
// dependencies stay out of this one.
func buildSwitchboard(dir string) error {
	src, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/switchboard/switchboard").Output()
	if err != nil {
		return fmt.Errorf("find the switchboard module: %w", err)
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "switchboard"), "./cmd/switchboard")
	cmd.Dir = strings.TrimSpace(string(src))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("build switchboard: %w", err)
	}
	return os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

func (h *harness) close() {
	if h.disp != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_ = h.disp.Stop(ctx)
		cancel()
	}
	if h.server != nil {
		_ = h.server.Stop(context.Background())
	}
	if h.client != nil {
		h.deleteKeys()
		_ = h.client.Close()
	}
	if h.mini != nil {
		h.mini.Close()
	}
	if h.tmp != "" {
		_ = os.RemoveAll(h.tmp)
	}
}

// deleteKeys removes the benchmark's keys; it never flushes a database.
func (h *harness) deleteKeys() {
	ctx := context.Background()
	iter := h.client.Scan(ctx, 0, h.prefix+":*", 1000).Iterator()
	for iter.Next(ctx) {
		h.client.Unlink(ctx, iter.Val())
	}
}

// timingSpawner records when each task's worker was spawned.
type timingSpawner struct {
	inner dispatcher.Spawner
	mu    sync.Mutex
	at    map[string]time.Time
}

func (s *timingSpawner) Spawn(ctx context.Context, spec dispatcher.SpawnSpec) (dispatcher.Process, error) {
	p, err := s.inner.Spawn(ctx, spec)
	if err == nil {
		now := time.Now()
		s.mu.Lock()
		s.at[envValue(spec.Env, "SWITCHBOARD_TASK_ID")] = now
		s.mu.Unlock()
	}
	return p, err
}

// spawnedAt returns when task id was spawned.
func (s *timingSpawner) spawnedAt(id string) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	at, ok := s.at[id]
	return at, ok
}

func envValue(env []string, key string) string {
	for _, kv := range slices.Backward(env) {
		if v, ok := strings.CutPrefix(kv, key+"="); ok {
			return v
		}
	}
	return ""
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func randHex() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
