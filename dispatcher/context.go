package dispatcher

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/switchboard/switchboard/board"
)

// Bounds on what a context file repeats from the task's history.
const (
	maxContextRuns     = 20
	maxContextInputs   = 30
	maxContextComments = 20
	maxRunErrorBytes   = 1500
)

// RunContext is what a worker is told about its task. The dispatcher
// writes it as context.json beside the Markdown context file.
type RunContext struct {
	Task        TaskInfo           `json:"task"`
	Run         RunInfo            `json:"run"`
	Parents     []ParentInfo       `json:"parents"`
	Runs        []EarlierRun       `json:"runs"`
	Input       []PersonInput      `json:"input"`
	Comments    []Comment          `json:"comments"`
	Attachments []board.Attachment `json:"attachments"`
	// Hints are corrections for this run, such as the protocol-violation
	// notice. Read them first.
	Hints []string `json:"hints"`
}

// TaskInfo is the task itself.
type TaskInfo struct {
	ID       string `json:"id"`
	Board    string `json:"board"`
	Title    string `json:"title"`
	Body     string `json:"body"`
	Profile  string `json:"profile"`
	Priority int    `json:"priority"`
}

// RunInfo is this run.
type RunInfo struct {
	ID      string `json:"id"`
	Attempt int    `json:"attempt"`
}

// ParentInfo is a task this one waited on, with what it reported.
type ParentInfo struct {
	ID       string          `json:"id"`
	Title    string          `json:"title"`
	Status   board.Status    `json:"status"`
	Summary  string          `json:"summary"`
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// EarlierRun is a finished run of the task.
type EarlierRun struct {
	ID        string          `json:"id"`
	Outcome   board.Outcome   `json:"outcome"`
	ExitCode  *int            `json:"exit_code"`
	StartedAt time.Time       `json:"started_at"`
	EndedAt   *time.Time      `json:"ended_at"`
	Summary   string          `json:"summary,omitempty"`
	BlockKind board.BlockKind `json:"block_kind,omitempty"`
	Error     string          `json:"error,omitempty"`
}

// PersonInput is a person's answer, approval, denial, review feedback or
// note, with the question it answered when there was one.
type PersonInput struct {
	Kind     board.EventKind `json:"kind"`
	Actor    string          `json:"actor"`
	At       time.Time       `json:"at"`
	Text     string          `json:"text"`
	Question string          `json:"question,omitempty"`
}

// Comment is a note an earlier run left on the task.
type Comment struct {
	RunID string    `json:"run_id"`
	At    time.Time `json:"at"`
	Text  string    `json:"text"`
}

// gatherContext reads everything a run's context holds.
func gatherContext(ctx context.Context, st Store, task *board.Task, runID string, pol board.Policy) (*RunContext, error) {
	ref := board.Ref{Board: task.Board, ID: task.ID}
	runs, err := st.Runs(ctx, ref)
	if err != nil {
		return nil, fmt.Errorf("runs of %s: %w", task.ID, err)
	}
	events, err := st.Events(ctx, ref)
	if err != nil {
		return nil, fmt.Errorf("events of %s: %w", task.ID, err)
	}
	atts, err := st.Attachments(ctx, ref)
	if err != nil {
		return nil, fmt.Errorf("attachments of %s: %w", task.ID, err)
	}
	parents, err := parentInfo(ctx, st, task)
	if err != nil {
		return nil, err
	}
	rc := &RunContext{
		Task: TaskInfo{ID: task.ID, Board: task.Board, Title: task.Title, Body: task.Body,
			Profile: task.Profile, Priority: task.Priority},
		Run:     RunInfo{ID: runID, Attempt: len(runs)},
		Parents: parents, Runs: earlierRuns(runs, runID),
		Input: personInput(events), Comments: comments(events),
		Attachments: nonNil(atts),
	}
	rc.Hints = hints(task, rc.Runs, events, pol)
	return rc, nil
}

func parentInfo(ctx context.Context, st Store, task *board.Task) ([]ParentInfo, error) {
	out := []ParentInfo{}
	if len(task.Parents) == 0 {
		return out, nil
	}
	parents, err := st.GetMany(ctx, task.Board, task.Parents...)
	if err != nil {
		return nil, fmt.Errorf("parents of %s: %w", task.ID, err)
	}
	for _, p := range parents {
		out = append(out, ParentInfo{ID: p.ID, Title: p.Title, Status: p.Status,
			Summary: p.Summary, Metadata: jsonOrNil(p.Metadata)})
	}
	return out, nil
}

// writeContext writes context.md and context.json into dir and returns
// the Markdown file's path.
func writeContext(dir string, rc *RunContext) (string, error) {
	js, err := json.MarshalIndent(rc, "", "  ")
	if err != nil {
		return "", fmt.Errorf("encode context: %w", err)
	}
	jsonPath, mdPath := filepath.Join(dir, "context.json"), filepath.Join(dir, "context.md")
	if err := os.WriteFile(jsonPath, append(js, '\n'), 0o600); err != nil {
		return "", fmt.Errorf("write context: %w", err)
	}
	if err := os.WriteFile(mdPath, []byte(renderContext(rc, jsonPath)), 0o600); err != nil {
		return "", fmt.Errorf("write context: %w", err)
	}
	return mdPath, nil
}

// jsonOrNil keeps a raw JSON value only when it holds one.
func jsonOrNil(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || !json.Valid(raw) {
		return nil
	}
	return raw
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
