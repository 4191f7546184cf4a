package client

import (
	"context"
	"net/http"
	"net/url"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// Subscribe adds a subscription.
func (c *Client) Subscribe(ctx context.Context, req gateway.SubscribeRequest) (*board.Subscription, error) {
	var sub board.Subscription
	return &sub, c.do(ctx, http.MethodPost, c.boardPath("/subscriptions"), req, &sub)
}

// Subscriptions lists the board's subscriptions, or a task's.
func (c *Client) Subscriptions(ctx context.Context, taskID string) ([]*board.Subscription, error) {
	q := url.Values{}
	if taskID != "" {
		q.Set("task", taskID)
	}
	var out []*board.Subscription
	return out, c.do(ctx, http.MethodGet, c.boardPath("/subscriptions?"+q.Encode()), nil, &out)
}

// Unsubscribe removes a subscription and returns it.
func (c *Client) Unsubscribe(ctx context.Context, id string) (*board.Subscription, error) {
	var sub board.Subscription
	return &sub, c.do(ctx, http.MethodDelete, c.boardPath("/subscriptions/"+url.PathEscape(id)), nil, &sub)
}
