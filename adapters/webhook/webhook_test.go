package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/webhook"
	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/notify"
)

// receiver is a fake endpoint: it answers 500 to the first failures
// requests, then 200, and keeps every request.
type receiver struct {
	mu       sync.Mutex
	failures int
	bodies   [][]byte
	headers  []http.Header
	codes    []int
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	code := http.StatusOK
	if len(r.bodies) < r.failures {
		code = http.StatusInternalServerError
	}
	r.bodies, r.headers, r.codes = append(r.bodies, body), append(r.headers, req.Header.Clone()), append(r.codes, code)
	w.WriteHeader(code)
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.bodies)
}

func TestSignatureAndPayload(t *testing.T) {
	t.Parallel()
	rec := &receiver{}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	a := webhook.New(webhook.Options{Secret: "s3cret"})
	ev := board.Event{ID: "5-0", Board: "main", TaskID: "t_abcd", Kind: board.EventCompleted, Actor: "worker:r_1",
		At: time.UnixMilli(1700000000000).UTC(), Data: json.RawMessage(`{"summary":"ok"}`)}
	err := a.Deliver(context.Background(), gateway.Delivery{
		Subscription: board.Subscription{ID: "s_1", Target: "webhook:" + srv.URL + "/hook"}, Event: ev})
	require.NoError(t, err)

	require.Equal(t, 1, rec.count())
	body, h := rec.bodies[0], rec.headers[0]
	require.Equal(t, webhook.Sign([]byte("s3cret"), body), h.Get(webhook.SignatureHeader))
	require.Regexp(t, `^sha256=[0-9a-f]{64}$`, h.Get(webhook.SignatureHeader))
	require.True(t, webhook.Verify([]byte("s3cret"), body, h.Get(webhook.SignatureHeader)))
	require.False(t, webhook.Verify([]byte("other"), body, h.Get(webhook.SignatureHeader)))
	require.Equal(t, "s_1/5-0", h.Get(webhook.DeliveryHeader))
	var p struct {
		SubscriptionID string         `json:"subscription_id"`
		Event          map[string]any `json:"event"`
	}
	require.NoError(t, json.Unmarshal(body, &p))
	require.Equal(t, "s_1", p.SubscriptionID)
	for _, f := range []string{"id", "task_id", "run_id", "kind", "actor", "at", "data"} {
		require.Contains(t, p.Event, f)
	}
	require.Equal(t, "completed", p.Event["kind"])
}

func TestNon2xxIsAnError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(&receiver{failures: 1})
	t.Cleanup(srv.Close)
	err := webhook.New(webhook.Options{}).Deliver(context.Background(), gateway.Delivery{
		Subscription: board.Subscription{ID: "s_1", Target: "webhook:" + srv.URL}, Event: board.Event{ID: "1-0"}})
	require.ErrorContains(t, err, "500")
}

// Through the engine, a delivery is retried with backoff until the
// endpoint answers 2xx, then the next event follows.
func TestRetriedUntil2xx(t *testing.T) {
	t.Parallel()
	rec := &receiver{failures: 3}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	r := rdbtest.New(t)
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	reg := gateway.NewRegistry()
	require.NoError(t, reg.Register(webhook.New(webhook.Options{Secret: "k"})))
	e := notify.New(st, reg, notify.Options{RetryBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond,
		Block: 50 * time.Millisecond, Discover: 50 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, e.Start(context.Background()))
	t.Cleanup(func() { _ = e.Stop(context.Background()) })

	ctx := context.Background()
	task, err := st.Create(ctx, board.CreateParams{Board: "main", Title: "t", Profile: "p"})
	require.NoError(t, err)
	_, err = st.Subscribe(ctx, board.SubscribeParams{Board: "main", TaskID: task.ID, Target: "webhook:" + srv.URL, Actor: "admin"})
	require.NoError(t, err)
	e.Subscribed("main")
	ref := board.Ref{Board: "main", ID: task.ID}
	first, err := st.Note(ctx, ref, board.EventRefused, "x", nil)
	require.NoError(t, err)
	second, err := st.Note(ctx, ref, board.EventRefused, "x", nil)
	require.NoError(t, err)

	require.Eventually(t, func() bool { return rec.count() == 5 }, 15*time.Second, 2*time.Millisecond)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	require.Equal(t, []int{500, 500, 500, 200, 200}, rec.codes)
	ids := make([]string, 5)
	for i, h := range rec.headers {
		ids[i] = h.Get(webhook.DeliveryHeader)[len("s_12345678/"):]
		require.Equal(t, webhook.Sign([]byte("k"), rec.bodies[i]), h.Get(webhook.SignatureHeader))
	}
	require.Equal(t, []string{first, first, first, first, second}, ids)
}
