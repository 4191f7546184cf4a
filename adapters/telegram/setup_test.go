package telegram_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/telegram"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

const secret = "webhook-secret-1"

type bundle struct {
	env     *chattest.Env
	fake    *fakeTelegram
	adapter *telegram.Adapter
	counts  *gateway.InboundCounts
	ctx     context.Context
}

// setup starts an adapter (polling or webhook) against a fake Bot API,
// with telegram user 42 as the approver and the notice follower running.
func setup(t *testing.T, mode string) *bundle {
	t.Helper()
	env := chattest.New(t)
	fake := newFakeTelegram(t)
	counts := gateway.NewInboundCounts()
	chat := env.Chat("telegram", &gateway.Approvers{Users: []string{"42"}}, nil)
	a := telegram.New(telegram.Params{
		Token: token, APIURL: fake.srv.URL, Mode: mode, WebhookSecret: secret, WebhookURL: "https://sb.example/telegram/webhook",
		Chat: chat, Store: env.State, Counter: counts, PollTimeout: time.Second,
	})
	ctx := context.Background()
	require.NoError(t, a.Start(ctx))
	t.Cleanup(func() { require.NoError(t, a.Stop(ctx)); require.NoError(t, a.Stop(ctx)) })
	reg := gateway.NewRegistry()
	require.NoError(t, reg.Register(a))
	f := gateway.NewFollower(gateway.FollowerParams{Feed: env.State, Store: env.State, Registry: reg, Poll: 10 * time.Millisecond})
	require.NoError(t, f.Start(ctx))
	t.Cleanup(func() { _ = f.Stop(ctx) })
	return &bundle{env: env, fake: fake, adapter: a, counts: counts, ctx: ctx}
}

// button is one inline keyboard button as sent.
type button struct {
	Text         string `json:"text"`
	CallbackData string `json:"callback_data"`
}

// keyboard decodes a reply_markup's inline keyboard.
func keyboard(t *testing.T, p url.Values) [][]button {
	t.Helper()
	var m struct {
		InlineKeyboard [][]button `json:"inline_keyboard"`
	}
	require.NoError(t, json.Unmarshal([]byte(p.Get("reply_markup")), &m))
	return m.InlineKeyboard
}

const (
	alice   = `{"id":42,"is_bot":false,"first_name":"Alice","username":"alice"}`
	mallory = `{"id":66,"is_bot":false,"first_name":"Mallory","username":"mallory"}`
	forum   = `{"id":-1001,"type":"supergroup","title":"ops","is_forum":true}`
)

// clickUpdate is Telegram's callback_query update for a button under
// message msg in topic 7.
func clickUpdate(id int, from, data string, msg int) string {
	return fmt.Sprintf(`{"update_id":%d,"callback_query":{"id":"cq%d","from":%s,"chat_instance":"-5","data":%q,
		"message":{"message_id":%d,"message_thread_id":7,"is_topic_message":true,"chat":%s,"date":1700000000,"text":"notice"}}}`,
		id, id, from, data, msg, forum)
}

func messageUpdate(id int, from, text string, replyTo int) string {
	reply := ""
	if replyTo != 0 {
		reply = fmt.Sprintf(`,"reply_to_message":{"message_id":%d,"chat":%s,"date":1700000000,"text":"prompt"}`, replyTo, forum)
	}
	return fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"message_thread_id":7,"is_topic_message":true,"from":%s,"chat":%s,
		"date":1700000000,"text":%q,"entities":[{"offset":0,"length":7,"type":"bot_command"}]%s}}`, id, 500+id, from, forum, text, reply)
}
