package gateway

import (
	"context"
	"os/exec"
	"slices"

	"github.com/switchboard/switchboard/board"
)

// confirm confirms operator actions. With reverify, each named action's
// check runs first (sh -c, bounded by CheckTimeout) and only the actions
// whose check exits 0 are confirmed; an action without a check counts as
// verified.
func (s *Server) confirm(ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
	p := board.ConfirmParams{All: req.All, Actions: req.Actions, Actor: actor}
	if !req.Reverify {
		return s.board.Confirm(ctx, ref, p)
	}
	task, err := s.board.Get(ctx, ref)
	if err != nil {
		return nil, err
	}
	passed := s.verifiedActions(ctx, task, p)
	if len(passed) == 0 {
		return nil, board.Errorf(board.ErrConflict, "no check passed for the named actions of task %s; nothing was confirmed", ref.ID)
	}
	return s.board.Confirm(ctx, ref, board.ConfirmParams{Actions: passed, Actor: actor})
}

// verifiedActions runs the checks of the pending actions p names.
func (s *Server) verifiedActions(ctx context.Context, task *board.Task, p board.ConfirmParams) []int {
	var passed []int
	for _, n := range task.PendingActions() {
		if !p.All && !slices.Contains(p.Actions, n) {
			continue
		}
		if s.runCheck(ctx, task.OperatorActions[n-1].Check) == nil {
			passed = append(passed, n)
		}
	}
	return passed
}

func (s *Server) runCheck(ctx context.Context, check string) error {
	if check == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CheckTimeout)
	defer cancel()
	err := exec.CommandContext(ctx, "sh", "-c", check).Run()
	if err != nil {
		s.log.Info("operator action check failed", "check", check, "err", err)
	}
	return err
}
