package notify_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// A target that keeps failing turns its subscription failing (shown on the
// subscription, in an event, in the metrics); it keeps its place, and
// everything arrives in order once the target recovers.
func TestFailingAndRecovery(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	recovered := make(chan struct{})
	b.hook.fail = func(_ int, _ gateway.Delivery) error {
		select {
		case <-recovered:
			return nil
		default:
			return errDown
		}
	}
	a := b.create(t, "a")
	sub := b.subscribe(t, a, "webhook:http://hook.test/down", board.ScopeTask, board.EventRefused)
	want := []string{b.note(t, a), b.note(t, a)}

	require.Eventually(t, func() bool {
		s, err := b.store.Subscription(b.ctx, b.board, sub)
		return err == nil && s.Status == board.SubscriptionFailing && s.Attempts >= 3 && s.Pending == 2
	}, wait, 2*time.Millisecond)
	s, err := b.store.Subscription(b.ctx, b.board, sub)
	require.NoError(t, err)
	require.Contains(t, s.LastError, "target down")
	require.Eventually(t, func() bool { return len(b.metrics.Snapshot().Failing) == 1 }, wait, time.Millisecond)
	require.Equal(t, []string{b.board + "/" + sub}, b.metrics.Snapshot().Failing)
	require.Contains(t, b.taskKinds(t, a), board.EventSubscriptionFailing)

	want = append(want, b.note(t, a)) // routed while failing: queued behind, not lost
	close(recovered)
	require.Equal(t, want, deliveredIDs(t, b.hook, sub, 3))
	require.Eventually(t, func() bool {
		s, err := b.store.Subscription(b.ctx, b.board, sub)
		return err == nil && s.Status == board.SubscriptionActive && s.Attempts == 0 && s.Pending == 0
	}, wait, 2*time.Millisecond)
	require.Empty(t, b.metrics.Snapshot().Failing)
	require.Contains(t, b.taskKinds(t, a), board.EventSubscriptionRecovered)
}

// A target that hangs delays only its own subscription: another one on the
// same task gets every event meanwhile.
func TestSlowTargetDelaysOnlyItself(t *testing.T) {
	t.Parallel()
	b := setup(t, fastOptions())
	b.orch.block = make(chan struct{})
	a := b.create(t, "a")
	g := b.create(t, "goal", a)
	slow := b.subscribe(t, g, "orchestrator:"+g, board.ScopeSubtree, board.EventRefused)
	fast := b.subscribe(t, g, "webhook:http://hook.test/fast", board.ScopeTask, board.EventRefused)
	var want []string
	for range 20 {
		want = append(want, b.note(t, g))
	}
	require.Equal(t, want, deliveredIDs(t, b.hook, fast, 20))
	require.Empty(t, b.orch.of(slow), "the slow target is still on its first delivery")
	close(b.orch.block)
	require.Equal(t, want, deliveredIDs(t, b.orch, slow, 20))
}

func (b *bundle) taskKinds(t *testing.T, id string) []board.EventKind {
	t.Helper()
	evs, err := b.store.Events(b.ctx, board.Ref{Board: b.board, ID: id})
	require.NoError(t, err)
	var out []board.EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}
