package rdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// ErrNoGroup means a board has no delivery group yet: it never had a
// subscription, so there is nothing to deliver.
var ErrNoGroup = errors.New("no delivery group on this board")

// ReadGroup reads up to count entries of a board's stream for consumer in
// the delivery group. With pending it re-reads the entries the consumer
// was handed before and never acknowledged (after a crash); otherwise it
// reads new entries, waiting up to block (0: no wait). An entry trimmed
// from the stream while pending comes back with an empty Kind.
func (s *Store) ReadGroup(ctx context.Context, boardName, consumer string, pending bool, count int64, block time.Duration) ([]*board.Event, error) {
	evs, err := s.readGroup(ctx, DeliveryGroup, consumer, boardName, pending, count, block)
	if err != nil {
		return nil, groupErr(boardName, err)
	}
	return evs, nil
}

// Reclaim takes over up to count entries that another consumer was
// handed and left unacknowledged for minIdle (it crashed, or hangs), so
// they are routed after all.
func (s *Store) Reclaim(ctx context.Context, boardName, consumer string, minIdle time.Duration, count int64) ([]*board.Event, error) {
	msgs, _, err := s.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
		Stream: s.keys.stream(boardName), Group: DeliveryGroup, Consumer: consumer,
		MinIdle: minIdle, Start: "0-0", Count: count,
	}).Result()
	if err != nil {
		return nil, groupErr(boardName, err)
	}
	out := make([]*board.Event, 0, len(msgs))
	for _, msg := range msgs {
		out = append(out, DecodeStreamEvent(boardName, msg))
	}
	return out, nil
}

func groupErr(boardName string, err error) error {
	if strings.HasPrefix(err.Error(), "NOGROUP") {
		return fmt.Errorf("board %s: %w", boardName, ErrNoGroup)
	}
	return fmt.Errorf("read the stream of board %s: %w", boardName, mapErr(err))
}

// Outbox returns up to n events waiting for a subscription, oldest first.
func (s *Store) Outbox(ctx context.Context, boardName, subID string, n int64) ([]*board.Event, error) {
	raw, err := s.rdb.LRange(ctx, s.keys.outbox(boardName, subID), 0, n-1).Result()
	if err != nil {
		return nil, fmt.Errorf("read the outbox of %s: %w", subID, mapErr(err))
	}
	out := make([]*board.Event, 0, len(raw))
	for _, r := range raw {
		var ev board.Event
		if err := json.Unmarshal([]byte(r), &ev); err != nil {
			return nil, fmt.Errorf("outbox of %s: %w", subID, err)
		}
		out = append(out, &ev)
	}
	return out, nil
}

// Delivered records that eventID reached subscription subID's target: it
// leaves the outbox, the failure count resets, and a failing subscription
// turns active again (recovered reports that).
func (s *Store) Delivered(ctx context.Context, boardName, subID, eventID string) (recovered bool, err error) {
	res, err := s.call(ctx, "delivered", boardName, "", board.ActorSystem, subID, eventID)
	if err != nil {
		return false, fmt.Errorf("record delivery to %s: %w", subID, err)
	}
	f, _ := res.([]any)
	return len(f) == 2 && f[1] == int64(1), nil
}

// DeliveryFailed records a failed attempt. At the failingAfter-th in a
// row the subscription turns failing (nowFailing reports that). The event
// keeps its place at the head of the outbox.
func (s *Store) DeliveryFailed(ctx context.Context, boardName, subID, reason string, failingAfter int) (attempts int, nowFailing bool, err error) {
	if len(reason) > 500 {
		reason = reason[:500]
	}
	res, err := s.call(ctx, "delivery_failed", boardName, "", board.ActorSystem, subID, reason, failingAfter)
	if err != nil {
		return 0, false, fmt.Errorf("record failed delivery to %s: %w", subID, err)
	}
	f, _ := res.([]any)
	if len(f) != 2 {
		return 0, false, fmt.Errorf("delivery_failed: malformed reply %v", res)
	}
	n, _ := f[0].(int64)
	return int(n), f[1] == int64(1), nil
}
