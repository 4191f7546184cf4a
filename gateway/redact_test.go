package gateway_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway"
)

func TestRedact(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"token xoxb-1234567890-abcdefghij here":                         "token [redacted] here",
		"bot 123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0 ok":          "bot [redacted] ok",
		"key AKIAIOSFODNN7EXAMPLE":                                      "key [redacted]",
		"use ghp_abcdefghijklmnopqrstuvwxyz0123456789":                  "use [redacted]",
		"Authorization: Bearer abcdefghijklmnopqrstuvwxyz":              "Authorization: Bearer [redacted]",
		"password=hunter2, user=bob":                                    "password=[redacted], user=bob",
		`api_key: "s3cr3t value"`:                                       `api_key: [redacted]`,
		"dial postgres://bob:pa55@db:5432/x":                            "dial postgres://bob:[redacted]@db:5432/x",
		"tok sbw.default.r_abcdefghij.abcdefghijabcdefghijabcdefghij12": "tok [redacted]",
		"nothing secret in t_ab3k9xq2":                                  "nothing secret in t_ab3k9xq2",
	} {
		require.Equal(t, want, gateway.Redact(in), in)
	}
	require.Equal(t, "[redacted]", gateway.Redact("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----"))
}

func TestCut(t *testing.T) {
	t.Parallel()
	require.Equal(t, "short", gateway.Cut("short", 10))
	got := gateway.Cut(strings.Repeat("é", 10), 9)
	require.True(t, utf8.ValidString(got))
	require.LessOrEqual(t, len(got), 9)
	require.True(t, strings.HasSuffix(got, "…"))
	require.Equal(t, "ab…", gateway.CutRunes("abcdef", 3))
	require.Equal(t, "", gateway.Cut("abcdef", 2))
}
