package discord

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// errIncomplete marks an interaction without an id, token or data.
var errIncomplete = errors.New("incomplete interaction")

// Start registers /kanban (ApplicationCommandBulkOverwrite: in the guild
// when one is configured, else globally) and, in gateway mode, opens the
// gateway websocket. In http mode interactions come to Mount's endpoint.
func (a *Adapter) Start(ctx context.Context) error {
	cmds := []*discordgo.ApplicationCommand{kanbanCommand()}
	if err := a.api.overwrite(ctx, a.p.ApplicationID, a.p.GuildID, cmds); err != nil {
		return fmt.Errorf("discord: registering /kanban: %w", err)
	}
	if a.p.Mode != ModeGateway {
		a.health.Up()
		return nil
	}
	if err := a.api.open(a.onGatewayInteraction, &a.health); err != nil {
		return fmt.Errorf("discord: opening the gateway: %w", err)
	}
	a.mu.Lock()
	a.started = true
	a.mu.Unlock()
	return nil
}

// onGatewayInteraction answers an interaction from the websocket; the
// initial response goes over REST.
func (a *Adapter) onGatewayInteraction(i *discordgo.Interaction) {
	a.interaction(i, func(r *discordgo.InteractionResponse) error {
		ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
		defer cancel()
		return a.api.respond(ctx, i, r)
	})
}

// Stop closes the gateway websocket, then waits for interactions in
// flight until ctx ends. Safe to call twice.
func (a *Adapter) Stop(ctx context.Context) error {
	a.mu.Lock()
	started := a.started
	a.started = false
	a.mu.Unlock()
	if started {
		if err := a.api.close(); err != nil {
			a.log.Warn("closing the discord gateway", "err", err)
		}
	}
	idle := make(chan struct{})
	go func() { a.wg.Wait(); close(idle) }()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
