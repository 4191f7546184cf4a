package slack

import (
	"encoding/json"

	"github.com/slack-go/slack"

	"github.com/switchboard/switchboard/gateway"
)

// The modal that collects an answer, a denial's reason or a change request.
const (
	modalCallback = "kanban_text"
	modalBlock    = "text"
	modalInput    = "text"
	maxModalTitle = 24   // a modal title's limit
	maxInput      = 3000 // a plain_text_input's limit
)

// metadata travels in the modal's private_metadata: the button's token
// and where to reply.
type metadata struct {
	Token string  `json:"k"`
	To    replyTo `json:"r"`
}

func decodeMetadata(s string) (metadata, bool) {
	var md metadata
	err := json.Unmarshal([]byte(s), &md)
	return md, err == nil && md.Token != "" && md.To.Channel != "" && md.To.User != ""
}

func plain(s string, max int) *slack.TextBlockObject {
	return slack.NewTextBlockObject(slack.PlainTextType, gateway.CutRunes(s, max), false, false)
}

// modal builds the views.open request for a prompt.
func modal(p *gateway.Prompt, to replyTo) slack.ModalViewRequest {
	md, _ := json.Marshal(metadata{Token: p.Token, To: to})
	input := slack.NewPlainTextInputBlockElement(plain(p.Label, 150), modalInput)
	input.Multiline = true
	input.MaxLength = maxInput
	return slack.ModalViewRequest{
		Type: slack.VTModal, CallbackID: modalCallback, PrivateMetadata: string(md),
		Title: plain("Switchboard", maxModalTitle), Submit: plain("Send", 24), Close: plain("Cancel", 24),
		Blocks: slack.Blocks{BlockSet: []slack.Block{
			slack.NewSectionBlock(plain(p.Title, maxSection), nil, nil),
			slack.NewInputBlock(modalBlock, plain(p.Label, 2000), nil, input),
		}},
	}
}
