package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// chatServe boots serve with Telegram (webhook), Discord and Slack (http)
// pointed at one fake; 42 approves on Telegram and Discord, U1 on Slack.
func chatServe(t *testing.T, env ...string) (*served, *chatFake, ed25519.PrivateKey, *rdb.Store) {
	t.Helper()
	fake := &chatFake{}
	api := httptest.NewServer(fake)
	t.Cleanup(api.Close)
	pub, priv, err := ed25519.GenerateKey(nil)
	require.NoError(t, err)
	platforms := []string{
		"SWITCHBOARD_PLATFORMS_TELEGRAM_ENABLED=true", "SWITCHBOARD_PLATFORMS_TELEGRAM_TOKEN=1:x",
		"SWITCHBOARD_PLATFORMS_TELEGRAM_MODE=webhook", "SWITCHBOARD_PLATFORMS_TELEGRAM_WEBHOOK_SECRET=tg-secret",
		"SWITCHBOARD_PLATFORMS_TELEGRAM_API_URL=" + api.URL, "SWITCHBOARD_PLATFORMS_TELEGRAM_APPROVERS_USERS=42",
		"SWITCHBOARD_PLATFORMS_DISCORD_ENABLED=true", "SWITCHBOARD_PLATFORMS_DISCORD_TOKEN=d", "SWITCHBOARD_PLATFORMS_DISCORD_MODE=http",
		"SWITCHBOARD_PLATFORMS_DISCORD_APPLICATION_ID=app1", "SWITCHBOARD_PLATFORMS_DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub),
		"SWITCHBOARD_PLATFORMS_DISCORD_API_URL=" + api.URL + "/", "SWITCHBOARD_PLATFORMS_DISCORD_APPROVERS_USERS=42",
		"SWITCHBOARD_PLATFORMS_SLACK_ENABLED=true", "SWITCHBOARD_PLATFORMS_SLACK_BOT_TOKEN=xoxb-x", "SWITCHBOARD_PLATFORMS_SLACK_MODE=http",
		"SWITCHBOARD_PLATFORMS_SLACK_SIGNING_SECRET=sl-secret", "SWITCHBOARD_PLATFORMS_SLACK_API_URL=" + api.URL + "/api/",
		"SWITCHBOARD_PLATFORMS_SLACK_APPROVERS_USERS=U1",
	}
	s := startServe(t, append(platforms, env...)...)
	return s, fake, priv, rdb.New(s.redis.Client, rdb.Options{Prefix: s.redis.Prefix})
}

const tgSecret = "X-Telegram-Bot-Api-Secret-Token"

