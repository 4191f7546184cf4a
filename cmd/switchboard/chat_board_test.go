package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// chatTask makes a task on the default board.
func chatTask(t *testing.T, store *rdb.Store, title string) *board.Task {
	t.Helper()
	task, err := store.Create(context.Background(), board.CreateParams{Board: "default", Title: title, Profile: "default"})
	require.NoError(t, err)
	return task
}

// chatClaim claims the next ready task and checks it is id: tests create
// tasks in the order they claim them.
func chatClaim(t *testing.T, store *rdb.Store, id string) board.RunRef {
	t.Helper()
	c, err := store.Claim(context.Background(), board.ClaimParams{Board: "default"})
	require.NoError(t, err)
	require.Equal(t, id, c.Task.ID, "claim order")
	return board.RunRef{Board: "default", TaskID: id, RunID: c.Run.ID}
}

func chatGet(t *testing.T, store *rdb.Store, id string) *board.Task {
	t.Helper()
	task, err := store.Get(context.Background(), board.Ref{Board: "default", ID: id})
	require.NoError(t, err)
	return task
}
