package config

import (
	"time"

	"github.com/switchboard/switchboard/board"
)

// DefaultProfileName is the name of the built-in worker profile.
const DefaultProfileName = "default"

// DefaultProfileTimeout is the timeout of a profile that states none.
const DefaultProfileTimeout = 30 * time.Minute

// placeholderCommand is the built-in profile's command: it tells the
// operator what to do and exits 78, which blocks the task at once.
var placeholderCommand = []string{"sh", "-c", "echo 'configure a worker command' >&2; exit 78"}

// Default returns every default. Load starts from these values.
func Default() Config {
	return Config{
		Redis:      Redis{URL: RedisEmbeddedURL, Prefix: "sb"},
		HTTP:       HTTP{Listen: "127.0.0.1:7070"},
		Log:        Log{Format: "text", Level: "info"},
		Shutdown:   Shutdown{Grace: 30 * time.Second},
		Board:      defaultBoard(),
		Dispatcher: defaultDispatcher(),
		Profiles:   map[string]Profile{DefaultProfileName: defaultProfile()},
		Notify:     defaultNotify(),
		Platforms:  defaultPlatforms(),
	}
}

// defaultBoard takes the stream bounds from board.DefaultPolicy.
func defaultBoard() Board {
	p := board.DefaultPolicy()
	return Board{EventStreamMax: p.EventStreamMaxLen, TaskEventsMax: p.TaskEventsMax}
}

// defaultDispatcher takes the board's limits from board.DefaultPolicy, so
// the contract's defaults are written down once.
func defaultDispatcher() Dispatcher {
	p := board.DefaultPolicy()
	return Dispatcher{
		Enabled:                true,
		MaxWorkers:             4,
		FailureLimit:           p.FailureLimit,
		ProtocolViolationLimit: p.ProtocolViolationLimit,
		BlockRecurrenceLimit:   p.BlockRecurrenceLimit,
		RetryBackoff:           p.RetryBackoff,
		TransientBackoff:       p.TransientBackoff,
		RateLimitCooldown:      p.RateLimitCooldown,
		MaxBackoff:             p.MaxBackoff,
		Lease:                  p.Lease,
		PollInterval:           5 * time.Second,
		KillGrace:              10 * time.Second,
		LogMaxBytes:            64 << 10,
		SpawnBudget:            SpawnBudget{Max: 100, Per: time.Hour},
		DefaultProfile:         DefaultProfileName,
	}
}

func defaultProfile() Profile {
	p := profileTemplate()
	p.Command = append([]string(nil), placeholderCommand...)
	return p
}

// profileTemplate holds the defaults every profile gets for the fields it
// leaves out. A command has no default.
func profileTemplate() Profile {
	return Profile{Timeout: DefaultProfileTimeout, Env: map[string]string{}}
}

func defaultNotify() Notify {
	return Notify{
		FailingAfter:          5,
		RetryBackoff:          time.Second,
		MaxBackoff:            5 * time.Minute,
		CoalesceWindow:        2 * time.Second,
		OrchestratorWakeLimit: 2,
	}
}

func defaultPlatforms() Platforms {
	return Platforms{
		Discord: Discord{
			Mode:      DiscordGateway,
			Approvers: DiscordApprovers{Users: []string{}, Roles: []string{}},
		},
		Telegram: Telegram{
			Mode:      TelegramPolling,
			Approvers: TelegramApprovers{Users: []string{}},
		},
		Slack: Slack{
			Mode:      SlackSocket,
			Approvers: SlackApprovers{Users: []string{}, Groups: []string{}},
		},
	}
}
