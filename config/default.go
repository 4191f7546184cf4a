package config

import "time"

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
		Board:      Board{EventStreamMax: 100_000, TaskEventsMax: 10_000},
		Dispatcher: defaultDispatcher(),
		Profiles:   map[string]Profile{DefaultProfileName: defaultProfile()},
		Notify:     defaultNotify(),
		Platforms:  defaultPlatforms(),
	}
}

func defaultDispatcher() Dispatcher {
	return Dispatcher{
		Enabled:                true,
		MaxWorkers:             4,
		FailureLimit:           3,
		ProtocolViolationLimit: 3,
		BlockRecurrenceLimit:   5,
		RetryBackoff:           10 * time.Second,
		TransientBackoff:       30 * time.Second,
		RateLimitCooldown:      5 * time.Minute,
		MaxBackoff:             time.Hour,
		Lease:                  60 * time.Second,
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
