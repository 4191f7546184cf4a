package slack

import (
	"strings"

	"github.com/slack-go/slack"

	"github.com/switchboard/switchboard/gateway"
)

// Slack's Block Kit limits.
const (
	maxSection = 3000 // a section's text
	maxButton  = 75   // a button's text
	maxMessage = 3000 // what we put in a message's fallback text
)

// actionPrefix starts the action_id of every notice button.
const actionPrefix = "kanban_"

// markup is Slack's mrkdwn.
var markup = gateway.Markup{
	Escape: escape,
	Bold:   func(s string) string { return "*" + s + "*" },
	Code:   func(s string) string { return "`" + escape(strings.ReplaceAll(s, "`", "")) + "`" },
	Italic: func(s string) string { return "_" + s + "_" },
}

// escape makes text safe for mrkdwn: &, < and > are control characters.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// blocks renders a notice: one section, plus an actions block with the
// gate's buttons while it is open.
func blocks(n gateway.Notice) []slack.Block {
	text := gateway.RenderNotice(n, markup, maxSection)
	out := []slack.Block{slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, text, false, false), nil, nil)}
	if len(n.Buttons) == 0 {
		return out
	}
	els := make([]slack.BlockElement, 0, len(n.Buttons))
	for _, b := range n.Buttons {
		label := slack.NewTextBlockObject(slack.PlainTextType, gateway.CutRunes(b.Label, maxButton), true, false)
		btn := slack.NewButtonBlockElement(actionPrefix+string(b.Verb), b.Token, label)
		switch b.Style {
		case gateway.StylePrimary:
			btn.Style = slack.StylePrimary
		case gateway.StyleDanger:
			btn.Style = slack.StyleDanger
		}
		els = append(els, btn)
	}
	return append(out, slack.NewActionBlock("kanban_actions", els...))
}

// fallback is the notification text shown where blocks are not.
func fallback(n gateway.Notice) string {
	s := n.Icon + " " + n.Headline
	if n.TaskID != "" {
		s += " — " + n.TaskID + " " + n.Title
	}
	if n.Outcome != "" {
		s += " — " + n.Outcome
	}
	return escape(gateway.CutRunes(s, maxMessage))
}
