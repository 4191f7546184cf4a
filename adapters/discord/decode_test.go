package discord

import (
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/gateway"
)

func TestCommandText(t *testing.T) {
	t.Parallel()
	i, err := decodeInteraction([]byte(`{"id":"1","type":2,"token":"t","data":{"name":"kanban","options":[{"name":"review","type":1,"options":[
		{"name":"id","type":3,"value":"t_ab3k9xq2"},{"name":"decision","type":3,"value":"changes"},{"name":"text","type":3,"value":"add --board tests"},
		{"name":"board","type":3,"value":"ops"}]}]}}`))
	require.NoError(t, err)
	text := commandText(i.ApplicationCommandData())
	require.Equal(t, "review --board ops t_ab3k9xq2 changes add --board tests", text)
	cmd, err := gateway.ParseCommand(text)
	require.NoError(t, err)
	require.Equal(t, "add --board tests", cmd.Text)
	require.Equal(t, "ops", cmd.Board)
}

// FuzzDecodeInteraction: any verified body decodes or fails cleanly, and
// what the handler then reads of it never panics.
func FuzzDecodeInteraction(f *testing.F) {
	for _, s := range []string{
		`{"id":"1","type":1,"token":"t"}`,
		`{"id":"1","type":2,"token":"t","channel_id":"c","member":{"user":{"id":"u"},"roles":["r"]},"data":{"name":"kanban","options":[{"name":"confirm","type":1,"options":[{"name":"id","type":3,"value":"t_ab3k9xq2"},{"name":"actions","type":3,"value":"1,2"}]}]}}`,
		`{"id":"1","type":3,"token":"t","user":{"id":"u"},"data":{"custom_id":"kb:abc","component_type":2}}`,
		`{"id":"1","type":5,"token":"t","data":{"custom_id":"kbm:abc","components":[{"type":1,"components":[{"type":4,"custom_id":"text","value":"x"}]}]}}`,
		`{"id":"1","type":2,"token":"t","data":{"name":"kanban","options":[{"name":"subscribe","type":1,"options":[{"name":"subtree","type":5,"value":"yes"}]}]}}`,
		`{}`, `null`, `{"id":"1","type":2,"token":"t","data":{"name":"kanban","options":[null]}}`,
		`{"id":"1","type":2,"token":"t","data":{"name":"kanban","options":[{"name":"show","type":1,"options":[null]}]}}`, `{"type":9,"id":"1","token":"t","data":{}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		i, err := decodeInteraction(raw)
		if err != nil {
			return
		}
		_ = actorOf(i)
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			_, _ = gateway.ParseCommand(commandText(i.ApplicationCommandData()))
		case discordgo.InteractionModalSubmit:
			_ = modalText(i.ModalSubmitData())
		case discordgo.InteractionMessageComponent:
			_ = i.MessageComponentData().CustomID
		}
	})
}
