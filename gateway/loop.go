package gateway

import (
	"context"
	"sync"
)

// Loop runs one background goroutine with the Start/Stop lifecycle every
// long-running part shares: Go starts it, Stop cancels it and waits.
// The zero value is ready to use.
type Loop struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// Go runs fn in a goroutine. Its context keeps ctx's values but not its
// cancellation: only Stop ends it, so a start-up context that ends does
// not stop the part.
func (l *Loop) Go(ctx context.Context, fn func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	l.mu.Lock()
	l.cancel, l.done = cancel, done
	l.mu.Unlock()
	go func() {
		defer close(done)
		fn(ctx)
	}()
}

// Stop cancels the goroutine and waits for it to return until ctx ends.
// It is safe to call twice, and before Go.
func (l *Loop) Stop(ctx context.Context) error {
	l.mu.Lock()
	cancel, done := l.cancel, l.done
	l.cancel = nil
	l.mu.Unlock()
	if cancel == nil {
		return nil
	}
	cancel()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
