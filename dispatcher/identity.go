package dispatcher

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// sameProcess reports whether pid is alive and still the process that
// started at start, not a later one that reuses its pid.
func sameProcess(pid int, start string) bool {
	if pid <= 0 || start == "" {
		return false
	}
	now, alive, err := processStart(pid)
	return err == nil && alive && now == start
}

// selfIdentity names this dispatcher's process as "PID:START" for the
// runs it supervises.
func selfIdentity() string {
	pid := os.Getpid()
	start, _, _ := processStart(pid)
	return strconv.Itoa(pid) + ":" + start
}

// supervisorAlive reports whether the dispatcher process named by id
// (see selfIdentity) on this host is still running.
func supervisorAlive(id string) bool {
	pidText, start, ok := strings.Cut(id, ":")
	pid, err := strconv.Atoi(pidText)
	return ok && err == nil && sameProcess(pid, start)
}

// adoptedProcess is a live worker of this host that another dispatcher
// process started. It is not our child: Wait polls for its end and the
// exit status stays unknown.
type adoptedProcess struct {
	pid      int
	start    string
	interval time.Duration
}

func (p *adoptedProcess) PID() int          { return p.pid }
func (p *adoptedProcess) StartTime() string { return p.start }

// Wait polls until the process is gone.
func (p *adoptedProcess) Wait() ExitStatus {
	tick := time.NewTicker(p.interval)
	defer tick.Stop()
	for sameProcess(p.pid, p.start) {
		<-tick.C
	}
	return ExitStatus{}
}

// Signal signals the group, once the pid is checked to be the worker's.
func (p *adoptedProcess) Signal(sig syscall.Signal) error {
	if !sameProcess(p.pid, p.start) {
		return nil
	}
	return signalGroup(p.pid, sig)
}
