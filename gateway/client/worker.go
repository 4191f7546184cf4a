package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// RetryPolicy bounds how long worker calls retry while the gateway or its
// Redis is unavailable.
type RetryPolicy struct {
	// For is the total time to keep trying. 0 tries once.
	For time.Duration
	// Base is the first delay; it doubles up to Max, with jitter.
	Base, Max time.Duration
}

// DefaultRetry keeps trying for two minutes.
var DefaultRetry = RetryPolicy{For: 2 * time.Minute, Base: 250 * time.Millisecond, Max: 10 * time.Second}

// Worker sends a worker call (complete, block, request-review, park,
// heartbeat, comment), retrying while the gateway is unreachable or its
// store is unavailable. Refusals (a stale run, bad input) are not retried.
func (c *Client) Worker(ctx context.Context, verb string, req gateway.WorkerRequest, rp RetryPolicy) (*gateway.WorkerReply, error) {
	var out gateway.WorkerReply
	deadline := time.Now().Add(rp.For)
	delay := rp.Base
	for {
		err := c.do(ctx, http.MethodPost, gateway.APIPrefix+"/worker/"+verb, req, &out)
		if err == nil || !Retryable(err) || time.Now().Add(delay).After(deadline) {
			return &out, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(delay + rand.N(delay/2+1)):
		}
		delay = min(delay*2, rp.Max)
	}
}

// Retryable reports whether err means "not recorded, try again": the
// gateway was unreachable or its store was unavailable.
func Retryable(err error) bool {
	return errors.Is(err, ErrUnreachable) || errors.Is(err, board.ErrUnavailable)
}
