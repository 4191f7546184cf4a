package discord

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// opt builds a string option.
func opt(name, desc string, required bool, choices ...string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
	for _, c := range choices {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
	}
	return o
}

// sub builds a subcommand; each one but help takes an optional board.
func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	if name != "help" {
		opts = append(opts, opt("board", "Board (default: the gateway's default board)", false))
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

var taskID = opt("id", "Task id, e.g. t_ab3k9xq2", true)

// kanbanCommand is /kanban with one subcommand per verb (CONTRACT §5).
func kanbanCommand() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: "kanban", Description: "Switchboard: the agents' work queue", Options: []*discordgo.ApplicationCommandOption{
		sub("list", "Tasks that need a person, or those in a status", opt("status", "A status, or waiting", false)),
		sub("show", "A task's status, reason and owed actions", taskID),
		sub("approve", "Let a waiting_approval task run its gated action", taskID, opt("note", "A note for the next run", false)),
		sub("deny", "Refuse the gated action", taskID, opt("reason", "Why; it reaches the next run", true)),
		sub("answer", "Answer a waiting_human task's question", taskID, opt("text", "Your answer", true)),
		sub("resume", "After logging in, let a waiting_auth task run again", taskID, opt("note", "A note", false)),
		sub("unblock", "Send a blocked or triage task back to ready", taskID, opt("note", "A note", false)),
		sub("review", "Finish or return reviewed work", taskID, opt("decision", "approve or changes", true, "approve", "changes"),
			opt("text", "What should change (for changes)", false)),
		sub("confirm", "Confirm owed operator actions", taskID, opt("actions", "all, or numbers such as 1,2 (default all)", false)),
		sub("subscribe", "Post this task's events here", taskID, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionBoolean, Name: "subtree", Description: "Include everything it waits on"}),
		sub("unsubscribe", "Stop a subscription", opt("id", "Subscription id, e.g. s_ab3k9xq2", true)),
		sub("help", "How to use /kanban", opt("verb", "A verb to explain", false)),
	}}
}

// commandText turns a /kanban interaction's options into the command
// grammar the chat layer parses: "verb [--board B] id ... text".
func commandText(d discordgo.ApplicationCommandInteractionData) string {
	if len(d.Options) == 0 || d.Options[0] == nil {
		return "help"
	}
	s := d.Options[0]
	v := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range s.Options {
		if o != nil {
			v[o.Name] = o
		}
	}
	// The SDK's StringValue and BoolValue panic on a mistyped value, so
	// the values are asserted here.
	str := func(name string) string {
		if o, ok := v[name]; ok {
			s, _ := o.Value.(string)
			return s
		}
		return ""
	}
	words := []string{s.Name}
	if b := str("board"); b != "" {
		words = append(words, "--board", b)
	}
	words = append(words, str("id"), str("status"), str("verb"))
	switch s.Name {
	case "review":
		words = append(words, str("decision"))
	case "confirm":
		words = append(words, orAll(str("actions")))
	case "subscribe":
		if o, ok := v["subtree"]; ok {
			if yes, _ := o.Value.(bool); yes {
				words = append(words, "subtree")
			}
		}
	}
	words = append(words, str("note"), str("reason"), str("text"))
	return strings.Join(nonEmpty(words), " ")
}

func orAll(s string) string {
	if strings.TrimSpace(s) == "" {
		return "all"
	}
	return s
}

func nonEmpty(words []string) []string {
	out := words[:0]
	for _, w := range words {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}
