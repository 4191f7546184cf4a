package rdb

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// decodeSubscription reads a subscription hash; pending is its outbox length.
func decodeSubscription(h map[string]string, pending int64) *board.Subscription {
	sub := &board.Subscription{
		ID: h["id"], Board: h["board"], Kind: h["kind"], Target: h["target"],
		TaskID: h["task_id"], Scope: board.Scope(h["scope"]), Events: []board.EventKind{},
		CreatedBy: h["created_by"], CreatedAt: ms(h["created_at"]), Status: h["status"],
		LastError: h["last_error"], Attempts: atoi(h["attempts"]), Delivered: h["delivered"],
		Pending: pending,
	}
	sub.Dropped, _ = strconv.ParseInt(h["dropped"], 10, 64)
	for _, k := range strings.Split(h["events"], ",") {
		if k != "" {
			sub.Events = append(sub.Events, board.EventKind(k))
		}
	}
	return sub
}

// sortSubs orders subscriptions oldest first, then by id.
func sortSubs(subs []*board.Subscription) {
	slices.SortStableFunc(subs, func(a, b *board.Subscription) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}
