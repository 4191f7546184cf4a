package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// writeConfig writes a YAML file in a fresh temp dir and returns its path.
func writeConfig(t *testing.T, yaml string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "switchboard.yaml")
	require.NoError(t, os.WriteFile(path, []byte(yaml), 0o600))
	return path
}

func TestLoadNoFileGivesDefaults(t *testing.T) {
	t.Parallel()
	cfg, err := Load("")
	require.NoError(t, err)
	require.Equal(t, Default(), cfg)
}

func TestLoadEmptyFileGivesDefaults(t *testing.T) {
	t.Parallel()
	cfg, err := Load(writeConfig(t, "# nothing here\n"))
	require.NoError(t, err)
	require.Equal(t, Default(), cfg)
}

func TestLoadYAMLOverrides(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		yaml  string
		check func(t *testing.T, c Config)
	}{
		{"scalars", "redis: {url: 'redis://localhost:6379/1', prefix: t1}\ndispatcher: {max_workers: 9, enabled: false}\n",
			func(t *testing.T, c Config) {
				require.Equal(t, Redis{URL: "redis://localhost:6379/1", Prefix: "t1"}, c.Redis)
				require.Equal(t, 9, c.Dispatcher.MaxWorkers)
				require.False(t, c.Dispatcher.Enabled)
				require.Equal(t, 3, c.Dispatcher.FailureLimit, "untouched keys keep their default")
			}},
		{"durations", "dispatcher: {lease: 90s, spawn_budget: {per: 30m}}\nshutdown: {grace: 1m30s}\n",
			func(t *testing.T, c Config) {
				require.Equal(t, 90*time.Second, c.Dispatcher.Lease)
				require.Equal(t, 30*time.Minute, c.Dispatcher.SpawnBudget.Per)
				require.Equal(t, 100, c.Dispatcher.SpawnBudget.Max)
				require.Equal(t, 90*time.Second, c.Shutdown.Grace)
			}},
		{"numeric ids become strings", "platforms: {telegram: {approvers: {users: [42, '43']}}}\n",
			func(t *testing.T, c Config) {
				require.Equal(t, []string{"42", "43"}, c.Platforms.Telegram.Approvers.Users)
			}},
		{"null section keeps defaults", "dispatcher:\nlog:\n",
			func(t *testing.T, c Config) { require.Equal(t, Default().Dispatcher, c.Dispatcher) }},
		{"api urls normalised", "platforms:\n  discord: {api_url: 'http://d.local'}\n  slack: {api_url: 'http://s.local/api'}\n  telegram: {api_url: 'http://t.local/'}\n",
			func(t *testing.T, c Config) {
				require.Equal(t, "http://d.local/", c.Platforms.Discord.APIURL)
				require.Equal(t, "http://s.local/api/", c.Platforms.Slack.APIURL)
				require.Equal(t, "http://t.local", c.Platforms.Telegram.APIURL)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg, err := Load(writeConfig(t, tt.yaml))
			require.NoError(t, err)
			tt.check(t, cfg)
		})
	}
}

func TestLoadProfiles(t *testing.T) {
	t.Parallel()
	cfg, err := Load(writeConfig(t, `
dispatcher: {default_profile: claude}
profiles:
  claude:
    command: [claude, -p]
    env: {ANTHROPIC_MODEL: opus, Mixed_Case: "yes", DEBUG: true}
  quick:
    command: [sh, -c, "true"]
    timeout: 2m
    workdir: /srv/work
`))
	require.NoError(t, err)
	require.Equal(t, map[string]Profile{
		"claude": {Command: []string{"claude", "-p"}, Timeout: DefaultProfileTimeout,
			Env: map[string]string{"ANTHROPIC_MODEL": "opus", "Mixed_Case": "yes", "DEBUG": "true"}},
		"quick": {Command: []string{"sh", "-c", "true"}, Timeout: 2 * time.Minute,
			Env: map[string]string{}, Workdir: "/srv/work"},
	}, cfg.Profiles, "file profiles replace the built-in one and get the profile defaults")
}

func TestLoadProfileNeedsCommand(t *testing.T) {
	t.Parallel()
	_, err := Load(writeConfig(t, "profiles: {default: {timeout: 1h}}\n"))
	require.ErrorContains(t, err, "profiles.default.command must name a program")
}

