package discord

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard/switchboard/gateway"
)

// Discord's limits.
const (
	maxContent    = 2000 // a message's content
	maxLabel      = 80   // a button's label
	maxModalTitle = 45   // a modal's title and a text input's label
	maxInput      = 4000 // a text input's value
)

// Custom id prefixes: a notice button, and the modal it opens.
const (
	buttonPrefix = "kb:"
	modalPrefix  = "kbm:"
	inputID      = "text"
)

// markup is Discord's markdown.
var markup = gateway.Markup{
	Escape: escape,
	Bold:   func(s string) string { return "**" + s + "**" },
	Code:   func(s string) string { return "`" + strings.ReplaceAll(s, "`", "") + "`" },
	Italic: func(s string) string { return "*" + s + "*" },
}

var escaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`, ">", `\>`, "#", `\#`)

// escape keeps text literal in markdown.
func escape(s string) string { return escaper.Replace(s) }

// content renders a notice as message content.
func content(n gateway.Notice) string { return gateway.RenderNotice(n, markup, maxContent) }

// components is a notice's buttons in one row; none (an empty list, which
// removes them on edit) once the gate is closed.
func components(buttons []gateway.Button) []discordgo.MessageComponent {
	if len(buttons) == 0 {
		return []discordgo.MessageComponent{}
	}
	row := discordgo.ActionsRow{}
	for _, b := range buttons {
		style := discordgo.SecondaryButton
		switch b.Style {
		case gateway.StylePrimary:
			style = discordgo.PrimaryButton
		case gateway.StyleDanger:
			style = discordgo.DangerButton
		}
		row.Components = append(row.Components, discordgo.Button{
			Label: gateway.CutRunes(b.Label, maxLabel), Style: style, CustomID: buttonPrefix + b.Token,
		})
	}
	return []discordgo.MessageComponent{row}
}

// modal is the response that collects a prompt's text.
func modal(p *gateway.Prompt) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: modalPrefix + p.Token, Title: gateway.CutRunes(p.Title, maxModalTitle),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: inputID, Label: gateway.CutRunes(p.Label, maxModalTitle),
				Style: discordgo.TextInputParagraph, Required: true, MaxLength: maxInput},
		}}},
	}}
}

// message is the response that shows a reply, ephemeral when private.
func message(r gateway.Reply) *discordgo.InteractionResponse {
	data := &discordgo.InteractionResponseData{Content: gateway.CutRunes(r.Text, maxContent), AllowedMentions: noMentions()}
	if r.Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}
