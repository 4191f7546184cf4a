package config

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

func TestDefaultValidates(t *testing.T) {
	t.Parallel()
	require.NoError(t, Default().Validate())
}

func TestValidateRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(c *Config)
		want   string
	}{
		{"redis url scheme", func(c *Config) { c.Redis.URL = "http://x" },
			`redis.url http://x must be "embedded" or a redis://, rediss://, redis-sentinel:// or unix:// URL`},
		{"redis url bare host", func(c *Config) { c.Redis.URL = "localhost:6379" }, `redis.url localhost:6379 must be "embedded"`},
		{"redis url unparsable", func(c *Config) { c.Redis.URL = "redis://:p%zz@h" }, `redis.url must be "embedded"`},
		{"redis url no host", func(c *Config) { c.Redis.URL = "redis:///0" }, "needs a host"},
		{"redis url bad db", func(c *Config) { c.Redis.URL = "redis://h:6379/x" }, `the path must be a database number, got "x"`},
		{"redis url password hidden", func(c *Config) { c.Redis.URL = "redis://u:hunter2@h/x" }, "redis://u:xxxxx@h/x"},
		{"sentinel without master", func(c *Config) { c.Redis.URL = "redis-sentinel://h:26379" }, "?master_name=NAME"},
		{"unix without path", func(c *Config) { c.Redis.URL = "unix://" }, "needs a socket path"},
		{"redis prefix empty", func(c *Config) { c.Redis.Prefix = "" }, "redis.prefix must be non-empty"},
		{"redis prefix brace", func(c *Config) { c.Redis.Prefix = "sb{x}" }, "hash tag"},
		{"listen malformed", func(c *Config) { c.HTTP.Listen = "7070" }, `http.listen must be host:port, such as 127.0.0.1:7070, got "7070"`},
		{"listen bad port", func(c *Config) { c.HTTP.Listen = "127.0.0.1:99999" }, "http.listen must be host:port"},
		{"listen public without token", func(c *Config) { c.HTTP.Listen = "0.0.0.0:7070" },
			"http.listen 0.0.0.0:7070 is not a loopback address; set http.admin_token (SWITCHBOARD_HTTP_ADMIN_TOKEN) or listen on 127.0.0.1"},
		{"listen all interfaces", func(c *Config) { c.HTTP.Listen = ":7070" }, "is not a loopback address"},
		{"public url relative", func(c *Config) { c.HTTP.PublicURL = "/api" }, `http.public_url must be an absolute http:// or https:// URL, got "/api"`},
		{"log format", func(c *Config) { c.Log.Format = "xml" }, `log.format must be one of text, json, got "xml"`},
		{"log level", func(c *Config) { c.Log.Level = "trace" }, `log.level must be one of debug, info, warn, error, got "trace"`},
		{"shutdown grace", func(c *Config) { c.Shutdown.Grace = 0 }, "shutdown.grace must be a positive duration, such as 10s or 5m, got 0s"},
		{"event stream max", func(c *Config) { c.Board.EventStreamMax = 0 }, "board.event_stream_max must be at least 1, got 0"},
		{"task events max", func(c *Config) { c.Board.TaskEventsMax = -1 }, "board.task_events_max must be at least 1, got -1"},
		{"max workers", func(c *Config) { c.Dispatcher.MaxWorkers = 0 }, "dispatcher.max_workers must be at least 1, got 0"},
		{"failure limit", func(c *Config) { c.Dispatcher.FailureLimit = 0 }, "dispatcher.failure_limit must be at least 1, got 0"},
		{"protocol violation limit", func(c *Config) { c.Dispatcher.ProtocolViolationLimit = 0 }, "dispatcher.protocol_violation_limit must be at least 1"},
		{"block recurrence limit", func(c *Config) { c.Dispatcher.BlockRecurrenceLimit = 0 }, "dispatcher.block_recurrence_limit must be at least 1"},
		{"retry backoff", func(c *Config) { c.Dispatcher.RetryBackoff = 0 }, "dispatcher.retry_backoff must be a positive duration"},
		{"transient backoff", func(c *Config) { c.Dispatcher.TransientBackoff = -time.Second }, "dispatcher.transient_backoff must be a positive duration"},
		{"rate limit cooldown", func(c *Config) { c.Dispatcher.RateLimitCooldown = 0 }, "dispatcher.rate_limit_cooldown must be a positive duration"},
		{"max backoff", func(c *Config) { c.Dispatcher.MaxBackoff = 0 }, "dispatcher.max_backoff must be a positive duration"},
		{"max backoff below retry", func(c *Config) { c.Dispatcher.MaxBackoff = time.Second },
			"dispatcher.max_backoff (1s) must not be below dispatcher.retry_backoff (10s)"},
		{"lease", func(c *Config) { c.Dispatcher.Lease = 0 }, "dispatcher.lease must be a positive duration"},
		{"poll interval", func(c *Config) { c.Dispatcher.PollInterval = 0 }, "dispatcher.poll_interval must be a positive duration"},
		{"kill grace", func(c *Config) { c.Dispatcher.KillGrace = 0 }, "dispatcher.kill_grace must be a positive duration"},
		{"log max bytes", func(c *Config) { c.Dispatcher.LogMaxBytes = 0 }, "dispatcher.log_max_bytes must be at least 1, got 0"},
		{"workdir relative", func(c *Config) { c.Dispatcher.Workdir = "work" }, `dispatcher.workdir must be an absolute path, got "work"`},
		{"spawn budget max", func(c *Config) { c.Dispatcher.SpawnBudget.Max = 0 }, "dispatcher.spawn_budget.max must be at least 1, got 0"},
		{"spawn budget per", func(c *Config) { c.Dispatcher.SpawnBudget.Per = 0 }, "dispatcher.spawn_budget.per must be a positive duration"},
		{"default profile missing", func(c *Config) { c.Dispatcher.DefaultProfile = "claude" },
			`dispatcher.default_profile "claude" is not defined under profiles (defined: default)`},
		{"no profiles", func(c *Config) { c.Profiles = nil }, "(defined: none)"},
		{"profile command empty", func(c *Config) { setProfile(c, func(p *Profile) { p.Command = nil }) },
			"profiles.default.command must name a program"},
		{"profile command blank", func(c *Config) { setProfile(c, func(p *Profile) { p.Command = []string{""} }) },
			"profiles.default.command must name a program"},
		{"profile timeout", func(c *Config) { setProfile(c, func(p *Profile) { p.Timeout = 0 }) },
			"profiles.default.timeout must be a positive duration"},
		{"profile workdir", func(c *Config) { setProfile(c, func(p *Profile) { p.Workdir = "rel" }) },
			"profiles.default.workdir must be an absolute path"},
		{"profile name", func(c *Config) { c.Profiles["a.b"] = defaultProfile() }, `profile name "a.b" must be lower-case`},
		{"failing after", func(c *Config) { c.Notify.FailingAfter = 0 }, "notify.failing_after must be at least 1, got 0"},
		{"notify retry backoff", func(c *Config) { c.Notify.RetryBackoff = 0 }, "notify.retry_backoff must be a positive duration"},
		{"notify max backoff", func(c *Config) { c.Notify.MaxBackoff = 0 }, "notify.max_backoff must be a positive duration"},
		{"coalesce window", func(c *Config) { c.Notify.CoalesceWindow = 0 }, "notify.coalesce_window must be a positive duration"},
		{"wake limit", func(c *Config) { c.Notify.OrchestratorWakeLimit = 0 }, "notify.orchestrator_wake_limit must be at least 1, got 0"},
		{"discord mode", func(c *Config) { c.Platforms.Discord.Mode = "rest" }, `platforms.discord.mode must be one of gateway, http, got "rest"`},
		{"telegram mode", func(c *Config) { c.Platforms.Telegram.Mode = "push" }, `platforms.telegram.mode must be one of polling, webhook, got "push"`},
		{"slack mode", func(c *Config) { c.Platforms.Slack.Mode = "rtm" }, `platforms.slack.mode must be one of socket, http, got "rtm"`},
		{"discord token", func(c *Config) { c.Platforms.Discord.Enabled = true },
			"platforms.discord.token is required when discord is enabled; set SWITCHBOARD_PLATFORMS_DISCORD_TOKEN"},
		{"discord application id", func(c *Config) { c.Platforms.Discord.Enabled = true },
			"platforms.discord.application_id is required when discord is enabled"},
		{"discord public key", func(c *Config) { enableDiscord(c); c.Platforms.Discord.Mode = DiscordHTTP },
			"platforms.discord.public_key is required when discord is in http mode"},
		{"telegram token", func(c *Config) { c.Platforms.Telegram.Enabled = true },
			"platforms.telegram.token is required when telegram is enabled; set SWITCHBOARD_PLATFORMS_TELEGRAM_TOKEN"},
		{"telegram webhook secret", func(c *Config) { enableTelegram(c); c.Platforms.Telegram.Mode = TelegramWebhook },
			"platforms.telegram.webhook_secret is required when telegram is in webhook mode; set SWITCHBOARD_PLATFORMS_TELEGRAM_WEBHOOK_SECRET"},
		{"slack bot token", func(c *Config) { c.Platforms.Slack.Enabled = true },
			"platforms.slack.bot_token is required when slack is enabled"},
		{"slack app token", func(c *Config) { enableSlack(c) }, "platforms.slack.app_token is required when slack is in socket mode"},
		{"slack signing secret", func(c *Config) { enableSlack(c); c.Platforms.Slack.Mode = SlackHTTP },
			"platforms.slack.signing_secret is required when slack is in http mode"},
		{"discord api url", func(c *Config) { c.Platforms.Discord.APIURL = "discord.local/" },
			`platforms.discord.api_url must be an absolute http:// or https:// URL, got "discord.local/"`},
		{"telegram api url", func(c *Config) { c.Platforms.Telegram.APIURL = "ftp://t.local" },
			"platforms.telegram.api_url must be an absolute http:// or https:// URL"},
		{"telegram webhook url", func(c *Config) { c.Platforms.Telegram.WebhookURL = "sb.example/telegram/webhook" },
			"platforms.telegram.webhook_url must be an absolute http:// or https:// URL"},
		{"slack api url slash", func(c *Config) { c.Platforms.Slack.APIURL = "http://127.0.0.1:9/api" },
			`platforms.slack.api_url must end with /, got "http://127.0.0.1:9/api"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := Default()
			tt.change(&c)
			require.ErrorContains(t, c.Validate(), tt.want)
		})
	}
}

func TestValidateAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(c *Config)
	}{
		{"redis single", func(c *Config) { c.Redis.URL = "redis://:pw@localhost:6379/2" }},
		{"redis tls", func(c *Config) { c.Redis.URL = "rediss://user:pw@redis.example.com:6380" }},
		{"redis cluster", func(c *Config) { c.Redis.URL = "redis://a:6379?addr=b:6379&addr=c:6379" }},
		{"redis sentinel", func(c *Config) { c.Redis.URL = "redis-sentinel://s1:26379/0?master_name=mymaster&addr=s2:26379" }},
		{"redis sentinel tls", func(c *Config) { c.Redis.URL = "rediss-sentinel://s1:26379?master_name=m" }},
		{"redis unix", func(c *Config) { c.Redis.URL = "unix:///run/redis.sock?db=1" }},
		{"listen localhost", func(c *Config) { c.HTTP.Listen = "localhost:0" }},
		{"listen ipv6 loopback", func(c *Config) { c.HTTP.Listen = "[::1]:7070" }},
		{"public listen with token", func(c *Config) { c.HTTP.Listen = "0.0.0.0:7070"; c.HTTP.AdminToken = "t" }},
		{"discord gateway", enableDiscord},
		{"discord http", func(c *Config) {
			enableDiscord(c)
			c.Platforms.Discord.Mode = DiscordHTTP
			c.Platforms.Discord.PublicKey = "pk"
		}},
		{"telegram polling", enableTelegram},
		{"telegram webhook", func(c *Config) {
			enableTelegram(c)
			c.Platforms.Telegram.Mode = TelegramWebhook
			c.Platforms.Telegram.WebhookSecret = "s"
		}},
		{"slack socket", func(c *Config) { enableSlack(c); c.Platforms.Slack.AppToken = "xapp" }},
		{"slack http", func(c *Config) {
			enableSlack(c)
			c.Platforms.Slack.Mode = SlackHTTP
			c.Platforms.Slack.SigningSecret = "s"
		}},
		{"api urls", func(c *Config) {
			c.Platforms.Discord.APIURL = "http://127.0.0.1:1/"
			c.Platforms.Telegram.APIURL = "http://127.0.0.1:2"
			c.Platforms.Slack.APIURL = "https://slack.local/api/"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := Default()
			tt.change(&c)
			require.NoError(t, c.Validate())
		})
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	t.Parallel()
	c := Default()
	c.Dispatcher.MaxWorkers = 0
	c.Log.Level = "loud"
	err := c.Validate()
	require.ErrorContains(t, err, "dispatcher.max_workers")
	require.ErrorContains(t, err, "log.level")
}

func TestIsLoopback(t *testing.T) {
	t.Parallel()
	for listen, want := range map[string]bool{
		"127.0.0.1:7070": true, "127.1.2.3:1": true, "localhost:7070": true, "[::1]:7070": true,
		"0.0.0.0:7070": false, ":7070": false, "[::]:7070": false, "10.0.0.5:7070": false,
		"example.com:80": false, "garbage": false,
	} {
		c := Default()
		c.HTTP.Listen = listen
		require.Equal(t, want, c.IsLoopback(), listen)
	}
}

func TestPublicURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ listen, public, want string }{
		{"127.0.0.1:7070", "", "http://127.0.0.1:7070"},
		{":7070", "", "http://127.0.0.1:7070"},
		{"0.0.0.0:8080", "", "http://127.0.0.1:8080"},
		{"[::]:8080", "", "http://[::1]:8080"},
		{"localhost:9", "", "http://localhost:9"},
		{"0.0.0.0:7070", "https://sb.example.com/", "https://sb.example.com"},
	}
	for _, tt := range tests {
		c := Default()
		c.HTTP.Listen, c.HTTP.PublicURL = tt.listen, tt.public
		require.Equal(t, tt.want, c.PublicURL(), tt.listen)
	}
}

func TestRedisMode(t *testing.T) {
	t.Parallel()
	for url, want := range map[string]RedisMode{
		"embedded":                                RedisEmbedded,
		"redis://localhost:6379/0":                RedisSingle,
		"rediss://h:6380":                         RedisSingle,
		"unix:///run/redis.sock":                  RedisSingle,
		"redis://a:1?addr=b:1":                    RedisCluster,
		"redis-sentinel://s:26379?master_name=m":  RedisSentinel,
		"rediss-sentinel://s:26379?master_name=m": RedisSentinel,
		"http://x":                                "",
	} {
		require.Equal(t, want, Redis{URL: url}.Mode(), url)
	}
}

func TestPolicy(t *testing.T) {
	t.Parallel()
	require.Equal(t, board.DefaultPolicy(), Default().Policy())
}

func setProfile(c *Config, change func(p *Profile)) {
	p := c.Profiles[DefaultProfileName]
	change(&p)
	c.Profiles[DefaultProfileName] = p
}

func enableDiscord(c *Config) {
	c.Platforms.Discord.Enabled = true
	c.Platforms.Discord.Token = "t"
	c.Platforms.Discord.ApplicationID = "1"
}

func enableTelegram(c *Config) {
	c.Platforms.Telegram.Enabled = true
	c.Platforms.Telegram.Token = "t"
}

func enableSlack(c *Config) {
	c.Platforms.Slack.Enabled = true
	c.Platforms.Slack.BotToken = "xoxb"
}
