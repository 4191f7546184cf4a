package slack

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzDecodeInteraction: any verified interactions body decodes or fails
// cleanly; a decoded one always names its user, and modal metadata is
// only trusted when complete.
func FuzzDecodeInteraction(f *testing.F) {
	for _, s := range []string{
		`{"type":"block_actions","user":{"id":"U1"},"channel":{"id":"C1"},"actions":[{"action_id":"kanban_approve","value":"abc","type":"button"}]}`,
		`{"type":"view_submission","user":{"id":"U1"},"view":{"callback_id":"kanban_text","private_metadata":"{\"k\":\"t\",\"r\":{\"c\":\"C1\",\"u\":\"U1\"}}","state":{"values":{"text":{"text":{"value":"x"}}}}}}`,
		`{}`, `null`, `[]`, `{"user":{"id":""}}`, `{"type":"block_actions","user":{"id":"U1"},"actions":{}}`,
	} {
		f.Add(url.Values{"payload": {s}}.Encode())
	}
	f.Add("payload=%ZZ")
	f.Fuzz(func(t *testing.T, body string) {
		cb, err := decodeInteraction([]byte(body))
		if err != nil {
			return
		}
		require.NotEmpty(t, cb.User.ID)
		if md, ok := decodeMetadata(cb.View.PrivateMetadata); ok {
			require.NotEmpty(t, md.Token)
			require.NotEmpty(t, md.To.Channel)
		}
	})
}
