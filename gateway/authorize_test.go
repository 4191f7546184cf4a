package gateway_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway"
)

func TestApproversByUserRoleAndGroup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var mu sync.Mutex
	fetches := 0
	fail := false
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cache := gateway.NewGroupCache(func(_ context.Context, g string) ([]string, error) {
		mu.Lock()
		defer mu.Unlock()
		fetches++
		if fail {
			return nil, errors.New("ratelimited")
		}
		return map[string][]string{"S1": {"U5"}}[g], nil
	}, time.Minute, func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	p := &gateway.Approvers{Users: []string{"U1"}, Roles: []string{"R1"}, Groups: []string{"S1"}, Members: cache}

	for _, tc := range []struct {
		a    gateway.Actor
		want bool
	}{
		{gateway.Actor{ID: "U1"}, true},
		{gateway.Actor{ID: "U2", Roles: []string{"R0", "R1"}}, true},
		{gateway.Actor{ID: "U5"}, true},
		{gateway.Actor{ID: "U6"}, false},
		{gateway.Actor{}, false},
	} {
		got, err := p.Allowed(ctx, tc.a)
		require.NoError(t, err)
		require.Equal(t, tc.want, got, tc.a.ID)
	}
	require.Equal(t, 1, fetches, "the group is fetched once per TTL")
	mu.Lock()
	now, fail = now.Add(2*time.Minute), true
	mu.Unlock()
	ok, err := p.Allowed(ctx, gateway.Actor{ID: "U5"})
	require.NoError(t, err)
	require.True(t, ok, "a failed refresh keeps the last good list")
	require.Equal(t, 2, fetches)

	empty := gateway.NewGroupCache(func(context.Context, string) ([]string, error) { return nil, errors.New("down") }, 0, nil)
	_, err = (&gateway.Approvers{Groups: []string{"S1"}, Members: empty}).Allowed(ctx, gateway.Actor{ID: "U5"})
	require.ErrorContains(t, err, "down")
	ok, err = (&gateway.Approvers{}).Allowed(ctx, gateway.Actor{ID: "U1"})
	require.NoError(t, err)
	require.False(t, ok, "no approvers configured: nobody decides")
}
