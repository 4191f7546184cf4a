package slack_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway/chattest"
)

// request is one Web API call or response_url post the fake received.
type request struct {
	Method string
	Form   url.Values
	JSON   map[string]any
}

// fakeSlack is Slack's Web API, response_url endpoint and Socket Mode
// websocket: it records what we send and feeds back Slack's payloads.
type fakeSlack struct {
	t   *testing.T
	srv *httptest.Server

	mu     sync.Mutex
	reqs   []request
	ts     int
	groups map[string][]string
	acks   []string
	out    chan string // envelopes to push over the websocket
}

func newFakeSlack(t *testing.T) *fakeSlack {
	f := &fakeSlack{t: t, groups: map[string][]string{}, out: make(chan string, 16)}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", f.api)
	mux.HandleFunc("/respond/", f.respond)
	mux.HandleFunc("/link", f.socket)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeSlack) api(w http.ResponseWriter, r *http.Request) {
	method := strings.TrimPrefix(r.URL.Path, "/api/")
	body, _ := io.ReadAll(r.Body)
	req := request{Method: method}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") && len(body) > 0 {
		require.NoError(f.t, json.Unmarshal(body, &req.JSON))
	} else {
		req.Form, _ = url.ParseQuery(string(body))
	}
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	if method == "chat.postMessage" {
		f.ts++ // posted messages get ts 1700000000.000201, .000202, ...
	}
	ts := fmt.Sprintf("1700000000.%06d", 200+f.ts)
	members := f.groups[req.Form.Get("usergroup")]
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch method {
	case "chat.postMessage":
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":%q}`, req.Form.Get("channel"), ts)
	case "chat.update":
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":%q}`, req.Form.Get("channel"), req.Form.Get("ts"))
	case "chat.postEphemeral":
		fmt.Fprintf(w, `{"ok":true,"message_ts":%q}`, ts)
	case "usergroups.users.list":
		raw, _ := json.Marshal(members)
		fmt.Fprintf(w, `{"ok":true,"users":%s}`, raw)
	case "apps.connections.open":
		fmt.Fprintf(w, `{"ok":true,"url":%q}`, "ws"+strings.TrimPrefix(f.srv.URL, "http")+"/link")
	default:
		fmt.Fprint(w, `{"ok":true}`)
	}
}

func (f *fakeSlack) respond(w http.ResponseWriter, r *http.Request) {
	var m map[string]any
	require.NoError(f.t, json.NewDecoder(r.Body).Decode(&m))
	f.mu.Lock()
	f.reqs = append(f.reqs, request{Method: "response_url" + strings.TrimPrefix(r.URL.Path, "/respond"), JSON: m})
	f.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

// socket speaks Socket Mode: hello, then the pushed envelopes; it records
// each ack's envelope_id.
func (f *fakeSlack) socket(w http.ResponseWriter, r *http.Request) {
	conn, err := (&websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer conn.Close()
	_ = conn.WriteMessage(websocket.TextMessage, []byte(`{"type":"hello","num_connections":1,"connection_info":{"app_id":"A1"}}`))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			var ack struct {
				EnvelopeID string `json:"envelope_id"`
			}
			if err := conn.ReadJSON(&ack); err != nil {
				return
			}
			f.mu.Lock()
			f.acks = append(f.acks, ack.EnvelopeID)
			f.mu.Unlock()
		}
	}()
	for {
		select {
		case env := <-f.out:
			if conn.WriteMessage(websocket.TextMessage, []byte(env)) != nil {
				return
			}
		case <-done:
			return
		case <-r.Context().Done():
			return
		}
	}
}

// wait returns the first request to method matching ok.
func (f *fakeSlack) wait(method string, ok func(request) bool) request {
	f.t.Helper()
	var got request
	chattest.Eventually(f.t, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, r := range f.reqs {
			if r.Method == method && (ok == nil || ok(r)) {
				got = r
				return true
			}
		}
		return false
	}, "a %s request", method)
	return got
}

func (f *fakeSlack) count(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, r := range f.reqs {
		if r.Method == method {
			n++
		}
	}
	return n
}

func (f *fakeSlack) acked(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, a := range f.acks {
		if a == id {
			return true
		}
	}
	return false
}
