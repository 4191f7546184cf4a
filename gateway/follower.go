package gateway

import (
	"context"
	"log/slog"
	"time"

	"github.com/switchboard/switchboard/board"
)

// EventFeed reads every board's event stream through a consumer group.
// board/rdb's ChatStore satisfies it.
type EventFeed interface {
	Boards(ctx context.Context) ([]string, error)
	// EnsureFeed creates the group on a board's stream if it is missing,
	// starting at the stream's end, or its start when fromStart.
	EnsureFeed(ctx context.Context, group, boardName string, fromStart bool) error
	// ReadFeed returns up to count events not yet delivered to the group,
	// or with pending this consumer's delivered but unacknowledged ones.
	ReadFeed(ctx context.Context, group, consumer, boardName string, count int64, pending bool) ([]*board.Event, error)
	AckFeed(ctx context.Context, group, boardName string, ids ...string) error
}

// FollowerParams configures a Follower.
type FollowerParams struct {
	Feed     EventFeed
	Store    ChatStore
	Registry *Registry
	// Group is the consumer group name. Default "chat-notices".
	Group string
	// Consumer names this process in the group. Default "gateway".
	Consumer string
	// Poll is the wait between reads when nothing is new. Default 500ms.
	Poll time.Duration
	// Attempts bounds the tries of each edit. Default 3.
	Attempts int
	Logger   *slog.Logger
}

// Follower edits delivered gate notices after a decision, whoever made it
// and wherever (a button on any platform, the CLI, the API): it follows
// every board's event stream in its own consumer group and, for each
// deciding event, asks the registered adapters that are Editors to edit
// the gate's notices.
type Follower struct {
	p     FollowerParams
	log   *slog.Logger
	known map[string]bool
	loop  Loop
}

// NewFollower returns a stopped Follower.
func NewFollower(p FollowerParams) *Follower {
	if p.Group == "" {
		p.Group = "chat-notices"
	}
	if p.Consumer == "" {
		p.Consumer = "gateway"
	}
	if p.Poll <= 0 {
		p.Poll = 500 * time.Millisecond
	}
	if p.Attempts <= 0 {
		p.Attempts = 3
	}
	if p.Logger == nil {
		p.Logger = slog.Default()
	}
	return &Follower{p: p, log: p.Logger.With("part", "chat-follower"), known: map[string]bool{}}
}

// Start joins the group on every existing board (at the streams' ends, so
// history is not replayed) and follows them in the background.
func (f *Follower) Start(ctx context.Context) error {
	if err := f.discover(ctx, false); err != nil {
		return err
	}
	f.loop.Go(ctx, f.run)
	return nil
}

// Stop ends the loop and waits for it until ctx ends. Safe to call twice.
func (f *Follower) Stop(ctx context.Context) error { return f.loop.Stop(ctx) }

func (f *Follower) run(ctx context.Context) {
	pending := true // after a restart, first finish what was delivered but not acked
	for ctx.Err() == nil {
		n := f.pass(ctx, pending)
		pending = false
		if n > 0 {
			continue
		}
		t := time.NewTimer(f.p.Poll)
		select {
		case <-ctx.Done():
		case <-t.C:
		}
		t.Stop()
	}
}
