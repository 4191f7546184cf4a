package telegram

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// promptTTL is how long a forced-reply prompt waits for its reply.
const promptTTL = 24 * time.Hour

// handle acts on one verified update and returns how it ended.
func (a *Adapter) handle(ctx context.Context, u update) gateway.InboundResult {
	first, err := a.p.Store.FirstSeen(ctx, board.KindTelegram, strconv.Itoa(u.UpdateID), 24*time.Hour)
	if err == nil && !first {
		return gateway.InboundAccepted // a redelivery; it ran already
	}
	switch {
	case u.Message != nil && u.Message.Chat == nil:
		return gateway.InboundInvalid
	case u.CallbackQuery != nil:
		return a.click(ctx, u)
	case u.Message != nil && u.Message.ReplyToMessage != nil && !strings.HasPrefix(u.Message.Text, "/"):
		return a.reply(ctx, u)
	case u.Message != nil && a.isCommand(u.Message.Text):
		return a.command(ctx, u)
	}
	return gateway.InboundAccepted
}

// isCommand accepts "/kanban ..." and "/kanban@thisbot ...".
func (a *Adapter) isCommand(text string) bool {
	w, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	w, _, _ = strings.Cut(w, "\n")
	cmd, bot, at := strings.Cut(w, "@")
	return cmd == "/kanban" && (!at || strings.EqualFold(bot, a.botName()))
}

func actorOf(u *tgbotapi.User) gateway.Actor {
	if u == nil {
		return gateway.Actor{Platform: board.KindTelegram}
	}
	name := u.UserName
	if name == "" {
		name = strings.TrimSpace(u.FirstName + " " + u.LastName)
	}
	return gateway.Actor{Platform: board.KindTelegram, ID: strconv.FormatInt(u.ID, 10), Name: name}
}

// here is the subscription target of the chat (and topic) m is in.
func here(m *tgbotapi.Message, thread int64) string {
	t := fmt.Sprintf("telegram:%d", m.Chat.ID)
	if thread != 0 {
		t += fmt.Sprintf("/%d", thread)
	}
	return t
}

func (a *Adapter) command(ctx context.Context, u update) gateway.InboundResult {
	m := u.Message
	r := a.p.Chat.Run(ctx, gateway.Request{Actor: actorOf(m.From), Text: m.Text, Here: here(m, u.thread)})
	a.answer(ctx, m, u.thread, r)
	return gateway.ResultOf(r)
}

// answer replies in the chat and topic; a refusal in a group goes to the
// person privately when the bot may message them.
func (a *Adapter) answer(ctx context.Context, m *tgbotapi.Message, thread int64, r gateway.Reply) {
	body := markup.Escape(gateway.CutRunes(r.Text, maxText))
	if r.Refused && m.From != nil && !m.Chat.IsPrivate() {
		if _, err := a.send(ctx, place{chat: m.From.ID}, body, "", 0); err == nil {
			return
		}
	}
	if _, err := a.send(ctx, place{chat: m.Chat.ID, thread: thread}, body, "", m.MessageID); err != nil {
		a.log.Warn("replying to a command", "err", err)
	}
}

// promptKey names the token of a forced-reply prompt message.
func promptKey(chat int64, msg int) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "telegram-prompt/%d/%d", chat, msg))
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:15]))
}
