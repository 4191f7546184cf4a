package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func levels(fs []finding) map[string]level {
	out := map[string]level{}
	for _, f := range fs {
		if f.level > out[f.check] {
			out[f.check] = f.level
		}
	}
	return out
}

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	require.NoError(t, os.WriteFile(path, []byte(body), 0o600))
	return path
}

func TestDoctorCatchesBrokenConfig(t *testing.T) {
	t.Parallel()
	fs := diagnose(context.Background(), writeConfig(t, "dispatcher:\n  max_workers: 0\n  colour: red\n"), false)
	require.Len(t, fs, 1)
	require.Equal(t, levelFail, fs[0].level)
	require.Contains(t, fs[0].detail, "dispatcher.colour")
}

func TestDoctorCatchesMissingWorkerCommand(t *testing.T) {
	t.Parallel()
	path := writeConfig(t, "profiles:\n  default:\n    command: [\"no-such-agent-binary\", \"-p\"]\n  shell:\n    command: [\"sh\", \"-c\", \"exit 0\"]\n")
	fs := diagnose(context.Background(), path, true)
	lv := levels(fs)
	require.Equal(t, levelFail, lv["profile default"])
	require.Equal(t, levelOK, lv["profile shell"], "sh is found and started")
	var buf strings.Builder
	require.True(t, report(&buf, fs))
	require.Contains(t, buf.String(), "no-such-agent-binary")
	require.Contains(t, buf.String(), "fix:")
}

func TestDoctorExitCodes(t *testing.T) {
	t.Parallel()
	bad := exec.Command(binary, "doctor", "--config", writeConfig(t, "redis:\n  url: mysql://x\n"))
	out, err := bad.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "redis.url")

	good := exec.Command(binary, "doctor", "--no-start")
	good.Env = append(os.Environ(), "SWITCHBOARD_REDIS_URL=")
	out, err = good.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "placeholder command")
}
