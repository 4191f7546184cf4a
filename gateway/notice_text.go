package gateway

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// Per-field limits before a platform's own limits apply, in bytes.
const (
	maxTitle = 200
	maxLine  = 1500
)

// headlines gives each event kind its icon and headline.
var headlines = map[board.EventKind][2]string{
	board.EventCreated: {"🆕", "Created"}, board.EventLinked: {"🔗", "Linked"},
	board.EventPromoted: {"▶️", "Ready: its parents are done"}, board.EventDependencyWait: {"⏸️", "Waiting on subtasks"},
	board.EventClaimed: {"🏃", "Running"}, board.EventCompleted: {"✅", "Done"},
	board.EventBlocked: {"⛔", "Blocked"}, board.EventReviewRequested: {"👀", "Review requested"},
	board.EventParked: {"🧰", "Operator actions owed"}, board.EventAnswered: {"💬", "Answered"},
	board.EventApproved: {"👍", "Approved"}, board.EventDenied: {"👎", "Denied"},
	board.EventResumed: {"🔓", "Resumed"}, board.EventReviewed: {"✅", "Review approved"},
	board.EventChangesRequested: {"✏️", "Changes requested"}, board.EventConfirmed: {"☑️", "Actions confirmed"},
	board.EventUnblocked: {"🔧", "Unblocked"}, board.EventReopened: {"↩️", "Reopened"},
	board.EventArchived: {"🗄️", "Archived"}, board.EventCommented: {"🗒️", "Comment"},
	board.EventProtocolViolation: {"⚠️", "Run ended without a terminal call"}, board.EventRateLimited: {"🐢", "Rate limited"},
	board.EventTerminalProvider: {"🛑", "Provider error: blocked"}, board.EventCrashed: {"💥", "Run crashed"},
	board.EventTimedOut: {"⏱️", "Run timed out"}, board.EventGaveUp: {"🛑", "Gave up after repeated failures"},
	board.EventCircuitOpen: {"🔁", "Circuit open: sent to triage"}, board.EventSpawnBudgetExhausted: {"🚦", "Spawn budget exhausted"},
	board.EventRefused: {"🚫", "Unauthorized attempt refused"}, board.EventFanIn: {"🧩", "Subtree ready: every subtask is finished"},
	board.EventTriage: {"🚨", "Subtree needs a person"},
}

// gateHeadlines replaces the generic waiting headline per gate.
var gateHeadlines = map[string][2]string{
	"human": {"❓", "Question: an answer is needed"}, "auth": {"🔑", "Login needed"},
	"approval": {"🛑", "Approval needed"},
}

// dataLines names the data fields shown for every kind, in order.
var dataLines = []struct{ key, label string }{
	{"reason", "Reason"}, {"question", "Question"}, {"summary", "Summary"}, {"text", "Text"},
	{"note", "Note"}, {"error", "Error"}, {"kind", "Kind"}, {"actions", "Actions"}, {"verb", "Tried"},
}

// describe builds the text of a notice; it never reads the board.
func describe(d Delivery) Notice {
	ev := d.Event
	n := Notice{Board: ev.Board, TaskID: ev.TaskID, EventID: ev.ID, Kind: ev.Kind}
	h, ok := headlines[ev.Kind]
	if g, isGate := gateHeadlines[ev.DataString("gate")]; ev.Kind == board.EventWaiting && isGate {
		h, ok = g, true
	}
	if !ok {
		h = [2]string{"•", string(ev.Kind)}
	}
	n.Icon, n.Headline = h[0], h[1]
	if d.Task != nil {
		n.Title, n.Status = Cut(Redact(d.Task.Title), maxTitle), d.Task.Status
	}
	if ev.Actor != "" && ev.Actor != board.ActorSystem && !strings.HasPrefix(ev.Actor, "worker:") {
		n.Lines = append(n.Lines, Line{Label: "By", Text: ev.Actor})
	}
	n.Lines = append(n.Lines, eventLines(ev, d.Task)...)
	return n
}

func eventLines(ev board.Event, task *board.Task) []Line {
	data := ev.DataMap()
	var out []Line
	for _, f := range dataLines {
		if v := scalar(data[f.key]); v != "" && !(f.key == "actions" && ev.Kind == board.EventParked) {
			if f.key == "reason" && ev.Kind == board.EventWaiting && ev.DataString("gate") == "human" {
				f.label = "Question"
			}
			out = append(out, Line{Label: f.label, Text: Cut(Redact(v), maxLine)})
		}
	}
	if ev.Kind == board.EventParked && task != nil {
		out = append(out, actionLines(task)...)
	}
	if snap, ok := data["snapshot"]; ok {
		out = append(out, snapshotLines(snap)...)
	}
	return out
}

// actionLines lists a parked task's operator actions, numbered from 1.
func actionLines(task *board.Task) []Line {
	out := make([]Line, 0, len(task.OperatorActions))
	for i, a := range task.OperatorActions {
		mark := "☐"
		if a.Confirmed() {
			mark = "☑ " + a.ConfirmedBy
		}
		out = append(out, Line{Label: fmt.Sprintf("%d %s", i+1, mark), Text: Cut(Redact(a.Action), maxLine)})
	}
	return out
}

// snapshotLines renders a fan_in or triage notice's subtree snapshot.
func snapshotLines(v any) []Line {
	raw, _ := json.Marshal(v)
	var tasks []struct{ ID, Title, Status, Summary string }
	_ = json.Unmarshal(raw, &tasks)
	out := make([]Line, 0, len(tasks))
	for i, t := range tasks {
		if i == 25 {
			out = append(out, Line{Text: fmt.Sprintf("… and %d more", len(tasks)-i)})
			break
		}
		text := Cut(Redact(t.Title), maxTitle)
		if t.Summary != "" {
			text += " — " + Cut(Redact(t.Summary), 300)
		}
		out = append(out, Line{Label: t.ID + " " + t.Status, Text: text})
	}
	return out
}

func scalar(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case float64:
		return fmt.Sprint(x)
	}
	return ""
}
