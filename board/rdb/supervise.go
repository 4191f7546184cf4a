package rdb

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// DueGoals returns up to n goals of a board whose supervision check is due
// at now.
func (s *Store) DueGoals(ctx context.Context, boardName string, now time.Time, n int64) ([]string, error) {
	ids, err := s.rdb.ZRangeByScore(ctx, s.keys.supervise(boardName), &redis.ZRangeBy{
		Min: "-inf", Max: strconv.FormatInt(now.UnixMilli(), 10), Count: n,
	}).Result()
	if err != nil {
		return nil, fmt.Errorf("due goals of %s: %w", boardName, mapErr(err))
	}
	return ids, nil
}

// GoalCheck is what a supervision check reads of its goal: the subtree
// and the trigger generations (see lua/subtree.lua).
type GoalCheck struct {
	// Subtree is every task the goal waits on, directly or not.
	Subtree []string
	// Gen counts triggers; TGen is the generation of the last triage
	// trigger and TDone the last one a check handled.
	Gen, TGen, TDone int64
	// Truncated reports that the subtree hit the walk bound.
	Truncated bool
}

// TriageDue reports whether a triage trigger came since the last check.
func (g GoalCheck) TriageDue() bool { return g.TGen > g.TDone }

// Subtree reads a goal's subtree (bounded) and its supervision state.
func (s *Store) Subtree(ctx context.Context, boardName, goal string, bound int) (GoalCheck, error) {
	res, err := s.call(ctx, "subtree", boardName, "", "", goal, bound)
	if err != nil {
		return GoalCheck{}, fmt.Errorf("subtree of %s: %w", goal, err)
	}
	f, _ := res.([]any)
	if len(f) != 5 {
		return GoalCheck{}, fmt.Errorf("subtree of %s: malformed reply", goal)
	}
	g := GoalCheck{Subtree: strs(f[0]), Truncated: f[4] == int64(1)}
	g.Gen, _ = f[1].(int64)
	g.TGen, _ = f[2].(int64)
	g.TDone, _ = f[3].(int64)
	return g, nil
}

// NoticeParams ends a goal's supervision check.
type NoticeParams struct {
	Board, Goal string
	// Check is what the check read; triggers after it keep the goal due.
	Check GoalCheck
	// Kind is fan_in, triage, or "" for no notice.
	Kind board.EventKind
	// Notice is the notice's data.
	Notice board.Notice
	// Signature is the fan-in parent set (board.FanInSignature).
	Signature string
	// Window is when the goal is due again if triggers came meanwhile.
	Window time.Duration
}

// Notice ends a goal's supervision check, appending the notice (if any) to
// the board stream. A fan_in for a parent set that fanned in already is
// not appended again. It returns the notice's event id, or "".
func (s *Store) Notice(ctx context.Context, p NoticeParams) (string, error) {
	data, err := json.Marshal(p.Notice)
	if err != nil {
		return "", fmt.Errorf("notice for %s: %w", p.Goal, err)
	}
	res, err := s.call(ctx, "notice", p.Board, "", board.ActorSystem, p.Goal, p.Check.Gen, p.Check.TGen,
		string(p.Kind), string(data), p.Signature, p.Window.Milliseconds())
	if err != nil {
		return "", fmt.Errorf("notice for %s: %w", p.Goal, err)
	}
	id, _ := res.(string)
	return id, nil
}

// SubtreeIDs lists the tasks goal waits on, directly or not, up to bound:
// what a `watch --subtree` shows besides the goal.
func (s *Store) SubtreeIDs(ctx context.Context, boardName, goal string, bound int) ([]string, error) {
	chk, err := s.Subtree(ctx, boardName, goal, bound)
	if err != nil {
		return nil, err
	}
	return chk.Subtree, nil
}
