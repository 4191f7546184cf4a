package config

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// These tests use t.Setenv, so none of them may run in parallel.

func TestEnvName(t *testing.T) {
	require.Equal(t, "SWITCHBOARD_REDIS_URL", EnvName("redis.url"))
	require.Equal(t, "SWITCHBOARD_PLATFORMS_TELEGRAM_APPROVERS_USERS", EnvName("platforms.telegram.approvers.users"))
}

func TestLoadEnvWithoutFile(t *testing.T) {
	t.Setenv("SWITCHBOARD_REDIS_URL", "redis://cache:6379/3")
	t.Setenv("SWITCHBOARD_DISPATCHER_MAX_WORKERS", "12")
	t.Setenv("SWITCHBOARD_DISPATCHER_ENABLED", "false")
	t.Setenv("SWITCHBOARD_DISPATCHER_SPAWN_BUDGET_PER", "15m")
	t.Setenv("SWITCHBOARD_PLATFORMS_TELEGRAM_ENABLED", "true")
	t.Setenv("SWITCHBOARD_PLATFORMS_TELEGRAM_TOKEN", "123:abc")
	t.Setenv("SWITCHBOARD_PLATFORMS_TELEGRAM_APPROVERS_USERS", "1, 2")
	t.Setenv("SWITCHBOARD_PLATFORMS_DISCORD_APPROVERS_ROLES", "r1")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_COMMAND", `["claude", "-p", "a, b"]`)
	t.Setenv("SWITCHBOARD_HTTP_ADMIN_TOKEN", "secret")

	cfg, err := Load("")
	require.NoError(t, err)
	require.Equal(t, "redis://cache:6379/3", cfg.Redis.URL)
	require.Equal(t, 12, cfg.Dispatcher.MaxWorkers)
	require.False(t, cfg.Dispatcher.Enabled)
	require.Equal(t, 15*time.Minute, cfg.Dispatcher.SpawnBudget.Per)
	require.True(t, cfg.Platforms.Telegram.Enabled)
	require.Equal(t, "123:abc", cfg.Platforms.Telegram.Token)
	require.Equal(t, []string{"1", "2"}, cfg.Platforms.Telegram.Approvers.Users)
	require.Equal(t, []string{"r1"}, cfg.Platforms.Discord.Approvers.Roles)
	require.Equal(t, []string{"claude", "-p", "a, b"}, cfg.Profiles["default"].Command)
	require.Equal(t, DefaultProfileTimeout, cfg.Profiles["default"].Timeout)
	require.Equal(t, "secret", cfg.HTTP.AdminToken)
	require.Empty(t, cfg.Warnings, "secrets from the environment draw no warning")
}

func TestLoadEnvOverridesFile(t *testing.T) {
	path := writeConfig(t, `
redis: {url: "redis://file:6379"}
dispatcher: {max_workers: 2}
profiles:
  default:
    command: [from-file]
    env: {Model: file, KEEP: kept}
`)
	t.Setenv("SWITCHBOARD_REDIS_URL", "embedded")
	t.Setenv("SWITCHBOARD_DISPATCHER_MAX_WORKERS", "7")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_COMMAND", "codex,exec")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_ENV_MODEL", "env")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_ENV_EXTRA", "x")

	cfg, err := Load(path)
	require.NoError(t, err)
	require.Equal(t, "embedded", cfg.Redis.URL)
	require.Equal(t, 7, cfg.Dispatcher.MaxWorkers)
	require.Equal(t, []string{"codex", "exec"}, cfg.Profiles["default"].Command)
	require.Equal(t, map[string]string{"Model": "env", "KEEP": "kept", "EXTRA": "x"}, cfg.Profiles["default"].Env)
}

func TestLoadEnvDefinesProfile(t *testing.T) {
	t.Setenv("SWITCHBOARD_PROFILES_MY_AGENT_COMMAND", `["agent","run"]`)
	t.Setenv("SWITCHBOARD_PROFILES_MY_AGENT_TIMEOUT", "1h")
	t.Setenv("SWITCHBOARD_PROFILES_MY_AGENT_ENV_API_BASE", "http://llm")
	t.Setenv("SWITCHBOARD_DISPATCHER_DEFAULT_PROFILE", "my_agent")

	cfg, err := Load("")
	require.NoError(t, err)
	require.Equal(t, Profile{
		Command: []string{"agent", "run"},
		Timeout: time.Hour,
		Env:     map[string]string{"API_BASE": "http://llm"},
	}, cfg.Profiles["my_agent"])
	require.Contains(t, cfg.Profiles, "default", "with no file the built-in profile stays")
}

