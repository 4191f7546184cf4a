package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/switchboard/switchboard/board"
)

func (g *globals) printJSON(v any) error {
	enc := json.NewEncoder(g.out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// printTask prints one task: JSON, or a readable card.
func (g *globals) printTask(t *board.Task) error {
	if g.json {
		return g.printJSON(t)
	}
	w := tabwriter.NewWriter(g.out, 0, 4, 2, ' ', 0)
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(w, "%s:\t%s\n", k, v)
		}
	}
	row("id", t.ID)
	row("title", t.Title)
	row("status", describeStatus(t))
	row("board", t.Board)
	row("profile", t.Profile)
	row("priority", fmt.Sprint(t.Priority))
	row("parents", strings.Join(t.Parents, ", "))
	row("children", strings.Join(t.Children, ", "))
	row("run", t.CurrentRunID)
	row("summary", t.Summary)
	if t.RetryAt != nil {
		row("retry at", t.RetryAt.Local().Format(time.DateTime))
	}
	for i, a := range t.OperatorActions {
		row(fmt.Sprintf("action %d", i+1), describeAction(a))
	}
	row("body", t.Body)
	return w.Flush()
}

func describeStatus(t *board.Task) string {
	s := string(t.Status)
	if t.BlockKind != "" && t.Status != board.StatusTodo {
		s += " (" + string(t.BlockKind) + ")"
	}
	if t.BlockReason != "" && t.Status.NeedsPerson() {
		s += ": " + t.BlockReason
	}
	if t.CircuitOpen {
		s += " [circuit open after " + fmt.Sprint(t.BlockRecurrences) + " similar blocks]"
	}
	return s
}

func describeAction(a board.OperatorAction) string {
	s := a.Action
	if a.Check != "" {
		s += " (check: " + a.Check + ")"
	}
	if a.Confirmed() {
		s += " ✓ " + a.ConfirmedBy
	}
	return s
}

// listGroups orders the human task list: what needs a person first, with
// waiting gates apart from blocked work.
var listGroups = []struct {
	title string
	has   func(board.Status) bool
}{
	{"Waiting on a person", board.Status.IsWaiting},
	{"Owed operator actions", func(s board.Status) bool { return s == board.StatusAwaitingOperator }},
	{"Blocked and triage", func(s board.Status) bool { return s == board.StatusBlocked || s == board.StatusTriage }},
	{"Active", func(s board.Status) bool {
		return s == board.StatusRunning || s == board.StatusReady || s == board.StatusTodo
	}},
	{"Done", func(s board.Status) bool { return s == board.StatusDone }},
	{"Archived", func(s board.Status) bool { return s == board.StatusArchived }},
}

// printTasks prints tasks as JSON, or as tables grouped by what they need.
func (g *globals) printTasks(tasks []*board.Task) error {
	if g.json {
		if tasks == nil {
			tasks = []*board.Task{}
		}
		return g.printJSON(tasks)
	}
	if len(tasks) == 0 {
		fmt.Fprintln(g.out, "no tasks")
		return nil
	}
	w := tabwriter.NewWriter(g.out, 0, 4, 2, ' ', 0)
	for _, grp := range listGroups {
		in := slices.DeleteFunc(slices.Clone(tasks), func(t *board.Task) bool { return !grp.has(t.Status) })
		if len(in) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s (%d)\n", grp.title, len(in))
		fmt.Fprintln(w, "  ID\tSTATUS\tPRI\tTITLE\tREASON")
		for _, t := range in {
			fmt.Fprintf(w, "  %s\t%s\t%d\t%s\t%s\n", t.ID, statusCell(t), t.Priority, clip(t.Title, 50), clip(t.BlockReason, 50))
		}
		fmt.Fprintln(w)
	}
	return w.Flush()
}

func statusCell(t *board.Task) string {
	if t.Status == board.StatusBlocked && t.BlockKind != "" {
		return string(t.Status) + "/" + string(t.BlockKind)
	}
	return string(t.Status)
}

func (g *globals) printRuns(runs []*board.Run) error {
	if g.json {
		return g.printJSON(nonNil(runs))
	}
	w := tabwriter.NewWriter(g.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "RUN\tSTARTED\tOUTCOME\tEXIT\tSUMMARY")
	for _, r := range runs {
		exit := ""
		if r.ExitCode != nil {
			exit = fmt.Sprint(*r.ExitCode)
		}
		outcome := string(r.Outcome)
		if outcome == "" {
			outcome = "(running)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.StartedAt.Local().Format(time.DateTime), outcome, exit,
			clip(firstNonEmpty(r.Summary, r.Error), 60))
	}
	return w.Flush()
}

func (g *globals) printEvents(events []*board.Event) error {
	if g.json {
		return g.printJSON(nonNil(events))
	}
	for _, e := range events {
		fmt.Fprintln(g.out, EventLine(e))
	}
	return nil
}

// EventLine renders one event on one line.
func EventLine(e *board.Event) string {
	data := ""
	if len(e.Data) > 2 {
		data = " " + string(e.Data)
	}
	return fmt.Sprintf("%s  %-10s %-20s %s%s", e.At.Local().Format(time.DateTime), e.TaskID, e.Kind, e.Actor, data)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
