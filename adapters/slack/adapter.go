// Package slack is the Slack chat adapter: it delivers notices as Block
// Kit messages with buttons, edits them with chat.update after decisions,
// and takes /kanban commands, button clicks and modal submissions through
// Socket Mode or the HTTP endpoints.
package slack

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/slack-go/slack"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Modes: how people's actions come in.
const (
	ModeSocket = "socket"
	ModeHTTP   = "http"
)

// DefaultAPIURL is Slack's Web API base.
const DefaultAPIURL = "https://slack.com/api/"

// Params configures the adapter.
type Params struct {
	// BotToken is the xoxb- token.
	BotToken string
	// AppToken is the xapp- token Socket Mode needs.
	AppToken string
	// SigningSecret verifies requests in http mode.
	SigningSecret string
	// APIURL replaces DefaultAPIURL; it must end in "/".
	APIURL string
	// Mode is "socket" (default) or "http".
	Mode    string
	Chat    *gateway.Chat
	Counter gateway.InboundCounter
	// HTTPClient defaults to a client with a 30s timeout.
	HTTPClient *http.Client
	// MaxInflight bounds the requests handled at once after their ack.
	// Default 32; beyond it a request is answered "busy".
	MaxInflight int
	Logger      *slog.Logger
}

// Adapter is the Slack adapter.
type Adapter struct {
	p      Params
	api    api
	client *slack.Client
	log    *slog.Logger
	slots  chan struct{}
	wg     sync.WaitGroup
	now    func() time.Time

	mu   sync.Mutex
	loop gateway.Loop
	// health is the Socket Mode connection (or, in http mode, the start)
	// for /readyz.
	health gateway.Health
}

// New returns a stopped adapter; it makes no request until used.
func New(p Params) *Adapter {
	if p.Mode == "" {
		p.Mode = ModeSocket
	}
	if p.MaxInflight <= 0 {
		p.MaxInflight = 32
	}
	if p.Logger == nil {
		p.Logger = slog.Default()
	}
	w := newWebAPI(p.BotToken, p.AppToken, p.APIURL, p.HTTPClient)
	return &Adapter{
		p: p, client: w.c, api: w, log: p.Logger.With("adapter", board.KindSlack),
		slots: make(chan struct{}, p.MaxInflight), now: time.Now,
	}
}

// Kind is "slack".
func (a *Adapter) Kind() string { return board.KindSlack }

func (a *Adapter) count(r gateway.InboundResult) {
	if a.p.Counter != nil {
		a.p.Counter.CountInbound(board.KindSlack, r)
	}
}

// background runs f after the request was acknowledged, bounded by
// MaxInflight; it reports false when every slot is busy.
func (a *Adapter) background(f func(ctx context.Context)) bool {
	select {
	case a.slots <- struct{}{}:
	default:
		return false
	}
	a.wg.Add(1)
	go func() {
		defer func() { <-a.slots; a.wg.Done() }()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		f(ctx)
	}()
	return true
}

var (
	_ gateway.Adapter = (*Adapter)(nil)
	_ gateway.Starter = (*Adapter)(nil)
	_ gateway.Editor  = (*Adapter)(nil)
)

// Ready reports whether Socket Mode is connected; in http mode, whether
// the adapter started.
func (a *Adapter) Ready(ctx context.Context) error { return a.health.Ready(ctx) }
