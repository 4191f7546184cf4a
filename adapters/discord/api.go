package discord

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard/switchboard/gateway"
)

// api is what the adapter needs of discordgo; tests fake the server.
type api interface {
	send(ctx context.Context, channel string, m *discordgo.MessageSend) (*discordgo.Message, error)
	edit(ctx context.Context, e *discordgo.MessageEdit) error
	respond(ctx context.Context, i *discordgo.Interaction, r *discordgo.InteractionResponse) error
	editResponse(ctx context.Context, i *discordgo.Interaction, e *discordgo.WebhookEdit) error
	overwrite(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) error
	open(onInteraction func(*discordgo.Interaction), health *gateway.Health) error
	close() error
}

// session is api on a discordgo.Session.
type session struct{ s *discordgo.Session }

func newSession(p Params) (*session, error) {
	s, err := discordgo.New("Bot " + p.Token)
	if err != nil {
		return nil, err
	}
	hc := p.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	tr, err := newRewrite(p.APIURL, hc.Transport)
	if err != nil {
		return nil, err
	}
	c := *hc
	c.Transport = tr
	s.Client = &c
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShouldReconnectOnError = true
	return &session{s: s}, nil
}

func (s *session) send(ctx context.Context, channel string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	return s.s.ChannelMessageSendComplex(channel, m, discordgo.WithContext(ctx))
}

func (s *session) edit(ctx context.Context, e *discordgo.MessageEdit) error {
	_, err := s.s.ChannelMessageEditComplex(e, discordgo.WithContext(ctx))
	return err
}

func (s *session) respond(ctx context.Context, i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	return s.s.InteractionRespond(i, r, discordgo.WithContext(ctx))
}

func (s *session) editResponse(ctx context.Context, i *discordgo.Interaction, e *discordgo.WebhookEdit) error {
	_, err := s.s.InteractionResponseEdit(i, e, discordgo.WithContext(ctx))
	return err
}

func (s *session) overwrite(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	_, err := s.s.ApplicationCommandBulkOverwrite(appID, guildID, cmds, discordgo.WithContext(ctx))
	return err
}

// open connects the gateway websocket, routes interactions to on and
// keeps health in step with the connection.
func (s *session) open(on func(*discordgo.Interaction), health *gateway.Health) error {
	s.s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { on(ic.Interaction) })
	s.s.AddHandler(func(*discordgo.Session, *discordgo.Ready) { health.Up() })
	s.s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { health.Up() })
	s.s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
		health.Down(errors.New("discord gateway disconnected"))
	})
	return s.s.Open()
}

func (s *session) close() error { return s.s.Close() }
