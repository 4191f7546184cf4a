package dispatcher_test

import (
	"context"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/dispatcher"
	"github.com/switchboard/switchboard/gateway"
)

// TestStartsWhileRedisIsDown: a dispatcher started while Redis is
// unavailable does not fail; once Redis is back it subscribes and
// dispatches on the signal (the poll is an hour).
func TestStartsWhileRedisIsDown(t *testing.T) {
	t.Parallel()
	mini := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mini.Addr(), MaxRetries: -1})
	t.Cleanup(func() { _ = client.Close() })
	st := rdb.New(client, rdb.Options{Prefix: "sb"})
	srv := gateway.NewServer(st, gateway.ServerOptions{Listen: "127.0.0.1:0"})
	require.NoError(t, srv.Start(context.Background()))
	t.Cleanup(func() { _ = srv.Stop(context.Background()) })

	mini.Close()
	d, err := dispatcher.New(st, dispatcher.Options{
		PublicURL: "http://" + srv.Addr(), PollInterval: time.Hour, RunDir: t.TempDir(), Workdir: t.TempDir(),
		Profiles: map[string]dispatcher.Profile{okProfile: {Command: []string{"sh", "-c", okWorker}}},
		Logger:   testLogger(t),
	})
	require.NoError(t, err)
	require.NoError(t, d.Start(context.Background()))
	t.Cleanup(func() { _ = d.Stop(context.Background()) })
	require.NoError(t, mini.Restart())

	require.Eventually(t, func() bool { return mini.PubSubNumSub("sb:wake")["sb:wake"] == 1 },
		waitFor, 5*time.Millisecond, "subscribed once Redis is back")
	task, err := st.Create(context.Background(), board.CreateParams{Board: "main", Title: "t", Profile: okProfile})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		got, err := st.Get(context.Background(), board.Ref{Board: "main", ID: task.ID})
		require.NoError(t, err)
		return got.Status == board.StatusDone
	}, waitFor, 5*time.Millisecond)
}
