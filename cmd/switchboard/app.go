package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"

	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/config"
	"github.com/switchboard/switchboard/dispatcher"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/notify"
)

// app is one running `switchboard serve`: every long-running part, wired
// from the config.
type app struct {
	cfg        config.Config
	log        *slog.Logger
	redis      *redisConn
	store      *rdb.Store
	server     *gateway.Server
	dispatcher *dispatcher.Dispatcher
	// registry holds the delivery adapters; subscriptions is the service
	// the API and chat share; engine routes and delivers board events to
	// subscriptions (notify.go); chat holds the chat adapters' shared
	// state and the follower that edits their gate notices (chat.go).
	registry      *gateway.Registry
	subscriptions *gateway.Subscriptions
	engine        *notify.Engine
	chat          *chatParts
	// tel is the Prometheus registry and the metric hooks (app_metrics.go).
	tel *telemetry
}

// startApp builds and starts every part. On error, what was started is
// stopped again.
func startApp(ctx context.Context, cfg config.Config, logOut io.Writer) (*app, error) {
	a := &app{cfg: cfg, log: newLogger(cfg.Log, logOut), tel: newTelemetry()}
	for _, w := range cfg.Warnings {
		a.log.Warn("config: " + w)
	}
	var err error
	if a.redis, err = openRedis(cfg.Redis, a.log); err != nil {
		return nil, err
	}
	a.store = rdb.New(a.redis.client, rdb.Options{
		Prefix: cfg.Redis.Prefix, Policy: cfg.Policy(), Observe: a.tel.metrics.Observe,
	})
	a.server = gateway.NewServer(a.store, a.serverOptions())
	a.mountMetrics()
	if err := a.startNotify(ctx); err != nil {
		a.Stop(context.Background())
		return nil, err
	}
	if err := a.startChat(ctx); err != nil {
		a.Stop(context.Background())
		return nil, err
	}
	if err := a.server.Start(ctx); err != nil {
		a.Stop(context.Background())
		return nil, err
	}
	if err := a.startDispatcher(ctx); err != nil {
		a.Stop(context.Background())
		return nil, err
	}
	a.log.Info("switchboard serving", "addr", a.server.Addr(), "redis", cfg.Redis.Mode())
	return a, nil
}

func (a *app) serverOptions() gateway.ServerOptions {
	profiles := make([]string, 0, len(a.cfg.Profiles))
	for name := range a.cfg.Profiles {
		profiles = append(profiles, name)
	}
	slices.Sort(profiles)
	return gateway.ServerOptions{
		Listen: a.cfg.HTTP.Listen, AdminToken: a.cfg.HTTP.AdminToken, Profiles: profiles,
		DefaultProfile: a.cfg.Dispatcher.DefaultProfile, Logger: a.log,
	}
}

// Addr is the HTTP address serve listens on.
func (a *app) Addr() string { return a.server.Addr() }

// URL is the base URL of the API.
func (a *app) URL() string { return "http://" + a.Addr() }

// Stop shuts serve down. Order:
//  1. the dispatcher stops claiming, lets running workers finish for
//     shutdown.grace, then stops the rest and ends their runs through the
//     failure rules; the HTTP server still serves meanwhile, so workers
//     can report;
//  2. the HTTP server stops taking requests and finishes those in flight
//     (watch streams, chat webhooks and interactions end);
//  3. the chat follower stops editing notices; the delivery engine stops
//     routing, flushes the deliveries in flight (bounded by ctx; the rest
//     stays in Redis), then the adapters that hold connections stop (chat
//     websockets and pollers close, acknowledged requests finish);
//  4. Redis closes last, so every part above could still write.
//
// It is safe to call twice.
func (a *app) Stop(ctx context.Context) {
	a.stopDispatcher(ctx)
	if a.server != nil {
		if err := a.server.Stop(ctx); err != nil {
			a.log.Warn("http shutdown", "err", err)
		}
	}
	a.stopChat(ctx)
	a.stopNotify(ctx)
	if a.redis != nil {
		a.redis.Close()
		a.redis = nil
	}
	a.log.Info("switchboard stopped")
}

func (a *app) String() string { return fmt.Sprintf("switchboard@%s", a.Addr()) }
