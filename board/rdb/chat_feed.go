package rdb

import (
	"context"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// Boards lists every board, for the feed's consumers.
func (c *ChatStore) Boards(ctx context.Context) ([]string, error) { return c.s.Boards(ctx) }

// EnsureFeed creates consumer group on a board's stream unless it exists,
// at the stream's end ("$") or, with fromStart, its beginning.
func (c *ChatStore) EnsureFeed(ctx context.Context, group, boardName string, fromStart bool) error {
	start := "$"
	if fromStart {
		start = "0"
	}
	err := c.s.rdb.XGroupCreateMkStream(ctx, c.s.keys.stream(boardName), group, start).Err()
	if err != nil && strings.HasPrefix(err.Error(), "BUSYGROUP") {
		return nil
	}
	return mapErr(err)
}

// ReadFeed reads up to count events of a board for consumer: new ones
// (">"), or with pending those delivered to it but not acknowledged. It
// does not wait.
func (c *ChatStore) ReadFeed(ctx context.Context, group, consumer, boardName string, count int64, pending bool) ([]*board.Event, error) {
	evs, err := c.s.readGroup(ctx, group, consumer, boardName, pending, count, 0)
	return evs, mapErr(err)
}

// AckFeed acknowledges events the consumer has handled.
func (c *ChatStore) AckFeed(ctx context.Context, group, boardName string, ids ...string) error {
	return mapErr(c.s.rdb.XAck(ctx, c.s.keys.stream(boardName), group, ids...).Err())
}
