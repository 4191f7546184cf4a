package client

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
)

// WatchParams chooses what Watch follows.
type WatchParams struct {
	// TaskID keeps one task's events; empty follows the whole board.
	TaskID string
	// Subtree adds the events of every task TaskID waits on, and its
	// fan_in and triage notices.
	Subtree bool
	// After resumes after this event id; empty starts with new events.
	After string
	// OnReconnect, if set, is told of each lost connection before Watch
	// reconnects.
	OnReconnect func(err error)
}

// Watch streams board events to fn until ctx ends (then it returns nil),
// fn returns an error, or the gateway refuses the watch. A lost
// connection is re-opened with backoff, resuming after the last event
// seen, so nothing the board stream still holds is missed.
func (c *Client) Watch(ctx context.Context, p WatchParams, fn func(*board.Event) error) error {
	delay := 100 * time.Millisecond
	for {
		got, err := c.watchOnce(ctx, &p, fn)
		var apiErr *APIError
		var fnErr fnError
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.As(err, &fnErr):
			return fnErr.error
		case errors.As(err, &apiErr) && apiErr.StatusCode < 500:
			return err
		}
		if got {
			delay = 100 * time.Millisecond
		}
		if p.OnReconnect != nil {
			p.OnReconnect(err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(delay):
		}
		delay = min(delay*2, 5*time.Second)
	}
}

// fnError marks an error returned by the caller's function.
type fnError struct{ error }

// watchOnce runs one connection; got reports whether any event came.
func (c *Client) watchOnce(ctx context.Context, p *WatchParams, fn func(*board.Event) error) (got bool, err error) {
	q := url.Values{}
	if p.TaskID != "" {
		q.Set("task", p.TaskID)
	}
	if p.Subtree {
		q.Set("subtree", "1")
	}
	req, err := c.request(ctx, http.MethodGet, c.boardPath("/watch?"+q.Encode()), nil)
	if err != nil {
		return false, err
	}
	if p.After != "" {
		req.Header.Set("Last-Event-ID", p.After)
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.stream.Do(req)
	if err != nil {
		return false, fmt.Errorf("%w: %s: %v", ErrUnreachable, c.base, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return false, decodeError(resp.StatusCode, data)
	}
	return readEvents(resp.Body, p, fn)
}

// readEvents parses server-sent events, calling fn for each and keeping
// p.After at the last id.
func readEvents(r io.Reader, p *WatchParams, fn func(*board.Event) error) (got bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var data string
	for sc.Scan() {
		line := sc.Text()
		if d, ok := strings.CutPrefix(line, "data: "); ok {
			data = d
			continue
		}
		if line != "" || data == "" {
			continue
		}
		var ev board.Event
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			return got, fmt.Errorf("malformed event from the gateway: %w", err)
		}
		data, got, p.After = "", true, ev.ID
		if err := fn(&ev); err != nil {
			return got, fnError{err}
		}
	}
	if err := sc.Err(); err != nil {
		return got, fmt.Errorf("%w: watch stream: %v", ErrUnreachable, err)
	}
	return got, fmt.Errorf("%w: the gateway closed the watch stream", ErrUnreachable)
}
