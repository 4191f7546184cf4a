package telegram

import (
	"context"
	"crypto/subtle"
	"io"
	"net/http"
	"time"

	"github.com/switchboard/switchboard/gateway"
)

// SecretHeader carries the webhook's secret token.
const SecretHeader = "X-Telegram-Bot-Api-Secret-Token"

// handleTimeout bounds the handling of one webhook update.
const handleTimeout = 30 * time.Second

// WebhookPath is where Telegram posts updates in webhook mode.
const WebhookPath = "/telegram/webhook"

// ServeHTTP is POST /telegram/webhook. A missing or wrong secret header
// gets 401 and nothing else happens; a malformed update gets 400.
func (a *Adapter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	got := r.Header.Get(SecretHeader)
	if a.p.WebhookSecret == "" || subtle.ConstantTimeCompare([]byte(got), []byte(a.p.WebhookSecret)) != 1 {
		a.count(gateway.InboundForged)
		http.Error(w, "wrong secret token", http.StatusUnauthorized)
		return
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxUpdate))
	u, derr := decodeUpdate(raw)
	if err != nil || derr != nil {
		a.count(gateway.InboundInvalid)
		http.Error(w, "malformed update", http.StatusBadRequest)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), handleTimeout)
	defer cancel()
	a.count(a.handle(ctx, u))
	w.WriteHeader(http.StatusOK)
}

// Mount registers, in its mode only, the webhook endpoint on the gateway's HTTP server.
func (a *Adapter) Mount(s interface{ Handle(string, http.Handler) }) {
	if a.p.Mode != ModeWebhook {
		return
	}
	s.Handle("POST "+WebhookPath, a)
}
