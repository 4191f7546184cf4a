package telegram_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway/chattest"
)

const token = "123456:TEST-token"

// call is one request the fake Bot API received.
type call struct {
	Method string
	Params url.Values
}

// fakeTelegram is a Bot API server: it records every call, answers with
// Telegram's shapes, and serves queued updates to getUpdates.
type fakeTelegram struct {
	t   *testing.T
	srv *httptest.Server

	mu      sync.Mutex
	calls   []call
	updates []json.RawMessage
	wake    chan struct{}
	nextID  int            // the last sendMessage's message_id
	limited map[string]int // method -> retry_after to answer once
}

func newFakeTelegram(t *testing.T) *fakeTelegram {
	f := &fakeTelegram{t: t, wake: make(chan struct{}, 1), nextID: 100, limited: map[string]int{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeTelegram) serve(w http.ResponseWriter, r *http.Request) {
	method, ok := strings.CutPrefix(r.URL.Path, "/bot"+token+"/")
	if !ok || r.Method != http.MethodPost {
		http.Error(w, `{"ok":false,"error_code":404,"description":"Not Found"}`, http.StatusNotFound)
		return
	}
	require.NoError(f.t, r.ParseForm())
	if method == "getUpdates" {
		f.serveUpdates(w, r)
		return
	}
	f.mu.Lock()
	f.calls = append(f.calls, call{Method: method, Params: r.PostForm})
	wait := f.limited[method]
	delete(f.limited, method)
	if method == "sendMessage" {
		f.nextID++
	}
	id := f.nextID
	f.mu.Unlock()
	if wait > 0 {
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintf(w, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after %d","parameters":{"retry_after":%d}}`, wait, wait)
		return
	}
	fmt.Fprint(w, f.result(method, id, r.PostForm))
}

func (f *fakeTelegram) result(method string, id int, p url.Values) string {
	switch method {
	case "getMe":
		return `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"Switchboard","username":"switchboard_bot"}}`
	case "sendMessage", "editMessageText":
		chat := p.Get("chat_id")
		if method == "editMessageText" {
			_, _ = fmt.Sscan(p.Get("message_id"), &id)
		}
		return fmt.Sprintf(`{"ok":true,"result":{"message_id":%d,"chat":{"id":%s,"type":"supergroup"},"date":1700000000,"text":"x"}}`, id, chat)
	}
	return `{"ok":true,"result":true}`
}

// serveUpdates answers getUpdates with the queued updates from offset on,
// holding the request until there are some (long polling).
func (f *fakeTelegram) serveUpdates(w http.ResponseWriter, r *http.Request) {
	var offset int
	fmt.Sscan(r.PostForm.Get("offset"), &offset)
	for {
		f.mu.Lock()
		var out []json.RawMessage
		for _, u := range f.updates {
			var head struct {
				ID int `json:"update_id"`
			}
			_ = json.Unmarshal(u, &head)
			if head.ID >= offset {
				out = append(out, u)
			}
		}
		f.mu.Unlock()
		if len(out) > 0 {
			raw, _ := json.Marshal(out)
			fmt.Fprintf(w, `{"ok":true,"result":%s}`, raw)
			return
		}
		select {
		case <-f.wake:
		case <-r.Context().Done():
			return
		}
	}
}

// push queues an update for getUpdates.
func (f *fakeTelegram) push(u string) {
	f.mu.Lock()
	f.updates = append(f.updates, json.RawMessage(u))
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// wait returns the first call of method matching ok once it arrives.
func (f *fakeTelegram) wait(method string, ok func(url.Values) bool) url.Values {
	f.t.Helper()
	var got url.Values
	chattest.Eventually(f.t, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, c := range f.calls {
			if c.Method == method && (ok == nil || ok(c.Params)) {
				got = c.Params
				return true
			}
		}
		return false
	}, "a %s call", method)
	return got
}

func (f *fakeTelegram) count(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.calls {
		if c.Method == method {
			n++
		}
	}
	return n
}
