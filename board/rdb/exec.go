package rdb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// argv builds a script's ARGV: the common header followed by args.
func (s *Store) argv(boardName string, op board.Op, actor string, args []any) []any {
	return append(s.header(boardName, op, actor), args...)
}

// header is the common ARGV header of every script (lua/prelude.lua).
func (s *Store) header(boardName string, op board.Op, actor string) []any {
	return []any{
		s.now().UnixMilli(), cleanActor(actor), allowedFrom(op),
		s.policy.EventStreamMaxLen, s.policy.TaskEventsMax, boardName,
	}
}

// call runs one script for op on a board and returns its reply.
func (s *Store) call(ctx context.Context, name, boardName string, op board.Op, actor string, args ...any) (any, error) {
	keys, argv := []string{s.keys.base(boardName)}, s.argv(boardName, op, actor, args)
	cmd, err := s.exec(ctx, name, func(p redis.Pipeliner) *redis.Cmd { return s.queue(ctx, p, name, keys, argv) })
	if err != nil {
		return nil, mapScriptErr(op, err)
	}
	return cmd.Val(), nil
}

// write runs a write script on task id and reads the task back in the
// same round trip.
func (s *Store) write(ctx context.Context, name, boardName string, op board.Op, actor, id string, args ...any) (*board.Task, error) {
	keys, argv := []string{s.keys.base(boardName)}, s.argv(boardName, op, actor, args)
	var read taskRead
	_, err := s.exec(ctx, name, func(p redis.Pipeliner) *redis.Cmd {
		cmd := s.queue(ctx, p, name, keys, argv)
		read = s.queueRead(ctx, p, boardName, id)
		return cmd
	})
	if err != nil {
		return nil, mapScriptErr(op, err)
	}
	t, err := read.task()
	if err == nil && t != nil {
		s.observe(op, t)
	}
	return t, err
}

func allowedFrom(op board.Op) string {
	from := board.Transitions[op].From
	parts := make([]string, len(from))
	for i, st := range from {
		parts[i] = string(st)
	}
	return strings.Join(parts, ",")
}

// cleanActor drops control characters, which the task log uses as
// separators.
func cleanActor(a string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, a)
}

// mapScriptErr turns a script's "CODE detail" error into the board's errors.
func mapScriptErr(op board.Op, err error) error {
	var rerr redis.Error
	if errors.Is(err, redis.Nil) {
		return board.ErrNoTask
	}
	if !errors.As(err, &rerr) {
		return mapErr(err)
	}
	code, detail, _ := strings.Cut(err.Error(), " ")
	switch code {
	case "NOTFOUND":
		return board.Errorf(board.ErrNotFound, "%s", detail)
	case "STATUS":
		id, st, _ := strings.Cut(detail, " ")
		return &board.TransitionError{Op: op, TaskID: id, Status: board.Status(st)}
	case "STALE":
		f := append(strings.Fields(detail), "", "", "", "")
		return &board.StaleRunError{TaskID: f[0], RunID: f[1], Status: board.Status(f[2]), CurrentRun: f[3]}
	case "CONFLICT":
		return board.Errorf(board.ErrConflict, "%s", detail)
	case "INVALID":
		return board.Errorf(board.ErrInvalid, "%s", detail)
	case "EXISTS":
		return errExists
	}
	return mapErr(fmt.Errorf("%s: %w", op, err))
}

// errExists means a freshly drawn task id was taken; Create draws again.
var errExists = errors.New("id exists")

// mapErr marks connection failures as board.ErrUnavailable; context errors
// and everything else pass through.
func mapErr(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if isUnavailable(err) {
		return fmt.Errorf("%w: %v", board.ErrUnavailable, err)
	}
	return err
}

// isUnavailable spots errors that mean Redis cannot be reached or cannot
// serve now, as opposed to a bad request.
func isUnavailable(err error) bool {
	var nerr net.Error
	switch {
	case errors.As(err, &nerr), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE), errors.Is(err, redis.ErrClosed):
		return true
	}
	return isConnRefusal(err) || strings.Contains(err.Error(), "connection pool timeout")
}

// isConnRefusal spots server replies that mean "not now": loading, a
// read-only replica after fail-over, a cluster that is down.
func isConnRefusal(err error) bool {
	msg := err.Error()
	for _, p := range []string{"LOADING", "READONLY", "CLUSTERDOWN", "MASTERDOWN", "TRYAGAIN"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}
