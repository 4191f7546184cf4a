package gateway

import (
	"context"

	"github.com/switchboard/switchboard/board"
)

// Delivery is one board event (or a subtree notice: fan_in, triage) for
// one subscription.
type Delivery struct {
	Subscription board.Subscription
	Event        board.Event
	// Task is the event's task as it stood when the delivery was made; nil
	// for board-wide events or when the task is gone.
	Task *board.Task
}

// Adapter delivers events to one kind of subscription target (discord,
// telegram, slack, webhook, orchestrator). Deliver returns an error to
// have the delivery retried with backoff; it must be safe to call again
// for the same delivery (at-least-once).
type Adapter interface {
	// Kind is the target kind this adapter serves: the prefix of a
	// subscription's target.
	Kind() string
	Deliver(ctx context.Context, d Delivery) error
}

// Starter is an adapter with a connection to open and close (a chat
// gateway websocket, a poller). The registry's owner starts and stops it.
type Starter interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}
