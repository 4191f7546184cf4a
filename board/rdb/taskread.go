package rdb

import (
	"context"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// taskRead is a task's hash, parents and children queued in a pipeline.
type taskRead struct {
	hash     *redis.MapStringStringCmd
	parents  *redis.StringSliceCmd
	children *redis.StringSliceCmd
}

// queueRead queues the native reads of one task: cheaper for Redis than
// building the same reply in Lua.
func (s *Store) queueRead(ctx context.Context, p redis.Pipeliner, boardName, id string) taskRead {
	return taskRead{
		hash:     p.HGetAll(ctx, s.keys.task(boardName, id)),
		parents:  p.SMembers(ctx, s.keys.parents(boardName, id)),
		children: p.SMembers(ctx, s.keys.children(boardName, id)),
	}
}

// task decodes the read; a missing task gives nil and no error.
func (r taskRead) task() (*board.Task, error) {
	for _, err := range []error{r.hash.Err(), r.parents.Err(), r.children.Err()} {
		if err != nil {
			return nil, mapErr(err)
		}
	}
	h := r.hash.Val()
	if h["id"] == "" {
		return nil, nil
	}
	t, err := decodeTask(h)
	if err != nil {
		return nil, err
	}
	t.Parents, t.Children = sorted(r.parents.Val()), sorted(r.children.Val())
	return t, nil
}

// readTasks reads several tasks in one round trip, skipping missing ones.
func (s *Store) readTasks(ctx context.Context, boardName string, ids []string) ([]*board.Task, error) {
	pipe := s.rdb.Pipeline()
	reads := make([]taskRead, len(ids))
	for i, id := range ids {
		reads[i] = s.queueRead(ctx, pipe, boardName, id)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, mapErr(err)
	}
	out := make([]*board.Task, 0, len(ids))
	for _, r := range reads {
		t, err := r.task()
		if err != nil {
			return nil, err
		}
		if t != nil {
			out = append(out, t)
		}
	}
	return out, nil
}
