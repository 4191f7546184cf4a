package rdb

import (
	"context"
	"errors"
	"strings"

	"github.com/redis/go-redis/v9"

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
	id := ">"
	if pending {
		id = "0"
	}
	res, err := c.s.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
		Group: group, Consumer: consumer, Streams: []string{c.s.keys.stream(boardName), id}, Count: count, Block: -1,
	}).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, mapErr(err)
	}
	var out []*board.Event
	for _, st := range res {
		for _, msg := range st.Messages {
			out = append(out, DecodeStreamEvent(boardName, msg))
		}
	}
	return out, nil
}

// AckFeed acknowledges events the consumer has handled.
func (c *ChatStore) AckFeed(ctx context.Context, group, boardName string, ids ...string) error {
	return mapErr(c.s.rdb.XAck(ctx, c.s.keys.stream(boardName), group, ids...).Err())
}
