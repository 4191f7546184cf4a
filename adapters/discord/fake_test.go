package discord_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway/chattest"
)

// request is one REST call the fake received.
type request struct {
	Method string
	Path   string
	Body   map[string]any
	List   []any
}

// fakeDiscord is Discord's REST API (under /api/v9/) and gateway
// websocket: it records what we send and feeds back Discord's payloads.
type fakeDiscord struct {
	t   *testing.T
	srv *httptest.Server

	mu     sync.Mutex
	reqs   []request
	nextID int
	seq    int
	out    chan string // dispatches to push over the websocket
	ready  chan struct{}
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{t: t, nextID: 1000, out: make(chan string, 16), ready: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", f.rest)
	mux.HandleFunc("/gw/", f.gateway)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeDiscord) rest(w http.ResponseWriter, r *http.Request) {
	require.Equal(f.t, "Bot bot-token", r.Header.Get("Authorization"))
	path := strings.TrimPrefix(r.URL.Path, "/api/v9")
	raw, _ := io.ReadAll(r.Body)
	req := request{Method: r.Method, Path: path}
	if len(raw) > 0 && raw[0] == '[' {
		require.NoError(f.t, json.Unmarshal(raw, &req.List))
	} else if len(raw) > 0 {
		require.NoError(f.t, json.Unmarshal(raw, &req.Body))
	}
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	if r.Method == http.MethodPost && strings.HasSuffix(path, "/messages") {
		f.nextID++
	}
	id := f.nextID
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case path == "/gateway":
		fmt.Fprintf(w, `{"url":%q}`, "ws"+strings.TrimPrefix(f.srv.URL, "http")+"/gw")
	case strings.HasSuffix(path, "/commands"):
		fmt.Fprint(w, `[]`)
	case strings.HasSuffix(path, "/callback"):
		w.WriteHeader(http.StatusNoContent)
	case strings.Contains(path, "/messages"):
		ch := strings.Split(path, "/")[2]
		if r.Method == http.MethodPatch && strings.HasPrefix(path, "/channels/") {
			fmt.Sscan(strings.Split(path, "/")[4], &id)
		}
		fmt.Fprintf(w, `{"id":"%d","channel_id":%q,"content":"x","type":0}`, id, ch)
	default:
		fmt.Fprint(w, `{}`)
	}
}

// gateway speaks the Discord gateway: Hello, Identify, Ready, then the
// pushed dispatches; heartbeats are acked.
func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	conn, err := (&websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer conn.Close()
	var mu sync.Mutex
	write := func(s string) error {
		mu.Lock()
		defer mu.Unlock()
		return conn.WriteMessage(websocket.TextMessage, []byte(s))
	}
	_ = write(`{"op":10,"d":{"heartbeat_interval":45000}}`)
	var identify struct {
		Op int `json:"op"`
		D  struct {
			Token string `json:"token"`
		} `json:"d"`
	}
	if conn.ReadJSON(&identify) != nil || identify.Op != 2 || identify.D.Token != "Bot bot-token" {
		return
	}
	_ = write(`{"op":0,"s":1,"t":"READY","d":{"v":9,"session_id":"sess1","user":{"id":"1","username":"switchboard","bot":true},"guilds":[],"application":{"id":"app1"}}}`)
	close(f.ready)
	go func() {
		for {
			var m struct{ Op int }
			if conn.ReadJSON(&m) != nil {
				return
			}
			if m.Op == 1 {
				_ = write(`{"op":11}`)
			}
		}
	}()
	for {
		select {
		case d := <-f.out:
			f.mu.Lock()
			f.seq++
			s := f.seq + 1
			f.mu.Unlock()
			if write(fmt.Sprintf(`{"op":0,"s":%d,"t":"INTERACTION_CREATE","d":%s}`, s, d)) != nil {
				return
			}
		case <-r.Context().Done():
			return
		}
	}
}

// wait returns the first request matching method and path prefix and ok.
func (f *fakeDiscord) wait(method, path string, ok func(request) bool) request {
	f.t.Helper()
	var got request
	chattest.Eventually(f.t, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, r := range f.reqs {
			if r.Method == method && strings.HasPrefix(r.Path, path) && (ok == nil || ok(r)) {
				got = r
				return true
			}
		}
		return false
	}, "a %s %s request", method, path)
	return got
}

func (f *fakeDiscord) count(method, path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, r := range f.reqs {
		if r.Method == method && strings.HasPrefix(r.Path, path) {
			n++
		}
	}
	return n
}
