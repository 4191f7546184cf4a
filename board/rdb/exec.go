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

// call runs a named script for op on board with the common ARGV header
// (see lua/prelude.lua) followed by args.
func (s *Store) call(ctx context.Context, name, boardName string, op board.Op, actor string, args ...any) (any, error) {
	res, err := s.scripts[name].Run(ctx, s.rdb, []string{s.keys.base(boardName)}, append(s.header(boardName, op, actor), args...)...).Result()
	if err != nil {
		return nil, mapScriptErr(op, err)
	}
	return res, nil
}

// header is the common ARGV header of every script (lua/prelude.lua).
func (s *Store) header(boardName string, op board.Op, actor string) []any {
	return []any{
		s.now().UnixMilli(), actor, allowedFrom(op),
		s.policy.EventStreamMaxLen, s.policy.TaskEventsMax, boardName,
	}
}

func allowedFrom(op board.Op) string {
	from := board.Transitions[op].From
	parts := make([]string, len(from))
	for i, st := range from {
		parts[i] = string(st)
	}
	return strings.Join(parts, ",")
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
	return fmt.Errorf("%s: %w", op, err)
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
