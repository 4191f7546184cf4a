package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"syscall"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/config"
)

// checkRedis connects as serve would and reads the server's version and
// eviction policy.
func checkRedis(ctx context.Context, cfg config.Config) []finding {
	if cfg.Redis.Mode() == config.RedisEmbedded {
		return []finding{{levelWarn, "redis", "embedded in-memory Redis: the board is lost when serve exits",
			"set redis.url (SWITCHBOARD_REDIS_URL=redis://host:6379/0) for anything you keep"}}
	}
	conn, err := openRedis(cfg.Redis, discardLogger())
	if err != nil {
		return []finding{{levelFail, "redis", err.Error(), "fix redis.url"}}
	}
	defer conn.Close()
	info, err := conn.client.Info(ctx, "server").Result()
	if err != nil {
		return []finding{{levelFail, "redis", "cannot reach Redis: " + err.Error(),
			"start Redis or fix redis.url; serve waits for it but does nothing until it answers"}}
	}
	out := []finding{redisVersion(infoField(info, "redis_version"))}
	return append(out, evictionPolicy(ctx, conn.client))
}

func redisVersion(v string) finding {
	major := 0
	fmt.Sscanf(v, "%d", &major)
	switch {
	case major >= 7:
		return finding{levelOK, "redis", "Redis " + v + " (function library)", ""}
	case major >= 5:
		return finding{levelWarn, "redis", "Redis " + v + ": no functions, scripts run with EVALSHA (slower)",
			"upgrade to Redis 7"}
	}
	return finding{levelFail, "redis", "Redis " + v + " has no streams", "use Redis 7 (5.0 at the very least)"}
}

// evictionPolicy warns when Redis may evict board keys under memory pressure.
func evictionPolicy(ctx context.Context, c redis.UniversalClient) finding {
	res, err := c.ConfigGet(ctx, "maxmemory-policy").Result()
	if err != nil {
		return finding{levelWarn, "redis", "cannot read maxmemory-policy: " + err.Error(), ""}
	}
	if p := res["maxmemory-policy"]; p != "" && p != "noeviction" {
		return finding{levelWarn, "redis", "maxmemory-policy is " + p + ": Redis may evict tasks and events",
			"CONFIG SET maxmemory-policy noeviction (and in redis.conf)"}
	}
	return finding{levelOK, "redis", "maxmemory-policy noeviction", ""}
}

func infoField(info, key string) string {
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), key+":"); ok {
			return v
		}
	}
	return "?"
}

// checkPlatforms summarises each platform; Load has validated the settings.
func checkPlatforms(cfg config.Config) []finding {
	p := cfg.Platforms
	list := []struct {
		name    string
		enabled bool
		mode    string
		apiURL  string
		people  int
	}{
		{"discord", p.Discord.Enabled, p.Discord.Mode, p.Discord.APIURL, len(p.Discord.Approvers.Users) + len(p.Discord.Approvers.Roles)},
		{"telegram", p.Telegram.Enabled, p.Telegram.Mode, p.Telegram.APIURL, len(p.Telegram.Approvers.Users)},
		{"slack", p.Slack.Enabled, p.Slack.Mode, p.Slack.APIURL, len(p.Slack.Approvers.Users) + len(p.Slack.Approvers.Groups)},
	}
	var out []finding
	for _, pl := range list {
		if !pl.enabled {
			continue
		}
		detail := fmt.Sprintf("enabled, mode %s, %d approver ids", pl.mode, pl.people)
		if pl.apiURL != "" {
			detail += ", api_url " + pl.apiURL
		}
		f := finding{levelOK, "platform " + pl.name, detail, ""}
		if pl.people == 0 {
			f.level, f.fix = levelWarn, "no one may approve or answer from "+pl.name+": set platforms."+pl.name+".approvers"
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		out = append(out, finding{levelWarn, "platforms", "no chat platform is enabled: people learn nothing in chat",
			"enable platforms.discord, .telegram or .slack (docs/discord.md, docs/telegram.md, docs/slack.md)"})
	}
	return out
}

// checkProfiles finds each profile's command and, when start is set,
// starts it in its own process group and kills the group at once.
func checkProfiles(ctx context.Context, cfg config.Config, start bool) []finding {
	names := make([]string, 0, len(cfg.Profiles))
	for n := range cfg.Profiles {
		names = append(names, n)
	}
	slices.Sort(names)
	var out []finding
	for _, n := range names {
		out = append(out, checkProfile(ctx, n, cfg.Profiles[n], start))
	}
	return out
}

func checkProfile(ctx context.Context, name string, p config.Profile, start bool) finding {
	check := "profile " + name
	path, err := exec.LookPath(p.Command[0])
	if err != nil {
		return finding{levelFail, check, fmt.Sprintf("command %q not found: %v", p.Command[0], err),
			"install it, put it on serve's PATH, or fix profiles." + name + ".command"}
	}
	if isPlaceholder(p.Command) {
		return finding{levelWarn, check, "still the placeholder command: every run ends blocked (exit 78)",
			"set profiles." + name + ".command to your agent (e.g. [\"claude\", \"-p\"])"}
	}
	if !start {
		return finding{levelOK, check, "found " + path, ""}
	}
	if err := startAndKill(ctx, p.Command); err != nil {
		return finding{levelFail, check, fmt.Sprintf("%s cannot be started: %v", path, err), "check its permissions and format"}
	}
	return finding{levelOK, check, "found and started " + path, ""}
}

func isPlaceholder(cmd []string) bool {
	return len(cmd) == 3 && cmd[0] == "sh" && strings.Contains(cmd[2], "configure a worker command")
}

// startAndKill proves a command can be exec'd, then kills its group.
func startAndKill(ctx context.Context, argv []string) error {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	err := cmd.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return err
	}
	return nil
}
