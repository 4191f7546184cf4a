// Package crashtest_test runs the delivery engine end to end: `serve` as a
// subprocess against a webhook receiver, killed and restarted mid-stream.
package crashtest_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// binary is the switchboard built once for the package.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sb-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "switchboard")
	build := exec.Command("go", "build", "-o", binary, "github.com/switchboard/switchboard/cmd/switchboard")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build switchboard:", err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

var servingLine = regexp.MustCompile(`msg="switchboard serving" addr=([0-9.:]+)`)

// serve is one `switchboard serve` process.
type serve struct {
	cmd  *exec.Cmd
	addr string
	done chan struct{}
}

// startServe starts serve with env and waits for its "serving" line.
func startServe(t *testing.T, env []string) *serve {
	t.Helper()
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &serve{cmd: cmd, done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() { // drain the log; hand over the address
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := servingLine.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
		_ = cmd.Wait()
		close(s.done)
	}()
	select {
	case s.addr = <-addr:
	case <-s.done:
		t.Fatal("serve exited before serving")
	case <-time.After(30 * time.Second):
		s.kill(t)
		t.Fatal("serve did not say it was serving")
	}
	t.Cleanup(func() { s.kill(t) })
	return s
}

// kill sends SIGKILL and waits for the process to be gone.
func (s *serve) kill(t *testing.T) {
	t.Helper()
	_ = s.cmd.Process.Kill()
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		t.Error("serve did not die")
	}
}
