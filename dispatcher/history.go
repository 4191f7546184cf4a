package dispatcher

import (
	"github.com/switchboard/switchboard/board"
)

// inputKinds are the events that carry a person's words for the worker.
var inputKinds = map[board.EventKind]bool{
	board.EventAnswered: true, board.EventApproved: true, board.EventDenied: true,
	board.EventResumed: true, board.EventChangesRequested: true, board.EventUnblocked: true,
	board.EventReviewed: true, board.EventReopened: true,
}

// earlierRuns lists the task's finished runs, newest last, without the
// current one.
func earlierRuns(runs []*board.Run, current string) []EarlierRun {
	out := []EarlierRun{}
	for _, r := range runs {
		if r.ID == current || r.Live() {
			continue
		}
		out = append(out, EarlierRun{ID: r.ID, Outcome: r.Outcome, ExitCode: r.ExitCode,
			StartedAt: r.StartedAt, EndedAt: r.EndedAt, Summary: r.Summary, BlockKind: r.BlockKind,
			Error: clipStart(r.Error, maxRunErrorBytes)})
	}
	return lastN(out, maxContextRuns)
}

// personInput lists what people said to the task, oldest first.
func personInput(events []*board.Event) []PersonInput {
	out := []PersonInput{}
	for _, e := range events {
		if !inputKinds[e.Kind] {
			continue
		}
		out = append(out, PersonInput{Kind: e.Kind, Actor: e.Actor, At: e.At,
			Text: e.DataString("text"), Question: e.DataString("question")})
	}
	return lastN(out, maxContextInputs)
}

// comments lists the notes earlier runs left.
func comments(events []*board.Event) []Comment {
	out := []Comment{}
	for _, e := range events {
		if e.Kind == board.EventCommented {
			out = append(out, Comment{RunID: e.RunID, At: e.At, Text: e.DataString("text")})
		}
	}
	return lastN(out, maxContextComments)
}

func lastN[T any](s []T, n int) []T {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// clipStart keeps the last n bytes of s: the end of an error is the part
// that says what went wrong.
func clipStart(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
