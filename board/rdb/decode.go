package rdb

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
)

// hash turns a flat HGETALL reply into a map.
func hash(v any) map[string]string {
	list, _ := v.([]any)
	m := make(map[string]string, len(list)/2)
	for i := 0; i+1 < len(list); i += 2 {
		k, _ := list[i].(string)
		m[k], _ = list[i+1].(string)
	}
	return m
}

// strs reads a script's array reply of strings, sorted.
func strs(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// sorted returns ids sorted, never nil.
func sorted(ids []string) []string {
	out := append([]string{}, ids...)
	slices.Sort(out)
	return out
}

func decodeTask(h map[string]string) (*board.Task, error) {
	t := &board.Task{
		ID: h["id"], Board: h["board"], Title: h["title"], Body: h["body"],
		Status: board.Status(h["status"]), Profile: h["profile"],
		Priority: atoi(h["priority"]), BlockKind: board.BlockKind(h["block_kind"]),
		BlockReason: h["block_reason"], BlockRecurrences: atoi(h["block_recurrences"]),
		CircuitOpen: h["circuit_open"] == "1", ConsecutiveFailures: atoi(h["consecutive_failures"]),
		ProtocolViolations: atoi(h["protocol_violations"]), RetryAt: msPtr(h["retry_at"]),
		CurrentRunID: h["current_run_id"], Summary: h["summary"],
		CreatedAt: ms(h["created_at"]), UpdatedAt: ms(h["updated_at"]),
		OperatorActions: []board.OperatorAction{},
	}
	if m := h["metadata"]; m != "" {
		t.Metadata = json.RawMessage(m)
	}
	if raw := h["operator_actions"]; raw != "" {
		acts, err := decodeActions(raw)
		if err != nil {
			return nil, fmt.Errorf("task %s: %w", t.ID, err)
		}
		t.OperatorActions = acts
	}
	return t, nil
}

// storedAction is an operator action as the scripts keep it: times in ms.
type storedAction struct {
	Action      string `json:"action"`
	Check       string `json:"check,omitempty"`
	ConfirmedBy string `json:"confirmed_by,omitempty"`
	ConfirmedAt int64  `json:"confirmed_at,omitempty"`
}

func decodeActions(raw string) ([]board.OperatorAction, error) {
	var stored []storedAction
	if err := json.Unmarshal([]byte(raw), &stored); err != nil {
		return nil, fmt.Errorf("operator actions: %w", err)
	}
	out := make([]board.OperatorAction, len(stored))
	for i, a := range stored {
		out[i] = board.OperatorAction{Action: a.Action, Check: a.Check, ConfirmedBy: a.ConfirmedBy}
		if a.ConfirmedAt > 0 {
			at := time.UnixMilli(a.ConfirmedAt).UTC()
			out[i].ConfirmedAt = &at
		}
	}
	return out, nil
}

func encodeActions(acts []board.OperatorAction) string {
	stored := make([]storedAction, len(acts))
	for i, a := range acts {
		stored[i] = storedAction{Action: a.Action, Check: a.Check}
	}
	b, _ := json.Marshal(stored) // plain strings always marshal
	return string(b)
}

func decodeRun(h map[string]string) *board.Run {
	r := &board.Run{
		ID: h["id"], TaskID: h["task_id"], Profile: h["profile"],
		Outcome: board.Outcome(h["outcome"]), StartedAt: ms(h["started_at"]),
		EndedAt: msPtr(h["ended_at"]), Summary: h["summary"],
		BlockKind: board.BlockKind(h["block_kind"]), Error: h["error"],
		Host: h["host"], PID: atoi(h["pid"]), ProcessStart: h["process_start"], Supervisor: h["supervisor"],
		HeartbeatAt: msPtr(h["heartbeat_at"]), Note: h["note"],
	}
	if m := h["metadata"]; m != "" {
		r.Metadata = json.RawMessage(m)
	}
	if c, err := strconv.Atoi(h["exit_code"]); err == nil {
		r.ExitCode = &c
	}
	return r
}

// decodeEvent reads one record of a task's log: unit-separated id, run,
// kind, actor, at (ms) and data, which comes last (see emit in prelude.lua).
func decodeEvent(boardName, taskID, rec string) (*board.Event, error) {
	f := strings.SplitN(rec, "\x1f", 6)
	if len(f) != 6 {
		return nil, fmt.Errorf("event record of %s: %d fields, want 6", taskID, len(f))
	}
	at, err := strconv.ParseInt(f[4], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("event record of %s: time %q: %w", taskID, f[4], err)
	}
	return &board.Event{
		ID: f[0], Board: boardName, TaskID: taskID, RunID: f[1], Kind: board.EventKind(f[2]),
		Actor: f[3], At: time.UnixMilli(at).UTC(), Data: normData(json.RawMessage(f[5])),
	}, nil
}

// normData makes an empty data object "{}" rather than null.
func normData(d json.RawMessage) json.RawMessage {
	if len(d) == 0 || string(d) == "null" || string(d) == "[]" {
		return json.RawMessage("{}")
	}
	return d
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func ms(s string) time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n == 0 {
		return time.Time{}
	}
	return time.UnixMilli(n).UTC()
}

func msPtr(s string) *time.Time {
	t := ms(s)
	if t.IsZero() {
		return nil
	}
	return &t
}
