package rdb

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/switchboard/switchboard/board"
)

// RouteParams tunes Route.
type RouteParams struct {
	// Trigger marks an event that left its task stuck (board.EntersStuck):
	// the goals above it owe a triage check.
	Trigger bool
	// Window is how long a goal's supervision check waits, so a burst of
	// events shares one notice.
	Window time.Duration
	// OutboxCap bounds each subscription's outbox; past it the oldest
	// undelivered events are dropped, counted on the subscription.
	OutboxCap int64
	// WalkBound bounds the walk from the event's task up to its goals.
	WalkBound int
}

// Routed is what Route did with one event.
type Routed struct {
	// Acked is false when the entry had been routed already (a reclaimed
	// duplicate); then nothing was done.
	Acked bool
	// Subscriptions got the event in their outbox.
	Subscriptions []string
	// Dropped counts events the outbox bound pushed out.
	Dropped int64
	// Truncated reports that the walk to the goals hit its bound.
	Truncated bool
}

// Route hands a stream entry read with ReadGroup or Reclaim to the outbox
// of every subscription it matches and acknowledges it, in one atomic
// step. See lua/route.lua for the matching rules.
func (s *Store) Route(ctx context.Context, ev *board.Event, p RouteParams) (Routed, error) {
	raw, err := json.Marshal(ev)
	if err != nil {
		return Routed{}, fmt.Errorf("route %s: %w", ev.ID, err)
	}
	trigger := "0"
	if p.Trigger {
		trigger = "1"
	}
	res, err := s.call(ctx, "route", ev.Board, "", board.ActorSystem, DeliveryGroup, ev.ID, string(raw),
		ev.TaskID, string(ev.Kind), trigger, p.Window.Milliseconds(), p.OutboxCap, p.WalkBound)
	if err != nil {
		return Routed{}, fmt.Errorf("route %s: %w", ev.ID, err)
	}
	f, _ := res.([]any)
	if len(f) < 3 {
		return Routed{}, nil
	}
	r := Routed{Acked: true, Subscriptions: strs(f[0]), Truncated: f[2] == int64(1)}
	r.Dropped, _ = f[1].(int64)
	return r, nil
}

// LastEventID returns the id of a board's newest stream entry, or "0-0"
// for an empty stream: where a live watch starts.
func (s *Store) LastEventID(ctx context.Context, boardName string) (string, error) {
	msgs, err := s.rdb.XRevRangeN(ctx, s.keys.stream(boardName), "+", "-", 1).Result()
	if err != nil {
		return "", fmt.Errorf("read the stream of board %s: %w", boardName, mapErr(err))
	}
	if len(msgs) == 0 {
		return "0-0", nil
	}
	return msgs[0].ID, nil
}
