package gateway

import (
	"fmt"
	"slices"
	"sync"

	"github.com/switchboard/switchboard/board"
)

// Registry maps subscription kinds to the adapters that deliver them. cmd
// fills it in explicitly, one adapter per configured kind; there are no
// package globals.
type Registry struct {
	mu       sync.RWMutex
	adapters map[string]Adapter
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{adapters: map[string]Adapter{}} }

// Register adds an adapter; a second adapter for the same kind is refused.
func (r *Registry) Register(a Adapter) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.adapters[a.Kind()]; dup {
		return fmt.Errorf("registry: an adapter for %q is registered already", a.Kind())
	}
	r.adapters[a.Kind()] = a
	return nil
}

// Lookup returns the adapter for kind, or an error naming the kinds this
// gateway serves.
func (r *Registry) Lookup(kind string) (Adapter, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if a, ok := r.adapters[kind]; ok {
		return a, nil
	}
	return nil, board.Errorf(board.ErrInvalid, "no %q adapter is enabled in this gateway (enabled: %v)", kind, r.kindsLocked())
}

// Kinds lists the registered kinds, sorted.
func (r *Registry) Kinds() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.kindsLocked()
}

func (r *Registry) kindsLocked() []string {
	out := make([]string, 0, len(r.adapters))
	for k := range r.adapters {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Adapters returns every registered adapter, sorted by kind.
func (r *Registry) Adapters() []Adapter {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]Adapter, 0, len(r.adapters))
	for _, k := range r.kindsLocked() {
		out = append(out, r.adapters[k])
	}
	return out
}
