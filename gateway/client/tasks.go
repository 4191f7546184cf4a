package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// CreateTask creates a task.
func (c *Client) CreateTask(ctx context.Context, req gateway.CreateRequest) (*board.Task, error) {
	var t board.Task
	return &t, c.do(ctx, http.MethodPost, c.boardPath("/tasks"), req, &t)
}

// ListTasks lists tasks in the given statuses (all but archived when none).
func (c *Client) ListTasks(ctx context.Context, statuses []string, limit int) ([]*board.Task, error) {
	q := url.Values{}
	for _, s := range statuses {
		q.Add("status", s)
	}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var out []*board.Task
	return out, c.do(ctx, http.MethodGet, c.boardPath("/tasks?"+q.Encode()), nil, &out)
}

// Task reads one task.
func (c *Client) Task(ctx context.Context, id string) (*board.Task, error) {
	var t board.Task
	return &t, c.do(ctx, http.MethodGet, c.boardPath("/tasks/"+url.PathEscape(id)), nil, &t)
}

// Runs reads a task's runs.
func (c *Client) Runs(ctx context.Context, id string) ([]*board.Run, error) {
	var out []*board.Run
	return out, c.do(ctx, http.MethodGet, c.boardPath("/tasks/"+url.PathEscape(id)+"/runs"), nil, &out)
}

// Events reads a task's events.
func (c *Client) Events(ctx context.Context, id string) ([]*board.Event, error) {
	var out []*board.Event
	return out, c.do(ctx, http.MethodGet, c.boardPath("/tasks/"+url.PathEscape(id)+"/events"), nil, &out)
}

// Verb runs a person's verb (answer, approve, deny, resume, review,
// confirm, unblock, reopen, archive) on a task.
func (c *Client) Verb(ctx context.Context, id, verb string, req gateway.VerbRequest) (*board.Task, error) {
	var t board.Task
	path := c.boardPath("/tasks/" + url.PathEscape(id) + "/" + url.PathEscape(verb))
	return &t, c.do(ctx, http.MethodPost, path, req, &t)
}

// Link makes parent a parent of child.
func (c *Client) Link(ctx context.Context, parent, child string) (*board.Task, error) {
	var t board.Task
	return &t, c.do(ctx, http.MethodPost, c.boardPath("/links"), gateway.LinkRequest{Parent: parent, Child: child}, &t)
}
