package notify

import (
	"context"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// supervise is a board's supervisor: it runs the goals' due checks.
// Routing schedules a check CoalesceWindow after the first event of a
// burst below a goal with subtree subscriptions; the check looks at the
// subtree as it is then and appends at most one notice.
func (e *Engine) supervise(ctx context.Context, boardName string) {
	defer e.loops.Done()
	tick := time.NewTicker(min(max(e.opts.CoalesceWindow/4, 10*time.Millisecond), 250*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			e.runDue(ctx, boardName)
		}
	}
}

func (e *Engine) runDue(ctx context.Context, boardName string) {
	goals, err := e.store.DueGoals(ctx, boardName, e.store.Now(), 100)
	if err != nil {
		if ctx.Err() == nil {
			e.log.Warn("delivery: due goals", "board", boardName, "err", err)
		}
		return
	}
	for _, g := range goals {
		if err := e.check(ctx, boardName, g); err != nil && ctx.Err() == nil {
			e.log.Warn("delivery: supervision check", "board", boardName, "goal", g, "err", err)
		}
	}
}

// check decides a goal's notice from a fresh snapshot: fan_in, triage or
// none (board.Supervise), and ends the check in one step (rdb.Notice),
// which appends the notice to the board stream.
func (e *Engine) check(ctx context.Context, boardName, goal string) error {
	chk, err := e.store.Subtree(ctx, boardName, goal, snapshotLimit)
	if err != nil {
		return err
	}
	tasks, err := e.store.GetMany(ctx, boardName, append([]string{goal}, chk.Subtree...)...)
	if err != nil {
		return err
	}
	p := rdb.NoticeParams{Board: boardName, Goal: goal, Check: chk, Window: e.opts.CoalesceWindow}
	if len(tasks) > 0 && tasks[0].ID == goal {
		p.Kind, p.Notice = board.Supervise(tasks[0], tasks[1:], chk.TriageDue())
		p.Notice.Truncated = chk.Truncated
		p.Signature = board.FanInSignature(tasks[0])
	}
	id, err := e.store.Notice(ctx, p)
	if err != nil {
		return err
	}
	if id != "" {
		e.log.Info("delivery: notice", "board", boardName, "goal", goal, "kind", p.Kind, "event", id,
			"stuck", len(p.Notice.Stuck))
	}
	return nil
}
