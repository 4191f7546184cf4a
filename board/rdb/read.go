package rdb

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// defaultListLimit bounds a list per status when the caller sets none.
const defaultListLimit = 1000

// Get reads one task.
func (s *Store) Get(ctx context.Context, ref board.Ref) (*board.Task, error) {
	tasks, err := s.GetMany(ctx, ref.Board, ref.ID)
	if err != nil {
		return nil, err
	}
	if len(tasks) == 0 {
		return nil, board.Errorf(board.ErrNotFound, "task %s does not exist on board %s", ref.ID, ref.Board)
	}
	return tasks[0], nil
}

// GetMany reads several tasks of one board in one round trip, skipping
// the missing ones.
func (s *Store) GetMany(ctx context.Context, boardName string, ids ...string) ([]*board.Task, error) {
	for _, id := range ids {
		if err := board.ValidateTaskID(id); err != nil {
			return nil, err
		}
	}
	return s.readTasks(ctx, boardName, ids)
}

// List reads tasks by status from the status indexes; no board scan.
func (s *Store) List(ctx context.Context, p board.ListParams) ([]*board.Task, error) {
	statuses := p.Statuses
	if len(statuses) == 0 {
		statuses = slices.DeleteFunc(slices.Clone(board.Statuses), func(st board.Status) bool {
			return st == board.StatusArchived
		})
	}
	limit := p.Limit
	if limit <= 0 {
		limit = defaultListLimit
	}
	pipe := s.rdb.Pipeline()
	ranges := make([]*redis.StringSliceCmd, len(statuses))
	for i, st := range statuses {
		ranges[i] = pipe.ZRange(ctx, s.keys.status(p.Board, string(st)), 0, int64(limit-1))
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("list %s: %w", p.Board, mapErr(err))
	}
	var ids []string
	for _, r := range ranges {
		ids = append(ids, r.Val()...)
	}
	tasks, err := s.readTasks(ctx, p.Board, ids)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(tasks, func(a, b *board.Task) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return tasks, nil
}

// Runs reads a task's runs, oldest first.
func (s *Store) Runs(ctx context.Context, ref board.Ref) ([]*board.Run, error) {
	if err := board.ValidateTaskID(ref.ID); err != nil {
		return nil, err
	}
	return s.runs(ctx, ref.Board, ref.ID)
}

// Run reads one run.
func (s *Store) Run(ctx context.Context, boardName, runID string) (*board.Run, error) {
	runs, err := s.runs(ctx, boardName, "", runID)
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 || runs[0].ID == "" {
		return nil, board.Errorf(board.ErrNotFound, "run %s does not exist on board %s", runID, boardName)
	}
	return runs[0], nil
}

func (s *Store) runs(ctx context.Context, boardName, taskID string, runIDs ...string) ([]*board.Run, error) {
	hashes, err := s.runHashes(ctx, boardName, taskID, runIDs...)
	if err != nil {
		return nil, err
	}
	out := make([]*board.Run, 0, len(hashes))
	for _, h := range hashes {
		out = append(out, decodeRun(h))
	}
	return out, nil
}

// runHashes reads raw run hashes: a task's runs, or the named ones.
func (s *Store) runHashes(ctx context.Context, boardName, taskID string, runIDs ...string) ([]map[string]string, error) {
	args := []any{taskID}
	for _, id := range runIDs {
		args = append(args, id)
	}
	res, err := s.call(ctx, "runs", boardName, "", "", args...)
	if err != nil {
		return nil, err
	}
	list, _ := res.([]any)
	out := make([]map[string]string, 0, len(list))
	for _, h := range list {
		out = append(out, hash(h))
	}
	return out, nil
}

// Events reads a task's own event log, oldest first.
func (s *Store) Events(ctx context.Context, ref board.Ref) ([]*board.Event, error) {
	if err := board.ValidateTaskID(ref.ID); err != nil {
		return nil, err
	}
	pipe := s.rdb.Pipeline()
	exists := pipe.Exists(ctx, s.keys.task(ref.Board, ref.ID))
	recs := pipe.LRange(ctx, s.keys.events(ref.Board, ref.ID), 0, -1)
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, mapErr(err)
	}
	if exists.Val() == 0 {
		return nil, board.Errorf(board.ErrNotFound, "task %s does not exist on board %s", ref.ID, ref.Board)
	}
	out := make([]*board.Event, 0, len(recs.Val()))
	for _, rec := range recs.Val() {
		ev, err := decodeEvent(ref.Board, ref.ID, rec)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// Boards lists every board that has had a task.
func (s *Store) Boards(ctx context.Context) ([]string, error) {
	names, err := s.rdb.SMembers(ctx, s.keys.boards()).Result()
	if err != nil {
		return nil, mapErr(err)
	}
	slices.Sort(names)
	return names, nil
}

func jsonObject(m map[string]any) string {
	if len(m) == 0 {
		return "{}"
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "{}"
	}
	return string(b)
}
