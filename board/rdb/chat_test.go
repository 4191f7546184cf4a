package rdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

func TestChatTokensAndNotices(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cs := rdb.NewChatStore(b.store)
	require.NoError(t, cs.SaveToken(b.ctx, "abc123", []byte(`{"v":"approve"}`), time.Hour))
	got, err := cs.LoadToken(b.ctx, "abc123")
	require.NoError(t, err)
	require.JSONEq(t, `{"v":"approve"}`, string(got))
	_, err = cs.LoadToken(b.ctx, "nope")
	require.ErrorIs(t, err, board.ErrNotFound)

	task := b.create(t, "t")
	require.NoError(t, cs.SaveNotice(b.ctx, b.board, task.ID, "1-0|slack:C1", []byte("a"), time.Hour))
	require.NoError(t, cs.SaveNotice(b.ctx, b.board, task.ID, "1-0|slack:C1", []byte("b"), time.Hour))
	m, err := cs.LoadNotices(b.ctx, b.board, task.ID)
	require.NoError(t, err)
	require.Equal(t, map[string][]byte{"1-0|slack:C1": []byte("b")}, m)
	ttl, err := b.redis.Client.TTL(b.ctx, b.redis.Prefix+":{"+b.board+"}:task:"+task.ID+":notices").Result()
	require.NoError(t, err)
	require.Positive(t, ttl, "the notice map expires")

	first, err := cs.FirstSeen(b.ctx, "telegram", "42", time.Hour)
	require.NoError(t, err)
	require.True(t, first)
	first, err = cs.FirstSeen(b.ctx, "telegram", "42", time.Hour)
	require.NoError(t, err)
	require.False(t, first)
	requireDocumentedKeys(t, b)
}

func TestChatFeedReadsAcksAndReplaysPending(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cs := rdb.NewChatStore(b.store)
	old := b.create(t, "before the group")
	require.NoError(t, cs.EnsureFeed(b.ctx, "g", b.board, false))
	require.NoError(t, cs.EnsureFeed(b.ctx, "g", b.board, false), "idempotent")
	task := b.create(t, "after")

	evs, err := cs.ReadFeed(b.ctx, "g", "c1", b.board, 10, false)
	require.NoError(t, err)
	require.Len(t, evs, 1, "history before the group is skipped")
	require.Equal(t, task.ID, evs[0].TaskID)
	require.NotEqual(t, old.ID, evs[0].TaskID)

	again, err := cs.ReadFeed(b.ctx, "g", "c1", b.board, 10, true)
	require.NoError(t, err)
	require.Equal(t, evs, again, "unacked events stay pending")
	require.NoError(t, cs.AckFeed(b.ctx, "g", b.board, evs[0].ID))
	again, err = cs.ReadFeed(b.ctx, "g", "c1", b.board, 10, true)
	require.NoError(t, err)
	require.Empty(t, again)

	require.NoError(t, cs.EnsureFeed(b.ctx, "g2", b.board, true))
	all, err := cs.ReadFeed(b.ctx, "g2", "c1", b.board, 10, false)
	require.NoError(t, err)
	require.Len(t, all, 2, "fromStart reads the whole stream")
	boards, err := cs.Boards(b.ctx)
	require.NoError(t, err)
	require.Equal(t, []string{b.board}, boards)
}
