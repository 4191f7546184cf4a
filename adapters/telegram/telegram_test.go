package telegram_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/telegram"
	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

func TestStartRegistersCommandAndPolls(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModePolling)
	require.Contains(t, b.fake.wait("setMyCommands", nil).Get("commands"), `"kanban"`)
	b.fake.wait("deleteWebhook", nil)
	require.Zero(t, b.fake.count("setWebhook"))
}

func TestStartInWebhookModeSetsTheSecretToken(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModeWebhook)
	p := b.fake.wait("setWebhook", nil)
	require.Equal(t, secret, p.Get("secret_token"))
	require.Equal(t, "https://sb.example/telegram/webhook", p.Get("url"))
	require.Zero(t, b.fake.count("deleteWebhook"))
}

// TestApprovalEndToEnd: a worker blocks for approval; the notice arrives
// in the forum topic with buttons; a non-approver's click is refused
// privately and recorded; an approver's click makes the task ready, the
// notice is edited without buttons, and the event names the approver.
func TestApprovalEndToEnd(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModePolling)
	task, ev := b.env.Blocked(t, board.BlockApproval, "drop table users")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "telegram:-1001/7")))
	sent := b.fake.wait("sendMessage", nil)
	require.Equal(t, "-1001", sent.Get("chat_id"))
	require.Equal(t, "7", sent.Get("message_thread_id"))
	require.Equal(t, "HTML", sent.Get("parse_mode"))
	require.Contains(t, sent.Get("text"), "<b>🛑 Approval needed</b>")
	require.Contains(t, sent.Get("text"), "drop table users")
	kb := keyboard(t, sent)
	require.Len(t, kb, 1)
	require.Equal(t, "Approve", kb[0][0].Text)
	require.Equal(t, "Deny", kb[0][1].Text)
	for _, btn := range kb[0] {
		require.LessOrEqual(t, len(btn.CallbackData), 64, "callback_data limit")
	}
	msgID := 101

	b.fake.push(clickUpdate(1, mallory, kb[0][0].CallbackData, msgID))
	refusal := b.fake.wait("answerCallbackQuery", func(p url.Values) bool { return p.Get("callback_query_id") == "cq1" })
	require.Equal(t, "true", refusal.Get("show_alert"))
	require.Contains(t, refusal.Get("text"), "not an approver")
	chattest.Eventually(t, func() bool { return b.counts.Get("telegram", gateway.InboundRefused) == 1 }, "counted refused")
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	refused := b.env.Last(t, task.ID)
	require.Equal(t, board.EventRefused, refused.Kind)
	require.Equal(t, "telegram:66 (mallory)", refused.Actor)

	b.fake.push(clickUpdate(2, alice, kb[0][0].CallbackData, msgID))
	b.fake.wait("answerCallbackQuery", func(p url.Values) bool { return p.Get("callback_query_id") == "cq2" })
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
	approved := b.env.Last(t, task.ID)
	require.Equal(t, board.EventApproved, approved.Kind)
	require.Equal(t, "telegram:42 (alice)", approved.Actor)

	edit := b.fake.wait("editMessageText", nil)
	require.Equal(t, "-1001", edit.Get("chat_id"))
	require.Equal(t, fmt.Sprint(msgID), edit.Get("message_id"))
	require.Contains(t, edit.Get("text"), "Approved by telegram:42 (alice) at ")
	require.Empty(t, keyboard(t, edit), "the buttons are gone")

	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "telegram:-1001/7")), "a redelivery posts nothing")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, approved, "telegram:-1001/7")))
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, approved, "telegram:-2002")))
	require.Equal(t, 2, b.fake.count("sendMessage"), "the decision is posted only where no notice of its gate is")

	b.fake.push(clickUpdate(3, alice, kb[0][1].CallbackData, msgID))
	stale := b.fake.wait("answerCallbackQuery", func(p url.Values) bool { return p.Get("callback_query_id") == "cq3" })
	require.Contains(t, stale.Get("text"), "Already decided: Approved by telegram:42 (alice) at ")
	require.Equal(t, board.EventApproved, b.env.Last(t, task.ID).Kind)
}

// TestAnswerByForcedReplyThroughTheWebhook: a needs_input question is
// answered with the Answer button and a forced reply, and the answer is
// on the task's events (where the next run's context is built from).
func TestAnswerByForcedReplyThroughTheWebhook(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModeWebhook)
	srv := httptest.NewServer(b.adapter)
	t.Cleanup(srv.Close)
	post := func(body string) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		req.Header.Set(telegram.SecretHeader, secret)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	task, ev := b.env.Blocked(t, board.BlockNeedsInput, "which region?")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "telegram:-1001/7")))
	kb := keyboard(t, b.fake.wait("sendMessage", nil))
	require.Equal(t, "Answer", kb[0][0].Text)

	require.Equal(t, http.StatusOK, post(clickUpdate(10, alice, kb[0][0].CallbackData, 101)))
	prompt := b.fake.wait("sendMessage", func(p url.Values) bool { return strings.Contains(p.Get("reply_markup"), "force_reply") })
	require.Equal(t, "7", prompt.Get("message_thread_id"))
	require.Equal(t, "101", prompt.Get("reply_to_message_id"))
	promptID := 102 // the fake numbers sent messages from 101: the notice, then the prompt

	require.Equal(t, http.StatusOK, post(messageUpdate(11, alice, "eu-west-1, please", promptID)))
	require.Equal(t, http.StatusOK, post(messageUpdate(11, alice, "eu-west-1, please", promptID)), "a redelivery is ignored")
	answered := b.env.Last(t, task.ID)
	require.Equal(t, board.EventAnswered, answered.Kind)
	require.Equal(t, "eu-west-1, please", answered.DataString("text"))
	require.Equal(t, "telegram:42 (alice)", answered.Actor)
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
}

