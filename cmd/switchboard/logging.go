package main

import (
	"io"
	"log/slog"
	"regexp"
	"strings"

	"github.com/switchboard/switchboard/config"
)

// newLogger builds the process logger from log.format and log.level. Every
// attribute passes through redact, so a secret that slips into an error
// message never reaches the log.
func newLogger(cfg config.Log, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(strings.ToUpper(cfg.Level))) // validated by config
	opts := &slog.HandlerOptions{Level: level, ReplaceAttr: redactAttr}
	if cfg.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// discardLogger logs nothing; for checks that reuse serve's helpers.
func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// secretKeys are attribute names whose values are never logged.
var secretKeys = regexp.MustCompile(`(?i)token|secret|password|passwd|authorization|signing|api_key|apikey`)

// secretValues match secrets inside free text: worker tokens, Slack and
// Telegram tokens, bearer credentials and passwords in URLs.
var secretValues = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`sbw\.[a-z0-9_-]+\.r_[a-z0-9]+\.[a-z0-9]+`), "sbw.[redacted]"},
	{regexp.MustCompile(`xox[abeoprs]-[A-Za-z0-9-]+|xapp-[A-Za-z0-9-]+`), "[redacted-slack-token]"},
	{regexp.MustCompile(`[0-9]{5,12}:[A-Za-z0-9_-]{30,}`), "[redacted-bot-token]"},
	{regexp.MustCompile(`(?i)(bearer|bot)\s+[A-Za-z0-9._~+/=-]{16,}`), "$1 [redacted]"},
	{regexp.MustCompile(`(://[^:/@\s]*):[^@/\s]+@`), "$1:[redacted]@"},
}

// redactAttr hides secret-named attributes and secret-looking text.
func redactAttr(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindGroup {
		return a
	}
	if secretKeys.MatchString(a.Key) && a.Value.String() != "" {
		return slog.String(a.Key, "[redacted]")
	}
	switch a.Value.Kind() {
	case slog.KindString, slog.KindAny:
		if s := redactText(a.Value.String()); s != a.Value.String() {
			return slog.String(a.Key, s)
		}
	}
	return a
}

// redactText replaces every secret-looking substring of s.
func redactText(s string) string {
	for _, sv := range secretValues {
		s = sv.re.ReplaceAllString(s, sv.with)
	}
	return s
}
