package dispatcher

import (
	"context"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/switchboard/switchboard/board"
)

// worker is one run this dispatcher supervises. Only its supervising
// goroutine touches its fields after launch.
type worker struct {
	ref     board.RunRef
	task    *board.Task
	profile Profile
	// dir holds the run's context files and output file.
	dir  string
	proc Process
	// cancel kills the process group (the spawner's context).
	cancel   context.CancelFunc
	out      *capture
	deadline time.Time
	// reason is why the dispatcher is ending the process, if it is.
	reason stopReason
	// stale is set once the run is no longer current: a terminal call or
	// a rescuer ended it.
	stale bool
	// readySince is when the task became claimable (zero when adopted).
	readySince time.Time
	// log carries the run's board, task and run on every line.
	log *slog.Logger
}

// runLogger returns the dispatcher's logger with a run's board, task and
// run bound, so every line about a task names all three.
func (d *Dispatcher) runLogger(ref board.RunRef) *slog.Logger {
	return d.log.With("board", ref.Board, "task", ref.TaskID, "run", ref.RunID)
}

// stopReason says why the dispatcher signalled a worker.
type stopReason int

const (
	notStopped stopReason = iota
	stopTimeout
	stopShutdown
	stopStale
)

// runDir is where a run's context files and output live.
func (d *Dispatcher) runDir(boardName, runID string) string {
	return filepath.Join(d.opts.RunDir, boardName, runID)
}

// track registers w as running; untrack removes it and frees its slot.
func (d *Dispatcher) track(w *worker) {
	d.mu.Lock()
	d.workers[w.ref.RunID] = w
	d.mu.Unlock()
	d.runs.Add(1)
}

func (d *Dispatcher) untrack(w *worker) {
	d.mu.Lock()
	delete(d.workers, w.ref.RunID)
	d.mu.Unlock()
	d.runs.Done()
	d.kickLoop()
}

// supervising reports whether this dispatcher watches run runID.
func (d *Dispatcher) supervising(runID string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := d.workers[runID]
	return ok
}

// launch starts and supervises a claimed task's worker in the background.
func (d *Dispatcher) launch(c *board.Claim, prof Profile) {
	w := &worker{
		ref:  board.RunRef{Board: c.Task.Board, TaskID: c.Task.ID, RunID: c.Run.ID},
		task: c.Task, profile: prof, dir: d.runDir(c.Task.Board, c.Run.ID), readySince: c.ReadySince,
	}
	w.log = d.runLogger(w.ref)
	d.track(w)
	go func() {
		defer d.untrack(w)
		if err := d.spawn(w, c.Token); err != nil {
			d.startFailed(w, err)
			return
		}
		d.supervise(w)
	}()
}
