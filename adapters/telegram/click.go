package telegram

import (
	"context"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/switchboard/switchboard/gateway"
)

// maxAlert is answerCallbackQuery's text limit.
const maxAlert = 200

// click handles an inline button: every click gets answerCallbackQuery,
// privately; a text button sends a forced reply to collect the text.
func (a *Adapter) click(ctx context.Context, u update) gateway.InboundResult {
	q := u.CallbackQuery
	tok, ok := strings.CutPrefix(q.Data, callbackPrefix)
	if !ok {
		a.ack(ctx, q, "Unknown button.", true)
		return gateway.InboundInvalid
	}
	r := a.p.Chat.Click(ctx, actorOf(q.From), tok, "")
	if r.Prompt != nil && q.Message != nil && q.Message.Chat != nil {
		a.ack(ctx, q, "Reply to my message with the text.", false)
		a.prompt(ctx, q, u.thread, r.Prompt)
		return gateway.InboundAccepted
	}
	a.ack(ctx, q, r.Text, r.Refused || r.Stale)
	return gateway.ResultOf(r)
}

// ack answers the callback query; alert shows a dialog instead of a toast.
func (a *Adapter) ack(ctx context.Context, q *tgbotapi.CallbackQuery, text string, alert bool) {
	p := tgbotapi.Params{"callback_query_id": q.ID, "text": gateway.CutRunes(text, maxAlert)}
	p.AddBool("show_alert", alert)
	if _, err := a.api.call(ctx, "answerCallbackQuery", p); err != nil {
		a.log.Warn("answering a callback query", "err", err)
	}
}

// prompt sends a forced reply under the notice and remembers which button
// it answers; the person's reply then runs the button with its text.
func (a *Adapter) prompt(ctx context.Context, q *tgbotapi.CallbackQuery, thread int64, p *gateway.Prompt) {
	to := place{chat: q.Message.Chat.ID, thread: thread}
	who := ""
	if q.From != nil && q.From.UserName != "" {
		who = "@" + q.From.UserName + " "
	}
	body := markup.Escape(who + p.Label + " (" + p.Title + ") Reply to this message.")
	force := `{"force_reply":true,"selective":true,"input_field_placeholder":"` + strings.ReplaceAll(p.Label, `"`, "") + `"}`
	id, err := a.send(ctx, to, body, force, q.Message.MessageID)
	if err != nil {
		a.log.Warn("sending a forced reply", "err", err)
		return
	}
	if err := a.p.Store.SaveToken(ctx, promptKey(to.chat, id), []byte(p.Token), promptTTL); err != nil {
		a.log.Warn("saving a forced reply", "err", err)
	}
}

// reply handles a reply to one of our prompts: the button's action runs
// with the reply's text. Other replies are ignored.
func (a *Adapter) reply(ctx context.Context, u update) gateway.InboundResult {
	m := u.Message
	tok, err := a.p.Store.LoadToken(ctx, promptKey(m.Chat.ID, m.ReplyToMessage.MessageID))
	if err != nil {
		return gateway.InboundAccepted
	}
	r := a.p.Chat.Click(ctx, actorOf(m.From), string(tok), m.Text)
	if r.Prompt != nil {
		r = gateway.Reply{Text: "Please reply with some text.", Private: true}
	}
	a.answer(ctx, m, u.thread, r)
	return gateway.ResultOf(r)
}
