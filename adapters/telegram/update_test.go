package telegram

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDecodeUpdateKeepsForumTopics(t *testing.T) {
	t.Parallel()
	u, err := decodeUpdate([]byte(`{"update_id":5,"message":{"message_id":9,"message_thread_id":7,"is_topic_message":true,
		"chat":{"id":-100,"type":"supergroup"},"date":1,"text":"/kanban list"}}`))
	require.NoError(t, err)
	require.Equal(t, int64(7), u.thread)
	require.Equal(t, "/kanban list", u.Message.Text)
	u, err = decodeUpdate([]byte(`{"update_id":6,"message":{"message_id":9,"message_thread_id":7,"chat":{"id":-100,"type":"supergroup"},"date":1,"text":"reply"}}`))
	require.NoError(t, err)
	require.Zero(t, u.thread, "a reply thread outside a forum is not a topic")
	u, err = decodeUpdate([]byte(`{"update_id":7,"callback_query":{"id":"q","from":{"id":1},"data":"kb:x",
		"message":{"message_id":3,"message_thread_id":11,"is_topic_message":true,"chat":{"id":-100,"type":"supergroup"},"date":1}}}`))
	require.NoError(t, err)
	require.Equal(t, int64(11), u.thread)
	_, err = decodeUpdate([]byte(`[]`))
	require.Error(t, err)
}

// FuzzDecodeUpdate: any webhook body decodes or fails cleanly, and the
// handler's view of it is consistent.
func FuzzDecodeUpdate(f *testing.F) {
	for _, s := range []string{
		`{"update_id":1,"message":{"message_id":2,"chat":{"id":3,"type":"private"},"date":1,"text":"/kanban list"}}`,
		`{"update_id":1,"callback_query":{"id":"q","from":{"id":1},"data":"kb:abc","message":{"message_id":3,"message_thread_id":4,"is_topic_message":true,"chat":{"id":-1,"type":"supergroup"},"date":1}}}`,
		`{"update_id":1,"message":{"message_id":2,"chat":{"id":3},"reply_to_message":{"message_id":1,"chat":{"id":3}},"text":"x"}}`,
		`{}`, `null`, `{"message":null}`, `{"callback_query":{"message":{"message_thread_id":"x"}}}`,
	} {
		f.Add([]byte(s))
	}
	a := New(Params{Token: "1:x"})
	f.Fuzz(func(t *testing.T, raw []byte) {
		u, err := decodeUpdate(raw)
		if err != nil {
			return
		}
		if u.Message != nil {
			_ = a.isCommand(u.Message.Text)
			if u.Message.Chat != nil {
				_ = here(u.Message, u.thread)
			}
		}
		if u.thread != 0 {
			require.True(t, u.Message != nil || u.CallbackQuery != nil)
		}
	})
}
