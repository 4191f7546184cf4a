package discord

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard/switchboard/gateway"
)

// InteractionsPath is Discord's HTTP interactions endpoint.
const InteractionsPath = "/discord/interactions"

// maxBody bounds an interaction's body.
const maxBody = 1 << 20

// Mount registers, in its mode only, the interactions endpoint on the gateway's HTTP server.
func (a *Adapter) Mount(s interface{ Handle(string, http.Handler) }) {
	if a.p.Mode != ModeHTTP {
		return
	}
	s.Handle("POST "+InteractionsPath, http.HandlerFunc(a.serveInteraction))
}

// serveInteraction is POST /discord/interactions: verified, then answered
// in the HTTP response within DeferAfter.
func (a *Adapter) serveInteraction(w http.ResponseWriter, r *http.Request) {
	body, ok := a.verify(r)
	if !ok {
		a.count(gateway.InboundForged)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	i, err := decodeInteraction(body)
	if err != nil {
		a.count(gateway.InboundInvalid)
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	var once sync.Once
	a.interaction(i, func(resp *discordgo.InteractionResponse) error {
		once.Do(func() {
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(resp)
		})
		return nil
	})
}

// verify checks the Ed25519 signature (discordgo.VerifyInteraction) and
// that the signed timestamp is at most MaxAge from now, which
// VerifyInteraction does not check. It returns the body.
func (a *Adapter) verify(r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBody))
	if err != nil || a.key == nil {
		return nil, false
	}
	ts, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
	if err != nil {
		return nil, false
	}
	if age := a.p.Now().Sub(time.Unix(ts, 0)); age > a.p.MaxAge || age < -a.p.MaxAge {
		return nil, false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, discordgo.VerifyInteraction(r, a.key)
}

// decodeInteraction decodes an interaction and checks it has what the
// adapter reads.
func decodeInteraction(body []byte) (*discordgo.Interaction, error) {
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		return nil, err
	}
	if i.Type != discordgo.InteractionPing && (i.ID == "" || i.Token == "" || i.Data == nil) {
		return nil, errIncomplete
	}
	return &i, nil
}
