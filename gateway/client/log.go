package client

import (
	"context"
	"net/http"
	"net/url"

	"github.com/switchboard/switchboard/gateway"
)

// RunLog reads the output captured from one of a task's runs: runID, or
// the latest run when runID is "".
func (c *Client) RunLog(ctx context.Context, id, runID string) (*gateway.RunLog, error) {
	path := c.boardPath("/tasks/" + url.PathEscape(id) + "/log")
	if runID != "" {
		path += "?" + url.Values{"run": {runID}}.Encode()
	}
	var out gateway.RunLog
	return &out, c.do(ctx, http.MethodGet, path, nil, &out)
}
