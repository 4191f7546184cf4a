package rdb

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard/switchboard/board"
)

// ChatStore keeps the chat adapters' state beside the board: button
// tokens, the map of delivered gate notices, inbound ids already handled,
// and a consumer-group feed of every board's events. Values are opaque
// bytes; the gateway owns their format. It satisfies gateway.ChatStore and
// gateway.EventFeed.
type ChatStore struct {
	s *Store
}

// NewChatStore returns the chat state kept in s's Redis under its prefix.
func NewChatStore(s *Store) *ChatStore { return &ChatStore{s: s} }

// SaveToken stores a button token's payload for ttl.
func (c *ChatStore) SaveToken(ctx context.Context, token string, payload []byte, ttl time.Duration) error {
	return mapErr(c.s.rdb.Set(ctx, c.s.keys.chatToken(token), payload, ttl).Err())
}

// LoadToken returns a token's payload, or board.ErrNotFound.
func (c *ChatStore) LoadToken(ctx context.Context, token string) ([]byte, error) {
	b, err := c.s.rdb.Get(ctx, c.s.keys.chatToken(token)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, board.Errorf(board.ErrNotFound, "unknown or expired button")
	}
	return b, mapErr(err)
}

// SaveNotice writes one field of a task's notice map and extends the
// map's life to ttl.
func (c *ChatStore) SaveNotice(ctx context.Context, boardName, taskID, field string, payload []byte, ttl time.Duration) error {
	key := c.s.keys.notices(boardName, taskID)
	_, err := c.s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, field, payload)
		p.Expire(ctx, key, ttl)
		return nil
	})
	return mapErr(err)
}

// LoadNotices returns a task's notice map.
func (c *ChatStore) LoadNotices(ctx context.Context, boardName, taskID string) (map[string][]byte, error) {
	m, err := c.s.rdb.HGetAll(ctx, c.s.keys.notices(boardName, taskID)).Result()
	if err != nil {
		return nil, mapErr(err)
	}
	out := make(map[string][]byte, len(m))
	for k, v := range m {
		out[k] = []byte(v)
	}
	return out, nil
}

// FirstSeen marks id in scope as handled for ttl and reports whether it
// was new, so a redelivered update runs once.
func (c *ChatStore) FirstSeen(ctx context.Context, scope, id string, ttl time.Duration) (bool, error) {
	ok, err := c.s.rdb.SetNX(ctx, c.s.keys.chatSeen(scope, id), 1, ttl).Result()
	return ok, mapErr(err)
}
