// Package discord is the Discord chat adapter: it delivers notices with
// buttons through the REST API, registers /kanban, and takes commands,
// clicks and modal submissions over the gateway websocket or the HTTP
// interactions endpoint.
package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Modes: how interactions come in.
const (
	ModeGateway = "gateway"
	ModeHTTP    = "http"
)

// Params configures the adapter.
type Params struct {
	// Token is the bot token.
	Token string
	// ApplicationID owns the /kanban command.
	ApplicationID string
	// PublicKey (hex) verifies HTTP interactions.
	PublicKey string
	// GuildID registers /kanban in one guild (instant); "" registers it
	// globally.
	GuildID string
	// APIURL replaces https://discord.com/; it must end in "/".
	APIURL string
	// Mode is "gateway" (default) or "http".
	Mode    string
	Chat    *gateway.Chat
	Counter gateway.InboundCounter
	// HTTPClient's transport is wrapped to honor APIURL. Default: a
	// client with a 30s timeout.
	HTTPClient *http.Client
	// DeferAfter is how long an interaction may take before it is
	// answered with a deferred response (Discord allows 3s). Default 2s.
	DeferAfter time.Duration
	// MaxAge bounds an HTTP interaction's timestamp age. Default 5m.
	MaxAge time.Duration
	// Now is the clock for the timestamp check. Default time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Adapter is the Discord adapter.
type Adapter struct {
	// health is the gateway websocket (or, in http mode, the start) for
	// /readyz.
	health gateway.Health
	p      Params
	api    api
	key    ed25519.PublicKey
	log    *slog.Logger
	wg     sync.WaitGroup

	mu      sync.Mutex
	started bool
}

// New returns a stopped adapter; it makes no request until used. It fails
// on a malformed public key or api_url.
func New(p Params) (*Adapter, error) {
	if p.Mode == "" {
		p.Mode = ModeGateway
	}
	if p.DeferAfter <= 0 {
		p.DeferAfter = 2 * time.Second
	}
	if p.MaxAge <= 0 {
		p.MaxAge = 5 * time.Minute
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	if p.Logger == nil {
		p.Logger = slog.Default()
	}
	a := &Adapter{p: p, log: p.Logger.With("adapter", board.KindDiscord)}
	if p.PublicKey != "" {
		key, err := hex.DecodeString(p.PublicKey)
		if err != nil || len(key) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("discord: public_key must be %d hex-encoded bytes", ed25519.PublicKeySize)
		}
		a.key = key
	}
	s, err := newSession(p)
	if err != nil {
		return nil, err
	}
	a.api = s
	return a, nil
}

// Kind is "discord".
func (a *Adapter) Kind() string { return board.KindDiscord }

func (a *Adapter) count(r gateway.InboundResult) {
	if a.p.Counter != nil {
		a.p.Counter.CountInbound(board.KindDiscord, r)
	}
}

// noMentions keeps message text from pinging anyone.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

var (
	_ gateway.Adapter = (*Adapter)(nil)
	_ gateway.Starter = (*Adapter)(nil)
	_ gateway.Editor  = (*Adapter)(nil)
)

// Ready reports whether the gateway websocket is connected; in http mode,
// whether the adapter started.
func (a *Adapter) Ready(ctx context.Context) error { return a.health.Ready(ctx) }
