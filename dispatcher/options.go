package dispatcher

import (
	"errors"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"
)

// Profile is one way to run a worker.
type Profile struct {
	// Command is the program and its arguments, run without a shell.
	// Required.
	Command []string
	// Timeout ends a run that takes longer: SIGTERM to its process group,
	// then SIGKILL after KillGrace. Default 30m.
	Timeout time.Duration
	// Env holds extra environment variables for the worker. They cannot
	// override the contract's SWITCHBOARD_* variables. Default none.
	Env map[string]string
	// Workdir is the base of the worker's working directory: each task
	// works in Workdir/BOARD/TASK_ID. Default Options.Workdir.
	Workdir string
}

// SpawnBudget allows at most Max worker spawns in any window of Per,
// across every board and every dispatcher sharing the Redis.
type SpawnBudget struct {
	// Max is the number of spawns per window. Default 100.
	Max int
	// Per is the window's length. Default 1h.
	Per time.Duration
}

// Options configures a Dispatcher.
type Options struct {
	// PublicURL is the gateway URL workers get as SWITCHBOARD_URL.
	// Required.
	PublicURL string
	// Profiles are the worker profiles by name. A claimed task whose
	// profile is missing goes to blocked (capability). Default none.
	Profiles map[string]Profile
	// MaxWorkers is how many workers this dispatcher runs at once.
	// Default 4.
	MaxWorkers int
	// PollInterval is the safety-net poll: claims are event driven, and
	// this only bounds how long a lost signal can delay one. It also paces
	// the lease rescuer. Default 5s.
	PollInterval time.Duration
	// KillGrace is the wait between SIGTERM and SIGKILL. Default 10s.
	KillGrace time.Duration
	// LogMaxBytes bounds the output kept for each run: its first and last
	// halves. Default 64 KiB.
	LogMaxBytes int64
	// LogTTL is how long a run's output is kept in Redis. Default 7 days.
	LogTTL time.Duration
	// Workdir is the base of the workers' working directories. Default
	// OS temp dir/switchboard/work.
	Workdir string
	// RunDir holds each live run's context files and output file, under
	// RunDir/BOARD/RUN_ID; a run's directory is removed when it ends.
	// Default OS temp dir/switchboard/runs.
	RunDir string
	// SpawnBudget caps spawns. Default 100 per 1h.
	SpawnBudget SpawnBudget
	// HeartbeatInterval is how often the lease of a live worker is
	// extended. Default a third of the store's lease.
	HeartbeatInterval time.Duration
	// Spawner starts worker processes. Default ExecSpawner.
	Spawner Spawner
	// Host names this machine on runs, for adoption. Default os.Hostname.
	Host string
	// Jitter draws the random part added to a failed run's retry delay.
	// Default: up to a fifth of the delay.
	Jitter func(time.Duration) time.Duration
	// Logger receives the dispatcher's log. Default slog.Default().
	Logger *slog.Logger
	// Metrics receives measurements such as the ready-to-spawn latency.
	// Default: discarded.
	Metrics Metrics
}

// defaultProfileTimeout is the timeout of a profile that states none.
const defaultProfileTimeout = 30 * time.Minute

// withDefaults fills in every unset option; lease is the store's.
func (o Options) withDefaults(lease time.Duration) (Options, error) {
	if o.PublicURL == "" {
		return o, errors.New("dispatcher: Options.PublicURL is required")
	}
	setDefault(&o.MaxWorkers, 4)
	setDefault(&o.PollInterval, 5*time.Second)
	setDefault(&o.KillGrace, 10*time.Second)
	setDefault(&o.LogMaxBytes, 64<<10)
	setDefault(&o.LogTTL, 7*24*time.Hour)
	setDefault(&o.Workdir, filepath.Join(os.TempDir(), "switchboard", "work"))
	setDefault(&o.RunDir, filepath.Join(os.TempDir(), "switchboard", "runs"))
	setDefault(&o.SpawnBudget.Max, 100)
	setDefault(&o.SpawnBudget.Per, time.Hour)
	setDefault(&o.HeartbeatInterval, max(lease/3, 10*time.Millisecond))
	if o.Spawner == nil {
		o.Spawner = ExecSpawner{}
	}
	if o.Host == "" {
		host, err := os.Hostname()
		if err != nil {
			return o, errors.New("dispatcher: Options.Host is unset and the host name is unknown")
		}
		o.Host = host
	}
	if o.Jitter == nil {
		o.Jitter = fifthJitter
	}
	if o.Metrics == nil {
		o.Metrics = nopMetrics{}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o, nil
}

// timeout is the profile's timeout or the default.
func (p Profile) timeout() time.Duration {
	if p.Timeout > 0 {
		return p.Timeout
	}
	return defaultProfileTimeout
}

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

func fifthJitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return rand.N(d/5 + 1)
}
