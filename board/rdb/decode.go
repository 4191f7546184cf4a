package rdb

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
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

// decodeView reads a script's view reply: task hash, parents, children,
// extra. It returns nil for a missing task.
func decodeView(v any) (*board.Task, string, error) {
	parts, ok := v.([]any)
	if !ok || len(parts) < 4 {
		return nil, "", fmt.Errorf("rdb: malformed view reply %T", v)
	}
	h := hash(parts[0])
	if h["id"] == "" {
		return nil, "", nil
	}
	t, err := decodeTask(h)
	if err != nil {
		return nil, "", err
	}
	t.Parents, t.Children = strs(parts[1]), strs(parts[2])
	extra, _ := parts[3].(string)
	return t, extra, nil
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

// storedEvent is an event as the scripts write it to a task's log.
type storedEvent struct {
	ID     string          `json:"id"`
	TaskID string          `json:"task_id"`
	RunID  string          `json:"run_id"`
	Kind   string          `json:"kind"`
	Actor  string          `json:"actor"`
	At     int64           `json:"at"`
	Data   json.RawMessage `json:"data"`
}

func decodeEvent(boardName, raw string) (*board.Event, error) {
	var se storedEvent
	if err := json.Unmarshal([]byte(raw), &se); err != nil {
		return nil, fmt.Errorf("event: %w", err)
	}
	return &board.Event{
		ID: se.ID, Board: boardName, TaskID: se.TaskID, RunID: se.RunID,
		Kind: board.EventKind(se.Kind), Actor: se.Actor,
		At: time.UnixMilli(se.At).UTC(), Data: normData(se.Data),
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
