package main

import (
	"context"
	"fmt"

	"github.com/switchboard/switchboard/dispatcher"
)

// startDispatcher starts the dispatcher when dispatcher.enabled is set. It
// runs after the HTTP server, whose bound address workers are given.
func (a *app) startDispatcher(ctx context.Context) error {
	if !a.cfg.Dispatcher.Enabled {
		a.log.Info("dispatcher disabled (dispatcher.enabled: false): no worker will be spawned")
		return nil
	}
	d, err := dispatcher.New(a.store, a.dispatcherOptions())
	if err != nil {
		return err
	}
	if err := d.Start(ctx); err != nil {
		return fmt.Errorf("start the dispatcher: %w", err)
	}
	a.dispatcher = d
	a.tel.dispatcher.Store(d)
	return nil
}

// dispatcherOptions maps the config onto the dispatcher's own options.
func (a *app) dispatcherOptions() dispatcher.Options {
	d := a.cfg.Dispatcher
	profiles := make(map[string]dispatcher.Profile, len(a.cfg.Profiles))
	for name, p := range a.cfg.Profiles {
		profiles[name] = dispatcher.Profile{Command: p.Command, Timeout: p.Timeout, Env: p.Env, Workdir: p.Workdir}
	}
	return dispatcher.Options{
		PublicURL: a.publicURL(), Profiles: profiles, MaxWorkers: d.MaxWorkers,
		PollInterval: d.PollInterval, KillGrace: d.KillGrace, LogMaxBytes: d.LogMaxBytes,
		Workdir:     d.Workdir,
		SpawnBudget: dispatcher.SpawnBudget{Max: d.SpawnBudget.Max, Per: d.SpawnBudget.Per},
		Logger:      a.log,
		Metrics:     a.tel.metrics,
	}
}

// publicURL is the URL workers reach the API at: http.public_url, or one
// built from the bound address, which differs from http.listen on port 0.
func (a *app) publicURL() string {
	cfg := a.cfg
	cfg.HTTP.Listen = a.server.Addr()
	return cfg.PublicURL()
}

// stopDispatcher lets running workers finish for shutdown.grace, then
// stops the rest; see dispatcher.Stop.
func (a *app) stopDispatcher(ctx context.Context) {
	if a.dispatcher == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.Shutdown.Grace)
	defer cancel()
	if err := a.dispatcher.Stop(ctx); err != nil {
		a.log.Warn("dispatcher shutdown", "err", err)
	}
}
