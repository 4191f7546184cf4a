package discord

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// respondFunc sends an interaction's initial response: over REST in
// gateway mode, as the HTTP response in http mode.
type respondFunc func(r *discordgo.InteractionResponse) error

// handleTimeout bounds the work of one interaction.
const handleTimeout = 30 * time.Second

// interaction answers one verified interaction within Discord's 3 s.
func (a *Adapter) interaction(i *discordgo.Interaction, respond respondFunc) {
	switch i.Type {
	case discordgo.InteractionPing:
		a.count(gateway.InboundAccepted)
		_ = respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
	case discordgo.InteractionApplicationCommand:
		text := commandText(i.ApplicationCommandData())
		a.answer(i, respond, func(ctx context.Context) gateway.Reply {
			return a.p.Chat.Run(ctx, gateway.Request{Actor: actorOf(i), Text: text, Here: "discord:" + i.ChannelID})
		})
	case discordgo.InteractionMessageComponent:
		tok, ok := strings.CutPrefix(i.MessageComponentData().CustomID, buttonPrefix)
		a.answerClick(i, respond, tok, "", ok)
	case discordgo.InteractionModalSubmit:
		d := i.ModalSubmitData()
		tok, ok := strings.CutPrefix(d.CustomID, modalPrefix)
		a.answerClick(i, respond, tok, modalText(d), ok)
	default:
		a.count(gateway.InboundInvalid)
	}
}

func (a *Adapter) answerClick(i *discordgo.Interaction, respond respondFunc, tok, text string, ok bool) {
	if !ok {
		a.count(gateway.InboundInvalid)
		_ = respond(message(gateway.Reply{Text: "Unknown button.", Private: true}))
		return
	}
	a.answer(i, respond, func(ctx context.Context) gateway.Reply { return a.p.Chat.Click(ctx, actorOf(i), tok, text) })
}

// answer runs work and responds with its reply when it is ready within
// DeferAfter; otherwise it acks with a deferred ephemeral response and
// edits that response once the reply is ready.
func (a *Adapter) answer(i *discordgo.Interaction, respond respondFunc, work func(ctx context.Context) gateway.Reply) {
	done := make(chan gateway.Reply, 1)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
		defer cancel()
		done <- work(ctx)
	}()
	t := time.NewTimer(a.p.DeferAfter)
	defer t.Stop()
	select {
	case r := <-done:
		a.count(gateway.ResultOf(r))
		a.send(respond, r)
	case <-t.C:
		_ = respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
		a.wg.Add(1)
		go a.followUp(i, done)
	}
}

// send gives the initial response: a modal for a prompt, else the reply.
func (a *Adapter) send(respond respondFunc, r gateway.Reply) {
	resp := message(r)
	if r.Prompt != nil {
		resp = modal(r.Prompt)
	}
	if err := respond(resp); err != nil {
		a.log.Warn("responding to an interaction", "err", err)
	}
}

// followUp edits a deferred response once the reply is ready. A modal
// cannot follow a deferral, so a prompt becomes a hint to use /kanban.
func (a *Adapter) followUp(i *discordgo.Interaction, done <-chan gateway.Reply) {
	defer a.wg.Done()
	r := <-done
	a.count(gateway.ResultOf(r))
	text := r.Text
	if r.Prompt != nil {
		text = "Use /kanban " + r.Prompt.Title + " with your text."
	}
	text = gateway.CutRunes(text, maxContent)
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	defer cancel()
	if err := a.api.editResponse(ctx, i, &discordgo.WebhookEdit{Content: &text, AllowedMentions: noMentions()}); err != nil {
		a.log.Warn("editing a deferred response", "err", err)
	}
}

// actorOf is the person behind an interaction: a guild member (with roles)
// or, in a DM, a user.
func actorOf(i *discordgo.Interaction) gateway.Actor {
	a := gateway.Actor{Platform: board.KindDiscord}
	u := i.User
	if i.Member != nil {
		u, a.Roles, a.Name = i.Member.User, i.Member.Roles, i.Member.Nick
	}
	if u != nil {
		a.ID = u.ID
		if a.Name == "" {
			a.Name = u.GlobalName
		}
		if a.Name == "" {
			a.Name = u.Username
		}
	}
	return a
}

// modalText is the text input's value of a modal submission.
func modalText(d discordgo.ModalSubmitInteractionData) string {
	for _, c := range d.Components {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, in := range row.Components {
			if ti, ok := in.(*discordgo.TextInput); ok && ti.CustomID == inputID {
				return ti.Value
			}
		}
	}
	return ""
}
