// Command servemem measures a real `switchboard serve` process: its
// resident memory idle, and under the delivery benchmark's load (1,000
// webhook subscriptions, 500 events/s to a local receiver), plus its CPU.
// It builds the binary, runs serve against Redis and reads /proc.
//
//	cd bench && go run ./servemem [-redis 127.0.0.1:6379] [-seconds 10]
package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board/rdb"
)

func main() {
	addr := flag.String("redis", "127.0.0.1:6379", "Redis address")
	seconds := flag.Int("seconds", 10, "seconds of load at 500 events/s")
	flag.Parse()
	if err := run(*addr, *seconds); err != nil {
		fmt.Fprintln(os.Stderr, "servemem:", err)
		os.Exit(1)
	}
}

func run(addr string, seconds int) error {
	bin, err := build()
	if err != nil {
		return err
	}
	defer os.RemoveAll(filepath.Dir(bin))
	prefix := "sbmem" + randHex()
	var got atomic.Int64
	recv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { got.Add(1) }))
	defer recv.Close()
	cmd, err := startServe(bin, addr, prefix)
	if err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	client := redis.NewClient(&redis.Options{Addr: addr})
	defer client.Close()
	defer cleanup(client, prefix)
	st := rdb.New(client, rdb.Options{Prefix: prefix})
	pid := cmd.Process.Pid

	time.Sleep(3 * time.Second) // let serve settle before the idle reading
	idle := rssMiB(pid)
	tasks, err := fixture(st, recv.URL)
	if err != nil {
		return err
	}
	cpu0, start := cpuSeconds(pid), time.Now()
	peak, err := load(st, tasks, seconds, pid)
	if err != nil {
		return err
	}
	cpu := (cpuSeconds(pid) - cpu0) / time.Since(start).Seconds()
	fmt.Printf("serve RSS idle: %.1f MiB\n", idle)
	fmt.Printf("serve RSS under load (1,000 subscriptions, 500 events/s, %ds): peak %.1f MiB\n", seconds, peak)
	fmt.Printf("serve CPU under load: %.0f%% of one core; webhook deliveries received: %d\n", 100*cpu, got.Load())
	return nil
}

// build compiles switchboard into a temporary directory. Run from bench/.
func build() (string, error) {
	dir, err := os.MkdirTemp("", "servemem")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "switchboard")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/switchboard")
	cmd.Dir = ".." // the product module, with its own go.sum
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build: %v\n%s", err, out)
	}
	return bin, nil
}

var serving = regexp.MustCompile(`msg="switchboard serving"`)

// startServe runs serve with the dispatcher off and waits for it to listen.
func startServe(bin, addr, prefix string) (*exec.Cmd, error) {
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "SWITCHBOARD_REDIS_URL=redis://"+addr+"/0", "SWITCHBOARD_REDIS_PREFIX="+prefix,
		"SWITCHBOARD_HTTP_LISTEN=127.0.0.1:0", "SWITCHBOARD_DISPATCHER_ENABLED=false", "SWITCHBOARD_WEBHOOK_SECRET=bench")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if serving.MatchString(sc.Text()) {
			go func() {
				for sc.Scan() {
				}
			}()
			return cmd, nil
		}
	}
	return nil, fmt.Errorf("serve exited before listening")
}

func randHex() string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func cleanup(c *redis.Client, prefix string) {
	ctx := context.Background()
	iter := c.Scan(ctx, 0, prefix+":*", 1000).Iterator()
	for iter.Next(ctx) {
		c.Unlink(ctx, iter.Val())
	}
}
