package rdb

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// SpawnReservation answers ReserveSpawn.
type SpawnReservation struct {
	// Allowed reports whether a spawn was reserved.
	Allowed bool
	// ID names the reservation for ReleaseSpawn. Empty when refused.
	ID string
	// RetryAt is when the window next allows a spawn. Set when refused.
	RetryAt time.Time
	// FirstRefusal is true for the first refusal since the budget was last
	// spent, across every dispatcher on this Redis: the trip is reported once.
	FirstRefusal bool
}

// ReserveSpawn reserves one worker spawn under a budget of max spawns in
// any window of per. The window lives in Redis, so every dispatcher sharing
// it shares the budget, across all boards. See lua/spawn_budget.lua.
func (s *Store) ReserveSpawn(ctx context.Context, max int, per time.Duration) (SpawnReservation, error) {
	id := board.NewSecret()[:16]
	keys := []string{s.keys.spawns(), s.keys.spawnsTripped()}
	argv := s.argv("", "", board.ActorSystem, []any{id, per.Milliseconds(), max})
	cmd, err := s.exec(ctx, "spawn_budget", func(p redis.Pipeliner) *redis.Cmd {
		return s.queue(ctx, p, "spawn_budget", keys, argv)
	})
	if err != nil {
		return SpawnReservation{}, fmt.Errorf("reserve a spawn: %w", mapErr(err))
	}
	res := cmd.Val()
	list, _ := res.([]any)
	if len(list) != 3 {
		return SpawnReservation{}, fmt.Errorf("reserve a spawn: malformed reply %v", res)
	}
	if n, _ := list[0].(int64); n == 1 {
		return SpawnReservation{Allowed: true, ID: id}, nil
	}
	retry, _ := list[1].(string)
	ms, _ := strconv.ParseInt(retry, 10, 64)
	first, _ := list[2].(int64)
	return SpawnReservation{RetryAt: time.UnixMilli(ms).UTC(), FirstRefusal: first == 1}, nil
}

// ReleaseSpawn gives back a reservation that spawned nothing, such as one
// taken before a claim that found no task.
func (s *Store) ReleaseSpawn(ctx context.Context, id string) error {
	if err := s.rdb.ZRem(ctx, s.keys.spawns(), id).Err(); err != nil {
		return fmt.Errorf("release a spawn: %w", mapErr(err))
	}
	return nil
}
