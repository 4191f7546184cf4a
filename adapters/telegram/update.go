package telegram

import (
	"encoding/json"
	"fmt"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// update is a Bot API update with the forum fields v5.5.1's types lack.
type update struct {
	tgbotapi.Update
	// thread is the forum topic the message (or the clicked message) is
	// in; 0 outside forum topics.
	thread int64
}

// topicFields are the forum fields of a message.
type topicFields struct {
	ThreadID int64 `json:"message_thread_id"`
	IsTopic  bool  `json:"is_topic_message"`
}

// threadOnly decodes just the forum fields of an update.
type threadOnly struct {
	Message       *topicFields `json:"message"`
	CallbackQuery *struct {
		Message *topicFields `json:"message"`
	} `json:"callback_query"`
}

// maxUpdate bounds one update's JSON.
const maxUpdate = 1 << 20

// decodeUpdate decodes one update from the webhook or getUpdates.
func decodeUpdate(raw []byte) (update, error) {
	var u update
	if len(raw) > maxUpdate {
		return u, fmt.Errorf("update too large: %d bytes", len(raw))
	}
	if err := json.Unmarshal(raw, &u.Update); err != nil {
		return u, fmt.Errorf("malformed update: %w", err)
	}
	var t threadOnly
	if err := json.Unmarshal(raw, &t); err != nil {
		return u, fmt.Errorf("malformed update: %w", err)
	}
	u.thread = topicOf(t.Message)
	if t.CallbackQuery != nil {
		u.thread = topicOf(t.CallbackQuery.Message)
	}
	return u, nil
}

func topicOf(f *topicFields) int64 {
	if f == nil || !f.IsTopic {
		return 0
	}
	return f.ThreadID
}

// decodeUpdates decodes getUpdates' result array.
func decodeUpdates(raw json.RawMessage) ([]update, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("malformed getUpdates result: %w", err)
	}
	out := make([]update, 0, len(list))
	for _, r := range list {
		u, err := decodeUpdate(r)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}
