package main

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/config"
)

func TestLogsNeverCarrySecrets(t *testing.T) {
	t.Parallel()
	secrets := []string{
		"sbw.default.r_abcdefghjk.0123456789abcdefghijkmnpqrstuvwx",
		"xoxb-1234567890-abcdefghijklmnop",
		"123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_x",
		"hunter2-password",
	}
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		log := newLogger(config.Log{Format: format, Level: "debug"}, &buf)
		log.Info("spawned", "token", secrets[0], "board", "default")
		log.Warn("telegram poll", "err", errors.New(`Post "https://api.telegram.org/bot`+secrets[2]+`/getUpdates": EOF`))
		log.Error("slack", "err", "invalid_auth for "+secrets[1])
		log.Info("redis", "url", "redis://admin:"+secrets[3]+"@db:6379/0")
		log.Debug("request", "header", "Bearer "+secrets[0])
		out := buf.String()
		for _, s := range secrets {
			require.NotContains(t, out, s, format)
		}
		require.Contains(t, out, "default", "ordinary values stay")
		require.Contains(t, out, "[redacted", format)
	}
}
