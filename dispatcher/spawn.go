package dispatcher

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// spawn writes the run's context, opens its output file and starts the
// worker process with the contract's environment.
func (d *Dispatcher) spawn(w *worker, token string) error {
	if err := os.MkdirAll(w.dir, 0o700); err != nil {
		return fmt.Errorf("create the run directory: %w", err)
	}
	rc, err := gatherContext(d.bg, d.store, w.task, w.ref.RunID, d.store.Policy())
	if err != nil {
		return fmt.Errorf("gather the context: %w", err)
	}
	ctxPath, err := writeContext(w.dir, rc)
	if err != nil {
		return err
	}
	workdir, err := d.workdir(w)
	if err != nil {
		return err
	}
	outPath := filepath.Join(w.dir, "output.log")
	out, err := os.OpenFile(outPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("create the output file: %w", err)
	}
	defer out.Close() // the worker holds its own descriptor
	env := workerEnv(os.Environ(), w.profile.Env, d.contractEnv(w, token, ctxPath))
	pctx, cancel := context.WithCancel(d.bg)
	proc, err := d.opts.Spawner.Spawn(pctx, SpawnSpec{Command: w.profile.Command, Env: env, Dir: workdir, Output: out})
	if err != nil {
		cancel()
		return err
	}
	d.stats.spawned.Add(1)
	if !w.readySince.IsZero() {
		d.opts.Metrics.Spawned(w.ref.Board, max(time.Since(w.readySince), 0))
	}
	w.proc, w.cancel = proc, cancel
	w.out = newCapture(outPath, d.opts.LogMaxBytes)
	w.deadline = time.Now().Add(w.profile.timeout())
	d.recordProcess(w)
	w.log.Debug("worker started", "pid", proc.PID())
	return nil
}

// contractEnv is CONTRACT §2's environment for a run.
func (d *Dispatcher) contractEnv(w *worker, token, ctxPath string) map[string]string {
	return map[string]string{
		"SWITCHBOARD_URL": d.opts.PublicURL, "SWITCHBOARD_TOKEN": token,
		"SWITCHBOARD_TASK_ID": w.ref.TaskID, "SWITCHBOARD_RUN_ID": w.ref.RunID,
		"SWITCHBOARD_BOARD": w.ref.Board, "SWITCHBOARD_CONTEXT": ctxPath,
	}
}

// workdir creates the task's working directory: BASE/BOARD/TASK_ID.
func (d *Dispatcher) workdir(w *worker) (string, error) {
	base := w.profile.Workdir
	if base == "" {
		base = d.opts.Workdir
	}
	dir := filepath.Join(base, w.ref.Board, w.ref.TaskID)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("create the working directory: %w", err)
	}
	return dir, nil
}

// recordProcess stores who runs the run, so a restarted dispatcher on
// this host can adopt the worker.
func (d *Dispatcher) recordProcess(w *worker) {
	info := rdb.ProcessInfo{Host: d.opts.Host, PID: w.proc.PID(), Start: w.proc.StartTime(), Supervisor: d.self}
	if err := d.store.SetRunProcess(d.bg, w.ref, info); err != nil {
		w.log.Warn("record the worker process", "err", err)
	}
}

// startFailed records a worker that could not start as a crashed run with
// the start error, so the failure rules bound the retries.
func (d *Dispatcher) startFailed(w *worker, cause error) {
	d.stats.startFailures.Add(1)
	defer os.RemoveAll(w.dir)
	text := "the worker could not start: " + cause.Error()
	w.log.Warn("worker start failed", "err", cause)
	p := board.EndRunParams{Outcome: board.OutcomeCrashed, Error: text, Jitter: d.jitter(w.task)}
	if _, err := d.endRun(w.ref, p); err != nil {
		w.log.Error("record a start failure", "err", err)
	}
}
