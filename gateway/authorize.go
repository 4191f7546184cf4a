package gateway

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Authorizer decides whether an actor may make decisions (approve, deny,
// answer, resume, unblock, review, confirm, subscribe) on its platform.
type Authorizer interface {
	Allowed(ctx context.Context, a Actor) (bool, error)
}

// Approvers authorizes by the platform's configured approvers: user ids,
// Discord role ids and Slack user-group ids. With none configured nobody
// may decide.
type Approvers struct {
	Users  []string
	Roles  []string
	Groups []string
	// Members resolves Groups; required when Groups is not empty.
	Members *GroupCache
}

// Allowed reports whether a is a listed user, holds a listed role or
// belongs to a listed group. An error means membership could not be
// resolved; the caller should neither allow nor record a refusal.
func (p *Approvers) Allowed(ctx context.Context, a Actor) (bool, error) {
	if a.ID == "" {
		return false, nil
	}
	if slices.Contains(p.Users, a.ID) {
		return true, nil
	}
	for _, r := range a.Roles {
		if slices.Contains(p.Roles, r) {
			return true, nil
		}
	}
	for _, g := range p.Groups {
		if p.Members == nil {
			return false, fmt.Errorf("approver group %s: no group resolver configured", g)
		}
		in, err := p.Members.Has(ctx, g, a.ID)
		if in || err != nil {
			return in, err
		}
	}
	return false, nil
}

// GroupCache caches the members of user groups for a TTL. Slack's
// usergroups.users.list is rate-limited, so each group is fetched at most
// once per TTL; a failed refresh keeps serving the last good list.
type GroupCache struct {
	fetch func(ctx context.Context, group string) ([]string, error)
	ttl   time.Duration
	now   func() time.Time

	mu      sync.Mutex
	entries map[string]groupEntry
}

type groupEntry struct {
	members []string
	expires time.Time
}

// NewGroupCache returns a cache around fetch. ttl defaults to 5 minutes
// and now to time.Now.
func NewGroupCache(fetch func(ctx context.Context, group string) ([]string, error), ttl time.Duration, now func() time.Time) *GroupCache {
	if ttl <= 0 {
		ttl = 5 * time.Minute
	}
	if now == nil {
		now = time.Now
	}
	return &GroupCache{fetch: fetch, ttl: ttl, now: now, entries: map[string]groupEntry{}}
}

// Has reports whether user is a member of group.
func (c *GroupCache) Has(ctx context.Context, group, user string) (bool, error) {
	members, err := c.members(ctx, group)
	return slices.Contains(members, user), err
}

func (c *GroupCache) members(ctx context.Context, group string) ([]string, error) {
	c.mu.Lock()
	e, ok := c.entries[group]
	c.mu.Unlock()
	if ok && c.now().Before(e.expires) {
		return e.members, nil
	}
	fresh, err := c.fetch(ctx, group)
	if err != nil {
		if ok {
			return e.members, nil
		}
		return nil, fmt.Errorf("members of group %s: %w", group, err)
	}
	c.mu.Lock()
	c.entries[group] = groupEntry{members: fresh, expires: c.now().Add(c.ttl)}
	c.mu.Unlock()
	return fresh, nil
}
