package slack_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/slack"
	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

// TestApprovalEndToEndOverSocketMode: the notice arrives in the thread with
// buttons; a non-approver's click is acked, refused privately and
// recorded; an approver's click makes the task ready, chat.update removes
// the buttons, and the event names the approver.
func TestApprovalEndToEndOverSocketMode(t *testing.T) {
	t.Parallel()
	b := setup(t, slack.ModeSocket)
	task, ev := b.env.Blocked(t, board.BlockApproval, "drop table users")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "slack:C1/1700000000.000100")))
	sent := b.fake.wait("chat.postMessage", nil)
	require.Equal(t, "C1", sent.Form.Get("channel"))
	require.Equal(t, "1700000000.000100", sent.Form.Get("thread_ts"))
	require.Contains(t, sent.Form.Get("blocks"), "*🛑 Approval needed*")
	btns := buttons(t, sent)
	require.Len(t, btns, 2)
	require.Contains(t, sent.Form.Get("blocks"), `"style":"danger"`)

	b.fake.out <- `{"envelope_id":"e1","type":"interactive","accepts_response_payload":false,"payload":` +
		b.blockAction("U9", "kanban_approve", btns["kanban_approve"], 1) + `}`
	refusal := b.fake.wait("response_url/1", nil)
	require.Equal(t, "ephemeral", refusal.JSON["response_type"])
	require.Contains(t, refusal.JSON["text"], "not an approver")
	require.True(t, b.fake.acked("e1"))
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	require.Equal(t, board.EventRefused, b.env.Last(t, task.ID).Kind)
	chattest.Eventually(t, func() bool { return b.counts.Get("slack", gateway.InboundRefused) == 1 }, "counted")

	b.fake.out <- `{"envelope_id":"e2","type":"interactive","payload":` + b.blockAction("U1", "kanban_approve", btns["kanban_approve"], 2) + `}`
	b.fake.wait("response_url/2", nil)
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
	approved := b.env.Last(t, task.ID)
	require.Equal(t, board.EventApproved, approved.Kind)
	require.Equal(t, "slack:U1 (uU1)", approved.Actor)
	edit := b.fake.wait("chat.update", nil)
	require.Equal(t, "C1", edit.Form.Get("channel"))
	require.Equal(t, "1700000000.000201", edit.Form.Get("ts"))
	require.Contains(t, edit.Form.Get("blocks"), "Approved by slack:U1 (uU1) at ")
	require.Empty(t, buttons(t, edit), "the buttons are gone")

	b.fake.out <- `{"envelope_id":"e3","type":"interactive","payload":` + b.blockAction("U1", "kanban_deny", btns["kanban_deny"], 3) + `}`
	require.Contains(t, b.fake.wait("response_url/3", nil).JSON["text"], "Already decided: Approved by slack:U1 (uU1)")
}

// TestSlashCommandsOverSocketMode: a user-group approver confirms the
// operator actions of a parked task with /kanban.
func TestSlashCommandsOverSocketMode(t *testing.T) {
	t.Parallel()
	b := setup(t, slack.ModeSocket)
	task, _ := b.env.Parked(t, "flip DNS")
	cmd := fmt.Sprintf(`{"envelope_id":"c1","type":"slash_commands","payload":{"token":"x","team_id":"T1","channel_id":"C1",
		"user_id":"U7","user_name":"gus","command":"/kanban","text":"confirm %s all","response_url":"%s/respond/c1","trigger_id":"t"}}`,
		task.ID, b.fake.srv.URL)
	b.fake.out <- cmd
	require.Contains(t, b.fake.wait("response_url/c1", nil).JSON["text"], "Confirmed actions of "+task.ID)
	require.Equal(t, board.StatusDone, b.env.Task(t, task.ID).Status)
	require.Equal(t, "slack:U7 (gus)", b.env.Task(t, task.ID).OperatorActions[0].ConfirmedBy)
	require.True(t, b.fake.acked("c1"))
	b.fake.wait("usergroups.users.list", func(r request) bool { return r.Form.Get("usergroup") == "S1" })
}

