package gateway_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/board/rdb/rdbtest"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/client"
)

const adminToken = "s3cret-admin"

type apiBundle struct {
	ctx    context.Context
	store  *rdb.Store
	srv    *httptest.Server
	admin  *client.Client
	anon   *client.Client
	board  string
	server *gateway.Server
}

func setupAPI(t *testing.T) *apiBundle {
	t.Helper()
	r := rdbtest.New(t)
	st := rdb.New(r.Client, rdb.Options{Prefix: r.Prefix})
	gw := gateway.NewServer(st, gateway.ServerOptions{
		AdminToken: adminToken, Profiles: []string{"default", "codex"},
	})
	srv := httptest.NewServer(gw.Handler())
	t.Cleanup(srv.Close)
	return &apiBundle{
		ctx: context.Background(), store: st, srv: srv, board: "main", server: gw,
		admin: client.New(srv.URL, adminToken, "main"), anon: client.New(srv.URL, "", "main"),
	}
}

// claim claims the only ready task through the store and returns a client
// holding the run's worker token.
func (b *apiBundle) claim(t *testing.T) (*client.Client, *board.Claim) {
	t.Helper()
	c, err := b.store.Claim(b.ctx, board.ClaimParams{Board: b.board})
	require.NoError(t, err)
	return client.New(b.srv.URL, c.Token, b.board), c
}

func TestAdminTokenRequired(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	_, err := b.anon.ListTasks(b.ctx, nil, 0)
	require.ErrorIs(t, err, board.ErrUnauthorized)
	_, err = client.New(b.srv.URL, "wrong", b.board).CreateTask(b.ctx, gateway.CreateRequest{Title: "x"})
	require.ErrorIs(t, err, board.ErrUnauthorized)
	require.Contains(t, err.Error(), "admin token")
	task, err := b.admin.CreateTask(b.ctx, gateway.CreateRequest{Title: "x"})
	require.NoError(t, err)
	require.Equal(t, "default", task.Profile)

	worker, _ := b.claim(t)
	_, err = worker.Task(b.ctx, task.ID)
	require.ErrorIs(t, err, board.ErrUnauthorized, "a worker token is not an admin token")
	_, err = b.admin.Worker(b.ctx, "heartbeat", gateway.WorkerRequest{}, client.RetryPolicy{})
	require.ErrorIs(t, err, board.ErrUnauthorized, "the admin token is not a run token")
}

func TestHealthEndpointsNeedNoToken(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	for _, p := range []string{"/healthz", "/readyz"} {
		resp, err := http.Get(b.srv.URL + p)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, p)
	}
}

func TestWorkerFlowAndStaleRun(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	task, err := b.admin.CreateTask(b.ctx, gateway.CreateRequest{Title: "x"})
	require.NoError(t, err)
	worker, c := b.claim(t)
	_, err = worker.Worker(b.ctx, "heartbeat", gateway.WorkerRequest{Note: "working"}, client.RetryPolicy{})
	require.NoError(t, err)
	_, err = worker.Worker(b.ctx, "comment", gateway.WorkerRequest{Text: "half way"}, client.RetryPolicy{})
	require.NoError(t, err)
	reply, err := worker.Worker(b.ctx, "block", gateway.WorkerRequest{Kind: "needs_input", Reason: "which db?"}, client.RetryPolicy{})
	require.NoError(t, err)
	require.Equal(t, board.StatusWaitingHuman, reply.Task.Status)

	_, err = worker.Worker(b.ctx, "complete", gateway.WorkerRequest{Summary: "late"}, client.RetryPolicy{})
	var apiErr *client.APIError
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, http.StatusConflict, apiErr.StatusCode)
	require.Equal(t, "stale_run", apiErr.Body.Code)
	require.Equal(t, "waiting_human", apiErr.Body.Status)
	require.Contains(t, err.Error(), c.Run.ID)
	got, err := b.admin.Task(b.ctx, task.ID)
	require.NoError(t, err)
	require.Equal(t, board.StatusWaitingHuman, got.Status, "the stale call changed nothing")
}

