package rdb

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/switchboard/switchboard/board"
)

// maxAttachments bounds each task's attachment list.
const maxAttachments = 50

// Attach adds context for a task's next run. It is not a transition and
// appends no event.
func (s *Store) Attach(ctx context.Context, ref board.Ref, kind string, data json.RawMessage) error {
	if !json.Valid(data) {
		return board.Errorf(board.ErrInvalid, "attachment data is not valid JSON")
	}
	raw, err := json.Marshal(storedAttachment{Kind: kind, At: s.now().UnixMilli(), Data: data})
	if err != nil {
		return err
	}
	_, err = s.call(ctx, "attach", ref.Board, "", "", ref.ID, string(raw), maxAttachments)
	if err != nil {
		return fmt.Errorf("attach to %s: %w", ref.ID, err)
	}
	return nil
}

// Attachments reads a task's attachments, oldest first.
func (s *Store) Attachments(ctx context.Context, ref board.Ref) ([]board.Attachment, error) {
	res, err := s.call(ctx, "attach", ref.Board, "", "", ref.ID, "", maxAttachments)
	if err != nil {
		return nil, err
	}
	list, _ := res.([]any)
	out := make([]board.Attachment, 0, len(list))
	for _, v := range list {
		str, _ := v.(string)
		var sa storedAttachment
		if err := json.Unmarshal([]byte(str), &sa); err != nil {
			return nil, fmt.Errorf("attachment of %s: %w", ref.ID, err)
		}
		out = append(out, board.Attachment{Kind: sa.Kind, At: time.UnixMilli(sa.At).UTC(), Data: sa.Data})
	}
	return out, nil
}

type storedAttachment struct {
	Kind string          `json:"kind"`
	At   int64           `json:"at"`
	Data json.RawMessage `json:"data"`
}
