package gateway_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway"
)

func TestLoopStopsAndIsSafeTwice(t *testing.T) {
	t.Parallel()
	var l gateway.Loop
	require.NoError(t, l.Stop(context.Background()), "stop before go")
	started, ended := make(chan struct{}), make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	l.Go(ctx, func(ctx context.Context) { close(started); <-ctx.Done(); close(ended) })
	<-started
	cancel() // the start-up context ending does not stop the loop
	select {
	case <-ended:
		t.Fatal("the loop followed its start-up context")
	default:
	}
	require.NoError(t, l.Stop(context.Background()))
	<-ended
	require.NoError(t, l.Stop(context.Background()))
}
