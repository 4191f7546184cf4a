package board

import (
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Scope says what a subscription covers.
type Scope string

const (
	// ScopeTask covers one task's events.
	ScopeTask Scope = "task"
	// ScopeSubtree covers a goal and every task it waits on, directly or
	// through other tasks, including tasks linked in later. It also gets
	// the fan_in and triage notices.
	ScopeSubtree Scope = "subtree"
)

// Subscription states.
const (
	SubscriptionActive  = "active"
	SubscriptionFailing = "failing"
)

// Subscription routes a task's events to a target. Target is the whole
// `--to` value, such as "discord:123" or "webhook:https://x"; Kind is its
// prefix and picks the delivery adapter.
type Subscription struct {
	ID        string      `json:"id"`
	Board     string      `json:"board"`
	Kind      string      `json:"kind"`
	Target    string      `json:"target"`
	TaskID    string      `json:"task_id"`
	Scope     Scope       `json:"scope"`
	Events    []EventKind `json:"events"`
	CreatedBy string      `json:"created_by"`
	CreatedAt time.Time   `json:"created_at"`
	// Status is active, or failing after repeated delivery failures.
	Status    string `json:"status"`
	LastError string `json:"last_error,omitempty"`
	// Attempts counts consecutive failed delivery attempts; a success
	// resets it.
	Attempts int `json:"attempts,omitempty"`
	// Delivered is the id of the last event delivered to the target.
	Delivered string `json:"delivered,omitempty"`
	// Pending counts events routed to the subscription and not yet
	// delivered (its outbox).
	Pending int64 `json:"pending"`
	// Dropped counts events the outbox bound pushed out while the target
	// was failing for a long time; each drop is logged and counted.
	Dropped int64 `json:"dropped,omitempty"`
}

// Wants reports whether the subscription's event filter lets kind through.
// An empty filter lets everything through.
func (s *Subscription) Wants(kind EventKind) bool {
	if len(s.Events) == 0 {
		return true
	}
	for _, k := range s.Events {
		if k == kind {
			return true
		}
	}
	return false
}

// Target kinds of the contract.
const (
	KindDiscord      = "discord"
	KindTelegram     = "telegram"
	KindSlack        = "slack"
	KindWebhook      = "webhook"
	KindOrchestrator = "orchestrator"
)

var targetForms = map[string]*regexp.Regexp{
	KindDiscord:      regexp.MustCompile(`^[0-9]{1,20}$`),
	KindTelegram:     regexp.MustCompile(`^-?[0-9]{1,20}(/[0-9]{1,20})?$`),
	KindSlack:        regexp.MustCompile(`^[A-Z0-9]{2,20}(/[0-9]{1,12}\.[0-9]{1,12})?$`),
	KindOrchestrator: regexp.MustCompile(`^t_[a-z0-9]{4,32}$`),
}

var targetHelp = map[string]string{
	KindDiscord:      "discord:CHANNEL_ID (digits)",
	KindTelegram:     "telegram:CHAT_ID[/THREAD_ID]",
	KindSlack:        "slack:CHANNEL_ID[/THREAD_TS]",
	KindWebhook:      "webhook:https://host/path",
	KindOrchestrator: "orchestrator:TASK_ID",
}

// ParseTarget splits a target into its kind and address, checking the
// address's form for the kind.
func ParseTarget(target string) (kind, addr string, err error) {
	kind, addr, ok := strings.Cut(target, ":")
	if !ok || addr == "" {
		return "", "", Errorf(ErrInvalid, "malformed target %q: use kind:address, e.g. %s", target, targetHelp[KindDiscord])
	}
	help, known := targetHelp[kind]
	if !known {
		return "", "", Errorf(ErrInvalid, "unknown target kind %q: use discord, telegram, slack, webhook or orchestrator", kind)
	}
	if kind == KindWebhook {
		u, perr := url.Parse(addr)
		if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", "", Errorf(ErrInvalid, "malformed target %q: use %s", target, help)
		}
		return kind, addr, nil
	}
	if !targetForms[kind].MatchString(addr) {
		return "", "", Errorf(ErrInvalid, "malformed target %q: use %s", target, help)
	}
	return kind, addr, nil
}
