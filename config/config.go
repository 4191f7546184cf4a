// Package config holds Switchboard's settings: their types and defaults, a
// strict loader that reads a YAML file and overlays SWITCHBOARD_* environment
// variables, and the validation rules.
//
// Only config and cmd know about viper. cmd hands every other package its
// own plain options built from a Config.
package config

import (
	"strings"
	"time"
)

// EnvPrefix starts every environment variable that overrides a key:
// SWITCHBOARD_ followed by the key path in upper case with dots replaced by
// underscores, such as SWITCHBOARD_DISPATCHER_MAX_WORKERS.
const EnvPrefix = "SWITCHBOARD"

// EnvName returns the environment variable that overrides key.
func EnvName(key string) string {
	return EnvPrefix + "_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

// Config is the whole configuration. Each field's doc comment states its
// default; Default returns them all.
type Config struct {
	// Redis says where the board lives.
	Redis Redis `mapstructure:"redis"`
	// HTTP is the gateway's API and inbound webhook listener.
	HTTP HTTP `mapstructure:"http"`
	// Log chooses the log format and level.
	Log Log `mapstructure:"log"`
	// Shutdown governs a graceful stop.
	Shutdown Shutdown `mapstructure:"shutdown"`
	// Board bounds the event logs kept in Redis.
	Board Board `mapstructure:"board"`
	// Dispatcher holds the limits for spawning workers.
	Dispatcher Dispatcher `mapstructure:"dispatcher"`
	// Profiles are the worker commands, by name. Default: one profile,
	// "default", whose command tells the operator to configure a worker
	// and exits 78. The built-in profile exists only when the file has no
	// profiles section.
	Profiles map[string]Profile `mapstructure:"profiles"`
	// Notify tunes delivery of events to subscriptions.
	Notify Notify `mapstructure:"notify"`
	// Platforms configures the chat adapters.
	Platforms Platforms `mapstructure:"platforms"`
	// Webhook configures outgoing webhook deliveries.
	Webhook Webhook `mapstructure:"webhook"`

	// Warnings are problems Load noticed that are not errors, such as a
	// secret written in the file. The caller should log them. Not a key.
	Warnings []string `mapstructure:"-"`
}

// Redis says where the board lives.
type Redis struct {
	// URL is "embedded" (an in-process Redis, for trying Switchboard out)
	// or a Redis URL; see RedisMode for the accepted forms. Default
	// "embedded".
	URL string `mapstructure:"url"`
	// Prefix starts every key Switchboard writes. Default "sb".
	Prefix string `mapstructure:"prefix"`
}

// HTTP is the gateway's API and inbound webhook listener.
type HTTP struct {
	// Listen is the host:port to listen on; port 0 picks a free port.
	// Default "127.0.0.1:7070".
	Listen string `mapstructure:"listen"`
	// AdminToken, once set, is needed by every non-worker API call. It is
	// required when Listen is not a loopback address. A secret: set it with
	// SWITCHBOARD_HTTP_ADMIN_TOKEN. Default "".
	AdminToken string `mapstructure:"admin_token"`
	// PublicURL is the URL workers use to reach the API. Default "", which
	// means one derived from Listen; see Config.PublicURL.
	PublicURL string `mapstructure:"public_url"`
}

// Log chooses the log format and level.
type Log struct {
	// Format is "text" or "json". Default "text".
	Format string `mapstructure:"format"`
	// Level is "debug", "info", "warn" or "error". Default "info".
	Level string `mapstructure:"level"`
}

// Shutdown governs a graceful stop.
type Shutdown struct {
	// Grace is how long running workers get after SIGTERM before their
	// tasks are released. Default 30s.
	Grace time.Duration `mapstructure:"grace"`
}

// Board bounds the event logs kept in Redis.
type Board struct {
	// EventStreamMax approximately bounds each board's event stream.
	// Default 100000.
	EventStreamMax int64 `mapstructure:"event_stream_max"`
	// TaskEventsMax bounds each task's own event log. Default 10000.
	TaskEventsMax int64 `mapstructure:"task_events_max"`
}

// Notify tunes delivery of events to subscriptions.
type Notify struct {
	// FailingAfter is how many consecutive delivery failures turn a
	// subscription failing. Default 5.
	FailingAfter int `mapstructure:"failing_after"`
	// RetryBackoff is the first delay before a failed delivery is retried;
	// it doubles per failure. Default 1s.
	RetryBackoff time.Duration `mapstructure:"retry_backoff"`
	// MaxBackoff caps the delivery retry delay. Default 5m.
	MaxBackoff time.Duration `mapstructure:"max_backoff"`
	// CoalesceWindow merges subtree triage notices that fall within it.
	// Default 2s.
	CoalesceWindow time.Duration `mapstructure:"coalesce_window"`
	// OrchestratorWakeLimit caps how often an orchestrator task is woken
	// for one subtree before a person must look. Default 2.
	OrchestratorWakeLimit int `mapstructure:"orchestrator_wake_limit"`
}

// Webhook configures outgoing webhook deliveries.
type Webhook struct {
	// Secret is the HMAC-SHA256 key that signs each delivery in the
	// X-Switchboard-Signature header. A secret: set it with
	// SWITCHBOARD_WEBHOOK_SECRET. Default "".
	Secret string `mapstructure:"secret"`
}
