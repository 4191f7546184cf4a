package dispatcher

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/switchboard/switchboard/board"
)

// Bounds on the output quoted in a failed run's error.
const (
	errorTailLines = 20
	errorTailBytes = 2000
)

// finish records a worker's exit. A run still current ended without a
// terminal call: EndRun classifies it and applies the failure rules. A run
// that a terminal call already ended only gets its exit code.
func (d *Dispatcher) finish(w *worker, st ExitStatus) {
	defer os.RemoveAll(w.dir)
	defer w.out.close()
	if w.cancel != nil {
		w.cancel()
	}
	d.signal(w, syscall.SIGKILL) // whatever the worker left running in its group
	d.flushLog(w)
	outcome, note := classify(st, w.reason, w.profile)
	p := board.EndRunParams{Outcome: outcome, Error: d.errorText(note, w), Jitter: d.jitter(w.task)}
	if st.Known && st.Signal == 0 {
		code := st.Code
		p.ExitCode = &code
	}
	task, err := d.endRun(w.ref, p)
	switch {
	case errors.Is(err, board.ErrStaleRun):
		if p.ExitCode != nil {
			if err := d.store.SetRunExit(d.bg, w.ref, *p.ExitCode); err != nil {
				w.log.Warn("record an exit code", "err", err)
			}
		}
		w.log.Debug("worker exited after its terminal call", "status", st.String())
	case err != nil:
		w.log.Error("end a run", "outcome", outcome, "err", err)
	default:
		w.log.Info("run ended without a terminal call",
			"outcome", outcome, "status", task.Status, "exit", st.String())
	}
}

// classify maps an exit to CONTRACT §2's outcome, with a note for the run.
func classify(st ExitStatus, why stopReason, prof Profile) (board.Outcome, string) {
	switch why {
	case stopTimeout:
		return board.OutcomeTimedOut, fmt.Sprintf("timed out after %s; the process group was stopped (%s)", prof.timeout(), st)
	case stopShutdown:
		return board.OutcomeCrashed, fmt.Sprintf("stopped: serve shut down and the worker outlived the shutdown grace (%s)", st)
	case stopStale:
		return board.OutcomeCrashed, fmt.Sprintf("stopped: its run was no longer current (%s)", st)
	}
	switch {
	case !st.Known:
		return board.OutcomeCrashed, "the worker exited while adopted after a restart; its exit status is unknown"
	case st.Signal != 0:
		return board.OutcomeCrashed, st.String()
	case st.Code == 0:
		return board.OutcomeProtocolViolation, "exit 0 without a terminal call"
	case st.Code == 75:
		return board.OutcomeRateLimited, "exit 75: rate limited"
	case st.Code == 78:
		return board.OutcomeTerminalProvider, "exit 78: the provider refused the worker"
	}
	return board.OutcomeCrashed, st.String()
}

// errorText is the run's note followed by the last lines of its output.
func (d *Dispatcher) errorText(note string, w *worker) string {
	tail := w.out.lastLines(errorTailLines, errorTailBytes)
	if tail == "" {
		return note
	}
	return note + "; last output:\n" + tail
}

// jitter draws the random part of a failed run's retry delay, in
// proportion to the delay the task's next failure would get.
func (d *Dispatcher) jitter(t *board.Task) time.Duration {
	pol := d.store.Policy()
	failures := 0
	if t != nil {
		failures = t.ConsecutiveFailures
	}
	return d.opts.Jitter(board.Backoff(pol.RetryBackoff, pol.MaxBackoff, failures+1))
}

// endRun calls EndRun, retrying for up to a lease while Redis is
// unavailable: a lost classification would otherwise wait for the
// rescuer and become timed_out.
func (d *Dispatcher) endRun(ref board.RunRef, p board.EndRunParams) (*board.Task, error) {
	deadline := time.Now().Add(d.store.Policy().Lease)
	delay := 100 * time.Millisecond
	for {
		task, err := d.store.EndRun(d.bg, ref, p)
		if err == nil || !errors.Is(err, board.ErrUnavailable) || time.Now().Add(delay).After(deadline) {
			return task, err
		}
		time.Sleep(delay)
		delay = min(2*delay, 5*time.Second)
	}
}
