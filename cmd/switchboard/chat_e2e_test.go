package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// chatFake answers what serve asks of Telegram and Discord at start and
// records the messages sent.
type chatFake struct {
	mu   sync.Mutex
	sent []string
}

func (f *chatFake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case strings.HasSuffix(r.URL.Path, "/getMe"):
		fmt.Fprint(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"sb","username":"sb_bot"}}`)
	case strings.HasSuffix(r.URL.Path, "/sendMessage"):
		f.mu.Lock()
		f.sent = append(f.sent, string(body))
		f.mu.Unlock()
		fmt.Fprint(w, `{"ok":true,"result":{"message_id":7,"chat":{"id":-100,"type":"group"},"date":1}}`)
	case strings.HasPrefix(r.URL.Path, "/bot"):
		fmt.Fprint(w, `{"ok":true,"result":true}`)
	case strings.HasSuffix(r.URL.Path, "/commands"):
		fmt.Fprint(w, `[]`)
	default:
		http.NotFound(w, r)
	}
}

func (f *chatFake) messages() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.sent, "\n")
}

// TestServeChatEndpoints boots serve with all three platforms in their
// HTTP modes against fakes: every inbound endpoint refuses forged
// requests with 401 and changes nothing, and a Telegram approver's
// /kanban approve through the webhook decides, with the actor recorded.
func TestServeChatEndpoints(t *testing.T) {
	t.Parallel()
	fake := &chatFake{}
	api := httptest.NewServer(fake)
	t.Cleanup(api.Close)
	pub, _, err := ed25519.GenerateKey(nil)
	require.NoError(t, err)
	s := startServe(t,
		"SWITCHBOARD_PLATFORMS_TELEGRAM_ENABLED=true", "SWITCHBOARD_PLATFORMS_TELEGRAM_TOKEN=1:x",
		"SWITCHBOARD_PLATFORMS_TELEGRAM_MODE=webhook", "SWITCHBOARD_PLATFORMS_TELEGRAM_WEBHOOK_SECRET=tg-secret",
		"SWITCHBOARD_PLATFORMS_TELEGRAM_API_URL="+api.URL, "SWITCHBOARD_PLATFORMS_TELEGRAM_APPROVERS_USERS=42",
		"SWITCHBOARD_PLATFORMS_DISCORD_ENABLED=true", "SWITCHBOARD_PLATFORMS_DISCORD_TOKEN=d", "SWITCHBOARD_PLATFORMS_DISCORD_MODE=http",
		"SWITCHBOARD_PLATFORMS_DISCORD_APPLICATION_ID=app1", "SWITCHBOARD_PLATFORMS_DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub),
		"SWITCHBOARD_PLATFORMS_DISCORD_API_URL="+api.URL+"/",
		"SWITCHBOARD_PLATFORMS_SLACK_ENABLED=true", "SWITCHBOARD_PLATFORMS_SLACK_BOT_TOKEN=xoxb-x", "SWITCHBOARD_PLATFORMS_SLACK_MODE=http",
		"SWITCHBOARD_PLATFORMS_SLACK_SIGNING_SECRET=sl-secret", "SWITCHBOARD_PLATFORMS_SLACK_API_URL="+api.URL+"/api/",
	)
	ctx := context.Background()
	store := rdb.New(s.redis.Client, rdb.Options{Prefix: s.redis.Prefix})
	task, err := store.Create(ctx, board.CreateParams{Board: "default", Title: "ship", Profile: "default"})
	require.NoError(t, err)
	c, err := store.Claim(ctx, board.ClaimParams{Board: "default"})
	require.NoError(t, err)
	_, err = store.Block(ctx, board.RunRef{Board: "default", TaskID: task.ID, RunID: c.Run.ID}, board.BlockParams{Kind: board.BlockApproval, Reason: "deploy"})
	require.NoError(t, err)

	approve := fmt.Sprintf(`{"update_id":1,"message":{"message_id":5,"from":{"id":42,"first_name":"Alice","username":"alice"},
		"chat":{"id":-100,"type":"group"},"date":1,"text":"/kanban approve %s"}}`, task.ID)
	post := func(path, body string, hdr map[string]string) int {
		req, _ := http.NewRequest(http.MethodPost, s.url+path, strings.NewReader(body))
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	stamp := fmt.Sprint(time.Now().Unix())
	for _, tc := range []struct {
		path string
		hdr  map[string]string
	}{
		{"/telegram/webhook", map[string]string{"X-Telegram-Bot-Api-Secret-Token": "wrong"}},
		{"/telegram/webhook", nil},
		{"/discord/interactions", map[string]string{"X-Signature-Timestamp": stamp, "X-Signature-Ed25519": strings.Repeat("ab", 64)}},
		{"/slack/commands", map[string]string{"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": "v0=00"}},
		{"/slack/interactions", map[string]string{"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": "v0=00"}},
		{"/slack/events", nil},
	} {
		require.Equal(t, http.StatusUnauthorized, post(tc.path, approve, tc.hdr), tc.path)
	}
	got, err := store.Get(ctx, board.Ref{Board: "default", ID: task.ID})
	require.NoError(t, err)
	require.Equal(t, board.StatusWaitingApproval, got.Status, "nothing changed")

	require.Equal(t, http.StatusOK, post("/telegram/webhook", approve, map[string]string{"X-Telegram-Bot-Api-Secret-Token": "tg-secret"}))
	got, err = store.Get(ctx, board.Ref{Board: "default", ID: task.ID})
	require.NoError(t, err)
	require.Equal(t, board.StatusReady, got.Status)
	evs, err := store.Events(ctx, board.Ref{Board: "default", ID: task.ID})
	require.NoError(t, err)
	require.Equal(t, "telegram:42 (alice)", evs[len(evs)-1].Actor)
	require.Contains(t, fake.messages(), "Approved+"+task.ID)
}
