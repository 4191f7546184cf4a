package config

// Platforms configures the chat adapters. Each is off by default.
type Platforms struct {
	// Discord is the Discord adapter.
	Discord Discord `mapstructure:"discord"`
	// Telegram is the Telegram adapter.
	Telegram Telegram `mapstructure:"telegram"`
	// Slack is the Slack adapter.
	Slack Slack `mapstructure:"slack"`
}

// Discord modes: how people's actions come in.
const (
	DiscordGateway = "gateway" // the gateway websocket
	DiscordHTTP    = "http"    // POST /discord/interactions
)

// Telegram modes: how updates come in.
const (
	TelegramPolling = "polling" // getUpdates long polling
	TelegramWebhook = "webhook" // POST /telegram/webhook
)

// Slack modes: how people's actions come in.
const (
	SlackSocket = "socket" // Socket Mode
	SlackHTTP   = "http"   // POST /slack/commands, /slack/interactions, /slack/events
)

// Discord is the Discord adapter.
type Discord struct {
	// Enabled turns the adapter on. Default false.
	Enabled bool `mapstructure:"enabled"`
	// Token is the bot token. A secret: set it with
	// SWITCHBOARD_PLATFORMS_DISCORD_TOKEN. Default "".
	Token string `mapstructure:"token"`
	// ApplicationID is the application's id. Default "".
	ApplicationID string `mapstructure:"application_id"`
	// PublicKey verifies interaction signatures in http mode. Default "".
	PublicKey string `mapstructure:"public_key"`
	// GuildID registers commands in one guild (instant) instead of
	// globally. Default "".
	GuildID string `mapstructure:"guild_id"`
	// APIURL replaces https://discord.com/; requests go to
	// {api_url}api/v{N}/.... Load appends a missing trailing "/".
	// Default "".
	APIURL string `mapstructure:"api_url"`
	// Mode is "gateway" or "http". Default "gateway".
	Mode string `mapstructure:"mode"`
	// Approvers may approve, deny and confirm. Default none.
	Approvers DiscordApprovers `mapstructure:"approvers"`
}

// DiscordApprovers lists who may act on gated tasks in Discord.
type DiscordApprovers struct {
	// Users are Discord user ids. Default none.
	Users []string `mapstructure:"users"`
	// Roles are Discord role ids. Default none.
	Roles []string `mapstructure:"roles"`
}

// Telegram is the Telegram adapter.
type Telegram struct {
	// Enabled turns the adapter on. Default false.
	Enabled bool `mapstructure:"enabled"`
	// Token is the bot token. A secret: set it with
	// SWITCHBOARD_PLATFORMS_TELEGRAM_TOKEN. Default "".
	Token string `mapstructure:"token"`
	// APIURL replaces https://api.telegram.org; requests go to
	// {api_url}/bot{token}/{method}. Load strips a trailing "/".
	// Default "".
	APIURL string `mapstructure:"api_url"`
	// Mode is "polling" or "webhook". Default "polling".
	Mode string `mapstructure:"mode"`
	// WebhookSecret is checked against Telegram's secret-token header in
	// webhook mode. A secret: set it with
	// SWITCHBOARD_PLATFORMS_TELEGRAM_WEBHOOK_SECRET. Default "".
	WebhookSecret string `mapstructure:"webhook_secret"`
	// WebhookURL is the public URL of POST /telegram/webhook. When set in
	// webhook mode, serve registers it with setWebhook (and the secret)
	// at start; when empty, the admin registers it. Default "".
	WebhookURL string `mapstructure:"webhook_url"`
	// Approvers may approve, deny and confirm. Default none.
	Approvers TelegramApprovers `mapstructure:"approvers"`
}

// TelegramApprovers lists who may act on gated tasks in Telegram.
type TelegramApprovers struct {
	// Users are Telegram user ids. Default none.
	Users []string `mapstructure:"users"`
}

// Slack is the Slack adapter.
type Slack struct {
	// Enabled turns the adapter on. Default false.
	Enabled bool `mapstructure:"enabled"`
	// BotToken is the xoxb- token. A secret: set it with
	// SWITCHBOARD_PLATFORMS_SLACK_BOT_TOKEN. Default "".
	BotToken string `mapstructure:"bot_token"`
	// AppToken is the xapp- token Socket Mode needs. A secret: set it with
	// SWITCHBOARD_PLATFORMS_SLACK_APP_TOKEN. Default "".
	AppToken string `mapstructure:"app_token"`
	// SigningSecret verifies requests in http mode. A secret: set it with
	// SWITCHBOARD_PLATFORMS_SLACK_SIGNING_SECRET. Default "".
	SigningSecret string `mapstructure:"signing_secret"`
	// APIURL replaces https://slack.com/api/; requests go to
	// {api_url}{method}. Load appends a missing trailing "/". Default "".
	APIURL string `mapstructure:"api_url"`
	// Mode is "socket" or "http". Default "socket".
	Mode string `mapstructure:"mode"`
	// Approvers may approve, deny and confirm. Default none.
	Approvers SlackApprovers `mapstructure:"approvers"`
}

// SlackApprovers lists who may act on gated tasks in Slack.
type SlackApprovers struct {
	// Users are Slack user ids. Default none.
	Users []string `mapstructure:"users"`
	// Groups are Slack user-group ids. Default none.
	Groups []string `mapstructure:"groups"`
}
