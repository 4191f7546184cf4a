package main

import (
	"io"
	"log/slog"
	"strings"

	"github.com/switchboard/switchboard/config"
)

// newLogger builds the process logger from log.format and log.level.
func newLogger(cfg config.Log, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(strings.ToUpper(cfg.Level))) // validated by config
	opts := &slog.HandlerOptions{Level: level}
	if cfg.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// discardLogger logs nothing; for checks that reuse serve's helpers.
func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
