package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/switchboard/switchboard/board"
)

// latency creates n tasks one at a time, each once the previous worker
// has exited and pace has passed, so a worker slot is always free: it
// measures dispatch, not queueing. It returns each task's delay from
// becoming ready to its worker's spawn.
func (h *harness) latency(ctx context.Context, n int, pace time.Duration) ([]time.Duration, error) {
	out := make([]time.Duration, 0, n)
	for range n {
		time.Sleep(pace)
		at := time.Now() // the task is ready during Create, not after it returns
		t, err := h.create(ctx, "latency")
		if err != nil {
			return nil, err
		}
		spawned, err := h.waitSpawnAndExit(t.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, spawned.Sub(at))
	}
	slices.Sort(out)
	return out, h.waitDone(ctx, "latency", n)
}

// waitSpawnAndExit waits until task id's worker was spawned and no worker
// runs any more, and returns the spawn time.
func (h *harness) waitSpawnAndExit(id string) (time.Time, error) {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if at, ok := h.spawns.spawnedAt(id); ok && h.disp.Stats().Running == 0 {
			return at, nil
		}
		time.Sleep(200 * time.Microsecond)
	}
	return time.Time{}, fmt.Errorf("task %s: no spawn and exit within a minute", id)
}

// throughput queues n tasks at once and returns how long until the last
// was spawned, and until the last was done.
func (h *harness) throughput(ctx context.Context, n int) (spawned, done time.Duration, err error) {
	start := time.Now()
	ids := make([]string, 0, n)
	for range n {
		t, err := h.create(ctx, "burst")
		if err != nil {
			return 0, 0, err
		}
		ids = append(ids, t.ID)
	}
	if err := h.waitDone(ctx, "burst", n); err != nil {
		return 0, 0, err
	}
	done = time.Since(start)
	var last time.Time
	for _, id := range ids {
		at, _ := h.spawns.spawnedAt(id)
		if at.After(last) {
			last = at
		}
	}
	return last.Sub(start), done, nil
}

func (h *harness) create(ctx context.Context, boardName string) (*board.Task, error) {
	return h.store.Create(ctx, board.CreateParams{Board: boardName, Title: "bench", Profile: "default"})
}

// waitDone waits until n tasks of boardName are done.
func (h *harness) waitDone(ctx context.Context, boardName string, n int) error {
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		tasks, err := h.store.List(ctx, board.ListParams{Board: boardName, Statuses: []board.Status{board.StatusDone}, Limit: n + 1})
		if err != nil {
			return err
		}
		if len(tasks) >= n {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("board %s: %d tasks not done within 5 minutes", boardName, n)
}

// pct is the p-th percentile of sorted durations.
func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p+99)/100 - 1
	return sorted[max(0, min(i, len(sorted)-1))].Round(10 * time.Microsecond)
}
