package main

import (
	"context"
	"fmt"

	"github.com/switchboard/switchboard/adapters/orchestrator"
	"github.com/switchboard/switchboard/adapters/webhook"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/notify"
)

// newRegistry builds the delivery registry: one adapter per configured
// kind. webhook and orchestrator are built in and always on; the chat
// adapters register here too when their platform is enabled, and may be
// handed a.subscriptions for their /kanban subscribe verb.
func (a *app) newRegistry() (*gateway.Registry, error) {
	reg := a.registry
	if a.cfg.Webhook.Secret == "" {
		a.log.Warn("webhook.secret is empty: webhook deliveries are signed with an empty key; set SWITCHBOARD_WEBHOOK_SECRET")
	}
	for _, ad := range []gateway.Adapter{
		webhook.New(webhook.Options{Secret: a.cfg.Webhook.Secret}),
		orchestrator.New(a.store, orchestrator.Options{WakeLimit: a.cfg.Notify.OrchestratorWakeLimit, Logger: a.log}),
	} {
		if err := reg.Register(ad); err != nil {
			return nil, err
		}
	}
	if err := a.registerChat(reg); err != nil {
		return nil, err
	}
	return reg, nil
}

// startNotify builds the registry and the delivery engine, mounts the
// subscription API and the watch stream, and starts the adapters that
// hold connections, then the engine. Call it before the server starts.
func (a *app) startNotify(ctx context.Context) error {
	a.registry = gateway.NewRegistry()
	a.subscriptions = gateway.NewSubscriptions(a.store, a.registry, func(b string) { a.engine.Subscribed(b) })
	reg, err := a.newRegistry()
	if err != nil {
		return err
	}
	n := a.cfg.Notify
	a.engine = notify.New(a.store, reg, notify.Options{
		FailingAfter: n.FailingAfter, RetryBackoff: n.RetryBackoff, MaxBackoff: n.MaxBackoff,
		CoalesceWindow: n.CoalesceWindow, Logger: a.log, Metrics: a.tel.metrics,
	})
	a.server.MountNotifications(a.subscriptions, a.store)
	a.server.AddReadyCheck(gateway.ReadyCheck{Name: "delivery", Check: a.engine.Ready})
	for _, ad := range reg.Adapters() {
		if r, ok := ad.(gateway.Readier); ok {
			a.server.AddReadyCheck(gateway.ReadyCheck{Name: ad.Kind(), Check: r.Ready})
		}
	}
	for _, ad := range reg.Adapters() {
		if st, ok := ad.(gateway.Starter); ok {
			if err := st.Start(ctx); err != nil {
				return fmt.Errorf("start the %s adapter: %w", ad.Kind(), err)
			}
		}
	}
	return a.engine.Start(ctx)
}

// stopNotify flushes the engine's deliveries in flight (bounded by ctx),
// then stops the adapters that hold connections.
func (a *app) stopNotify(ctx context.Context) {
	if a.engine != nil {
		if err := a.engine.Stop(ctx); err != nil {
			a.log.Warn("delivery shutdown", "err", err)
		}
	}
	if a.registry == nil {
		return
	}
	for _, ad := range a.registry.Adapters() {
		if st, ok := ad.(gateway.Starter); ok {
			if err := st.Stop(ctx); err != nil {
				a.log.Warn("adapter shutdown", "kind", ad.Kind(), "err", err)
			}
		}
	}
}
