package discord_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/discord"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

type bundle struct {
	env     *chattest.Env
	fake    *fakeDiscord
	adapter *discord.Adapter
	counts  *gateway.InboundCounts
	priv    ed25519.PrivateKey
	srv     *httptest.Server
	ctx     context.Context
}

type options struct {
	mode       string
	auth       gateway.Authorizer
	deferAfter time.Duration
}

// setup runs an adapter against the fake: user 42 and role r-ops approve;
// the notice follower runs; the interactions endpoint is served.
func setup(t *testing.T, o options) *bundle {
	t.Helper()
	env := chattest.New(t)
	fake := newFakeDiscord(t)
	pub, priv, err := ed25519.GenerateKey(nil)
	require.NoError(t, err)
	if o.auth == nil {
		o.auth = &gateway.Approvers{Users: []string{"42"}, Roles: []string{"r-ops"}}
	}
	counts := gateway.NewInboundCounts()
	chat := gateway.NewChat(gateway.ChatParams{Platform: "discord", Board: env.Store, Store: env.State, Authorizer: o.auth})
	a, err := discord.New(discord.Params{Token: "bot-token", ApplicationID: "app1", GuildID: "g1", PublicKey: hex.EncodeToString(pub),
		APIURL: fake.srv.URL + "/", Mode: o.mode, Chat: chat, Counter: counts, DeferAfter: o.deferAfter})
	require.NoError(t, err)
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
	return &bundle{env: env, fake: fake, adapter: a, counts: counts, priv: priv, srv: srv, ctx: ctx}
}

// post sends an interaction signed with key at ts; it returns the status
// and the decoded response.
func (b *bundle) post(t *testing.T, body string, ts time.Time, key ed25519.PrivateKey) (int, map[string]any) {
	t.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, b.srv.URL+discord.InteractionsPath, bytes.NewBufferString(body))
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, []byte(stamp+body))))
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return resp.StatusCode, m
}

// member is a guild member as interactions carry it.
func member(id, name string, roles ...string) string {
	r, _ := json.Marshal(append([]string{}, roles...))
	return fmt.Sprintf(`{"user":{"id":%q,"username":%q,"global_name":%q},"roles":%s,"joined_at":"2024-01-01T00:00:00Z"}`, id, name, name, r)
}

func click(n int, who, customID string) string {
	return fmt.Sprintf(`{"id":"i%d","application_id":"app1","type":3,"token":"tok%d","version":1,"guild_id":"g1","channel_id":"c1",
		"member":%s,"message":{"id":"1001","channel_id":"c1","content":"notice"},"data":{"custom_id":%q,"component_type":2}}`, n, n, who, customID)
}

func command(n int, who, sub string, opts string) string {
	return fmt.Sprintf(`{"id":"i%d","application_id":"app1","type":2,"token":"tok%d","version":1,"guild_id":"g1","channel_id":"c1",
		"member":%s,"data":{"id":"cmd1","name":"kanban","type":1,"options":[{"name":%q,"type":1,"options":%s}]}}`, n, n, who, sub, opts)
}

func modalSubmit(n int, who, customID, text string) string {
	return fmt.Sprintf(`{"id":"i%d","application_id":"app1","type":5,"token":"tok%d","version":1,"guild_id":"g1","channel_id":"c1",
		"member":%s,"data":{"custom_id":%q,"components":[{"type":1,"components":[{"type":4,"custom_id":"text","value":%q}]}]}}`, n, n, who, customID, text)
}

// buttons returns label -> custom_id of a message's components.
func buttons(t *testing.T, body map[string]any) map[string]string {
	t.Helper()
	out := map[string]string{}
	rows, _ := body["components"].([]any)
	for _, row := range rows {
		for _, c := range row.(map[string]any)["components"].([]any) {
			btn := c.(map[string]any)
			out[btn["label"].(string)] = btn["custom_id"].(string)
		}
	}
	return out
}

var (
	mallory = member("66", "mallory")
	bob     = member("77", "Bob", "r-ops")
	alice   = member("42", "alice")
)
