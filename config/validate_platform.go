package config

import "strings"

// checkPlatforms adds each chat adapter's problems to v. Modes and URLs
// are checked even for a disabled adapter, so a typo shows at once;
// credentials only for an enabled one.
func checkPlatforms(v *checker, p Platforms) {
	checkDiscord(v, p.Discord)
	checkTelegram(v, p.Telegram)
	checkSlack(v, p.Slack)
}

func checkDiscord(v *checker, d Discord) {
	const k = "platforms.discord."
	v.oneOf(k+"mode", d.Mode, DiscordGateway, DiscordHTTP)
	v.baseURL(k+"api_url", d.APIURL)
	if !d.Enabled {
		return
	}
	v.required(k+"token", d.Token, "discord is enabled")
	v.required(k+"application_id", d.ApplicationID, "discord is enabled")
	if d.Mode == DiscordHTTP {
		v.required(k+"public_key", d.PublicKey, "discord is in http mode")
	}
}

func checkTelegram(v *checker, t Telegram) {
	const k = "platforms.telegram."
	v.oneOf(k+"mode", t.Mode, TelegramPolling, TelegramWebhook)
	v.httpURL(k+"api_url", t.APIURL)
	v.httpURL(k+"webhook_url", t.WebhookURL)
	if !t.Enabled {
		return
	}
	v.required(k+"token", t.Token, "telegram is enabled")
	if t.Mode == TelegramWebhook {
		v.required(k+"webhook_secret", t.WebhookSecret, "telegram is in webhook mode")
	}
}

func checkSlack(v *checker, s Slack) {
	const k = "platforms.slack."
	v.oneOf(k+"mode", s.Mode, SlackSocket, SlackHTTP)
	v.baseURL(k+"api_url", s.APIURL)
	if !s.Enabled {
		return
	}
	v.required(k+"bot_token", s.BotToken, "slack is enabled")
	switch s.Mode {
	case SlackSocket:
		v.required(k+"app_token", s.AppToken, "slack is in socket mode")
	case SlackHTTP:
		v.required(k+"signing_secret", s.SigningSecret, "slack is in http mode")
	}
}

// required adds a problem when got is empty, naming the variable to set.
func (v *checker) required(key, got, when string) {
	if got == "" {
		v.addf("%s is required when %s; set %s", key, when, EnvName(key))
	}
}

// baseURL checks an api_url that paths are appended to: an absolute
// http(s) URL ending in "/". Load adds a missing "/".
func (v *checker) baseURL(key, u string) {
	v.httpURL(key, u)
	if u != "" && !strings.HasSuffix(u, "/") {
		v.addf("%s must end with /, got %q", key, u)
	}
}
