package main

import (
	"context"
	"net/http"

	"github.com/switchboard/switchboard/adapters/discord"
	"github.com/switchboard/switchboard/adapters/slack"
	"github.com/switchboard/switchboard/adapters/telegram"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/metrics"
)

// chatParts are what the chat adapters share: their Redis state, the
// inbound request counter (switchboard_inbound_requests_total on
// /metrics), and the follower that edits gate notices after decisions.
type chatParts struct {
	state    *rdb.ChatStore
	counts   gateway.InboundCounter
	follower *gateway.Follower
	enabled  int
}

// inboundMetrics counts inbound chat requests in Prometheus.
type inboundMetrics struct{ m *metrics.Metrics }

// CountInbound adds one request of platform with result.
func (i inboundMetrics) CountInbound(platform string, r gateway.InboundResult) {
	i.m.Inbound(platform, string(r))
}

// mounter is an adapter with inbound HTTP endpoints.
type mounter interface {
	Mount(s interface{ Handle(string, http.Handler) })
}

// registerChat builds an adapter for each enabled platform, registers it
// and mounts its inbound endpoints. startNotify starts it with the other
// adapters that hold connections, and stopNotify stops it.
func (a *app) registerChat(reg *gateway.Registry) error {
	a.chat = &chatParts{state: rdb.NewChatStore(a.store), counts: inboundMetrics{m: a.tel.metrics}}
	adapters, err := a.chatAdapters()
	if err != nil {
		return err
	}
	for _, ad := range adapters {
		if err := reg.Register(ad); err != nil {
			return err
		}
		if m, ok := ad.(mounter); ok {
			m.Mount(a.server)
		}
		a.log.Info("chat adapter enabled", "platform", ad.Kind())
	}
	a.chat.enabled = len(adapters)
	return nil
}

// startChat starts the follower once the adapters run. Call it after
// startNotify.
func (a *app) startChat(ctx context.Context) error {
	if a.chat == nil || a.chat.enabled == 0 {
		return nil
	}
	a.chat.follower = gateway.NewFollower(gateway.FollowerParams{
		Feed: a.chat.state, Store: a.chat.state, Registry: a.registry, Logger: a.log,
	})
	return a.chat.follower.Start(ctx)
}

// stopChat stops the follower; the adapters stop with the others.
func (a *app) stopChat(ctx context.Context) {
	if a.chat == nil || a.chat.follower == nil {
		return
	}
	if err := a.chat.follower.Stop(ctx); err != nil {
		a.log.Warn("chat follower shutdown", "err", err)
	}
	a.chat.follower = nil
}

// newChat is the chat layer of one platform; /kanban subscribe goes
// through the same subscription service as the API.
func (a *app) newChat(platform string, auth gateway.Authorizer) *gateway.Chat {
	return gateway.NewChat(gateway.ChatParams{
		Platform: platform, Board: a.store, Store: a.chat.state, Authorizer: auth,
		Subscriber: a.subscriptions, Logger: a.log,
	})
}

// chatAdapters builds the adapters of the enabled platforms.
func (a *app) chatAdapters() ([]gateway.Adapter, error) {
	p := a.cfg.Platforms
	var out []gateway.Adapter
	if d := p.Discord; d.Enabled {
		ad, err := discord.New(discord.Params{
			Token: d.Token, ApplicationID: d.ApplicationID, PublicKey: d.PublicKey, GuildID: d.GuildID, APIURL: d.APIURL,
			Mode: d.Mode, Counter: a.chat.counts, Logger: a.log,
			Chat: a.newChat("discord", &gateway.Approvers{Users: d.Approvers.Users, Roles: d.Approvers.Roles}),
		})
		if err != nil {
			return nil, err
		}
		out = append(out, ad)
	}
	if t := p.Telegram; t.Enabled {
		out = append(out, telegram.New(telegram.Params{
			Token: t.Token, APIURL: t.APIURL, Mode: t.Mode, WebhookSecret: t.WebhookSecret, WebhookURL: t.WebhookURL,
			Store: a.chat.state, Counter: a.chat.counts, Logger: a.log,
			Chat: a.newChat("telegram", &gateway.Approvers{Users: t.Approvers.Users}),
		}))
	}
	if s := p.Slack; s.Enabled {
		members := gateway.NewGroupCache(slack.GroupMembers(s.BotToken, s.APIURL, nil), 0, nil)
		out = append(out, slack.New(slack.Params{
			BotToken: s.BotToken, AppToken: s.AppToken, SigningSecret: s.SigningSecret, APIURL: s.APIURL,
			Mode: s.Mode, Counter: a.chat.counts, Logger: a.log,
			Chat: a.newChat("slack", &gateway.Approvers{Users: s.Approvers.Users, Groups: s.Approvers.Groups, Members: members}),
		}))
	}
	return out, nil
}
