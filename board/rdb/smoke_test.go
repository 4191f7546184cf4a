package rdb_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
)

// TestLifecycleBothScriptModes runs a lifecycle with the function library
// (where the server has functions) and with forced EVALSHA.
func TestLifecycleBothScriptModes(t *testing.T) {
	t.Parallel()
	for _, mode := range []rdb.ScriptMode{"", "eval"} {
		t.Run("mode="+string(mode), func(t *testing.T) {
			t.Parallel()
			r := rdbtest.New(t)
			st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix, Scripts: mode})
			ctx := context.Background()
			task, err := st.Create(ctx, board.CreateParams{Board: "m", Title: "write the report", Profile: "default"})
			require.NoError(t, err)
			require.Equal(t, board.StatusReady, task.Status)
			require.Regexp(t, `^t_[a-z0-9]{8}$`, task.ID)
			c, err := st.Claim(ctx, board.ClaimParams{Board: "m"})
			require.NoError(t, err)
			require.Equal(t, task.ID, c.Task.ID)
			ref := board.RunRef{Board: "m", TaskID: task.ID, RunID: c.Run.ID}
			done, err := st.Complete(ctx, ref, board.CompleteParams{Summary: "ok", Metadata: []byte(`{"n":1}`)})
			require.NoError(t, err)
			require.Equal(t, board.StatusDone, done.Status)
			require.JSONEq(t, `{"n":1}`, string(done.Metadata))
			evs, err := st.Events(ctx, board.Ref{Board: "m", ID: task.ID})
			require.NoError(t, err)
			require.Len(t, evs, 3)
			require.Equal(t, "ok", evs[2].DataString("summary"))
		})
	}
}

// TestScriptsReloadAfterServerLosesThem: a Redis restarted without
// persistence has no library or scripts; the store loads them again.
func TestScriptsReloadAfterServerLosesThem(t *testing.T) {
	t.Parallel()
	r := rdbtest.New(t)
	if r.Real() {
		t.Skip("flushing functions would disturb other tests on a shared Redis")
	}
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	ctx := context.Background()
	_, err := st.Create(ctx, board.CreateParams{Board: "m", Title: "a", Profile: "default"})
	require.NoError(t, err)
	r.Mini.FlushAll()
	require.NoError(t, r.Client.ScriptFlush(ctx).Err())
	_, err = st.Create(ctx, board.CreateParams{Board: "m", Title: "b", Profile: "default"})
	require.NoError(t, err)
}

func TestActorControlCharactersAreStripped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.create(t, "t").ID
	_, err := b.store.Archive(b.ctx, b.ref(id), "telegram:1 (bad\x1fname\n)")
	require.NoError(t, err)
	evs, err := b.store.Events(b.ctx, b.ref(id))
	require.NoError(t, err)
	require.Equal(t, "telegram:1 (badname)", evs[1].Actor)
	require.Equal(t, "t", b.get(t, id).Title)
}

// TestCreateReturnsWhatItStored: Create builds its reply without reading
// the task back; it must equal what Get reads.
func TestCreateReturnsWhatItStored(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.create(t, "parent")
	for _, params := range []board.CreateParams{
		{Board: b.board, Title: "plain", Profile: "default"},
		{Board: b.board, Title: "child", Body: "b", Profile: "codex", Priority: -7, Parents: []string{p.ID}},
		{Board: b.board, Title: "sort me", Triage: true, Actor: "slack:U1"},
	} {
		made, err := b.store.Create(b.ctx, params)
		require.NoError(t, err)
		require.Equal(t, b.get(t, made.ID), made)
	}
}