// TestCommandsConfirmAndRefuse: /kanban confirm from an approver confirms
// the operator actions; a non-approver's command is refused in private.
func TestCommandsConfirmAndRefuse(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModePolling)
	task, _ := b.env.Parked(t, "rotate the DNS", "tell support")
	b.fake.push(messageUpdate(1, mallory, "/kanban confirm "+task.ID+" all", 0))
	dm := b.fake.wait("sendMessage", func(p url.Values) bool { return p.Get("chat_id") == "66" })
	require.Contains(t, dm.Get("text"), "not an approver")
	require.Equal(t, board.EventRefused, b.env.Last(t, task.ID).Kind)

	b.fake.push(messageUpdate(2, alice, "/kanban@switchboard_bot confirm "+task.ID+" all", 0))
	reply := b.fake.wait("sendMessage", func(p url.Values) bool { return p.Get("reply_to_message_id") == "502" })
	require.Contains(t, reply.Get("text"), "Confirmed actions of "+task.ID)
	require.Equal(t, "7", reply.Get("message_thread_id"))
	require.Equal(t, board.StatusDone, b.env.Task(t, task.ID).Status)

	b.fake.push(messageUpdate(3, alice, "/kanban@other_bot list", 0))
	b.fake.push(messageUpdate(4, mallory, "/kanban list", 0))
	list := b.fake.wait("sendMessage", func(p url.Values) bool { return p.Get("reply_to_message_id") == "504" })
	require.Contains(t, list.Get("text"), "board default")
	require.Zero(t, b.fake.count("sendMessage")-3, "the other bot's command is ignored")
}

// TestWebhookRejectsWrongSecrets: a missing or wrong secret header gets
// 401, nothing is handled, and the request is counted as forged.
func TestWebhookRejectsWrongSecrets(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModeWebhook)
	task, _ := b.env.Blocked(t, board.BlockApproval, "x")
	srv := httptest.NewServer(b.adapter)
	t.Cleanup(srv.Close)
	body := messageUpdate(1, alice, "/kanban approve "+task.ID, 0)
	for _, hdr := range []string{"", "wrong", secret + "x"} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		if hdr != "" {
			req.Header.Set(telegram.SecretHeader, hdr)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	}
	require.Equal(t, uint64(3), b.counts.Get("telegram", gateway.InboundForged))
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	require.Zero(t, b.fake.count("sendMessage"))

	req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader("{not json"))
	req.Header.Set(telegram.SecretHeader, secret)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
}

// TestHonorsRetryAfter: a 429 is waited out for retry_after seconds and
// tried again.
func TestHonorsRetryAfter(t *testing.T) {
	t.Parallel()
	b := setup(t, telegram.ModeWebhook)
	_, ev := b.env.Blocked(t, board.BlockAuth, "log in")
	b.fake.mu.Lock()
	b.fake.limited["sendMessage"] = 1
	b.fake.mu.Unlock()
	start := time.Now()
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "telegram:-1001")))
	require.GreaterOrEqual(t, time.Since(start), time.Second)
	require.Equal(t, 2, b.fake.count("sendMessage"))

	b.fake.mu.Lock()
	b.fake.limited["sendMessage"] = 3600
	b.fake.mu.Unlock()
	_, ev = b.env.Blocked(t, board.BlockAuth, "log in again")
	err := b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "telegram:-1001"))
	require.ErrorContains(t, err, "Too Many Requests", "a wait beyond the bound fails the delivery for the engine to retry")
}

// TestReadyFollowsThePoll: /readyz's telegram check fails while
// getUpdates fails and passes again once it answers.
func TestReadyFollowsThePoll(t *testing.T) {
	t.Parallel()
	var failing atomic.Bool
	failing.Store(true)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/getMe"):
			fmt.Fprint(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"b","username":"b"}}`)
		case strings.HasSuffix(r.URL.Path, "/getUpdates") && failing.Load():
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, `{"ok":false,"error_code":502,"description":"Bad Gateway"}`)
		case strings.HasSuffix(r.URL.Path, "/getUpdates"):
			select { // a short long poll
			case <-r.Context().Done():
			case <-time.After(20 * time.Millisecond):
			}
			fmt.Fprint(w, `{"ok":true,"result":[]}`)
		default:
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}
	}))
	t.Cleanup(api.Close)
	env := chattest.New(t)
	a := telegram.New(telegram.Params{Token: token, APIURL: api.URL, Mode: telegram.ModePolling,
		Chat: env.Chat("telegram", &gateway.Approvers{}, nil), Store: env.State, PollTimeout: time.Second})
	ctx := context.Background()
	require.NoError(t, a.Start(ctx))
	t.Cleanup(func() { _ = a.Stop(ctx) })
	require.Eventually(t, func() bool {
		err := a.Ready(ctx)
		return err != nil && strings.Contains(err.Error(), "disconnected")
	}, 10*time.Second, 10*time.Millisecond)
	failing.Store(false)
	require.Eventually(t, func() bool { return a.Ready(ctx) == nil }, 10*time.Second, 10*time.Millisecond)
}
