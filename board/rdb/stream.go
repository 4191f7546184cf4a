package rdb

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// StreamKey is the Redis key of a board's event stream, for consumers that
// read it directly (the delivery engine's consumer groups).
func (s *Store) StreamKey(boardName string) string { return s.keys.stream(boardName) }

// Prefix returns the store's key prefix.
func (s *Store) Prefix() string { return s.keys.prefix }

// ReadStream returns up to count events of a board after the stream id
// after ("0" for the start, "$" for only new ones), waiting up to block
// for the first. block 0 does not wait.
func (s *Store) ReadStream(ctx context.Context, boardName, after string, count int64, block time.Duration) ([]*board.Event, error) {
	args := &redis.XReadArgs{Streams: []string{s.keys.stream(boardName), after}, Count: count, Block: -1}
	if block > 0 {
		args.Block = block
	}
	res, err := s.rdb.XRead(ctx, args).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, mapErr(err)
	}
	return decodeStreams(boardName, res), nil
}

// readGroup reads up to count entries of a board's stream for consumer
// of group: new ones (">"), or with pending those handed to it and not
// acknowledged (which never waits). block 0 does not wait.
func (s *Store) readGroup(ctx context.Context, group, consumer, boardName string, pending bool, count int64, block time.Duration) ([]*board.Event, error) {
	start := ">"
	if pending {
		start = "0"
	}
	args := &redis.XReadGroupArgs{Group: group, Consumer: consumer,
		Streams: []string{s.keys.stream(boardName), start}, Count: count, Block: -1}
	if block > 0 && !pending {
		args.Block = block
	}
	res, err := s.rdb.XReadGroup(ctx, args).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return decodeStreams(boardName, res), nil
}

// decodeStreams turns a read's entries into events.
func decodeStreams(boardName string, res []redis.XStream) []*board.Event {
	var out []*board.Event
	for _, st := range res {
		for _, msg := range st.Messages {
			out = append(out, DecodeStreamEvent(boardName, msg))
		}
	}
	return out
}

// DecodeStreamEvent turns a stream entry into an event.
func DecodeStreamEvent(boardName string, msg redis.XMessage) *board.Event {
	field := func(k string) string { v, _ := msg.Values[k].(string); return v }
	at, _ := strconv.ParseInt(field("at"), 10, 64)
	return &board.Event{
		ID: msg.ID, Board: boardName, TaskID: field("task"), RunID: field("run"),
		Kind: board.EventKind(field("kind")), Actor: field("actor"),
		At: time.UnixMilli(at).UTC(), Data: normData([]byte(field("data"))),
	}
}
