package dispatcher

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// claimOne reserves a spawn, claims the best task of board b and launches
// its worker. claimed reports whether a task was taken; hold is how long
// the spent spawn budget holds every claim back.
func (d *Dispatcher) claimOne(ctx context.Context, b string) (claimed bool, hold time.Duration) {
	res, err := d.store.ReserveSpawn(ctx, d.opts.SpawnBudget.Max, d.opts.SpawnBudget.Per)
	if err != nil {
		d.log.Warn("reserve a spawn", "err", err)
		return false, 0
	}
	if !res.Allowed {
		return false, d.budgetSpent(ctx, b, res)
	}
	c, err := d.store.Claim(ctx, board.ClaimParams{Board: b})
	if err != nil {
		d.releaseSpawn(res.ID)
		if !errors.Is(err, board.ErrNoTask) {
			d.log.Warn("claim", "board", b, "err", err)
		}
		return false, 0
	}
	prof, ok := d.opts.Profiles[c.Task.Profile]
	if !ok {
		d.releaseSpawn(res.ID)
		d.refuseProfile(ctx, c)
		return true, 0
	}
	d.launch(c, prof)
	return true, 0
}

// budgetSpent holds claims until the window allows, and reports the trip
// once: the store flags the first refusal across every dispatcher.
func (d *Dispatcher) budgetSpent(ctx context.Context, b string, res rdb.SpawnReservation) time.Duration {
	d.budgetUntil = res.RetryAt
	d.stats.budgetHeld.Add(1)
	if res.FirstRefusal {
		sb := d.opts.SpawnBudget
		d.log.Warn("spawn budget spent: no worker starts until the window allows one",
			"max", sb.Max, "per", sb.Per, "resume_at", res.RetryAt)
		data := map[string]any{"max": sb.Max, "per": sb.Per.String(), "resume_at": res.RetryAt.UnixMilli()}
		if _, err := d.store.Note(ctx, board.Ref{Board: b}, board.EventSpawnBudgetExhausted, board.ActorSystem, data); err != nil {
			d.log.Warn("record spawn_budget_exhausted", "board", b, "err", err)
		}
	}
	return max(d.budgetHold(), time.Millisecond)
}

func (d *Dispatcher) releaseSpawn(id string) {
	if err := d.store.ReleaseSpawn(d.bg, id); err != nil {
		d.log.Warn("release a spawn reservation", "err", err)
	}
}

// refuseProfile blocks (capability) a claimed task whose profile is not
// in the config, saying so, so it never sits silently in ready.
func (d *Dispatcher) refuseProfile(ctx context.Context, c *board.Claim) {
	names := make([]string, 0, len(d.opts.Profiles))
	for name := range d.opts.Profiles {
		names = append(names, name)
	}
	slices.Sort(names)
	reason := fmt.Sprintf("profile %q is not in the config (defined: %s): add it under profiles and restart serve, "+
		"then unblock the task", c.Task.Profile, strings.Join(names, ", "))
	ref := board.RunRef{Board: c.Task.Board, TaskID: c.Task.ID, RunID: c.Run.ID}
	if _, err := d.store.SystemBlock(ctx, ref, board.BlockParams{Kind: board.BlockCapability, Reason: reason}); err != nil {
		d.log.Error("block a task with an unknown profile", "board", c.Task.Board, "task", c.Task.ID, "run", c.Run.ID, "err", err)
		return
	}
	d.log.Warn("blocked a task with an unknown profile", "board", c.Task.Board, "task", c.Task.ID, "run", c.Run.ID, "profile", c.Task.Profile)
}
