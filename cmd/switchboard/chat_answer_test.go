package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/board"
)

// TestServeChatAnswerReachesTheNextRun: a real worker blocks with a
// question; the notice reaches the subscribed Telegram topic with an
// Answer button; the click sends a forced reply; the reply answers; the
// dispatcher runs the worker again and its context file holds the answer.
func TestServeChatAnswerReachesTheNextRun(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "context")
	script := `if [ -f "$OUT.first" ]; then cp "$SWITCHBOARD_CONTEXT" "$OUT"; exec "$SB" worker complete --summary done; fi
touch "$OUT.first"; exec "$SB" worker block --kind needs_input --reason "which region?"`
	s, fake, _, store := chatServe(t, "SWITCHBOARD_DISPATCHER_ENABLED=true",
		"SWITCHBOARD_PROFILES_DEFAULT_COMMAND=[\"sh\", \"-c\", "+quoteJSON(script)+"]",
		"SWITCHBOARD_PROFILES_DEFAULT_ENV_OUT="+out, "SWITCHBOARD_PROFILES_DEFAULT_ENV_SB="+binary)
	ctx := context.Background()
	task, err := store.Create(ctx, board.CreateParams{Board: "default", Title: "pick a region", Profile: "default", Triage: true})
	require.NoError(t, err)
	hook := func(body string) {
		require.Equal(t, http.StatusOK, post(t, s.url+"/telegram/webhook", body, map[string]string{tgSecret: "tg-secret"}))
	}
	msg := func(update int, text, extra string) string {
		return fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"message_thread_id":7,"is_topic_message":true,
			"from":{"id":42,"username":"alice"},"chat":{"id":-100123,"type":"supergroup","is_forum":true},"date":1,"text":%q%s}}`,
			update, 100+update, text, extra)
	}
	hook(msg(1, "/kanban subscribe "+task.ID, ""))
	hook(msg(2, "/kanban unblock "+task.ID, ""))

	notice := fake.wait(t, "/sendMessage", "message_thread_id=7", "Question", "which region?", "callback_data")
	data := notice.Body[strings.Index(notice.Body, `"callback_data":"`)+len(`"callback_data":"`):]
	hook(fmt.Sprintf(`{"update_id":3,"callback_query":{"id":"q1","from":{"id":42,"username":"alice"},"chat_instance":"1","data":%q,
		"message":{"message_id":%d,"message_thread_id":7,"is_topic_message":true,"chat":{"id":-100123,"type":"supergroup"},"date":1}}}`,
		data[:strings.Index(data, `"`)], notice.ID))
	prompt := fake.wait(t, "/sendMessage", "force_reply", "message_thread_id=7")
	hook(msg(4, "eu-west-1, the quiet one", fmt.Sprintf(`,"reply_to_message":{"message_id":%d,"chat":{"id":-100123,"type":"supergroup"},"date":1}`, prompt.ID)))

	require.Eventually(t, func() bool { return chatGet(t, store, task.ID).Status == board.StatusDone }, 30*time.Second, 20*time.Millisecond)
	file, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(file), "eu-west-1, the quiet one")
	require.Contains(t, string(file), "telegram:42 (alice)")
	fake.wait(t, "/editMessageText", "Answered by telegram:42 (alice)")
}
