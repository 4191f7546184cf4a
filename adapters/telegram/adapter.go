// Package telegram is the Telegram chat adapter: it delivers notices with
// inline keyboards through the Bot API, and takes /kanban commands, button
// clicks and forced replies by long polling or through a webhook.
package telegram

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Modes: how updates come in.
const (
	ModePolling = "polling"
	ModeWebhook = "webhook"
)

// DefaultAPIURL is Telegram's Bot API base.
const DefaultAPIURL = "https://api.telegram.org"

// Params configures the adapter.
type Params struct {
	// Token is the bot token from @BotFather.
	Token string
	// APIURL replaces DefaultAPIURL; requests go to {APIURL}/bot{token}/{method}.
	APIURL string
	// Mode is "polling" (default) or "webhook".
	Mode string
	// WebhookSecret must match X-Telegram-Bot-Api-Secret-Token in webhook mode.
	WebhookSecret string
	// WebhookURL, when set in webhook mode, is registered with setWebhook
	// at start; otherwise the admin registers it (docs/telegram.md).
	WebhookURL string
	Chat       *gateway.Chat
	Store      gateway.ChatStore
	Counter    gateway.InboundCounter
	// HTTPClient defaults to a client with a 60s timeout.
	HTTPClient *http.Client
	// PollTimeout is getUpdates' long-poll timeout. Default 30s.
	PollTimeout time.Duration
	// MaxRetryAfter bounds how long a 429's retry_after is waited out
	// before the call fails instead. Default 60s.
	MaxRetryAfter time.Duration
	Logger        *slog.Logger
}

// Adapter is the Telegram adapter.
type Adapter struct {
	p   Params
	api api
	log *slog.Logger

	mu   sync.Mutex
	self string // the bot's username, learned at start
	loop gateway.Loop
	// health is the Bot API connection for /readyz.
	health gateway.Health
}

// New returns a stopped adapter; it makes no request until used.
func New(p Params) *Adapter {
	if p.APIURL == "" {
		p.APIURL = DefaultAPIURL
	}
	if p.Mode == "" {
		p.Mode = ModePolling
	}
	if p.HTTPClient == nil {
		p.HTTPClient = &http.Client{Timeout: 60 * time.Second}
	}
	if p.PollTimeout <= 0 {
		p.PollTimeout = 30 * time.Second
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = time.Minute
	}
	if p.Logger == nil {
		p.Logger = slog.Default()
	}
	log := p.Logger.With("adapter", board.KindTelegram)
	return &Adapter{p: p, log: log, api: newBotAPI(p.Token, strings.TrimRight(p.APIURL, "/"), p.HTTPClient, p.MaxRetryAfter)}
}

// Kind is "telegram".
func (a *Adapter) Kind() string { return board.KindTelegram }

func (a *Adapter) count(r gateway.InboundResult) {
	if a.p.Counter != nil {
		a.p.Counter.CountInbound(board.KindTelegram, r)
	}
}

var (
	_ gateway.Adapter = (*Adapter)(nil)
	_ gateway.Starter = (*Adapter)(nil)
	_ gateway.Editor  = (*Adapter)(nil)
)

// Ready reports whether the Bot API answers: the last getUpdates (polling)
// or the start-up calls (webhook) succeeded.
func (a *Adapter) Ready(ctx context.Context) error { return a.health.Ready(ctx) }
