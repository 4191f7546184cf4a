package gateway

import (
	"context"
	"time"

	"github.com/switchboard/switchboard/board"
)

// feedBatch bounds the events one read returns per board.
const feedBatch = 100

// discover joins the group on boards not seen yet. Boards found after
// start are read from their beginning: their whole stream is new.
func (f *Follower) discover(ctx context.Context, fromStart bool) error {
	boards, err := f.p.Feed.Boards(ctx)
	if err != nil {
		return err
	}
	for _, b := range boards {
		if f.known[b] {
			continue
		}
		if err := f.p.Feed.EnsureFeed(ctx, f.p.Group, b, fromStart); err != nil {
			return err
		}
		f.known[b] = true
	}
	return nil
}

// pass reads each board once and handles what it read; it returns how
// many events it saw.
func (f *Follower) pass(ctx context.Context, pending bool) int {
	if err := f.discover(ctx, true); err != nil && ctx.Err() == nil {
		f.log.Warn("listing boards", "err", err)
	}
	seen := 0
	for b := range f.known {
		evs, err := f.p.Feed.ReadFeed(ctx, f.p.Group, f.p.Consumer, b, feedBatch, pending)
		if err != nil {
			if ctx.Err() == nil {
				f.log.Warn("reading the event feed", "board", b, "err", err)
			}
			continue
		}
		seen += len(evs)
		for _, ev := range evs {
			f.handle(ctx, ev)
			if err := f.p.Feed.AckFeed(ctx, f.p.Group, b, ev.ID); err != nil && ctx.Err() == nil {
				f.log.Warn("acknowledging an event", "board", b, "event", ev.ID, "err", err)
			}
		}
	}
	return seen
}

// handle edits the notices a deciding event closes, retrying a failed
// edit a few times with a growing pause before giving it up to the log.
func (f *Follower) handle(ctx context.Context, ev *board.Event) {
	if !editsNotices(ev) {
		return
	}
	var err error
	for i := range f.p.Attempts {
		if err = closeNotices(ctx, f.p.Store, f.editor, ev); err == nil {
			return
		}
		t := time.NewTimer(f.p.Poll * time.Duration(i+1))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
	f.log.Error("editing notices after a decision failed", "task", ev.TaskID, "event", ev.ID, "err", err)
}

// editor returns the registered adapter for kind if it can edit notices.
func (f *Follower) editor(kind string) Editor {
	a, err := f.p.Registry.Lookup(kind)
	if err != nil {
		return nil
	}
	ed, _ := a.(Editor)
	return ed
}
