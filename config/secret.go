package config

import "fmt"

// secretKeys are the keys whose values are secrets. They belong in the
// environment; a value written in the file is accepted with a warning.
// platforms.discord.public_key is public and is not among them.
var secretKeys = []string{
	"http.admin_token",
	"webhook.secret",
	"platforms.discord.token",
	"platforms.telegram.token",
	"platforms.telegram.webhook_secret",
	"platforms.slack.bot_token",
	"platforms.slack.app_token",
	"platforms.slack.signing_secret",
}

// secretWarnings names each secret key that the file gives a non-empty
// value, and the variable to use instead.
func secretWarnings(raw map[string]any) []string {
	var warnings []string
	for _, key := range secretKeys {
		if v := lookup(raw, key); v != nil && v != "" {
			warnings = append(warnings, fmt.Sprintf(
				"%s is set in the config file; secrets belong in the environment, so set %s instead",
				key, EnvName(key)))
		}
	}
	return warnings
}
