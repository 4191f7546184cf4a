package gateway

import (
	"sort"
	"sync"
)

// InboundResult is how an inbound chat request ended.
type InboundResult string

// Inbound results, counted per platform.
const (
	// InboundAccepted: verified and handled.
	InboundAccepted InboundResult = "accepted"
	// InboundRefused: verified, but the person may not do it.
	InboundRefused InboundResult = "refused"
	// InboundForged: a bad signature, a stale timestamp or a wrong secret.
	InboundForged InboundResult = "forged"
	// InboundInvalid: verified, but the payload could not be decoded.
	InboundInvalid InboundResult = "invalid"
)

// InboundCounter counts inbound chat requests per platform and result.
// The ops side can expose it as a Prometheus counter vector with labels
// platform and result.
type InboundCounter interface {
	CountInbound(platform string, result InboundResult)
}

// InboundCounts is an in-memory InboundCounter, safe for concurrent use.
type InboundCounts struct {
	mu sync.Mutex
	n  map[[2]string]uint64
}

// NewInboundCounts returns empty counts.
func NewInboundCounts() *InboundCounts { return &InboundCounts{n: map[[2]string]uint64{}} }

// CountInbound adds one request.
func (c *InboundCounts) CountInbound(platform string, result InboundResult) {
	c.mu.Lock()
	c.n[[2]string{platform, string(result)}]++
	c.mu.Unlock()
}

// Get returns the count of one platform and result.
func (c *InboundCounts) Get(platform string, result InboundResult) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[[2]string{platform, string(result)}]
}

// InboundCount is one row of a snapshot.
type InboundCount struct {
	Platform string
	Result   InboundResult
	Count    uint64
}

// Snapshot returns every count, sorted by platform and result.
func (c *InboundCounts) Snapshot() []InboundCount {
	c.mu.Lock()
	out := make([]InboundCount, 0, len(c.n))
	for k, v := range c.n {
		out = append(out, InboundCount{Platform: k[0], Result: InboundResult(k[1]), Count: v})
	}
	c.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Platform != out[j].Platform {
			return out[i].Platform < out[j].Platform
		}
		return out[i].Result < out[j].Result
	})
	return out
}

// ResultOf is the inbound result a handled reply stands for.
func ResultOf(r Reply) InboundResult {
	if r.Refused {
		return InboundRefused
	}
	return InboundAccepted
}
