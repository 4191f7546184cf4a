package rdb

import (
	"context"
	"strconv"

	"github.com/switchboard/switchboard/board"
)

// ExpiredLeases returns up to max running tasks of a board whose lease
// ended before now. The dispatcher's rescuer ends each run as timed_out.
func (s *Store) ExpiredLeases(ctx context.Context, boardName string, max int) ([]board.RunRef, error) {
	res, err := s.call(ctx, "leases", boardName, "", "", max)
	if err != nil {
		return nil, err
	}
	list, _ := res.([]any)
	out := make([]board.RunRef, 0, len(list)/2)
	for i := 0; i+1 < len(list); i += 2 {
		id, _ := list[i].(string)
		run, _ := list[i+1].(string)
		out = append(out, board.RunRef{Board: boardName, TaskID: id, RunID: run})
	}
	return out, nil
}

// ProcessInfo identifies a worker process for adoption after a restart.
type ProcessInfo struct {
	Host  string
	PID   int
	Start string
	// Supervisor identifies the dispatcher process watching the worker, on
	// the same host, so another dispatcher there adopts only orphans.
	Supervisor string
}

// SetRunProcess records which process runs a run.
func (s *Store) SetRunProcess(ctx context.Context, ref board.RunRef, p ProcessInfo) error {
	return s.setRunFields(ctx, ref, "host", p.Host, "pid", strconv.Itoa(p.PID), "process_start", p.Start,
		"supervisor", p.Supervisor)
}

// SetRunExit records a run's process exit code after the run has ended.
func (s *Store) SetRunExit(ctx context.Context, ref board.RunRef, code int) error {
	return s.setRunFields(ctx, ref, "exit_code", strconv.Itoa(code))
}

func (s *Store) setRunFields(ctx context.Context, ref board.RunRef, pairs ...any) error {
	_, err := s.call(ctx, "run_process", ref.Board, "", "", append([]any{ref.RunID}, pairs...)...)
	return err
}
