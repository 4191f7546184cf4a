package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// fixture makes 100 goals of 9 subtasks: a webhook subscription on each
// subtask and a subtree one on each goal, 1,000 in all.
func fixture(st *rdb.Store, url string) ([]string, error) {
	ctx := context.Background()
	var tasks []string
	for g := range 100 {
		var parents []string
		for i := range 9 {
			t, err := st.Create(ctx, board.CreateParams{Board: "bench", Title: fmt.Sprintf("task %d.%d", g, i), Profile: "default"})
			if err != nil {
				return nil, err
			}
			if err := subscribe(st, t.ID, board.ScopeTask, url); err != nil {
				return nil, err
			}
			parents, tasks = append(parents, t.ID), append(tasks, t.ID)
		}
		goal, err := st.Create(ctx, board.CreateParams{Board: "bench", Title: "goal", Parents: parents, Profile: "default"})
		if err != nil {
			return nil, err
		}
		if err := subscribe(st, goal.ID, board.ScopeSubtree, url); err != nil {
			return nil, err
		}
	}
	return tasks, nil
}

func subscribe(st *rdb.Store, task string, scope board.Scope, url string) error {
	_, err := st.Subscribe(context.Background(), board.SubscribeParams{Board: "bench", TaskID: task, Scope: scope,
		Target: "webhook:" + url, Events: []board.EventKind{board.EventRefused}})
	return err
}

// load appends 500 events/s for seconds and returns the peak RSS of pid.
func load(st *rdb.Store, tasks []string, seconds, pid int) (float64, error) {
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	peak := 0.0
	for i := range 500 * seconds {
		<-tick.C
		ref := board.Ref{Board: "bench", ID: tasks[rand.N(len(tasks))]}
		if _, err := st.Note(context.Background(), ref, board.EventRefused, "bench", nil); err != nil {
			return 0, err
		}
		if i%250 == 0 {
			peak = max(peak, rssMiB(pid))
		}
	}
	return max(peak, rssMiB(pid)), nil
}

// rssMiB reads a process's resident set size from /proc.
func rssMiB(pid int) float64 {
	raw, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

// cpuSeconds reads a process's user plus system CPU time from /proc.
func cpuSeconds(pid int) float64 {
	raw, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	s := string(raw)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	k, _ := strconv.ParseFloat(f[12], 64)
	return (u + k) / 100
}