func TestLoadRejectsUnknownKeys(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, yaml, key string }{
		{"top level", "redsi: {url: embedded}\n", "redsi"},
		{"nested", "dispatcher: {max_wokers: 4}\n", "dispatcher.max_wokers"},
		{"deeply nested", "dispatcher: {spawn_budget: {maximum: 4}}\n", "dispatcher.spawn_budget.maximum"},
		{"inside a profile", "profiles: {default: {comand: [x]}}\n", "profiles.default.comand"},
		{"inside a platform", "platforms: {slack: {approvers: {admins: [U1]}}}\n", "platforms.slack.approvers.admins"},
		{"unknown platform", "platforms: {irc: {enabled: true}}\n", "platforms.irc"},
		{"mapping under a profile env name", "profiles: {default: {command: [x], env: {A: {b: c}}}}\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Load(writeConfig(t, tt.yaml))
			require.Error(t, err)
			if tt.key == "" {
				return
			}
			var unknown *UnknownKeyError
			require.ErrorAs(t, err, &unknown)
			require.Equal(t, tt.key, unknown.Key)
			require.ErrorContains(t, err, `unknown config key "`+tt.key+`"`)
		})
	}
}

func TestLoadNamesEveryUnknownKey(t *testing.T) {
	t.Parallel()
	_, err := Load(writeConfig(t, "log: {levle: info, fromat: json}\n"))
	require.ErrorContains(t, err, `unknown config key "log.fromat"`)
	require.ErrorContains(t, err, `unknown config key "log.levle"`)
}

func TestLoadRejectsUpperCaseProfileName(t *testing.T) {
	t.Parallel()
	_, err := Load(writeConfig(t, "profiles: {Claude: {command: [claude]}}\n"))
	require.ErrorContains(t, err, `config key "profiles.Claude": the name "Claude" must be lower case`)
}

func TestLoadBadValues(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, yaml, want string }{
		{"malformed yaml", "dispatcher:\n  max_workers: 4\n lease: 1s\n", "parse config file"},
		{"tab indentation", "dispatcher:\n\tmax_workers: 4\n", "yaml: line"},
		{"duplicate key", "log: {level: info}\nlog: {level: debug}\n", "already defined"},
		{"not a mapping", "- a\n- b\n", "parse config file"},
		{"bad duration", "dispatcher: {lease: soon}\n",
			`config key "dispatcher.lease": "soon" is not a duration; write a number with a unit, such as 10s, 5m or 1h`},
		{"bare number duration", "dispatcher: {lease: 60}\n", `config key "dispatcher.lease": 60 has no unit`},
		{"profile duration", "profiles: {default: {command: [x], timeout: 5}}\n", `config key "profiles.default.timeout": 5 has no unit`},
		{"bad int", "dispatcher: {max_workers: many}\n", `config key "dispatcher.max_workers"`},
		{"fraction", "dispatcher: {max_workers: 4.5}\n", `config key "dispatcher.max_workers": 4.5 is not a whole number`},
		{"bad bool", "dispatcher: {enabled: maybe}\n", `config key "dispatcher.enabled"`},
		{"scalar for section", "dispatcher: 5\n", `config key "dispatcher"`},
		{"mapping for scalar", "redis: {url: {host: x}}\n", `config key "redis.url"`},
		{"invalid value", "dispatcher: {max_workers: 0}\n", "invalid config: dispatcher.max_workers must be at least 1, got 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Load(writeConfig(t, tt.yaml))
			require.ErrorContains(t, err, tt.want)
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "nope.yaml")
	_, err := Load(path)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.ErrorContains(t, err, path)
}

func TestLoadWarnsAboutSecretsInFile(t *testing.T) {
	t.Parallel()
	cfg, err := Load(writeConfig(t, `
http: {admin_token: adm}
webhook: {secret: hook}
platforms:
  discord: {token: d, public_key: pk}
  telegram: {token: "", webhook_secret: tws}
  slack: {bot_token: xoxb, app_token: xapp, signing_secret: sig}
`))
	require.NoError(t, err, "secrets in the file are accepted")
	require.Equal(t, "adm", cfg.HTTP.AdminToken)
	require.Equal(t, []string{
		"http.admin_token is set in the config file; secrets belong in the environment, so set SWITCHBOARD_HTTP_ADMIN_TOKEN instead",
		"webhook.secret is set in the config file; secrets belong in the environment, so set SWITCHBOARD_WEBHOOK_SECRET instead",
		"platforms.discord.token is set in the config file; secrets belong in the environment, so set SWITCHBOARD_PLATFORMS_DISCORD_TOKEN instead",
		"platforms.telegram.webhook_secret is set in the config file; secrets belong in the environment, so set SWITCHBOARD_PLATFORMS_TELEGRAM_WEBHOOK_SECRET instead",
		"platforms.slack.bot_token is set in the config file; secrets belong in the environment, so set SWITCHBOARD_PLATFORMS_SLACK_BOT_TOKEN instead",
		"platforms.slack.app_token is set in the config file; secrets belong in the environment, so set SWITCHBOARD_PLATFORMS_SLACK_APP_TOKEN instead",
		"platforms.slack.signing_secret is set in the config file; secrets belong in the environment, so set SWITCHBOARD_PLATFORMS_SLACK_SIGNING_SECRET instead",
	}, cfg.Warnings)
}