// TestAnswerThroughAModalOverHTTP: the Answer button opens a modal with
// views.open; its submission answers the question, and the answer is on
// the task's events.
func TestAnswerThroughAModalOverHTTP(t *testing.T) {
	t.Parallel()
	b := setup(t, slack.ModeHTTP)
	task, ev := b.env.Blocked(t, board.BlockNeedsInput, "which region?")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "slack:C1")))
	btns := buttons(t, b.fake.wait("chat.postMessage", nil))
	now := time.Now()
	require.Equal(t, http.StatusOK, b.post(t, slack.InteractionsPath, form("payload", b.blockAction("U1", "kanban_answer", btns["kanban_answer"], 1)), now, signingSecret))
	view := b.fake.wait("views.open", nil)
	require.Equal(t, "trig1", view.JSON["trigger_id"])
	v := view.JSON["view"].(map[string]any)
	require.Equal(t, "modal", v["type"])
	require.Equal(t, "kanban_text", v["callback_id"])

	sub := fmt.Sprintf(`{"type":"view_submission","team":{"id":"T1"},"user":{"id":"U1","username":"ann","name":"ann"},"trigger_id":"t2",
		"view":{"id":"V1","type":"modal","callback_id":"kanban_text","private_metadata":%q,
		"state":{"values":{"text":{"text":{"type":"plain_text_input","value":"eu-west-1"}}}}}}`, v["private_metadata"])
	require.Equal(t, http.StatusOK, b.post(t, slack.InteractionsPath, form("payload", sub), now, signingSecret))
	reply := b.fake.wait("chat.postEphemeral", nil)
	require.Equal(t, "U1", reply.Form.Get("user"))
	require.Contains(t, reply.Form.Get("text"), "Answered "+task.ID)
	answered := b.env.Last(t, task.ID)
	require.Equal(t, board.EventAnswered, answered.Kind)
	require.Equal(t, "eu-west-1", answered.DataString("text"))
	require.Equal(t, "slack:U1 (ann)", answered.Actor)
}

// TestInboundVerification: a forged signature, a stale timestamp, the
// wrong secret or no headers get 401 on every endpoint, and nothing
// changes.
func TestInboundVerification(t *testing.T) {
	t.Parallel()
	b := setup(t, slack.ModeHTTP)
	task, _ := b.env.Blocked(t, board.BlockApproval, "x")
	cmd := form("command", "/kanban", "text", "approve "+task.ID, "user_id", "U1", "channel_id", "C1",
		"response_url", b.fake.srv.URL+"/respond/x")
	now := time.Now()
	for _, path := range []string{slack.CommandsPath, slack.InteractionsPath, slack.EventsPath} {
		require.Equal(t, http.StatusUnauthorized, b.post(t, path, cmd, now, "wrong-secret"), path)
		require.Equal(t, http.StatusUnauthorized, b.post(t, path, cmd, now.Add(-6*time.Minute), signingSecret), path)
		resp, err := http.Post(b.srv.URL+path, "application/x-www-form-urlencoded", strings.NewReader(cmd))
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode, path)
	}
	require.Equal(t, uint64(9), b.counts.Get("slack", gateway.InboundForged))
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	require.Equal(t, board.EventWaiting, b.env.Last(t, task.ID).Kind)

	require.Equal(t, http.StatusOK, b.post(t, slack.CommandsPath, cmd, now.Add(-4*time.Minute), signingSecret), "within the window")
	b.fake.wait("response_url/x", nil)
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)

	code, body := b.postBody(t, slack.EventsPath, `{"type":"url_verification","challenge":"abc123","token":"x"}`, now, signingSecret)
	require.Equal(t, http.StatusOK, code)
	require.Equal(t, "abc123", body, "the url_verification handshake")
}
