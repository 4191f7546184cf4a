package rdb

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// DeliveryGroup is the consumer group the delivery engine reads each board
// stream with. Subscribe creates it on a board's first subscription.
const DeliveryGroup = "delivery"

// Subscribe adds a subscription. It starts caught up: only events appended
// after it are delivered. The same task, target and scope twice is a
// conflict. Whether an adapter serves the target's kind is the caller's
// check.
func (s *Store) Subscribe(ctx context.Context, p board.SubscribeParams) (*board.Subscription, error) {
	kind, err := p.Validate()
	if err != nil {
		return nil, err
	}
	events := make([]string, len(p.Events))
	for i, k := range p.Events {
		events[i] = string(k)
	}
	for range 5 {
		res, err := s.call(ctx, "subscribe", p.Board, "", actorOr(p.Actor), board.NewSubscriptionID(),
			p.TaskID, kind, p.Target, string(p.Scope), strings.Join(events, ","), DeliveryGroup)
		if errors.Is(err, errExists) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("subscribe to %s: %w", p.TaskID, err)
		}
		return decodeSubscription(hash(res), 0), nil
	}
	return nil, fmt.Errorf("subscribe: could not draw a free id")
}

// Unsubscribe removes a subscription and its undelivered events, and
// returns it as it was.
func (s *Store) Unsubscribe(ctx context.Context, boardName, id string) (*board.Subscription, error) {
	res, err := s.call(ctx, "unsubscribe", boardName, "", "", id)
	if err != nil {
		return nil, fmt.Errorf("unsubscribe %s: %w", id, err)
	}
	return decodeSubscription(hash(res), 0), nil
}

// Subscriptions lists a board's subscriptions, oldest first; a non-empty
// taskID keeps those on that task.
func (s *Store) Subscriptions(ctx context.Context, boardName, taskID string) ([]*board.Subscription, error) {
	if taskID != "" {
		if err := board.ValidateTaskID(taskID); err != nil {
			return nil, err
		}
	}
	return s.subs(ctx, boardName, taskID)
}

// Subscription reads one subscription.
func (s *Store) Subscription(ctx context.Context, boardName, id string) (*board.Subscription, error) {
	subs, err := s.subs(ctx, boardName, "", id)
	if err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return nil, board.Errorf(board.ErrNotFound, "subscription %s does not exist on board %s", id, boardName)
	}
	return subs[0], nil
}

func (s *Store) subs(ctx context.Context, boardName, taskID string, ids ...string) ([]*board.Subscription, error) {
	args := []any{taskID}
	for _, id := range ids {
		args = append(args, id)
	}
	res, err := s.call(ctx, "subs", boardName, "", "", args...)
	if err != nil {
		return nil, fmt.Errorf("read subscriptions of %s: %w", boardName, err)
	}
	list, _ := res.([]any)
	out := make([]*board.Subscription, 0, len(list))
	for _, item := range list {
		pair, _ := item.([]any)
		if len(pair) == 2 {
			n, _ := pair[1].(int64)
			out = append(out, decodeSubscription(hash(pair[0]), n))
		}
	}
	sortSubs(out)
	return out, nil
}
