package gateway

import (
	"context"
	"fmt"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// maxListed bounds the tasks one list reply shows.
const maxListed = 30

// needsPerson is what list shows without statuses: the work waiting on a
// person first, then failure-blocked and triage work, apart.
var needsPerson = []board.Status{
	board.StatusWaitingHuman, board.StatusWaitingAuth, board.StatusWaitingApproval,
	board.StatusWaitingReview, board.StatusAwaitingOperator, board.StatusBlocked, board.StatusTriage,
}

func (c *Chat) list(ctx context.Context, cmd Command) Reply {
	statuses := cmd.Statuses
	if len(statuses) == 0 {
		statuses = needsPerson
	}
	tasks, err := c.board.List(ctx, board.ListParams{Board: cmd.Board, Statuses: statuses, Limit: maxListed + 1})
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	if len(tasks) == 0 {
		return Reply{Text: fmt.Sprintf("Nothing on board %s is %s.", cmd.Board, joinStatus(statuses)), Private: true}
	}
	var waiting, other []string
	for i, t := range tasks {
		if i == maxListed {
			other = append(other, fmt.Sprintf("… more; narrow it with /kanban list STATUS"))
			break
		}
		line := fmt.Sprintf("• %s [%s] %s", t.ID, t.Status, Cut(Redact(t.Title), 120))
		if t.BlockReason != "" && t.Status.NeedsPerson() {
			line += " — " + Cut(Redact(t.BlockReason), 160)
		}
		if t.Status.IsWaiting() || t.Status == board.StatusAwaitingOperator {
			waiting = append(waiting, line)
		} else {
			other = append(other, line)
		}
	}
	return Reply{Text: listText(cmd.Board, waiting, other), Private: true}
}

func listText(boardName string, waiting, other []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Board %s\n", boardName)
	if len(waiting) > 0 {
		b.WriteString("Waiting on a person:\n" + strings.Join(waiting, "\n") + "\n")
	}
	if len(other) > 0 {
		if len(waiting) > 0 {
			b.WriteString("Other:\n")
		}
		b.WriteString(strings.Join(other, "\n") + "\n")
	}
	return strings.TrimSpace(b.String())
}

func (c *Chat) show(ctx context.Context, cmd Command) Reply {
	t, err := c.board.Get(ctx, board.Ref{Board: cmd.Board, ID: cmd.TaskID})
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	return Reply{Text: TaskText(t), Private: true}
}

// TaskText describes a task in a few lines of plain text.
func TaskText(t *board.Task) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s — %s\nStatus: %s", t.ID, Cut(Redact(t.Title), maxTitle), t.Status)
	if t.BlockKind != "" && t.BlockReason != "" {
		fmt.Fprintf(&b, " (%s)\nReason: %s", t.BlockKind, Cut(Redact(t.BlockReason), maxLine))
	}
	if t.Summary != "" {
		fmt.Fprintf(&b, "\nSummary: %s", Cut(Redact(t.Summary), maxLine))
	}
	for _, l := range actionLines(t) {
		fmt.Fprintf(&b, "\n%s %s", l.Label, l.Text)
	}
	if len(t.Parents) > 0 {
		fmt.Fprintf(&b, "\nWaits on: %s", strings.Join(t.Parents, ", "))
	}
	return b.String()
}

func joinStatus(list []board.Status) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = string(s)
	}
	return strings.Join(parts, ", ")
}
