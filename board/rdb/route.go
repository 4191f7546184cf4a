package rdb

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// RouteParams tunes routing.
type RouteParams struct {
	// Window is how long a goal's supervision check waits, so a burst of
	// events shares one notice.
	Window time.Duration
	// OutboxCap bounds each subscription's outbox; past it the oldest
	// undelivered events are dropped, counted on the subscription.
	OutboxCap int64
	// WalkBound bounds the walk from the event's task up to its goals.
	WalkBound int
}

// Routed is what routing did with one event.
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

// Route hands stream entries of one board, read with ReadGroup or
// Reclaim, to the outboxes of the subscriptions they match and
// acknowledges them: one atomic step per entry (lua/route.lua), all sent
// in one round trip, in order. An event that leaves its task stuck
// (board.EntersStuck) is a triage trigger for the goals above it. On an
// error the results before the failed entry are returned; entries not
// routed stay pending in the group.
func (s *Store) Route(ctx context.Context, evs []*board.Event, p RouteParams) ([]Routed, error) {
	if len(evs) == 0 {
		return nil, nil
	}
	cmds, err := s.routePipe(ctx, evs, p)
	if len(cmds) > 0 && isScriptMissing(cmds[0].Err()) {
		if lerr := s.loadScript(ctx, "route"); lerr != nil {
			return nil, fmt.Errorf("route: %w", mapErr(lerr))
		}
		cmds, err = s.routePipe(ctx, evs, p)
	}
	out := make([]Routed, 0, len(cmds))
	for i, cmd := range cmds {
		res, cerr := cmd.Result()
		if cerr != nil {
			return out, fmt.Errorf("route %s: %w", evs[i].ID, mapScriptErr("", cerr))
		}
		out = append(out, decodeRouted(res))
	}
	if err != nil {
		return out, fmt.Errorf("route: %w", mapErr(err))
	}
	return out, nil
}

// routePipe sends one route script per event in a pipeline.
func (s *Store) routePipe(ctx context.Context, evs []*board.Event, p RouteParams) ([]*redis.Cmd, error) {
	pipe := s.rdb.Pipeline()
	cmds := make([]*redis.Cmd, len(evs))
	for i, ev := range evs {
		raw, err := json.Marshal(ev)
		if err != nil {
			return nil, fmt.Errorf("route %s: %w", ev.ID, err)
		}
		trigger := "0"
		if board.EntersStuck(ev) {
			trigger = "1"
		}
		args := append(s.header(ev.Board, "", board.ActorSystem), DeliveryGroup, ev.ID, string(raw),
			ev.TaskID, string(ev.Kind), trigger, p.Window.Milliseconds(), p.OutboxCap, p.WalkBound)
		cmds[i] = s.queue(ctx, pipe, "route", []string{s.keys.base(ev.Board)}, args)
	}
	_, err := pipe.Exec(ctx)
	return cmds, err
}

func decodeRouted(res any) Routed {
	f, _ := res.([]any)
	if len(f) < 3 {
		return Routed{}
	}
	r := Routed{Acked: true, Subscriptions: strs(f[0]), Truncated: f[2] == int64(1)}
	r.Dropped, _ = f[1].(int64)
	return r
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
