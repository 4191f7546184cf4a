// Package webhook delivers board events to HTTP endpoints: a POST of
// {"subscription_id": ..., "event": {...}}, signed with HMAC-SHA256 in the
// X-Switchboard-Signature header. A non-2xx answer is an error, so the
// engine retries with backoff until the endpoint answers 2xx.
package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Headers of a delivery.
const (
	// SignatureHeader carries "sha256=" and the hex HMAC-SHA256 of the body.
	SignatureHeader = "X-Switchboard-Signature"
	// DeliveryHeader is "SUBSCRIPTION_ID/EVENT_ID": the same on a repeated
	// delivery, so a receiver can drop duplicates.
	DeliveryHeader = "X-Switchboard-Delivery"
	// EventHeader is the event's kind.
	EventHeader = "X-Switchboard-Event"
)

// Payload is the body of a delivery.
type Payload struct {
	SubscriptionID string      `json:"subscription_id"`
	Event          board.Event `json:"event"`
}

// doer is the part of *http.Client the adapter uses.
type doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Options configures the adapter.
type Options struct {
	// Secret signs each body (webhook.secret). Empty signs with an empty key.
	Secret string
	// Client sends the requests. Default: an *http.Client with a 10s timeout.
	Client *http.Client
}

// Adapter delivers to webhook: targets.
type Adapter struct {
	secret []byte
	http   doer
}

// New returns a webhook adapter.
func New(opts Options) *Adapter {
	a := &Adapter{secret: []byte(opts.Secret), http: opts.Client}
	if opts.Client == nil {
		a.http = &http.Client{Timeout: 10 * time.Second}
	}
	return a
}

// Kind is "webhook".
func (a *Adapter) Kind() string { return board.KindWebhook }

// Deliver POSTs the event; any answer but 2xx is an error.
func (a *Adapter) Deliver(ctx context.Context, d gateway.Delivery) error {
	_, url, err := board.ParseTarget(d.Subscription.Target)
	if err != nil {
		return err
	}
	body, err := json.Marshal(Payload{SubscriptionID: d.Subscription.ID, Event: d.Event})
	if err != nil {
		return fmt.Errorf("encode event %s: %w", d.Event.ID, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("webhook request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "switchboard-webhook")
	req.Header.Set(SignatureHeader, Sign(a.secret, body))
	req.Header.Set(DeliveryHeader, d.Subscription.ID+"/"+d.Event.ID)
	req.Header.Set(EventHeader, string(d.Event.Kind))
	resp, err := a.http.Do(req)
	if err != nil {
		return fmt.Errorf("post to %s: %w", url, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("%s answered %s", url, resp.Status)
	}
	return nil
}

var _ gateway.Adapter = (*Adapter)(nil)
