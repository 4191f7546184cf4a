package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// allowedUpdates are the update types the bot asks for.
const allowedUpdates = `["message","callback_query"]`

// Start checks the token (getMe), registers /kanban in the command menu,
// and begins taking updates: in polling mode it drops any webhook and
// long-polls; in webhook mode it registers WebhookURL when set.
func (a *Adapter) Start(ctx context.Context) error {
	raw, err := a.api.call(ctx, "getMe", nil)
	if err != nil {
		return fmt.Errorf("telegram: checking the bot token: %w", err)
	}
	var me tgbotapi.User
	if err := json.Unmarshal(raw, &me); err != nil {
		return fmt.Errorf("telegram getMe: %w", err)
	}
	a.mu.Lock()
	a.self = me.UserName
	a.mu.Unlock()
	a.health.Up()
	cmds := `[{"command":"kanban","description":"Switchboard: list, show, approve, deny, answer, resume, review, confirm, subscribe"}]`
	if _, err := a.api.call(ctx, "setMyCommands", tgbotapi.Params{"commands": cmds}); err != nil {
		a.log.Warn("registering the /kanban command menu", "err", err)
	}
	if a.p.Mode == ModeWebhook {
		return a.setWebhook(ctx)
	}
	if _, err := a.api.call(ctx, "deleteWebhook", nil); err != nil {
		return fmt.Errorf("telegram: polling needs no webhook: %w", err)
	}
	a.loop.Go(ctx, a.poll)
	return nil
}

// setWebhook registers the webhook with its secret token. v5.5.1's
// WebhookConfig has no secret_token, so it goes through MakeRequest.
func (a *Adapter) setWebhook(ctx context.Context) error {
	if a.p.WebhookURL == "" {
		a.log.Info("telegram webhook mode: webhook_url is not set; register the webhook as docs/telegram.md shows")
		return nil
	}
	p := tgbotapi.Params{"url": a.p.WebhookURL, "secret_token": a.p.WebhookSecret, "allowed_updates": allowedUpdates}
	if _, err := a.api.call(ctx, "setWebhook", p); err != nil {
		return fmt.Errorf("telegram: registering the webhook: %w", err)
	}
	return nil
}

// Stop ends long polling and waits for it until ctx ends. Safe to call
// twice; in webhook mode there is nothing to stop (the HTTP server is).
func (a *Adapter) Stop(ctx context.Context) error { return a.loop.Stop(ctx) }

func (a *Adapter) botName() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.self
}

// poll long-polls getUpdates until ctx ends, handling updates in order.
func (a *Adapter) poll(ctx context.Context) {
	offset, failures := 0, 0
	for ctx.Err() == nil {
		p := tgbotapi.Params{"timeout": strconv.Itoa(int(a.p.PollTimeout.Seconds())), "allowed_updates": allowedUpdates}
		p.AddNonZero("offset", offset)
		raw, err := a.api.call(ctx, "getUpdates", p)
		var ups []update
		if err == nil {
			ups, err = decodeUpdates(raw)
		}
		if err != nil {
			failures++
			a.health.Down(err)
			a.pause(ctx, failures, err)
			continue
		}
		failures = 0
		a.health.Up()
		for _, u := range ups {
			a.count(a.handle(ctx, u))
			offset = u.UpdateID + 1
		}
	}
}

// pause waits after a failed getUpdates, longer after each failure in a
// row (up to a minute).
func (a *Adapter) pause(ctx context.Context, failures int, err error) {
	if ctx.Err() != nil {
		return
	}
	a.log.Warn("telegram getUpdates failed", "err", err, "failures", failures)
	d := min(time.Duration(failures)*time.Second, time.Minute)
	_ = sleep(ctx, d)
}
