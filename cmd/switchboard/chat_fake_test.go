package main

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// sent is one request serve made to a chat platform.
type sent struct {
	Path string
	Body string
	// ID is the message id (Telegram) the fake answered with.
	ID int
}

// chatFake is Telegram's Bot API, Discord's REST API and Slack's Web API
// in one server: it answers what serve asks and records every request.
type chatFake struct {
	mu   sync.Mutex
	reqs []sent
	n    int
}

func (f *chatFake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.n++
	n := f.n
	f.reqs = append(f.reqs, sent{Path: r.URL.Path, Body: string(body), ID: n})
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	p := r.URL.Path
	switch {
	case strings.HasSuffix(p, "/getMe"):
		fmt.Fprint(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"sb","username":"sb_bot"}}`)
	case strings.HasSuffix(p, "/sendMessage"), strings.HasSuffix(p, "/editMessageText"):
		fmt.Fprintf(w, `{"ok":true,"result":{"message_id":%d,"chat":{"id":-100,"type":"supergroup"},"date":1}}`, n)
	case strings.HasPrefix(p, "/bot"):
		fmt.Fprint(w, `{"ok":true,"result":true}`)
	case strings.HasSuffix(p, "/commands"):
		fmt.Fprint(w, `[]`)
	case strings.HasPrefix(p, "/api/v9/channels/"):
		fmt.Fprintf(w, `{"id":"%d","channel_id":%q,"content":"x","type":0}`, n, strings.Split(p, "/")[4])
	case strings.HasPrefix(p, "/api/v9/"):
		w.WriteHeader(http.StatusNoContent)
	case strings.HasPrefix(p, "/api/chat."):
		form, _ := url.ParseQuery(string(body))
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":"1700000000.%06d"}`, form.Get("channel"), n)
	default:
		fmt.Fprint(w, `{"ok":true}`)
	}
}

// wait returns the first request whose path contains suffix and whose
// body contains every one of parts (URL-decoded for forms).
func (f *chatFake) wait(t *testing.T, suffix string, parts ...string) sent {
	t.Helper()
	var got sent
	require.Eventually(t, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, r := range f.reqs {
			body, err := url.QueryUnescape(r.Body)
			if err != nil {
				body = r.Body
			}
			if strings.Contains(r.Path, suffix) && containsAll(body, parts) {
				got = sent{Path: r.Path, Body: body, ID: r.ID}
				return true
			}
		}
		return false
	}, 20*time.Second, 10*time.Millisecond, "a request to %s with %v; got %v", suffix, parts, f.paths(suffix))
	return got
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// post sends body to serve's path with headers.
func post(t *testing.T, url, body string, hdr map[string]string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

// discordSigned signs an interaction body as Discord does.
func discordSigned(key ed25519.PrivateKey, body string) map[string]string {
	ts := fmt.Sprint(time.Now().Unix())
	return map[string]string{"X-Signature-Timestamp": ts, "X-Signature-Ed25519": hex.EncodeToString(ed25519.Sign(key, []byte(ts+body)))}
}

// slackSigned signs a request body as Slack does.
func slackSigned(secret, body string) map[string]string {
	ts := fmt.Sprint(time.Now().Unix())
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "v0:%s:%s", ts, body)
	return map[string]string{"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": "v0=" + hex.EncodeToString(mac.Sum(nil)),
		"Content-Type": "application/x-www-form-urlencoded"}
}

// paths lists the bodies of the requests to paths containing part, for
// failure messages.
func (f *chatFake) paths(part string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, r := range f.reqs {
		if strings.Contains(r.Path, strings.Trim(part, "/")) {
			out = append(out, r.Path+" "+r.Body)
		}
	}
	return out
}
