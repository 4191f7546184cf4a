package config

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"
)

// Load builds the configuration: the defaults, then the YAML file at path
// (skipped when path is ""; a missing file is an error), then the
// SWITCHBOARD_* environment variables. It rejects unknown keys by path,
// decodes strictly, normalises api_url values and validates the result.
//
// The returned Config's Warnings list secrets found in the file and
// SWITCHBOARD_ variables that match no key; the caller should log them.
func Load(path string) (Config, error) {
	raw, err := readFile(path)
	if err != nil {
		return Config{}, err
	}
	if err := checkKeys(raw); err != nil {
		return Config{}, fmt.Errorf("config file %s: %w", path, err)
	}
	v, err := newViper(raw)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	var cfg Config
	if err := v.UnmarshalExact(&cfg, viper.DecodeHook(decodeHook())); err != nil {
		return Config{}, fmt.Errorf("invalid config: %w", keyErrors(err))
	}
	normalize(&cfg, raw)
	if err := cfg.Validate(); err != nil {
		return Config{}, fmt.Errorf("invalid config: %w", err)
	}
	cfg.Warnings = append(secretWarnings(raw), envWarnings(v.AllKeys())...)
	return cfg, nil
}

// readFile returns the file's raw YAML mapping, which keeps the case of
// keys that viper folds. No path gives an empty mapping.
func readFile(path string) (map[string]any, error) {
	raw := map[string]any{}
	if path == "" {
		return raw, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read config file: %w", err)
	}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("parse config file %s: %w", path, err)
	}
	return raw, nil
}

// normalize restores the case of profile env names and gives each api_url
// the form its adapter joins paths to: Discord and Slack end in "/",
// Telegram does not.
func normalize(c *Config, raw map[string]any) {
	for name, p := range c.Profiles {
		p.Env = restoreCase(p.Env, lookup(raw, "profiles."+name+".env"))
		c.Profiles[name] = p
	}
	pl := &c.Platforms
	pl.Discord.APIURL = withSlash(pl.Discord.APIURL)
	pl.Slack.APIURL = withSlash(pl.Slack.APIURL)
	pl.Telegram.APIURL = strings.TrimRight(pl.Telegram.APIURL, "/")
}

// restoreCase re-keys env, whose names viper lower-cased, by the names as
// written in the file; a name found only in the environment is upper case.
func restoreCase(env map[string]string, written any) map[string]string {
	names, _ := written.(map[string]any)
	out := make(map[string]string, len(env))
	for k, val := range env {
		name := strings.ToUpper(k)
		for w := range names {
			if strings.EqualFold(w, k) {
				name = w
			}
		}
		out[name] = val
	}
	return out
}

func withSlash(u string) string {
	if u == "" || strings.HasSuffix(u, "/") {
		return u
	}
	return u + "/"
}
