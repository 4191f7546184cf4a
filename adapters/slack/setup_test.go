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
