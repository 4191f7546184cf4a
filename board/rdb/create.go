package rdb

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// maxPriority bounds priority so the ready-queue score stays exact.
const maxPriority = 1000

// Create adds a task: triage when asked, todo while a parent is unfinished,
// ready otherwise. Parents must exist on the same board.
func (s *Store) Create(ctx context.Context, p board.CreateParams) (*board.Task, error) {
	if err := validateCreate(p); err != nil {
		return nil, err
	}
	triage := "0"
	if p.Triage {
		triage = "1"
	}
	for range 5 {
		args := []any{board.NewTaskID(), p.Title, p.Body, p.Profile, p.Priority, triage}
		for _, parent := range p.Parents {
			args = append(args, parent)
		}
		res, err := s.call(ctx, "create", p.Board, board.OpCreate, actorOr(p.Actor), args...)
		if errors.Is(err, errExists) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("create task: %w", err)
		}
		s.rdb.SAdd(ctx, s.keys.boards(), p.Board) // idempotent; a miss is healed on the next create
		return taskOf(res)
	}
	return nil, fmt.Errorf("create task: could not draw a free id")
}

func validateCreate(p board.CreateParams) error {
	if err := board.ValidateBoard(p.Board); err != nil {
		return err
	}
	if strings.TrimSpace(p.Title) == "" {
		return board.Errorf(board.ErrInvalid, "a task needs a title")
	}
	if p.Priority > maxPriority || p.Priority < -maxPriority {
		return board.Errorf(board.ErrInvalid, "priority %d is out of range (-%d to %d)", p.Priority, maxPriority, maxPriority)
	}
	for _, parent := range p.Parents {
		if err := board.ValidateTaskID(parent); err != nil {
			return err
		}
	}
	return nil
}

// Link makes p.Parent a parent of p.Child, refusing cycles and unknown tasks.
func (s *Store) Link(ctx context.Context, p board.LinkParams) (*board.Task, error) {
	for _, id := range []string{p.Parent, p.Child} {
		if err := board.ValidateTaskID(id); err != nil {
			return nil, err
		}
	}
	res, err := s.call(ctx, "link", p.Board, board.OpLink, actorOr(p.Actor), p.Parent, p.Child)
	if err != nil {
		return nil, fmt.Errorf("link %s to %s: %w", p.Parent, p.Child, err)
	}
	return taskOf(res)
}

// taskOf decodes a write's view reply.
func taskOf(res any) (*board.Task, error) {
	t, _, err := decodeView(res)
	if err == nil && t == nil {
		err = fmt.Errorf("rdb: write returned no task")
	}
	return t, err
}

func actorOr(a string) string {
	if a == "" {
		return board.ActorAdmin
	}
	return a
}
