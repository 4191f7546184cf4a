package gateway_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

func TestParseCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want gateway.Command
	}{
		{"", gateway.Command{Verb: gateway.VerbHelp}},
		{"/kanban", gateway.Command{Verb: gateway.VerbHelp}},
		{"/kanban@switchboard_bot list", gateway.Command{Verb: gateway.VerbList}},
		{"LIST waiting blocked", gateway.Command{Verb: gateway.VerbList, Statuses: []board.Status{
			board.StatusWaitingHuman, board.StatusWaitingAuth, board.StatusWaitingApproval, board.StatusWaitingReview, board.StatusBlocked}}},
		{"show t_ab3k9xq2", gateway.Command{Verb: gateway.VerbShow, TaskID: "t_ab3k9xq2"}},
		{"approve --board ops t_ab3k9xq2", gateway.Command{Verb: gateway.VerbApprove, Board: "ops", TaskID: "t_ab3k9xq2"}},
		{"approve --board=ops t_ab3k9xq2  looks  fine ", gateway.Command{Verb: gateway.VerbApprove, Board: "ops", TaskID: "t_ab3k9xq2", Text: "looks  fine"}},
		{"answer t_ab3k9xq2 use the\nstaging db", gateway.Command{Verb: gateway.VerbAnswer, TaskID: "t_ab3k9xq2", Text: "use the\nstaging db"}},
		{"deny t_ab3k9xq2 --board x", gateway.Command{Verb: gateway.VerbDeny, TaskID: "t_ab3k9xq2", Text: "--board x"}},
		{"resume t_ab3k9xq2", gateway.Command{Verb: gateway.VerbResume, TaskID: "t_ab3k9xq2"}},
		{"unblock t_ab3k9xq2 retry now", gateway.Command{Verb: gateway.VerbUnblock, TaskID: "t_ab3k9xq2", Text: "retry now"}},
		{"review t_ab3k9xq2 approve", gateway.Command{Verb: gateway.VerbReview, TaskID: "t_ab3k9xq2", Approve: true}},
		{"review t_ab3k9xq2 --request-changes add tests", gateway.Command{Verb: gateway.VerbReview, TaskID: "t_ab3k9xq2", Text: "add tests"}},
		{"confirm t_ab3k9xq2 all", gateway.Command{Verb: gateway.VerbConfirm, TaskID: "t_ab3k9xq2", All: true}},
		{"confirm t_ab3k9xq2 1,3 --action 2", gateway.Command{Verb: gateway.VerbConfirm, TaskID: "t_ab3k9xq2", Actions: []int{1, 3, 2}}},
		{"subscribe t_ab3k9xq2 subtree", gateway.Command{Verb: gateway.VerbSubscribe, TaskID: "t_ab3k9xq2", Subtree: true}},
		{"subscribe t_ab3k9xq2", gateway.Command{Verb: gateway.VerbSubscribe, TaskID: "t_ab3k9xq2"}},
		{"unsubscribe s_ab3k9xq2", gateway.Command{Verb: gateway.VerbUnsubscribe, SubID: "s_ab3k9xq2"}},
		{"help deny", gateway.Command{Verb: gateway.VerbHelp, Topic: gateway.VerbDeny}},
	}
	for _, tc := range tests {
		got, err := gateway.ParseCommand(tc.in)
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
}

func TestParseCommandErrors(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"frobnicate":                     "unknown verb",
		"changes t_ab3k9xq2 x":           "unknown verb",
		"approve":                        "needs a task id",
		"approve nope":                   "task ids look like",
		"deny t_ab3k9xq2":                "needs a reason",
		"answer t_ab3k9xq2   ":           "needs the answer",
		"review t_ab3k9xq2":              "approve or changes",
		"review t_ab3k9xq2 changes":      "needs text",
		"review t_ab3k9xq2 approve more": "does not take",
		"confirm t_ab3k9xq2":             "all or action numbers",
		"confirm t_ab3k9xq2 all 1":       "all or action numbers",
		"confirm t_ab3k9xq2 0":           "not an action number",
		"subscribe t_ab3k9xq2 forever":   "only subtree",
		"unsubscribe t_ab3k9xq2":         "subscription id",
		"list bogus":                     "unknown status",
		"show --board BAD t_ab3k9xq2":    "invalid board name",
		"show t_ab3k9xq2 extra":          "does not take",
		"answer t_ab3k9xq2 " + strings.Repeat("x", gateway.MaxCommandText+1): "too long",
		"approve t_ab3k9xq2 \xff": "not valid UTF-8",
	} {
		_, err := gateway.ParseCommand(in)
		require.ErrorIs(t, err, board.ErrInvalid, in)
		require.ErrorContains(t, err, want, in)
	}
}

// FuzzParseCommand: any input parses or fails with ErrInvalid, never
// panics, and what parses is consistent.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		"", "list", "list waiting", "show t_ab3k9xq2", "approve --board ops t_ab3k9xq2 ok",
		"answer t_ab3k9xq2 multi\nline", "review t_ab3k9xq2 changes do more", "confirm t_ab3k9xq2 1,2 3",
		"subscribe t_ab3k9xq2 subtree", "unsubscribe s_x", "help", "/kanban@bot deny t_ab3k9xq2 no", "confirm t_ab3k9xq2 ,,,",
		"approve --board", "\u00a0approve\u2003t_ab3k9xq2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cmd, err := gateway.ParseCommand(in)
		if err != nil {
			require.ErrorIs(t, err, board.ErrInvalid)
			return
		}
		require.LessOrEqual(t, len(cmd.Text), gateway.MaxCommandText)
		require.True(t, utf8.ValidString(cmd.Text))
		if cmd.TaskID != "" {
			require.NoError(t, board.ValidateTaskID(cmd.TaskID))
		}
		if cmd.Board != "" {
			require.NoError(t, board.ValidateBoard(cmd.Board))
		}
		if cmd.Verb == gateway.VerbConfirm {
			require.NotEqual(t, cmd.All, len(cmd.Actions) > 0)
		}
	})
}
