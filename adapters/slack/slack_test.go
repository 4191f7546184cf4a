package slack_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/slack"
	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

const signingSecret = "8f742231b10e8888abcd99yyyzzz85a5"

type bundle struct {
	env     *chattest.Env
	fake    *fakeSlack
	adapter *slack.Adapter
	counts  *gateway.InboundCounts
	srv     *httptest.Server
	ctx     context.Context
}

// setup runs an adapter against the fake: user U1 and group S1 (member
// U7) approve; the notice follower runs; in http mode the endpoints are
// served.
func setup(t *testing.T, mode string) *bundle {
	t.Helper()
	env := chattest.New(t)
	fake := newFakeSlack(t)
	fake.groups["S1"] = []string{"U7"}
	apiURL := fake.srv.URL + "/api/"
	counts := gateway.NewInboundCounts()
	members := gateway.NewGroupCache(slack.GroupMembers("xoxb-test", apiURL, nil), time.Minute, nil)
	chat := env.Chat("slack", &gateway.Approvers{Users: []string{"U1"}, Groups: []string{"S1"}, Members: members}, nil)
	a := slack.New(slack.Params{BotToken: "xoxb-test", AppToken: "xapp-test", SigningSecret: signingSecret,
		APIURL: apiURL, Mode: mode, Chat: chat, Counter: counts})
	ctx := context.Background()
	require.NoError(t, a.Start(ctx))
	t.Cleanup(func() { require.NoError(t, a.Stop(ctx)); require.NoError(t, a.Stop(ctx)) })
	mux := http.NewServeMux()
	a.Mount(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	reg := gateway.NewRegistry()
	require.NoError(t, reg.Register(a))
	f := gateway.NewFollower(gateway.FollowerParams{Feed: env.State, Store: env.State, Registry: reg, Poll: 10 * time.Millisecond})
	require.NoError(t, f.Start(ctx))
	t.Cleanup(func() { _ = f.Stop(ctx) })
	return &bundle{env: env, fake: fake, adapter: a, counts: counts, srv: srv, ctx: ctx}
}

// post sends a request signed as Slack signs it, at ts.
func (b *bundle) post(t *testing.T, path, body string, ts time.Time, secret string) int {
	t.Helper()
	code, _ := b.postBody(t, path, body, ts, secret)
	return code
}

// postBody is post, returning the response body too.
func (b *bundle) postBody(t *testing.T, path, body string, ts time.Time, secret string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.srv.URL+path, strings.NewReader(body))
	stamp := strconv.FormatInt(ts.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "v0:%s:%s", stamp, body)
	req.Header.Set("X-Slack-Request-Timestamp", stamp)
	req.Header.Set("X-Slack-Signature", "v0="+hex.EncodeToString(mac.Sum(nil)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

// blockAction is Slack's block_actions payload for a notice button.
func (b *bundle) blockAction(user, actionID, value string, n int) string {
	return fmt.Sprintf(`{"type":"block_actions","user":{"id":%q,"username":"u","name":"u%s","team_id":"T1"},"api_app_id":"A1",
		"container":{"type":"message","message_ts":"1700000000.000201","channel_id":"C1","is_ephemeral":false},
		"trigger_id":"trig%d","team":{"id":"T1","domain":"acme"},"channel":{"id":"C1","name":"ops"},
		"message":{"type":"message","ts":"1700000000.000201","thread_ts":"1700000000.000100","text":"notice"},
		"response_url":%q,"actions":[{"action_id":%q,"block_id":"kanban_actions","value":%q,"type":"button","action_ts":"1700000001.000"}]}`,
		user, user, n, fmt.Sprintf("%s/respond/%d", b.fake.srv.URL, n), actionID, value)
}

// buttons returns the action_id -> value of a posted message's buttons.
func buttons(t *testing.T, r request) map[string]string {
	t.Helper()
	var blocks []map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.Form.Get("blocks")), &blocks))
	out := map[string]string{}
	for _, bl := range blocks {
		if bl["type"] != "actions" {
			continue
		}
		for _, el := range bl["elements"].([]any) {
			e := el.(map[string]any)
			out[e["action_id"].(string)] = e["value"].(string)
		}
	}
	return out
}

func form(kv ...string) string {
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

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
