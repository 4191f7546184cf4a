// Package orchestrator acts on subtree notices for orchestrator tasks
// (targets "orchestrator:TASK_ID"):
//
//   - fan_in: the snapshot is attached to the task's context and its wake
//     count is cleared; the board makes the task ready once its parents are
//     done, so it runs with the snapshot.
//   - triage: the task is woken (board.OpWake: todo → ready, snapshot
//     attached). After the wake limit of consecutive wakes that resolved
//     nothing, it is not woken; an orchestrator_braked event on the task
//     tells the people subscribed to it instead.
//
// Every other event kind is ignored.
package orchestrator

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Store is what the adapter needs from the board.
type Store interface {
	Attach(ctx context.Context, ref board.Ref, kind string, data json.RawMessage) error
	ClearWakes(ctx context.Context, ref board.Ref) error
	Wake(ctx context.Context, ref board.Ref, p board.WakeParams) (board.WakeOutcome, int, error)
}

// Options configures the adapter.
type Options struct {
	// WakeLimit is notify.orchestrator_wake_limit. Default 2.
	WakeLimit int
	// Logger. Default slog.Default().
	Logger *slog.Logger
}

// Adapter delivers notices to orchestrator tasks.
type Adapter struct {
	store Store
	limit int
	log   *slog.Logger
}

// New returns an orchestrator adapter acting on store.
func New(store Store, opts Options) *Adapter {
	if opts.WakeLimit <= 0 {
		opts.WakeLimit = 2
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Adapter{store: store, limit: opts.WakeLimit, log: opts.Logger.With("adapter", "orchestrator")}
}

// Kind is "orchestrator".
func (a *Adapter) Kind() string { return board.KindOrchestrator }

// Deliver acts on fan_in and triage notices and ignores other events.
func (a *Adapter) Deliver(ctx context.Context, d gateway.Delivery) error {
	if !d.Event.Kind.IsNotice() {
		return nil
	}
	_, task, err := board.ParseTarget(d.Subscription.Target)
	if err != nil {
		return err
	}
	ref := board.Ref{Board: d.Subscription.Board, ID: task}
	if d.Event.Kind == board.EventFanIn {
		return a.fanIn(ctx, ref, d.Event)
	}
	return a.triage(ctx, ref, d.Event)
}

func (a *Adapter) fanIn(ctx context.Context, ref board.Ref, ev board.Event) error {
	if err := a.store.Attach(ctx, ref, string(board.EventFanIn), ev.Data); err != nil {
		return fmt.Errorf("fan-in for %s: %w", ref.ID, err)
	}
	if err := a.store.ClearWakes(ctx, ref); err != nil {
		return fmt.Errorf("fan-in for %s: %w", ref.ID, err)
	}
	a.log.Info("fan-in attached", "board", ref.Board, "task", ref.ID, "notice", ev.ID)
	return nil
}

func (a *Adapter) triage(ctx context.Context, ref board.Ref, ev board.Event) error {
	var n board.Notice
	if err := json.Unmarshal(ev.Data, &n); err != nil {
		return fmt.Errorf("triage notice %s: %w", ev.ID, err)
	}
	out, unresolved, err := a.store.Wake(ctx, ref, board.WakeParams{Notice: n, Limit: a.limit})
	if err != nil {
		return fmt.Errorf("wake %s: %w", ref.ID, err)
	}
	log := a.log.Info
	if out == board.WakeBraked {
		log = a.log.Warn
	}
	log("triage", "board", ref.Board, "task", ref.ID, "outcome", out, "unresolved_wakes", unresolved,
		"stuck", n.Stuck, "notice", ev.ID)
	return nil
}

var _ gateway.Adapter = (*Adapter)(nil)
