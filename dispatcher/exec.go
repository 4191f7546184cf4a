package dispatcher

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"syscall"
)

// ExecSpawner starts workers with os/exec, each as the leader of its own
// process group, so signals reach the worker and everything it started,
// and so the terminal's signals to serve do not.
type ExecSpawner struct{}

// Spawn starts the command. Cancelling ctx sends SIGKILL to the group.
func (ExecSpawner) Spawn(ctx context.Context, spec SpawnSpec) (Process, error) {
	if len(spec.Command) == 0 {
		return nil, errors.New("the profile has no command")
	}
	cmd := exec.CommandContext(ctx, spec.Command[0], spec.Command[1:]...)
	cmd.Env, cmd.Dir = spec.Env, spec.Dir
	cmd.Stdout, cmd.Stderr = spec.Output, spec.Output
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return signalGroup(cmd.Process.Pid, syscall.SIGKILL) }
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %q: %w", spec.Command[0], err)
	}
	start, _, _ := processStart(cmd.Process.Pid) // the child exists until Wait reaps it
	return &execProcess{cmd: cmd, start: start}, nil
}

// execProcess is a worker this dispatcher started: its child.
type execProcess struct {
	cmd   *exec.Cmd
	start string
}

func (p *execProcess) PID() int          { return p.cmd.Process.Pid }
func (p *execProcess) StartTime() string { return p.start }

// Wait reaps the process and reads its status.
func (p *execProcess) Wait() ExitStatus {
	_ = p.cmd.Wait() // the status is read from ProcessState below
	ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok {
		return ExitStatus{Known: true, Code: p.cmd.ProcessState.ExitCode()}
	}
	if ws.Signaled() {
		return ExitStatus{Known: true, Code: -1, Signal: ws.Signal()}
	}
	return ExitStatus{Known: true, Code: ws.ExitStatus()}
}

// Signal sends sig to the worker's process group.
func (p *execProcess) Signal(sig syscall.Signal) error { return signalGroup(p.PID(), sig) }
