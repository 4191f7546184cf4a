package main

import (
	"io"
	"log/slog"
	"regexp"
	"strings"

	"github.com/switchboard/switchboard/config"
	"github.com/switchboard/switchboard/gateway"
)

// newLogger builds the process logger from log.format and log.level. Every
// attribute passes through redactAttr, so a secret that slips into an error
// message never reaches the log (gateway.Redact, the same rules chat
// notices use).
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
		if s := gateway.Redact(a.Value.String()); s != a.Value.String() {
			return slog.String(a.Key, s)
		}
	}
	return a
}
