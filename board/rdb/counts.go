package rdb

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// StatusCounts returns how many tasks each board has in each status, read
// from the status indexes in one round trip per call (ZCARD each).
func (s *Store) StatusCounts(ctx context.Context) (map[string]map[board.Status]int64, error) {
	boards, err := s.Boards(ctx)
	if err != nil {
		return nil, err
	}
	pipe := s.rdb.Pipeline()
	cards := make(map[string]map[board.Status]*redis.IntCmd, len(boards))
	for _, b := range boards {
		cards[b] = make(map[board.Status]*redis.IntCmd, len(board.Statuses))
		for _, st := range board.Statuses {
			cards[b][st] = pipe.ZCard(ctx, s.keys.status(b, string(st)))
		}
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("count tasks: %w", mapErr(err))
	}
	out := make(map[string]map[board.Status]int64, len(boards))
	for b, byStatus := range cards {
		out[b] = make(map[board.Status]int64, len(byStatus))
		for st, c := range byStatus {
			out[b][st] = c.Val()
		}
	}
	return out, nil
}

// SpawnBudgetState reads the spawn budget's window of length per: the
// spawns in it now, and whether the budget is spent (tripped).
func (s *Store) SpawnBudgetState(ctx context.Context, per time.Duration) (used int64, tripped bool, err error) {
	pipe := s.rdb.Pipeline()
	from := fmt.Sprint(s.now().Add(-per).UnixMilli())
	count := pipe.ZCount(ctx, s.keys.spawns(), "("+from, "+inf")
	trip := pipe.Exists(ctx, s.keys.spawnsTripped())
	if _, err := pipe.Exec(ctx); err != nil {
		return 0, false, fmt.Errorf("read the spawn budget: %w", mapErr(err))
	}
	return count.Val(), trip.Val() == 1, nil
}