// TestServeChatEndpoints: every inbound endpoint refuses forged requests
// with 401 and changes nothing; a Telegram approver's /kanban approve
// through the webhook decides, with the actor recorded.
func TestServeChatEndpoints(t *testing.T) {
	t.Parallel()
	s, fake, _, store := chatServe(t)
	ctx := context.Background()
	task := chatTask(t, store, "ship")
	run := chatClaim(t, store, task.ID)
	_, err := store.Block(ctx, run, board.BlockParams{Kind: board.BlockApproval, Reason: "deploy"})
	require.NoError(t, err)

	approve := fmt.Sprintf(`{"update_id":1,"message":{"message_id":5,"from":{"id":42,"first_name":"Alice","username":"alice"},
		"chat":{"id":-100,"type":"group"},"date":1,"text":"/kanban approve %s"}}`, task.ID)
	stamp := discordSigned(ed25519.NewKeyFromSeed(make([]byte, 32)), approve)
	for path, hdr := range map[string]map[string]string{
		"/telegram/webhook":     {tgSecret: "wrong"},
		"/discord/interactions": stamp,
		"/slack/commands":       slackSigned("wrong", approve),
		"/slack/interactions":   {"X-Slack-Request-Timestamp": stamp["X-Signature-Timestamp"], "X-Slack-Signature": "v0=00"},
		"/slack/events":         nil,
	} {
		require.Equal(t, http.StatusUnauthorized, post(t, s.url+path, approve, hdr), path)
	}
	require.Equal(t, http.StatusUnauthorized, post(t, s.url+"/telegram/webhook", approve, nil))
	require.Equal(t, board.StatusWaitingApproval, chatGet(t, store, task.ID).Status, "nothing changed")

	require.Equal(t, http.StatusOK, post(t, s.url+"/telegram/webhook", approve, map[string]string{tgSecret: "tg-secret"}))
	require.Equal(t, board.StatusReady, chatGet(t, store, task.ID).Status)
	evs, err := store.Events(ctx, board.Ref{Board: "default", ID: task.ID})
	require.NoError(t, err)
	require.Equal(t, "telegram:42 (alice)", evs[len(evs)-1].Actor)
	fake.wait(t, "/sendMessage", "Approved "+task.ID)

	resp, err := http.Get(s.url + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	scrape, _ := io.ReadAll(resp.Body)
	for _, series := range []string{
		`switchboard_inbound_requests_total{platform="telegram",result="forged"} 2`,
		`switchboard_inbound_requests_total{platform="telegram",result="accepted"} 1`,
		`switchboard_inbound_requests_total{platform="discord",result="forged"} 1`,
		`switchboard_inbound_requests_total{platform="slack",result="forged"} 3`,
	} {
		require.Contains(t, string(scrape), series)
	}
}

// TestServeChatSubtreeFanInAndApproval: a thread (or channel) on each
// platform subscribed with `/kanban subscribe G subtree` receives the
// subtree's fan-in notice; then G's approval notice arrives with buttons,
// an approver's click decides it, and the notice is edited.
func TestServeChatSubtreeFanInAndApproval(t *testing.T) {
	t.Parallel()
	s, fake, priv, store := chatServe(t)
	resp, err := http.Get(s.url + "/readyz")
	require.NoError(t, err)
	ready, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, string(ready))
	for _, name := range []string{"telegram", "discord", "slack", "delivery", "redis"} {
		require.Contains(t, string(ready), `"`+name+`":"ok"`, "readyz checks every enabled adapter")
	}
	ctx := context.Background()
	a, b := chatTask(t, store, "build"), chatTask(t, store, "test")
	goal, err := store.Create(ctx, board.CreateParams{Board: "default", Title: "release", Parents: []string{a.ID, b.ID}, Profile: "default"})
	require.NoError(t, err)

	tg := fmt.Sprintf(`{"update_id":2,"message":{"message_id":6,"message_thread_id":7,"is_topic_message":true,
		"from":{"id":42,"username":"alice"},"chat":{"id":-100123,"type":"supergroup","is_forum":true},"date":1,
		"text":"/kanban subscribe %s subtree"}}`, goal.ID)
	require.Equal(t, http.StatusOK, post(t, s.url+"/telegram/webhook", tg, map[string]string{tgSecret: "tg-secret"}))
	dc := fmt.Sprintf(`{"id":"i1","application_id":"app1","type":2,"token":"tok1","version":1,"guild_id":"g1","channel_id":"555",
		"member":{"user":{"id":"42","username":"alice"},"roles":[],"joined_at":"2024-01-01T00:00:00Z"},
		"data":{"id":"c","name":"kanban","type":1,"options":[{"name":"subscribe","type":1,"options":[
		{"name":"id","type":3,"value":%q},{"name":"subtree","type":5,"value":true}]}]}}`, goal.ID)
	require.Equal(t, http.StatusOK, post(t, s.url+"/discord/interactions", dc, discordSigned(priv, dc)))
	sl := url.Values{"command": {"/kanban"}, "text": {"subscribe " + goal.ID + " subtree"}, "user_id": {"U1"},
		"user_name": {"ann"}, "channel_id": {"C0SLACK1"}, "response_url": {"http://127.0.0.1:1/none"}}.Encode()
	require.Equal(t, http.StatusOK, post(t, s.url+"/slack/commands", sl, slackSigned("sl-secret", sl)))
	require.Eventually(t, func() bool {
		subs, err := store.Subscriptions(ctx, "default", goal.ID)
		return err == nil && len(subs) == 3
	}, 10e9, 10e6, "three subtree subscriptions")

	for _, id := range []string{a.ID, b.ID} {
		_, err := store.Complete(ctx, chatClaim(t, store, id), board.CompleteParams{Summary: "ok"})
		require.NoError(t, err)
	}
	fake.wait(t, "/sendMessage", "chat_id=-100123", "message_thread_id=7", "Subtree ready")
	fake.wait(t, "/channels/555/messages", "Subtree ready")
	fake.wait(t, "/api/chat.postMessage", "channel=C0SLACK1", "Subtree ready")

	_, err = store.Block(ctx, chatClaim(t, store, goal.ID), board.BlockParams{Kind: board.BlockApproval, Reason: "publish"})
	require.NoError(t, err)
	notice := fake.wait(t, "/sendMessage", "message_thread_id=7", "Approval needed", "callback_data")
	data := notice.Body[strings.Index(notice.Body, `"callback_data":"`)+len(`"callback_data":"`):]
	data = data[:strings.Index(data, `"`)]
	click := fmt.Sprintf(`{"update_id":3,"callback_query":{"id":"q1","from":{"id":42,"username":"alice"},"chat_instance":"1","data":%q,
		"message":{"message_id":9,"message_thread_id":7,"is_topic_message":true,"chat":{"id":-100123,"type":"supergroup"},"date":1}}}`, data)
	require.Equal(t, http.StatusOK, post(t, s.url+"/telegram/webhook", click, map[string]string{tgSecret: "tg-secret"}))
	require.Equal(t, board.StatusReady, chatGet(t, store, goal.ID).Status)
	fake.wait(t, "/editMessageText", "Approved by telegram:42 (alice)", `"inline_keyboard":[]`)
	fake.wait(t, "/channels/555/messages/", "Approved by telegram:42 (alice)", `"components":[]`)
	fake.wait(t, "/api/chat.update", "Approved by telegram:42 (alice)")
}
