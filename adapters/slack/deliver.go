package slack

import (
	"context"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// parseTarget reads "CHANNEL[/THREAD_TS]".
func parseTarget(target string) (channel, thread string, err error) {
	_, addr, err := board.ParseTarget(target)
	if err != nil {
		return "", "", err
	}
	channel, thread, _ = strings.Cut(addr, "/")
	return channel, thread, nil
}

// Deliver posts the notice for d to its channel (or thread) and records a
// gate's notice so a decision can edit it.
func (a *Adapter) Deliver(ctx context.Context, d gateway.Delivery) error {
	channel, thread, err := parseTarget(d.Subscription.Target)
	if err != nil {
		return err
	}
	n, post, err := a.p.Chat.Compose(ctx, d)
	if err != nil || !post {
		return err
	}
	ch, ts, err := a.api.post(ctx, channel, thread, fallback(n), blocks(n))
	if err != nil {
		return fmt.Errorf("slack chat.postMessage: %w", err)
	}
	return a.p.Chat.Delivered(ctx, n, d.Subscription.Target, ch+"/"+ts, a)
}

// EditNotice rewrites a delivered notice with chat.update.
func (a *Adapter) EditNotice(ctx context.Context, rec gateway.NoticeRecord) error {
	channel, ts, ok := strings.Cut(rec.Message, "/")
	if !ok {
		return fmt.Errorf("slack: malformed message reference %q", rec.Message)
	}
	if err := a.api.update(ctx, channel, ts, fallback(rec.Notice), blocks(rec.Notice)); err != nil {
		return fmt.Errorf("slack chat.update: %w", err)
	}
	return nil
}
