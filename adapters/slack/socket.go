package slack

import (
	"context"
	"errors"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	"github.com/switchboard/switchboard/gateway"
)

// errNoUser marks an interaction payload without a user.
var errNoUser = errors.New("interaction without a user")

// Start opens Socket Mode in socket mode; in http mode the endpoints
// (Mount) take the requests and there is nothing to start.
func (a *Adapter) Start(ctx context.Context) error {
	if a.p.Mode != ModeSocket {
		a.health.Up()
		return nil
	}
	smc := socketmode.New(a.client)
	a.loop.Go(ctx, func(ctx context.Context) {
		go a.events(ctx, smc)
		a.runSocket(ctx, smc)
	})
	return nil
}

// runSocket keeps Socket Mode connected, backing off after failures.
func (a *Adapter) runSocket(ctx context.Context, smc *socketmode.Client) {
	for failures := 1; ctx.Err() == nil; failures++ {
		err := smc.RunContext(ctx)
		if ctx.Err() != nil {
			return
		}
		a.health.Down(err)
		a.log.Warn("slack socket mode disconnected", "err", err, "failures", failures)
		t := time.NewTimer(min(time.Duration(failures)*time.Second, time.Minute))
		select {
		case <-ctx.Done():
		case <-t.C:
		}
		t.Stop()
	}
}

// events acks every Socket Mode request at once and handles commands and
// interactions in the background.
func (a *Adapter) events(ctx context.Context, smc *socketmode.Client) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-smc.Events:
			a.socketEvent(ctx, smc, ev)
		}
	}
}

func (a *Adapter) socketEvent(ctx context.Context, smc *socketmode.Client, ev socketmode.Event) {
	switch ev.Type {
	case socketmode.EventTypeConnected:
		a.health.Up()
	case socketmode.EventTypeConnectionError, socketmode.EventTypeDisconnect:
		a.health.Down(errors.New("socket mode: " + string(ev.Type)))
	}
	if ev.Request == nil || ev.Request.EnvelopeID == "" {
		return
	}
	if err := smc.AckCtx(ctx, ev.Request.EnvelopeID, nil); err != nil {
		a.log.Warn("acking a socket mode request", "err", err)
	}
	var run func(ctx context.Context) gateway.InboundResult
	switch data := ev.Data.(type) {
	case slack.SlashCommand:
		run = func(ctx context.Context) gateway.InboundResult { return a.slashCommand(ctx, data) }
	case slack.InteractionCallback:
		run = func(ctx context.Context) gateway.InboundResult { return a.interaction(ctx, data) }
	default:
		return
	}
	if !a.background(func(ctx context.Context) { a.count(run(ctx)) }) {
		a.log.Warn("slack request dropped: every handler slot is busy")
	}
}

// Stop closes Socket Mode and waits for it and for requests in flight,
// until ctx ends. Safe to call twice.
func (a *Adapter) Stop(ctx context.Context) error {
	if err := a.loop.Stop(ctx); err != nil {
		return err
	}
	idle := make(chan struct{})
	go func() { a.wg.Wait(); close(idle) }()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