func TestLoadEnvProfileNeedsCommand(t *testing.T) {
	t.Setenv("SWITCHBOARD_PROFILES_LAZY_TIMEOUT", "1h")
	_, err := Load("")
	require.ErrorContains(t, err, "profiles.lazy.command must name a program")
}

func TestLoadEnvBadValues(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"SWITCHBOARD_DISPATCHER_LEASE", "forever", `config key "dispatcher.lease": "forever" is not a duration`},
		{"SWITCHBOARD_DISPATCHER_MAX_WORKERS", "lots", `config key "dispatcher.max_workers"`},
		{"SWITCHBOARD_PROFILES_DEFAULT_COMMAND", `["unclosed"`, "is not a JSON array of strings"},
		{"SWITCHBOARD_HTTP_LISTEN", "0.0.0.0:7070", "is not a loopback address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(tt.name, tt.value)
			_, err := Load("")
			require.ErrorContains(t, err, tt.want)
		})
	}
}

func TestLoadWarnsAboutUnknownEnv(t *testing.T) {
	t.Setenv("SWITCHBOARD_DISPATCHER_MAX_WOKERS", "9")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_COMAND", "x")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_ENV_MixedCase", "ok") // bound as written
	t.Setenv("SWITCHBOARD_URL", "http://127.0.0.1:7070")         // the client's, not a key
	t.Setenv("SWITCHBOARD_BOARD", "default")                     // the worker's, not a key

	cfg, err := Load("")
	require.NoError(t, err)
	require.Equal(t, []string{
		"environment variable SWITCHBOARD_DISPATCHER_MAX_WOKERS matches no config key; it is ignored",
		"environment variable SWITCHBOARD_PROFILES_DEFAULT_COMAND matches no config key; it is ignored",
	}, cfg.Warnings)
}

func TestProfileEnvKey(t *testing.T) {
	for env, want := range map[string]string{
		"SWITCHBOARD_PROFILES_DEFAULT_COMMAND":       "profiles.default.command",
		"SWITCHBOARD_PROFILES_MY_AGENT_WORKDIR":      "profiles.my_agent.workdir",
		"SWITCHBOARD_PROFILES_X_ENV_API_KEY":         "profiles.x.env.api_key",
		"SWITCHBOARD_PROFILES_X_ENV_COMMAND":         "profiles.x.env.command",
		"SWITCHBOARD_PROFILES_COMMAND":               "",
		"SWITCHBOARD_PROFILES_DEFAULT_COMAND":        "",
		"SWITCHBOARD_DISPATCHER_MAX_WORKERS":         "",
		"SWITCHBOARD_PROFILES_DEFAULT_ENV_":          "",
		"SWITCHBOARD_PROFILES_DEFAULT_TIMEOUT_EXTRA": "",
	} {
		key, ok := profileEnvKey(env)
		require.Equal(t, want, key, env)
		require.Equal(t, want != "", ok, env)
	}
}

func TestLoadEnvOverNullSections(t *testing.T) {
	path := writeConfig(t, "dispatcher:\nprofiles:\n  default:\n    command: [x]\n    env:\n")
	t.Setenv("SWITCHBOARD_DISPATCHER_MAX_WORKERS", "6")
	t.Setenv("SWITCHBOARD_PROFILES_DEFAULT_ENV_TOKEN", "t")
	t.Setenv("SWITCHBOARD_PLATFORMS", "a section, not a key")

	cfg, err := Load(path)
	require.NoError(t, err)
	require.Equal(t, 6, cfg.Dispatcher.MaxWorkers)
	require.Equal(t, map[string]string{"TOKEN": "t"}, cfg.Profiles["default"].Env)
	require.Equal(t, Default().Platforms, cfg.Platforms)
}
