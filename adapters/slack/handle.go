package slack

import (
	"context"
	"strings"

	"github.com/slack-go/slack"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// replyTo is where a reply goes: the response_url when Slack gave one,
// else an ephemeral message (private) or a post in the channel.
type replyTo struct {
	ResponseURL string `json:"-"`
	Channel     string `json:"c"`
	User        string `json:"u"`
	Thread      string `json:"t,omitempty"`
}

func actor(id, name string) gateway.Actor {
	return gateway.Actor{Platform: board.KindSlack, ID: id, Name: name}
}

// slashCommand runs a /kanban command, after its ack.
func (a *Adapter) slashCommand(ctx context.Context, c slack.SlashCommand) gateway.InboundResult {
	r := a.p.Chat.Run(ctx, gateway.Request{Actor: actor(c.UserID, c.UserName), Text: c.Text, Here: "slack:" + c.ChannelID})
	a.reply(ctx, replyTo{ResponseURL: c.ResponseURL, Channel: c.ChannelID, User: c.UserID}, r)
	return gateway.ResultOf(r)
}

// reply answers privately or in the channel, as r says.
func (a *Adapter) reply(ctx context.Context, to replyTo, r gateway.Reply) {
	text := escape(gateway.CutRunes(r.Text, maxMessage))
	var err error
	switch {
	case to.ResponseURL != "":
		err = a.api.respond(ctx, to.ResponseURL, text, !r.Private)
	case r.Private:
		err = a.api.ephemeral(ctx, to.Channel, to.User, to.Thread, text)
	default:
		_, _, err = a.api.post(ctx, to.Channel, to.Thread, text, nil)
	}
	if err != nil {
		a.log.Warn("replying in slack", "channel", to.Channel, "err", err)
	}
}

// interaction handles a button click or a modal submission.
func (a *Adapter) interaction(ctx context.Context, cb slack.InteractionCallback) gateway.InboundResult {
	switch cb.Type {
	case slack.InteractionTypeBlockActions:
		return a.blockAction(ctx, cb)
	case slack.InteractionTypeViewSubmission:
		return a.viewSubmission(ctx, cb)
	}
	return gateway.InboundAccepted
}

// blockAction runs a notice button; a text button opens a modal first.
func (a *Adapter) blockAction(ctx context.Context, cb slack.InteractionCallback) gateway.InboundResult {
	if len(cb.ActionCallback.BlockActions) == 0 {
		return gateway.InboundInvalid
	}
	act := cb.ActionCallback.BlockActions[0]
	if !strings.HasPrefix(act.ActionID, actionPrefix) {
		return gateway.InboundAccepted
	}
	to := replyTo{ResponseURL: cb.ResponseURL, Channel: cb.Channel.ID, User: cb.User.ID, Thread: cb.Message.ThreadTimestamp}
	r := a.p.Chat.Click(ctx, actor(cb.User.ID, cb.User.Name), act.Value, "")
	if r.Prompt != nil {
		if err := a.api.openView(ctx, cb.TriggerID, modal(r.Prompt, to)); err != nil {
			a.log.Warn("opening a modal", "err", err)
			r = gateway.Reply{Text: "I could not open the form; use /kanban " + r.Prompt.Title + " TEXT instead.", Private: true}
		} else {
			return gateway.InboundAccepted
		}
	}
	a.reply(ctx, to, r)
	return gateway.ResultOf(r)
}

// viewSubmission runs the button a modal was opened for, with its text.
func (a *Adapter) viewSubmission(ctx context.Context, cb slack.InteractionCallback) gateway.InboundResult {
	if cb.View.CallbackID != modalCallback {
		return gateway.InboundAccepted
	}
	md, ok := decodeMetadata(cb.View.PrivateMetadata)
	if !ok {
		return gateway.InboundInvalid
	}
	text := ""
	if cb.View.State != nil {
		text = cb.View.State.Values[modalBlock][modalInput].Value
	}
	r := a.p.Chat.Click(ctx, actor(cb.User.ID, cb.User.Name), md.Token, text)
	if r.Prompt != nil {
		r = gateway.Reply{Text: "Please type some text.", Private: true}
	}
	a.reply(ctx, md.To, r)
	return gateway.ResultOf(r)
}
