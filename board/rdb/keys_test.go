package rdb_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// documentedKeys mirrors the layout in keys.go and docs/redis.md.
var documentedKeys = []string{
	`boards`, `\{B\}:seq`, `\{B\}:task:ID`, `\{B\}:task:ID:parents`, `\{B\}:task:ID:children`,
	`\{B\}:task:ID:runs`, `\{B\}:task:ID:events`, `\{B\}:task:ID:attachments`, `\{B\}:run:RID`, `\{B\}:status:[a-z_]+`,
	`\{B\}:ready`, `\{B\}:scheduled`, `\{B\}:leases`, `\{B\}:events`,
	`\{B\}:subs`, `\{B\}:sub:SID`, `\{B\}:sub:SID:outbox`, `\{B\}:task:ID:subs`, `\{B\}:goals`,
	`\{B\}:goal:ID`, `\{B\}:supervise`, `\{B\}:task:ID:wake`,
	`\{B\}:run:RID:log`, `\{_dispatch\}:spawns`, `\{_dispatch\}:spawns:tripped`,
	`\{B\}:task:ID:notices`, `chat:token:[a-z0-9]+`, `chat:seen:[a-z0-9_-]+:[A-Za-z0-9_.:-]+`,
}

// TestKeyLayout runs every kind of write and checks that each key it left
// is one the layout documents, and that every board key has the hash tag.
func TestKeyLayout(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.create(t, "p")
	c := b.create(t, "c", p.ID)
	run := b.claim(t, p.ID)
	_, err := b.store.Block(b.ctx, run, board.BlockParams{Kind: board.BlockTransient, Reason: "busy"})
	require.NoError(t, err)
	b.toStatus(t, board.StatusRunning)
	_ = c
	b.notifyWrites(t)

	requireDocumentedKeys(t, b)
	n, err := b.redis.Client.XLen(b.ctx, b.store.StreamKey(b.board)).Result()
	require.NoError(t, err)
	require.Positive(t, n, "Go and Lua agree on the stream key")
	boards, err := b.store.Boards(b.ctx)
	require.NoError(t, err)
	require.Equal(t, []string{b.board}, boards)
}

// requireDocumentedKeys checks that every key under the test's prefix is
// one the layout documents.
func requireDocumentedKeys(t *testing.T, b *bundle) {
	t.Helper()
	var pats []*regexp.Regexp
	for _, k := range documentedKeys {
		k = strings.NewReplacer(`\{B\}`, `\{`+b.board+`\}`, "ID", `t_[a-z0-9]+`, "RID", `r_[a-z0-9]+`, "SID", `s_[a-z0-9]+`).Replace(k)
		pats = append(pats, regexp.MustCompile(`^`+regexp.QuoteMeta(b.redis.Prefix)+`:`+k+`$`))
	}
	keys, err := b.redis.Client.Keys(b.ctx, b.redis.Prefix+":*").Result()
	require.NoError(t, err)
	require.NotEmpty(t, keys)
	for _, k := range keys {
		matched := false
		for _, p := range pats {
			matched = matched || p.MatchString(k)
		}
		require.True(t, matched, "undocumented key %s", k)
	}
}

// TestEventStreamIsBounded: the board stream is trimmed to its bound.
func TestEventStreamIsBounded(t *testing.T) {
	t.Parallel()
	pol := board.DefaultPolicy()
	pol.EventStreamMaxLen = 50
	pol.TaskEventsMax = 5
	b := setupPolicy(t, pol)
	id := b.create(t, "chatty").ID
	run := b.claim(t, id)
	for range 10 {
		_, err := b.store.Comment(b.ctx, run, "hello")
		require.NoError(t, err)
	}
	require.Len(t, b.kinds(t, id), 5, "the task log keeps its newest 5")
	for range 300 {
		b.create(t, "t")
	}
	n, err := b.redis.Client.XLen(b.ctx, b.store.StreamKey(b.board)).Result()
	require.NoError(t, err)
	require.Less(t, n, int64(300), "trimmed (approximately) toward 50")
}

func TestReadStreamDecodesEvents(t *testing.T) {
	t.Parallel()
	b := setup(t)
	task := b.create(t, "t")
	evs, err := b.store.ReadStream(b.ctx, b.board, "0", 10, 0)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	require.Equal(t, board.EventCreated, evs[0].Kind)
	require.Equal(t, task.ID, evs[0].TaskID)
	require.Equal(t, board.ActorAdmin, evs[0].Actor)
	require.Equal(t, b.clock.Now(), evs[0].At)
	require.Equal(t, "ready", evs[0].DataString("status"))
	own, err := b.store.Events(b.ctx, b.ref(task.ID))
	require.NoError(t, err)
	require.Equal(t, evs[0], own[0], "stream entry and task log agree")
}
