package config

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Validate checks every rule and returns all the problems found, one
// sentence each naming its key, joined with errors.Join. Load calls it;
// call it again after changing a Config by hand.
func (c Config) Validate() error {
	var v checker
	if msg := checkRedisURL(c.Redis.URL); msg != "" {
		v.addf("%s", msg)
	}
	if c.Redis.Prefix == "" || strings.ContainsAny(c.Redis.Prefix, "{} ") {
		v.addf("redis.prefix must be non-empty without spaces or braces (Redis Cluster reads {} as a hash tag), got %q", c.Redis.Prefix)
	}
	checkHTTP(&v, c)
	v.oneOf("log.format", c.Log.Format, "text", "json")
	v.oneOf("log.level", c.Log.Level, "debug", "info", "warn", "error")
	v.positive("shutdown.grace", c.Shutdown.Grace)
	v.atLeast("board.event_stream_max", c.Board.EventStreamMax, 1)
	v.atLeast("board.task_events_max", c.Board.TaskEventsMax, 1)
	checkDispatcher(&v, c.Dispatcher)
	checkProfiles(&v, c)
	checkNotify(&v, c.Notify)
	checkPlatforms(&v, c.Platforms)
	return errors.Join(v.errs...)
}

func checkDispatcher(v *checker, d Dispatcher) {
	v.atLeast("dispatcher.max_workers", int64(d.MaxWorkers), 1)
	v.atLeast("dispatcher.failure_limit", int64(d.FailureLimit), 1)
	v.atLeast("dispatcher.protocol_violation_limit", int64(d.ProtocolViolationLimit), 1)
	v.atLeast("dispatcher.block_recurrence_limit", int64(d.BlockRecurrenceLimit), 1)
	v.positive("dispatcher.retry_backoff", d.RetryBackoff)
	v.positive("dispatcher.transient_backoff", d.TransientBackoff)
	v.positive("dispatcher.rate_limit_cooldown", d.RateLimitCooldown)
	v.positive("dispatcher.max_backoff", d.MaxBackoff)
	v.notBelow("dispatcher.max_backoff", d.MaxBackoff, "dispatcher.retry_backoff", d.RetryBackoff)
	v.notBelow("dispatcher.max_backoff", d.MaxBackoff, "dispatcher.transient_backoff", d.TransientBackoff)
	v.positive("dispatcher.lease", d.Lease)
	v.positive("dispatcher.poll_interval", d.PollInterval)
	v.positive("dispatcher.kill_grace", d.KillGrace)
	v.atLeast("dispatcher.log_max_bytes", d.LogMaxBytes, 1)
	v.absPath("dispatcher.workdir", d.Workdir)
	v.atLeast("dispatcher.spawn_budget.max", int64(d.SpawnBudget.Max), 1)
	v.positive("dispatcher.spawn_budget.per", d.SpawnBudget.Per)
}

// profileNameRE is what a profile name may look like: it is a YAML key,
// an environment variable part and a --profile argument.
var profileNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

func checkProfiles(v *checker, c Config) {
	names := slices.Sorted(maps.Keys(c.Profiles))
	if _, ok := c.Profiles[c.Dispatcher.DefaultProfile]; !ok {
		v.addf("dispatcher.default_profile %q is not defined under profiles (defined: %s)",
			c.Dispatcher.DefaultProfile, orNone(strings.Join(names, ", ")))
	}
	for _, name := range names {
		p, key := c.Profiles[name], "profiles."+name
		if !profileNameRE.MatchString(name) {
			v.addf("profile name %q must be lower-case letters, digits, - and _", name)
		}
		if len(p.Command) == 0 || p.Command[0] == "" {
			v.addf("%s.command must name a program, such as [\"claude\", \"-p\"]", key)
		}
		v.positive(key+".timeout", p.Timeout)
		v.absPath(key+".workdir", p.Workdir)
	}
}

func checkNotify(v *checker, n Notify) {
	v.atLeast("notify.failing_after", int64(n.FailingAfter), 1)
	v.positive("notify.retry_backoff", n.RetryBackoff)
	v.positive("notify.max_backoff", n.MaxBackoff)
	v.notBelow("notify.max_backoff", n.MaxBackoff, "notify.retry_backoff", n.RetryBackoff)
	v.positive("notify.coalesce_window", n.CoalesceWindow)
	v.atLeast("notify.orchestrator_wake_limit", int64(n.OrchestratorWakeLimit), 1)
}

// checker collects problems as sentences.
type checker struct{ errs []error }

func (v *checker) addf(format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf(format, args...))
}

func (v *checker) atLeast(key string, got, min int64) {
	if got < min {
		v.addf("%s must be at least %d, got %d", key, min, got)
	}
}

func (v *checker) positive(key string, d time.Duration) {
	if d <= 0 {
		v.addf("%s must be a positive duration, such as 10s or 5m, got %s", key, d)
	}
}

func (v *checker) notBelow(key string, d time.Duration, lowKey string, low time.Duration) {
	if d > 0 && d < low {
		v.addf("%s (%s) must not be below %s (%s)", key, d, lowKey, low)
	}
}

func (v *checker) oneOf(key, got string, allowed ...string) {
	if !slices.Contains(allowed, got) {
		v.addf("%s must be one of %s, got %q", key, strings.Join(allowed, ", "), got)
	}
}

func (v *checker) absPath(key, path string) {
	if path != "" && !filepath.IsAbs(path) {
		v.addf("%s must be an absolute path, got %q", key, path)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
