package gateway

import (
	"context"

	"github.com/switchboard/switchboard/board"
)

// watchFilter picks the events a watch shows: all, one task's, or a
// goal's subtree. The subtree is read when the watch opens and again
// after each event that can change it, so tasks linked in later show.
type watchFilter struct {
	task    string
	subtree bool
	members map[string]bool
}

// refresh re-reads the subtree of a subtree watch.
func (f *watchFilter) refresh(ctx context.Context, store WatchStore, boardName string) error {
	if !f.subtree {
		return nil
	}
	ids, err := store.SubtreeIDs(ctx, boardName, f.task, watchBound)
	if err != nil {
		return err
	}
	f.members = make(map[string]bool, len(ids))
	for _, id := range ids {
		f.members[id] = true
	}
	return nil
}

// changes reports whether ev may have changed the subtree: only new
// parents do.
func (f *watchFilter) changes(ev *board.Event) bool {
	return f.subtree && (ev.Kind == board.EventLinked || ev.Kind == board.EventDependencyWait)
}

// match reports whether the watch shows ev.
func (f *watchFilter) match(ev *board.Event) bool {
	switch {
	case f.task == "":
		return true
	case ev.Kind.IsNotice():
		return f.subtree && ev.TaskID == f.task
	case ev.TaskID == f.task:
		return true
	}
	return f.subtree && f.members[ev.TaskID]
}
