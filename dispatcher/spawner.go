package dispatcher

import (
	"context"
	"fmt"
	"os"
	"syscall"
)

// Spawner starts worker processes. ExecSpawner is the real one; tests may
// inject another.
type Spawner interface {
	// Spawn starts spec's command as the leader of a new process group.
	// Cancelling ctx kills the whole group.
	Spawn(ctx context.Context, spec SpawnSpec) (Process, error)
}

// SpawnSpec describes one worker process.
type SpawnSpec struct {
	// Command is the program and its arguments.
	Command []string
	// Env is the whole environment, as KEY=VALUE.
	Env []string
	// Dir is the working directory.
	Dir string
	// Output receives stdout and stderr. A file, not a pipe, so the worker
	// outlives its dispatcher and can be adopted.
	Output *os.File
}

// Process is a started worker, the leader of its own process group.
type Process interface {
	// PID is the process id, which is also the group id.
	PID() int
	// StartTime tells the process apart from a later one with the same
	// pid: the kernel's start time, "" when unknown.
	StartTime() string
	// Wait blocks until the process has exited.
	Wait() ExitStatus
	// Signal sends sig to every process of the group.
	Signal(sig syscall.Signal) error
}

// ExitStatus is how a worker process ended.
type ExitStatus struct {
	// Known is false when the dispatcher could not learn the status: an
	// adopted process is not its child.
	Known bool
	// Code is the exit code when the process exited by itself.
	Code int
	// Signal is the signal that killed it, or 0.
	Signal syscall.Signal
}

// String describes the status for people.
func (s ExitStatus) String() string {
	switch {
	case !s.Known:
		return "exit status unknown"
	case s.Signal != 0:
		return fmt.Sprintf("killed by signal %d (%s)", int(s.Signal), s.Signal)
	}
	return fmt.Sprintf("exit %d", s.Code)
}

// signalGroup sends sig to process group pgid; a group that is already
// gone is not an error.
func signalGroup(pgid int, sig syscall.Signal) error {
	if pgid <= 0 {
		return fmt.Errorf("signal group %d: not a process group", pgid)
	}
	if err := syscall.Kill(-pgid, sig); err != nil && err != syscall.ESRCH {
		return fmt.Errorf("signal group %d with %s: %w", pgid, sig, err)
	}
	return nil
}