func TestPersonVerbWrongStatus(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	task, err := b.admin.CreateTask(b.ctx, gateway.CreateRequest{Title: "x"})
	require.NoError(t, err)
	_, err = b.admin.Verb(b.ctx, task.ID, "approve", gateway.VerbRequest{})
	var apiErr *client.APIError
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, http.StatusConflict, apiErr.StatusCode)
	require.Equal(t, "ready", apiErr.Body.Status)
	require.Contains(t, err.Error(), "it is ready")
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	cases := []struct {
		name, path, body string
		want             int
		msg              string
	}{
		{"malformed json", "/tasks", `{"title":`, 400, "malformed JSON"},
		{"unknown field", "/tasks", `{"title":"x","colour":"red"}`, 400, "colour"},
		{"two values", "/tasks", `{"title":"x"}{"title":"y"}`, 400, "more than one"},
		{"no title", "/tasks", `{}`, 400, "title"},
		{"unknown profile", "/tasks", `{"title":"x","profile":"gpt9"}`, 400, "gpt9"},
		{"unknown parent", "/tasks", `{"title":"x","parents":["t_nope1234"]}`, 404, "t_nope1234"},
		{"bad board", "/../Bad/tasks", `{"title":"x"}`, 400, ""},
		{"unknown verb", "/tasks/t_abcd2345/frobnicate", `{}`, 404, "frobnicate"},
		{"bad status filter", "/tasks?status=stuck", ``, 400, "stuck"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			method := http.MethodPost
			if tc.body == "" {
				method = http.MethodGet
			}
			req, err := http.NewRequest(method, b.srv.URL+gateway.APIPrefix+"/boards/main"+tc.path, strings.NewReader(tc.body))
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+adminToken)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			if tc.name == "bad board" {
				require.GreaterOrEqual(t, resp.StatusCode, 400)
				return
			}
			require.Equal(t, tc.want, resp.StatusCode)
			require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
			body, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			require.Contains(t, string(body), tc.msg)
		})
	}
	list, err := b.admin.ListTasks(b.ctx, nil, 0)
	require.NoError(t, err)
	require.Empty(t, list, "bad input created nothing")
}

func TestMalformedWorkerMetadata(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	_, err := b.admin.CreateTask(b.ctx, gateway.CreateRequest{Title: "x"})
	require.NoError(t, err)
	_, c := b.claim(t)
	req, err := http.NewRequest(http.MethodPost, b.srv.URL+gateway.APIPrefix+"/worker/complete",
		strings.NewReader(`{"summary":"s","metadata":{"a":}}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	got, err := b.store.Get(b.ctx, board.Ref{Board: b.board, ID: c.Task.ID})
	require.NoError(t, err)
	require.Equal(t, board.StatusRunning, got.Status)
}

func TestConfirmReverifyRunsChecks(t *testing.T) {
	t.Parallel()
	b := setupAPI(t)
	task, err := b.admin.CreateTask(b.ctx, gateway.CreateRequest{Title: "launch"})
	require.NoError(t, err)
	worker, _ := b.claim(t)
	_, err = worker.Worker(b.ctx, "park", gateway.WorkerRequest{Summary: "built", Actions: []gateway.ActionRequest{
		{Action: "buy domain", Check: "exit 0"}, {Action: "publish dns", Check: "exit 3"}, {Action: "tell the team"},
	}}, client.RetryPolicy{})
	require.NoError(t, err)

	got, err := b.admin.Verb(b.ctx, task.ID, "confirm", gateway.VerbRequest{All: true, Reverify: true})
	require.NoError(t, err)
	require.Equal(t, []int{2}, got.PendingActions(), "only the failing check stays pending")
	require.Equal(t, board.StatusAwaitingOperator, got.Status)

	_, err = b.admin.Verb(b.ctx, task.ID, "confirm", gateway.VerbRequest{Actions: []int{2}, Reverify: true})
	require.ErrorIs(t, err, board.ErrConflict)
	got, err = b.admin.Verb(b.ctx, task.ID, "confirm", gateway.VerbRequest{Actions: []int{2}})
	require.NoError(t, err)
	require.Equal(t, board.StatusDone, got.Status)
}

func TestRedisDownGives503(t *testing.T) {
	t.Parallel()
	dead := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1})
	t.Cleanup(func() { _ = dead.Close() })
	gw := gateway.NewServer(rdb.New(dead, rdb.Options{Prefix: "x"}), gateway.ServerOptions{})
	srv := httptest.NewServer(gw.Handler())
	t.Cleanup(srv.Close)
	c := client.New(srv.URL, "", "main")
	_, err := c.CreateTask(context.Background(), gateway.CreateRequest{Title: "x"})
	require.ErrorIs(t, err, board.ErrUnavailable)
	require.Contains(t, err.Error(), "nothing was changed")
	require.True(t, client.Retryable(err))
	resp, err := http.Get(srv.URL + "/readyz")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}
