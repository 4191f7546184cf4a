package dispatcher

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// Bounds on one recovery sweep.
const (
	maxRunningScan = 10_000
	maxExpiredScan = 100
	// adoptedPollInterval paces the liveness checks of adopted workers.
	adoptedPollInterval = 200 * time.Millisecond
)

// recover runs at start. For each running task whose worker ran on this
// host under a dispatcher process that is gone: a live worker (same pid
// and start time) is adopted; a dead one's run ends through the failure
// rules at once. Runs of other hosts, or watched by a live dispatcher
// here, are left alone: the lease rescuer handles those whose owner died.
func (d *Dispatcher) recover(ctx context.Context) {
	for _, b := range d.boardList() {
		tasks, err := d.store.List(ctx, board.ListParams{Board: b, Statuses: []board.Status{board.StatusRunning}, Limit: maxRunningScan})
		if err != nil {
			d.log.Warn("list running tasks", "board", b, "err", err)
			continue
		}
		for _, t := range tasks {
			d.recoverTask(ctx, t)
		}
	}
	d.rescue(ctx)
}

func (d *Dispatcher) recoverTask(ctx context.Context, t *board.Task) {
	if t.CurrentRunID == "" || d.supervising(t.CurrentRunID) {
		return
	}
	run, err := d.store.Run(ctx, t.Board, t.CurrentRunID)
	if err != nil || run.Host != d.opts.Host || run.PID == 0 || supervisorAlive(run.Supervisor) {
		return
	}
	ref := board.RunRef{Board: t.Board, TaskID: t.ID, RunID: run.ID}
	if sameProcess(run.PID, run.ProcessStart) {
		d.adopt(ref, run, t)
		return
	}
	p := board.EndRunParams{Outcome: board.OutcomeCrashed, Jitter: d.jitter(t),
		Error: "the worker process ended while no dispatcher watched it (serve was restarted); its exit status is unknown"}
	if _, err := d.endRun(ref, p); err != nil && !errors.Is(err, board.ErrStaleRun) {
		d.log.Warn("end the run of a vanished worker", "board", t.Board, "task", t.ID, "run", run.ID, "err", err)
	}
}

// adopt takes over supervising a live worker that another dispatcher
// process of this host started.
func (d *Dispatcher) adopt(ref board.RunRef, run *board.Run, t *board.Task) {
	prof := d.opts.Profiles[run.Profile]
	dir := d.runDir(ref.Board, ref.RunID)
	w := &worker{
		ref: ref, task: t, profile: prof, dir: dir,
		proc:     &adoptedProcess{pid: run.PID, start: run.ProcessStart, interval: adoptedPollInterval},
		out:      newCapture(filepath.Join(dir, "output.log"), d.opts.LogMaxBytes),
		deadline: run.StartedAt.Add(prof.timeout()), log: d.runLogger(ref),
	}
	info := rdb.ProcessInfo{Host: run.Host, PID: run.PID, Start: run.ProcessStart, Supervisor: d.self}
	if err := d.store.SetRunProcess(d.bg, ref, info); err != nil {
		d.runLogger(ref).Warn("record the adoption", "err", err)
	}
	d.stats.adopted.Add(1)
	d.runLogger(ref).Info("adopted a live worker", "pid", run.PID)
	d.track(w)
	d.extend(w)
	go func() {
		defer d.untrack(w)
		d.supervise(w)
	}()
}

// rescue handles runs whose lease expired. Runs this dispatcher watches
// get their lease renewed; an orphaned live worker of this host is
// adopted; every other run ends as timed_out through the failure rules.
func (d *Dispatcher) rescue(ctx context.Context) {
	for _, b := range d.boardList() {
		refs, err := d.store.ExpiredLeases(ctx, b, maxExpiredScan)
		if err != nil {
			d.log.Warn("read expired leases", "board", b, "err", err)
			continue
		}
		for _, ref := range refs {
			d.rescueRun(ctx, ref)
		}
	}
}

func (d *Dispatcher) rescueRun(ctx context.Context, ref board.RunRef) {
	if ref.RunID == "" {
		return
	}
	if d.supervising(ref.RunID) {
		_ = d.store.Heartbeat(ctx, ref, "") // a missed renewal; the supervisor logs failures
		return
	}
	tasks, err := d.store.GetMany(ctx, ref.Board, ref.TaskID)
	if err != nil || len(tasks) == 0 {
		return
	}
	if run, err := d.store.Run(ctx, ref.Board, ref.RunID); err == nil && d.orphanHere(run) {
		d.adopt(ref, run, tasks[0])
		return
	}
	p := board.EndRunParams{Outcome: board.OutcomeTimedOut, Jitter: d.jitter(tasks[0]),
		Error: "lease expired: no heartbeat within the lease; the dispatcher that ran the worker is gone or cut off from Redis"}
	if _, err := d.endRun(ref, p); err != nil {
		if !errors.Is(err, board.ErrStaleRun) {
			d.runLogger(ref).Warn("end a run whose lease expired", "err", err)
		}
		return
	}
	d.stats.rescued.Add(1)
	d.runLogger(ref).Warn("ended a run whose lease expired")
}

// orphanHere reports whether run's worker lives on this host with no live
// dispatcher watching it.
func (d *Dispatcher) orphanHere(run *board.Run) bool {
	return run.Host == d.opts.Host && !supervisorAlive(run.Supervisor) && sameProcess(run.PID, run.ProcessStart)
}
