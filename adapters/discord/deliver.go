package discord

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Deliver posts the notice for d to its channel (threads are channels)
// and records a gate's notice so a decision can edit it.
func (a *Adapter) Deliver(ctx context.Context, d gateway.Delivery) error {
	_, channel, err := board.ParseTarget(d.Subscription.Target)
	if err != nil {
		return err
	}
	n, post, err := a.p.Chat.Compose(ctx, d)
	if err != nil || !post {
		return err
	}
	m, err := a.api.send(ctx, channel, &discordgo.MessageSend{
		Content: content(n), Components: components(n.Buttons), AllowedMentions: noMentions(),
	})
	if err != nil {
		return fmt.Errorf("discord: posting to %s: %w", channel, err)
	}
	return a.p.Chat.Delivered(ctx, n, d.Subscription.Target, channel+"/"+m.ID, a)
}

// EditNotice rewrites a delivered notice; its buttons go once the gate is
// closed.
func (a *Adapter) EditNotice(ctx context.Context, rec gateway.NoticeRecord) error {
	channel, id, ok := strings.Cut(rec.Message, "/")
	if !ok {
		return fmt.Errorf("discord: malformed message reference %q", rec.Message)
	}
	text, comps := content(rec.Notice), components(rec.Notice.Buttons)
	err := a.api.edit(ctx, &discordgo.MessageEdit{Channel: channel, ID: id, Content: &text, Components: &comps, AllowedMentions: noMentions()})
	if err != nil {
		return fmt.Errorf("discord: editing %s: %w", rec.Message, err)
	}
	return nil
}
