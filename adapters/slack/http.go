package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"

	"github.com/switchboard/switchboard/gateway"
)

// The HTTP-mode endpoints.
const (
	CommandsPath     = "/slack/commands"
	InteractionsPath = "/slack/interactions"
	EventsPath       = "/slack/events"
)

// maxBody bounds an inbound request body.
const maxBody = 1 << 20

// Mount registers, in its mode only, the HTTP-mode endpoints on the gateway's HTTP server.
func (a *Adapter) Mount(s interface{ Handle(string, http.Handler) }) {
	if a.p.Mode != ModeHTTP {
		return
	}
	s.Handle("POST "+CommandsPath, a.verified(a.serveCommand))
	s.Handle("POST "+InteractionsPath, a.verified(a.serveInteraction))
	s.Handle("POST "+EventsPath, a.verified(a.serveEvent))
}

// verified checks the signing secret and the timestamp's 5-minute window
// (slack-go's SecretsVerifier does both) before next sees the body. A bad
// signature, a stale timestamp or a missing header gets 401.
func (a *Adapter) verified(next func(w http.ResponseWriter, body []byte)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			a.count(gateway.InboundInvalid)
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		sv, err := slack.NewSecretsVerifier(r.Header, a.p.SigningSecret)
		if err == nil {
			_, _ = sv.Write(body)
			err = sv.Ensure()
		}
		if err != nil || a.p.SigningSecret == "" {
			a.count(gateway.InboundForged)
			http.Error(w, "invalid signature", http.StatusUnauthorized)
			return
		}
		next(w, body)
	})
}

// serveCommand acks a slash command at once and runs it in the background.
func (a *Adapter) serveCommand(w http.ResponseWriter, body []byte) {
	r, _ := http.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	c, err := slack.SlashCommandParse(r)
	if err != nil || c.UserID == "" {
		a.count(gateway.InboundInvalid)
		http.Error(w, "malformed command", http.StatusBadRequest)
		return
	}
	a.dispatch(w, func(ctx context.Context) gateway.InboundResult { return a.slashCommand(ctx, c) })
}

// serveInteraction acks a click or a modal submission at once (an empty
// 200 closes a modal) and handles it in the background.
func (a *Adapter) serveInteraction(w http.ResponseWriter, body []byte) {
	cb, err := decodeInteraction(body)
	if err != nil {
		a.count(gateway.InboundInvalid)
		http.Error(w, "malformed payload", http.StatusBadRequest)
		return
	}
	a.dispatch(w, func(ctx context.Context) gateway.InboundResult { return a.interaction(ctx, cb) })
}

// decodeInteraction reads the form's payload field.
func decodeInteraction(body []byte) (slack.InteractionCallback, error) {
	var cb slack.InteractionCallback
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return cb, err
	}
	if err := json.Unmarshal([]byte(form.Get("payload")), &cb); err != nil {
		return cb, err
	}
	if cb.User.ID == "" {
		return cb, errNoUser
	}
	return cb, nil
}

// serveEvent answers the url_verification handshake; other events are
// acknowledged (the bot acts on commands and interactions only).
func (a *Adapter) serveEvent(w http.ResponseWriter, body []byte) {
	ev, err := slackevents.ParseEvent(json.RawMessage(body), slackevents.OptionNoVerifyToken())
	if err != nil {
		a.count(gateway.InboundInvalid)
		http.Error(w, "malformed event", http.StatusBadRequest)
		return
	}
	a.count(gateway.InboundAccepted)
	if ev.Type == slackevents.URLVerification {
		var ch slackevents.ChallengeResponse
		_ = json.Unmarshal(body, &ch)
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte(ch.Challenge))
		return
	}
	w.WriteHeader(http.StatusOK)
}

// dispatch acks with 200 and runs f in the background, counting its
// result; when every slot is busy the person is told so at once.
func (a *Adapter) dispatch(w http.ResponseWriter, f func(ctx context.Context) gateway.InboundResult) {
	if !a.background(func(ctx context.Context) { a.count(f(ctx)) }) {
		a.count(gateway.InboundAccepted)
		writeJSON(w, map[string]string{"response_type": "ephemeral", "text": "Switchboard is busy; try again in a moment."})
		return
	}
	w.WriteHeader(http.StatusOK)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
