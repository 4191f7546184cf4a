package gateway_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

var plain = gateway.Markup{
	Escape: func(s string) string { return s },
	Bold:   func(s string) string { return "*" + s + "*" },
	Code:   func(s string) string { return "`" + s + "`" },
	Italic: func(s string) string { return "_" + s + "_" },
}

func TestRenderNoticeFitsAndKeepsTheOutcome(t *testing.T) {
	t.Parallel()
	n := gateway.Notice{Icon: "🛑", Headline: "Approval needed", TaskID: "t_ab3k9xq2", Title: "deploy", Status: board.StatusWaitingApproval,
		Outcome: "Approved by slack:U1 at 2026-11-30 12:00 UTC"}
	for range 40 {
		n.Lines = append(n.Lines, gateway.Line{Label: "Reason", Text: strings.Repeat("x", 100)})
	}
	out := gateway.RenderNotice(n, plain, 1000)
	require.LessOrEqual(t, utf8.RuneCountInString(out), 1000)
	require.True(t, strings.HasPrefix(out, "*🛑 Approval needed*\n`t_ab3k9xq2` · *deploy* · now waiting_approval\n*Reason:* x"))
	require.Contains(t, out, "\n…\n")
	require.True(t, strings.HasSuffix(out, "_➡️ Approved by slack:U1 at 2026-11-30 12:00 UTC_"))
}

// TestFanInNoticeShowsTheSnapshot: a subtree's fan_in notice lists each
// task of the snapshot with its status and summary.
func TestFanInNoticeShowsTheSnapshot(t *testing.T) {
	t.Parallel()
	b := setupChat(t)
	goal, _ := b.env.Blocked(t, board.BlockCapability, "needs a person")
	data, _ := json.Marshal(map[string]any{"snapshot": []map[string]string{
		{"id": "t_aaaa2222", "title": "build", "status": "done", "summary": "built with token=abc123"},
		{"id": "t_bbbb3333", "title": "test", "status": "awaiting_operator"},
	}})
	ev := board.Event{ID: "1700000000000-0", TaskID: goal.ID, Kind: board.EventFanIn, Actor: board.ActorSystem, Data: data}
	n, err := b.chat.Notice(context.Background(), b.env.Delivery(t, ev, "slack:C1/1700000000.000100"))
	require.NoError(t, err)
	require.Empty(t, n.Buttons)
	require.Equal(t, "Subtree ready: every subtask is finished", n.Headline)
	require.Equal(t, []gateway.Line{
		{Label: "t_aaaa2222 done", Text: "build — built with token=[redacted]"},
		{Label: "t_bbbb3333 awaiting_operator", Text: "test"},
	}, n.Lines)
}
