package dispatcher

import (
	"fmt"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
)

// reportHelp says how a run must end; hints repeat it where it matters.
const reportHelp = "report it with `switchboard worker complete --summary ...` " +
	"(or `switchboard worker request-review --summary ...`); if it cannot be finished, " +
	"say why with `switchboard worker block --kind ... --reason ...`"

// ProtocolViolationNotice is the correction the run after a protocol
// violation reads: what went wrong and what the worker must do now.
func ProtocolViolationNotice(runID string, count, limit int) string {
	return fmt.Sprintf("Your previous run (%s) exited 0 without a terminal call: a protocol violation "+
		"(%d in a row; at %d the task is blocked). If that run already did the work, verify it and %s. "+
		"A run without a terminal call counts as failed, whatever it did.", runID, count, limit, reportHelp)
}

// hints are the corrections for the next run: one about how the last run
// ended, and one for each thing a person said since.
func hints(task *board.Task, runs []EarlierRun, events []*board.Event, pol board.Policy) []string {
	out := []string{}
	var since time.Time
	if len(runs) > 0 {
		last := runs[len(runs)-1]
		if h := runHint(last, task, pol); h != "" {
			out = append(out, h)
		}
		if last.EndedAt != nil {
			since = *last.EndedAt
		}
	}
	for _, e := range events {
		if inputKinds[e.Kind] && !e.At.Before(since) {
			if h := inputHint(e); h != "" {
				out = append(out, h)
			}
		}
	}
	return out
}

// runHint explains how the previous run ended, when it went wrong.
func runHint(r EarlierRun, task *board.Task, pol board.Policy) string {
	switch r.Outcome {
	case board.OutcomeProtocolViolation:
		return ProtocolViolationNotice(r.ID, task.ProtocolViolations, pol.ProtocolViolationLimit)
	case board.OutcomeCrashed:
		return fmt.Sprintf("Your previous run (%s) crashed (%d failures in a row; at %d the task is blocked). "+
			"Its last output: %s. Fix the cause, or %s.", r.ID, task.ConsecutiveFailures, pol.FailureLimit,
			lastLine(r.Error), reportHelp)
	case board.OutcomeTimedOut:
		return fmt.Sprintf("Your previous run (%s) timed out and was killed (%d failures in a row; at %d the "+
			"task is blocked). Finish within the profile's timeout, or %s.", r.ID, task.ConsecutiveFailures,
			pol.FailureLimit, reportHelp)
	case board.OutcomeRateLimited:
		return fmt.Sprintf("Your previous run (%s) hit a rate limit (exit 75) and waited out the cooldown; "+
			"it does not count as a failure.", r.ID)
	case board.OutcomeTerminalProvider:
		return fmt.Sprintf("The provider refused your previous run (%s) (exit 78); a person has unblocked the "+
			"task since.", r.ID)
	}
	return ""
}

// inputHint turns a person's decision into an instruction.
func inputHint(e *board.Event) string {
	text, q := e.DataString("text"), e.DataString("question")
	switch e.Kind {
	case board.EventDenied:
		return fmt.Sprintf("%s DENIED the approval you asked for (%q): %q. Do not perform the denied "+
			"action; find another way, or block again with a different request.", e.Actor, q, text)
	case board.EventChangesRequested:
		return fmt.Sprintf("%s reviewed your work and requested changes: %q. Make them, then request review "+
			"again.", e.Actor, text)
	case board.EventAnswered:
		return fmt.Sprintf("%s answered your question %q: %q.", e.Actor, q, text)
	case board.EventApproved:
		return fmt.Sprintf("%s approved %q%s. Go ahead with the approved action.", e.Actor, q, note(text))
	case board.EventResumed:
		return fmt.Sprintf("%s says the login or credential you needed (%q) is in place%s.", e.Actor, q, note(text))
	case board.EventUnblocked:
		return fmt.Sprintf("%s unblocked the task (it was blocked: %q)%s.", e.Actor, q, note(text))
	}
	return ""
}

func note(text string) string {
	if strings.TrimSpace(text) == "" {
		return ""
	}
	return fmt.Sprintf(", noting %q", text)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if s == "" {
		return "(none)"
	}
	return fmt.Sprintf("%q", s)
}
