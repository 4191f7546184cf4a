package dispatcher

import (
	"errors"
	"os"
	"syscall"
	"time"

	"github.com/switchboard/switchboard/board"
)

// logFlushInterval is how often a live run's output is copied to Redis.
const logFlushInterval = time.Second

// supervise watches a started worker until it exits: it extends the lease
// while the process lives, copies its output, enforces the timeout and
// the shutdown, and stops a worker whose run ended elsewhere. Exit and
// lease are watched on separate paths: Wait runs in its own goroutine.
func (d *Dispatcher) supervise(w *worker) {
	exited := make(chan ExitStatus, 1)
	go func() { exited <- w.proc.Wait() }()
	beat := time.NewTicker(d.opts.HeartbeatInterval)
	defer beat.Stop()
	flush := time.NewTicker(logFlushInterval)
	defer flush.Stop()
	timeout := time.NewTimer(time.Until(w.deadline))
	defer timeout.Stop()
	var kill, staleGrace <-chan time.Time
	hard := d.hardStop
	for {
		select {
		case st := <-exited:
			d.finish(w, st)
			return
		case <-beat.C:
			if d.extend(w) && staleGrace == nil {
				staleGrace = time.After(d.opts.KillGrace)
			}
		case <-flush.C:
			d.flushLog(w)
		case <-timeout.C:
			kill = d.terminate(w, stopTimeout, kill)
		case <-staleGrace:
			kill = d.terminate(w, stopStale, kill)
		case <-hard:
			hard = nil
			kill = d.terminate(w, stopShutdown, kill)
		case <-kill:
			kill = nil
			d.signal(w, syscall.SIGKILL)
		}
	}
}

// extend renews the lease of a live worker. It reports true once the run
// is no longer current: the worker made its terminal call, or a rescuer
// ended the run. Such a worker gets KillGrace to exit by itself.
func (d *Dispatcher) extend(w *worker) bool {
	if w.stale {
		return true
	}
	err := d.store.Heartbeat(d.bg, w.ref, "")
	switch {
	case errors.Is(err, board.ErrStaleRun):
		w.stale = true
		w.log.Info("run ended while its worker lives; it gets kill_grace to exit", "kill_grace", d.opts.KillGrace)
	case err != nil:
		w.log.Warn("extend a lease", "err", err)
	}
	return w.stale
}

// terminate sends SIGTERM to the worker's group and returns the timer for
// SIGKILL; a worker already being stopped keeps its first reason.
func (d *Dispatcher) terminate(w *worker, why stopReason, kill <-chan time.Time) <-chan time.Time {
	if w.reason != notStopped {
		return kill
	}
	w.reason = why
	w.log.Info("stopping a worker", "why", why.String())
	d.signal(w, syscall.SIGTERM)
	return time.After(d.opts.KillGrace)
}

func (d *Dispatcher) signal(w *worker, sig syscall.Signal) {
	if err := w.proc.Signal(sig); err != nil {
		w.log.Warn("signal a worker", "signal", sig.String(), "err", err)
	}
}

// flushLog copies new output to Redis.
func (d *Dispatcher) flushLog(w *worker) {
	if err := w.out.poll(); err != nil && !errors.Is(err, os.ErrNotExist) {
		w.log.Warn("read worker output", "err", err)
	}
	if !w.out.dirty {
		return
	}
	if err := d.store.SetRunLog(d.bg, w.ref, w.out.String(), d.opts.LogTTL); err != nil {
		w.log.Warn("store worker output", "err", err)
		return
	}
	w.out.dirty = false
}

// String names the reason in logs.
func (r stopReason) String() string {
	switch r {
	case stopTimeout:
		return "timeout"
	case stopShutdown:
		return "shutdown"
	case stopStale:
		return "run no longer current"
	}
	return "none"
}
