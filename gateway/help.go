package gateway

import (
	"fmt"
	"strings"
)

// usage is one line of help per verb, in the order help lists them.
var usage = []struct {
	verb Verb
	line string
}{
	{VerbList, "list [STATUS|waiting ...] — tasks that need a person, or those in the given statuses"},
	{VerbShow, "show ID — a task's status, reason and owed actions"},
	{VerbApprove, "approve ID [NOTE] — let a waiting_approval task run its gated action"},
	{VerbDeny, "deny ID REASON — refuse the gated action; the reason reaches the next run"},
	{VerbAnswer, "answer ID TEXT — answer a waiting_human task's question"},
	{VerbResume, "resume ID [NOTE] — after logging in, let a waiting_auth task run again"},
	{VerbUnblock, "unblock ID [NOTE] — send a blocked or triage task back to ready"},
	{VerbReview, "review ID approve | review ID changes TEXT — finish or return reviewed work"},
	{VerbConfirm, "confirm ID all | confirm ID 1,2 — confirm owed operator actions"},
	{VerbSubscribe, "subscribe ID [subtree] — post this task's events (or its subtree's) here"},
	{VerbUnsubscribe, "unsubscribe SUB_ID — stop a subscription"},
	{VerbHelp, "help [VERB] — this list"},
}

// helpText lists every verb, or explains one.
func helpText(topic Verb) string {
	for _, u := range usage {
		if u.verb == topic {
			return "/kanban " + u.line
		}
	}
	var b strings.Builder
	b.WriteString("Usage: /kanban <verb> [args]. Verbs:\n")
	for _, u := range usage {
		fmt.Fprintf(&b, "• /kanban %s\n", u.line)
	}
	b.WriteString("Any verb takes --board NAME first to act on another board. Reading is open to everyone here; decisions and subscriptions need approver rights.")
	return b.String()
}
