package board

import (
	"slices"
	"strings"
)

// SubscribeParams describes a new subscription. Target is the whole `--to`
// value; its kind picks the delivery adapter.
type SubscribeParams struct {
	Board  string
	TaskID string
	Target string
	// Scope is task (the default when empty) or subtree.
	Scope Scope
	// Events filters the kinds delivered; empty means every kind.
	Events []EventKind
	// Actor is who subscribes, recorded as created_by.
	Actor string
}

// Validate checks the parameters and returns the target's kind. It fills
// in defaults: scope task, and for an orchestrator target the filter
// fan_in,triage. It checks forms only; whether this gateway has an adapter
// for the kind is the caller's question.
func (p *SubscribeParams) Validate() (kind string, err error) {
	if err := ValidateBoard(p.Board); err != nil {
		return "", err
	}
	if err := ValidateTaskID(p.TaskID); err != nil {
		return "", err
	}
	if kind, _, err = ParseTarget(p.Target); err != nil {
		return "", err
	}
	if p.Scope == "" {
		p.Scope = ScopeTask
	}
	if p.Scope != ScopeTask && p.Scope != ScopeSubtree {
		return "", Errorf(ErrInvalid, "unknown scope %q: use task or subtree", p.Scope)
	}
	if kind == KindOrchestrator && p.Scope != ScopeSubtree {
		return "", Errorf(ErrInvalid, "an orchestrator target acts on fan_in and triage notices, which only subtree subscriptions get: add --subtree")
	}
	if kind == KindOrchestrator && len(p.Events) == 0 {
		p.Events = []EventKind{EventFanIn, EventTriage} // all it acts on
	}
	for _, k := range p.Events {
		if _, err := ParseEventKind(string(k)); err != nil {
			return "", err
		}
		if k.IsNotice() && p.Scope != ScopeSubtree {
			return "", Errorf(ErrInvalid, "%s notices only go to subtree subscriptions: add --subtree", k)
		}
	}
	return kind, nil
}

// ParseEventKinds reads a comma-separated filter such as "completed,blocked";
// an empty string means every kind.
func ParseEventKinds(csv string) ([]EventKind, error) {
	var out []EventKind
	for _, name := range strings.Split(csv, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		k, err := ParseEventKind(name)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out, nil
}
