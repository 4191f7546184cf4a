package gateway

import (
	"context"
	"fmt"

	"github.com/switchboard/switchboard/board"
)

// SubscriptionStore is what subscriptions need from the board.
type SubscriptionStore interface {
	Get(ctx context.Context, ref board.Ref) (*board.Task, error)
	Subscribe(ctx context.Context, p board.SubscribeParams) (*board.Subscription, error)
	Subscriptions(ctx context.Context, boardName, taskID string) ([]*board.Subscription, error)
	Subscription(ctx context.Context, boardName, id string) (*board.Subscription, error)
	Unsubscribe(ctx context.Context, boardName, id string) (*board.Subscription, error)
}

// Subscriptions is the subscription service that the HTTP API and the
// chat adapters' /kanban subscribe share. It refuses a target whose kind
// no adapter in this gateway serves, with a message naming those that do.
type Subscriptions struct {
	store      SubscriptionStore
	reg        *Registry
	subscribed func(boardName string)
}

// NewSubscriptions returns the service. subscribed, if not nil, is told
// of each new subscription's board (the delivery engine starts routing it
// at once).
func NewSubscriptions(store SubscriptionStore, reg *Registry, subscribed func(boardName string)) *Subscriptions {
	if subscribed == nil {
		subscribed = func(string) {}
	}
	return &Subscriptions{store: store, reg: reg, subscribed: subscribed}
}

// Subscribe validates p and adds the subscription. It starts caught up.
func (s *Subscriptions) Subscribe(ctx context.Context, p board.SubscribeParams) (*board.Subscription, error) {
	kind, err := p.Validate()
	if err != nil {
		return nil, err
	}
	if _, err := s.reg.Lookup(kind); err != nil {
		return nil, err
	}
	if kind == board.KindOrchestrator {
		_, id, _ := board.ParseTarget(p.Target)
		if _, err := s.store.Get(ctx, board.Ref{Board: p.Board, ID: id}); err != nil {
			return nil, fmt.Errorf("orchestrator target: %w", err)
		}
	}
	sub, err := s.store.Subscribe(ctx, p)
	if err != nil {
		return nil, err
	}
	s.subscribed(p.Board)
	return sub, nil
}

// List returns a board's subscriptions, or a task's when taskID is set.
func (s *Subscriptions) List(ctx context.Context, boardName, taskID string) ([]*board.Subscription, error) {
	return s.store.Subscriptions(ctx, boardName, taskID)
}

// Get returns one subscription.
func (s *Subscriptions) Get(ctx context.Context, boardName, id string) (*board.Subscription, error) {
	return s.store.Subscription(ctx, boardName, id)
}

// Unsubscribe removes a subscription and returns it.
func (s *Subscriptions) Unsubscribe(ctx context.Context, boardName, id string) (*board.Subscription, error) {
	return s.store.Unsubscribe(ctx, boardName, id)
}
