// Package client is the Go client of the gateway's HTTP API. The CLI uses
// it for every verb; tests use it to drive a running server.
package client

import (
	"bytes"
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
	"github.com/switchboard/switchboard/gateway"
)

// Client calls one gateway for one board.
type Client struct {
	base  string
	token string
	board string
	http  *http.Client
	// stream has no overall timeout, for the watch stream.
	stream *http.Client
}

// New returns a client for the gateway at server, acting on boardName with
// token (the admin token, a worker's run token, or "").
func New(server, token, boardName string) *Client {
	return &Client{
		base: strings.TrimRight(server, "/"), token: token, board: boardName,
		http: &http.Client{Timeout: 30 * time.Second}, stream: &http.Client{},
	}
}

// Board returns the board the client acts on.
func (c *Client) Board() string { return c.board }

// APIError is an error the gateway answered with.
type APIError struct {
	StatusCode int
	Body       gateway.ErrorBody
}

// Error returns the gateway's sentence.
func (e *APIError) Error() string { return e.Body.Error }

// Unwrap maps the HTTP status back to the board's sentinels, so callers
// can use errors.Is across the wire.
func (e *APIError) Unwrap() error {
	switch e.Body.Code {
	case "stale_run":
		return board.ErrStaleRun
	case "not_found", "no_task":
		return board.ErrNotFound
	case "conflict":
		return board.ErrConflict
	case "invalid":
		return board.ErrInvalid
	case "unauthorized":
		return board.ErrUnauthorized
	case "forbidden":
		return board.ErrForbidden
	case "unavailable":
		return board.ErrUnavailable
	}
	return nil
}

// ErrUnreachable wraps failures to reach the gateway at all.
var ErrUnreachable = errors.New("gateway unreachable")

// do sends one request. body may be nil; out may be nil.
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	req, err := c.request(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrUnreachable, c.base, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("%w: reading the reply: %v", ErrUnreachable, err)
	}
	if resp.StatusCode >= 300 {
		return decodeError(resp.StatusCode, data)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("malformed reply from the gateway: %w", err)
	}
	return nil
}

func (c *Client) request(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, fmt.Errorf("bad server address %q: %w", c.base, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	return req, nil
}

func decodeError(code int, data []byte) error {
	e := &APIError{StatusCode: code}
	if err := json.Unmarshal(data, &e.Body); err != nil || e.Body.Error == "" {
		e.Body.Error = fmt.Sprintf("gateway answered %d %s", code, http.StatusText(code))
	}
	return e
}

// boardPath is the API path of the client's board plus rest.
func (c *Client) boardPath(rest string) string {
	return gateway.APIPrefix + "/boards/" + url.PathEscape(c.board) + rest
}
