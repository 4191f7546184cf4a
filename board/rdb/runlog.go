package rdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// SetRunLog stores a run's captured output, replacing what was stored
// before. The dispatcher bounds it; it expires after ttl (0 keeps it).
func (s *Store) SetRunLog(ctx context.Context, ref board.RunRef, text string, ttl time.Duration) error {
	if err := s.rdb.Set(ctx, s.keys.runLog(ref.Board, ref.RunID), text, ttl).Err(); err != nil {
		return fmt.Errorf("store the log of run %s: %w", ref.RunID, mapErr(err))
	}
	return nil
}

// RunLog reads a run's captured output. A run whose log expired, or that
// produced none, has an empty log.
func (s *Store) RunLog(ctx context.Context, ref board.RunRef) (string, error) {
	text, err := s.rdb.Get(ctx, s.keys.runLog(ref.Board, ref.RunID)).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the log of run %s: %w", ref.RunID, mapErr(err))
	}
	return text, nil
}
