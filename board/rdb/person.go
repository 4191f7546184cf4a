package rdb

import (
	"context"
	"strconv"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// Answer gives a waiting_human task its answer and lets it run again.
func (s *Store) Answer(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error) {
	if strings.TrimSpace(p.Text) == "" {
		return nil, board.Errorf(board.ErrInvalid, "an answer needs text")
	}
	return s.release(ctx, board.OpAnswer, board.EventAnswered, ref, p)
}

// Approve lets a waiting_approval task run its gated action.
func (s *Store) Approve(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error) {
	return s.release(ctx, board.OpApprove, board.EventApproved, ref, p)
}

// Deny refuses the gated action; the task runs again with the denial in
// its next run's context.
func (s *Store) Deny(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error) {
	if strings.TrimSpace(p.Text) == "" {
		return nil, board.Errorf(board.ErrInvalid, "a denial needs a reason")
	}
	return s.release(ctx, board.OpDeny, board.EventDenied, ref, p)
}

// Resume lets a waiting_auth task run once a person has logged in.
func (s *Store) Resume(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error) {
	return s.release(ctx, board.OpResume, board.EventResumed, ref, p)
}

// Unblock sends a triage or blocked task back to ready (or todo), clearing
// circuit_open and the failure streaks but keeping block_recurrences.
func (s *Store) Unblock(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error) {
	return s.release(ctx, board.OpUnblock, board.EventUnblocked, ref, p)
}

// Reopen sends a done task back to ready.
func (s *Store) Reopen(ctx context.Context, ref board.Ref, actor string) (*board.Task, error) {
	return s.release(ctx, board.OpReopen, board.EventReopened, ref, board.DecisionParams{Actor: actor})
}

// Review approves finished work (done) or requests changes (ready).
func (s *Store) Review(ctx context.Context, ref board.Ref, p board.ReviewParams) (*board.Task, error) {
	approve := "1"
	if !p.Approve {
		approve = "0"
		if strings.TrimSpace(p.Changes) == "" {
			return nil, board.Errorf(board.ErrInvalid, "a change request needs text")
		}
	}
	return s.personCall(ctx, "review", board.OpReview, ref, p.Actor, approve, p.Changes)
}

// Confirm confirms operator actions; the last one makes the task done.
func (s *Store) Confirm(ctx context.Context, ref board.Ref, p board.ConfirmParams) (*board.Task, error) {
	which := "all"
	if !p.All {
		if len(p.Actions) == 0 {
			return nil, board.Errorf(board.ErrInvalid, "name the actions to confirm (--action N) or --all")
		}
		nums := make([]string, len(p.Actions))
		for i, n := range p.Actions {
			nums[i] = strconv.Itoa(n)
		}
		which = strings.Join(nums, ",")
	}
	return s.personCall(ctx, "confirm", board.OpConfirm, ref, p.Actor, which)
}

// Archive hides a task from default lists.
func (s *Store) Archive(ctx context.Context, ref board.Ref, actor string) (*board.Task, error) {
	return s.personCall(ctx, "archive", board.OpArchive, ref, actor)
}

func (s *Store) release(ctx context.Context, op board.Op, kind board.EventKind, ref board.Ref, p board.DecisionParams) (*board.Task, error) {
	return s.personCall(ctx, "release", op, ref, p.Actor, string(kind), p.Text)
}

func (s *Store) personCall(ctx context.Context, name string, op board.Op, ref board.Ref, actor string, args ...any) (*board.Task, error) {
	if err := board.ValidateTaskID(ref.ID); err != nil {
		return nil, err
	}
	t, err := s.write(ctx, name, ref.Board, op, actorOr(actor), ref.ID, append([]any{ref.ID}, args...)...)
	if err != nil {
		return nil, err // script errors already name the task and its status
	}
	return found(t, ref.Board, ref.ID)
}

// Note appends an event that changes no status: refused, for an
// unauthorized chat action, or spawn_budget_exhausted. An empty ref.ID
// records a board-wide event. It returns the event id.
func (s *Store) Note(ctx context.Context, ref board.Ref, kind board.EventKind, actor string, data map[string]any) (string, error) {
	if kind != board.EventRefused && kind != board.EventSpawnBudgetExhausted {
		return "", board.Errorf(board.ErrInvalid, "%s is not a note event", kind)
	}
	if ref.ID != "" {
		if err := board.ValidateTaskID(ref.ID); err != nil {
			return "", err
		}
	}
	res, err := s.call(ctx, "note", ref.Board, "", actorOr(actor), ref.ID, string(kind), jsonObject(data))
	if err != nil {
		return "", err
	}
	id, _ := res.(string)
	return id, nil
}
