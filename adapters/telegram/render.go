package telegram

import (
	"encoding/json"
	"html"

	"github.com/switchboard/switchboard/gateway"
)

// maxText is Telegram's message limit (4096) less a margin for entities.
const maxText = 4000

// callbackPrefix starts every button's callback_data: "kb:" + token.
const callbackPrefix = "kb:"

// markup is Telegram's HTML parse mode.
var markup = gateway.Markup{
	Escape: html.EscapeString,
	Bold:   func(s string) string { return "<b>" + s + "</b>" },
	Code:   func(s string) string { return "<code>" + html.EscapeString(s) + "</code>" },
	Italic: func(s string) string { return "<i>" + s + "</i>" },
}

// text renders a notice for sendMessage and editMessageText.
func text(n gateway.Notice) string { return gateway.RenderNotice(n, markup, maxText) }

// inlineButton is one button of an inline keyboard.
type inlineButton struct {
	Text         string `json:"text"`
	CallbackData string `json:"callback_data"`
}

// keyboard is the reply_markup of a notice: its buttons in one row, or an
// empty keyboard, which removes the buttons on edit.
func keyboard(buttons []gateway.Button) string {
	row := make([]inlineButton, 0, len(buttons))
	for _, b := range buttons {
		row = append(row, inlineButton{Text: b.Label, CallbackData: callbackPrefix + b.Token})
	}
	rows := [][]inlineButton{}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	raw, _ := json.Marshal(map[string]any{"inline_keyboard": rows})
	return string(raw)
}
