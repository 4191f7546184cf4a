package rdb

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// Wake is an orchestrator's triage wake (board.OpWake); see lua/wake.lua.
// It returns the outcome and the count of consecutive wakes that resolved
// nothing.
func (s *Store) Wake(ctx context.Context, ref board.Ref, p board.WakeParams) (board.WakeOutcome, int, error) {
	if err := board.ValidateTaskID(ref.ID); err != nil {
		return "", 0, err
	}
	data, err := json.Marshal(p.Notice)
	if err != nil {
		return "", 0, fmt.Errorf("wake %s: %w", ref.ID, err)
	}
	att, err := json.Marshal(storedAttachment{Kind: string(board.EventTriage), At: s.now().UnixMilli(), Data: data})
	if err != nil {
		return "", 0, fmt.Errorf("wake %s: %w", ref.ID, err)
	}
	res, err := s.call(ctx, "wake", ref.Board, board.OpWake, board.ActorSystem, ref.ID, string(att),
		strings.Join(p.Notice.Stuck, ","), p.Limit, maxAttachments, string(data))
	if err != nil {
		return "", 0, fmt.Errorf("wake %s: %w", ref.ID, err)
	}
	f, _ := res.([]any)
	if len(f) != 2 {
		return "", 0, fmt.Errorf("wake %s: malformed reply", ref.ID)
	}
	out, _ := f[0].(string)
	n, _ := f[1].(int64)
	return board.WakeOutcome(out), int(n), nil
}

// ClearWakes forgets an orchestrator task's wake count: its subtree fanned
// in, so the next triage starts afresh.
func (s *Store) ClearWakes(ctx context.Context, ref board.Ref) error {
	if err := s.rdb.Del(ctx, s.keys.wake(ref.Board, ref.ID)).Err(); err != nil {
		return fmt.Errorf("clear wakes of %s: %w", ref.ID, mapErr(err))
	}
	return nil
}
