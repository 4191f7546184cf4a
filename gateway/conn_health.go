package gateway

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Readier is an adapter that holds a connection (a websocket, a long
// poll) and reports it in /readyz. cmd adds a ready check for each.
type Readier interface {
	Ready(ctx context.Context) error
}

// Health is a connection's state for /readyz. Adapters call Up when the
// connection works and Down when it fails. The zero value is "not
// connected yet".
type Health struct {
	mu    sync.Mutex
	known bool
	up    bool
	err   error
}

// Up records a working connection.
func (h *Health) Up() {
	h.mu.Lock()
	h.known, h.up, h.err = true, true, nil
	h.mu.Unlock()
}

// Down records a failed or closed connection and why.
func (h *Health) Down(err error) {
	if err == nil {
		err = errors.New("disconnected")
	}
	h.mu.Lock()
	h.known, h.up, h.err = true, false, err
	h.mu.Unlock()
}

// Ready returns nil while the connection works.
func (h *Health) Ready(context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case !h.known:
		return errors.New("not connected yet")
	case !h.up:
		return fmt.Errorf("disconnected: %v", h.err)
	}
	return nil
}
