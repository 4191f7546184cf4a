package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// place is a chat and, in a forum, a topic.
type place struct {
	chat   int64
	thread int64
}

// parsePlace reads a target address "CHAT_ID[/THREAD_ID]".
func parsePlace(target string) (place, error) {
	_, addr, err := board.ParseTarget(target)
	if err != nil {
		return place{}, err
	}
	chat, thread, _ := strings.Cut(addr, "/")
	var p place
	p.chat, err = strconv.ParseInt(chat, 10, 64)
	if err == nil && thread != "" {
		p.thread, err = strconv.ParseInt(thread, 10, 64)
	}
	return p, err
}

// Deliver posts the notice for d to its chat (and topic), with the gate's
// buttons, and records it so a decision can edit it later.
func (a *Adapter) Deliver(ctx context.Context, d gateway.Delivery) error {
	to, err := parsePlace(d.Subscription.Target)
	if err != nil {
		return err
	}
	n, post, err := a.p.Chat.Compose(ctx, d)
	if err != nil || !post {
		return err
	}
	id, err := a.send(ctx, to, text(n), keyboard(n.Buttons), 0)
	if err != nil {
		return err
	}
	return a.p.Chat.Delivered(ctx, n, d.Subscription.Target, fmt.Sprintf("%d/%d", to.chat, id), a)
}

// send posts an HTML message and returns its id.
func (a *Adapter) send(ctx context.Context, to place, html, markup string, replyTo int) (int, error) {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(to.chat, 10), "text": html, "parse_mode": "HTML"}
	p.AddBool("disable_web_page_preview", true)
	p.AddNonZero64("message_thread_id", to.thread)
	p.AddNonZero("reply_to_message_id", replyTo)
	p.AddNonEmpty("reply_markup", markup)
	if replyTo != 0 {
		p.AddBool("allow_sending_without_reply", true)
	}
	raw, err := a.api.call(ctx, "sendMessage", p)
	if err != nil {
		return 0, err
	}
	var m struct {
		ID int `json:"message_id"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return 0, fmt.Errorf("telegram sendMessage: %w", err)
	}
	return m.ID, nil
}

// EditNotice rewrites a delivered notice: its outcome, and no buttons
// once the gate is closed.
func (a *Adapter) EditNotice(ctx context.Context, rec gateway.NoticeRecord) error {
	chat, msg, ok := strings.Cut(rec.Message, "/")
	if !ok {
		return fmt.Errorf("telegram: malformed message reference %q", rec.Message)
	}
	p := tgbotapi.Params{"chat_id": chat, "message_id": msg, "text": text(rec.Notice), "parse_mode": "HTML"}
	p.AddBool("disable_web_page_preview", true)
	p["reply_markup"] = keyboard(rec.Notice.Buttons)
	if _, err := a.api.call(ctx, "editMessageText", p); err != nil && !isNotModified(err) {
		return err
	}
	return nil
}
