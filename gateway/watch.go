package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"time"

	"github.com/switchboard/switchboard/board"
)

// WatchStore is what the watch stream reads.
type WatchStore interface {
	ReadStream(ctx context.Context, boardName, after string, count int64, block time.Duration) ([]*board.Event, error)
	LastEventID(ctx context.Context, boardName string) (string, error)
	SubtreeIDs(ctx context.Context, boardName, goal string, bound int) ([]string, error)
}

// Watch stream tuning.
const (
	watchPoll      = 50 * time.Millisecond // a watcher polls; it holds no Redis connection
	watchKeepalive = 15 * time.Second
	watchBatch     = 256
	watchBound     = 10_000 // subtree size a watch follows
)

var streamID = regexp.MustCompile(`^[0-9]+-[0-9]+$`)

// watcher serves GET /boards/{board}/watch as server-sent events: one
// "id:/event:/data:" record per board event, data being the event's JSON.
// It starts at the newest event, or after the id in the Last-Event-ID
// header (or ?after=), so a client that reconnects loses nothing the
// stream still holds. ?task=ID keeps that task's events; with &subtree=1
// also those of every task it waits on, and its fan_in/triage notices.
type watcher struct {
	store WatchStore
	log   *slog.Logger
	srv   *Server
}

// ServeHTTP streams the board until the client goes away or the server stops.
func (h *watcher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, boardName := r.Context(), r.PathValue("board")
	f, after, err := h.open(ctx, r)
	if err != nil {
		h.srv.writeError(w, r, err)
		return
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, ": watching %s after %s\n\n", boardName, after)
	if rc.Flush() != nil {
		return
	}
	h.stream(ctx, w, rc, f, boardName, after)
}

// open reads the request: the filter and the starting id.
func (h *watcher) open(ctx context.Context, r *http.Request) (*watchFilter, string, error) {
	q := r.URL.Query()
	f := &watchFilter{task: q.Get("task"), subtree: q.Get("subtree") == "1" || q.Get("subtree") == "true"}
	if f.task != "" {
		if err := board.ValidateTaskID(f.task); err != nil {
			return nil, "", err
		}
	}
	if f.subtree && f.task == "" {
		return nil, "", board.Errorf(board.ErrInvalid, "subtree needs a task: watch TASK_ID --subtree")
	}
	if err := f.refresh(ctx, h.store, r.PathValue("board")); err != nil {
		return nil, "", err
	}
	after := r.Header.Get("Last-Event-ID")
	if after == "" {
		after = q.Get("after")
	}
	if after == "" {
		last, err := h.store.LastEventID(ctx, r.PathValue("board"))
		return f, last, err
	}
	if !streamID.MatchString(after) {
		return nil, "", board.Errorf(board.ErrInvalid, "malformed event id %q", after)
	}
	return f, after, nil
}

// stream polls the board stream and writes matching events until the
// client goes away or a write fails.
func (h *watcher) stream(ctx context.Context, w http.ResponseWriter, rc *http.ResponseController, f *watchFilter, boardName, after string) {
	poll := time.NewTicker(watchPoll)
	defer poll.Stop()
	lastWrite := time.Now()
	for {
		evs, err := h.store.ReadStream(ctx, boardName, after, watchBatch, 0)
		if err != nil {
			if ctx.Err() == nil {
				h.log.Warn("watch: read stream", "board", boardName, "err", err)
			}
			return
		}
		for _, ev := range evs {
			after = ev.ID
			if f.changes(ev) {
				_ = f.refresh(ctx, h.store, boardName) // a failed refresh keeps the old set
			}
			if f.match(ev) {
				writeEvent(w, ev)
			}
		}
		if len(evs) > 0 || time.Since(lastWrite) > watchKeepalive {
			if len(evs) == 0 {
				fmt.Fprint(w, ": keepalive\n\n")
			}
			if rc.Flush() != nil {
				return
			}
			lastWrite = time.Now()
		}
		if len(evs) == watchBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-h.srv.quit:
			return
		case <-poll.C:
		}
	}
}

func writeEvent(w http.ResponseWriter, ev *board.Event) {
	data, _ := json.Marshal(ev) // an event always encodes
	fmt.Fprintf(w, "id: %s\nevent: %s\ndata: %s\n\n", ev.ID, ev.Kind, data)
}
