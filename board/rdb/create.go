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
		id := board.NewTaskID()
		args := []any{id, p.Title, p.Body, p.Profile, p.Priority, triage}
		for _, parent := range p.Parents {
			args = append(args, parent)
		}
		res, err := s.call(ctx, "create", p.Board, board.OpCreate, actorOr(p.Actor), args...)
		if errors.Is(err, errExists) {
			continue
		}
		if err != nil {
			return nil, err
		}
		s.registerBoard(ctx, p.Board)
		t, err := newTask(id, p, res)
		if err == nil {
			s.observe(board.OpCreate, t)
		}
		return t, err
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
	t, err := s.write(ctx, "link", p.Board, board.OpLink, actorOr(p.Actor), p.Child, p.Parent, p.Child)
	if err != nil {
		return nil, err
	}
	return found(t, p.Board, p.Child)
}

// newTask builds the task create.lua wrote from its arguments and its
// reply {status, created_at}: nothing else about a new task can differ.
func newTask(id string, p board.CreateParams, res any) (*board.Task, error) {
	reply, _ := res.([]any)
	if len(reply) != 2 {
		return nil, fmt.Errorf("rdb: malformed create reply %v", res)
	}
	st, _ := reply[0].(string)
	at, _ := reply[1].(string)
	created := ms(at)
	return &board.Task{
		ID: id, Board: p.Board, Title: p.Title, Body: p.Body, Status: board.Status(st),
		Profile: p.Profile, Priority: p.Priority, Parents: sorted(p.Parents), Children: []string{},
		OperatorActions: []board.OperatorAction{}, CreatedAt: created, UpdatedAt: created,
	}, nil
}

// found turns the read-back of a write into a result: a task that vanished
// between the write and the read is reported as missing.
func found(t *board.Task, boardName, id string) (*board.Task, error) {
	if t == nil {
		return nil, board.Errorf(board.ErrNotFound, "task %s does not exist on board %s", id, boardName)
	}
	return t, nil
}

// registerBoard adds a board to the boards set once per process: the set
// is only for discovery, so a failed SADD is retried on the next create.
func (s *Store) registerBoard(ctx context.Context, name string) {
	if _, known := s.known.Load(name); known {
		return
	}
	if s.rdb.SAdd(ctx, s.keys.boards(), name).Err() == nil {
		s.known.Store(name, true)
	}
}

func actorOr(a string) string {
	if a == "" {
		return board.ActorAdmin
	}
	return a
}
