package rdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// SystemBlock ends a run with a block the dispatcher decided on, such as a
// task whose profile is missing from the config. It is Block with the
// dispatcher (system) as the actor; the recurrence breaker applies.
func (s *Store) SystemBlock(ctx context.Context, ref board.RunRef, p board.BlockParams) (*board.Task, error) {
	args, err := s.blockArgs(p)
	if err != nil {
		return nil, err
	}
	return s.systemCall(ctx, "block", board.OpBlock, ref, args...)
}

// NextClaimable reports when a board next has a claimable task: now when
// its ready queue holds one, the earliest retry_at of its schedule
// otherwise. ok is false when it has neither. It is a hint: a claim decides.
func (s *Store) NextClaimable(ctx context.Context, boardName string) (at time.Time, ok bool, err error) {
	pipe := s.rdb.Pipeline()
	ready := pipe.ZCard(ctx, s.keys.ready(boardName))
	sched := pipe.ZRangeWithScores(ctx, s.keys.scheduled(boardName), 0, 0)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return time.Time{}, false, fmt.Errorf("next claimable on %s: %w", boardName, mapErr(err))
	}
	if ready.Val() > 0 {
		return s.now(), true, nil
	}
	if z := sched.Val(); len(z) > 0 {
		return time.UnixMilli(int64(z[0].Score)).UTC(), true, nil
	}
	return time.Time{}, false, nil
}

// DispatchSignals subscribes to the dispatch signal: it delivers the name of each
// board where a task became claimable, now or at a later retry_at, until
// ctx ends, then closes the channel. It returns once the subscription is
// live. Signals sent while the connection is re-established are lost, so
// callers keep a slow poll too.
func (s *Store) DispatchSignals(ctx context.Context) (<-chan string, error) {
	ps := s.rdb.Subscribe(ctx, s.keys.wakeChannel())
	if _, err := ps.Receive(ctx); err != nil {
		_ = ps.Close()
		return nil, fmt.Errorf("subscribe to %s: %w", s.keys.wakeChannel(), mapErr(err))
	}
	out := make(chan string, 64)
	go func() {
		defer close(out)
		defer ps.Close()
		in := ps.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case msg, open := <-in:
				if !open {
					return
				}
				select {
				case out <- msg.Payload:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}
