package slack

import (
	"context"
	"net/http"
	"time"

	"github.com/slack-go/slack"
)

// api is what the adapter needs of the Web API; tests fake the server.
type api interface {
	post(ctx context.Context, channel, thread, text string, blocks []slack.Block) (string, string, error)
	update(ctx context.Context, channel, ts, text string, blocks []slack.Block) error
	ephemeral(ctx context.Context, channel, user, thread, text string) error
	respond(ctx context.Context, responseURL, text string, public bool) error
	openView(ctx context.Context, triggerID string, v slack.ModalViewRequest) error
	groupMembers(ctx context.Context, group string) ([]string, error)
}

// newWebAPI builds the slack-go client on apiURL (DefaultAPIURL when "").
func newWebAPI(botToken, appToken, apiURL string, hc *http.Client) webAPI {
	if apiURL == "" {
		apiURL = DefaultAPIURL
	}
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	c := slack.New(botToken, slack.OptionAPIURL(apiURL), slack.OptionHTTPClient(hc), slack.OptionAppLevelToken(appToken))
	return webAPI{c: c, hc: hc}
}

// GroupMembers returns a function listing a user group's members with
// usergroups.users.list, for gateway.NewGroupCache.
func GroupMembers(botToken, apiURL string, hc *http.Client) func(ctx context.Context, group string) ([]string, error) {
	return newWebAPI(botToken, "", apiURL, hc).groupMembers
}

// webAPI is api on slack-go.
type webAPI struct {
	c  *slack.Client
	hc *http.Client
}

func (w webAPI) post(ctx context.Context, channel, thread, text string, blocks []slack.Block) (string, string, error) {
	return w.c.PostMessageContext(ctx, channel, slack.MsgOptionText(text, false),
		slack.MsgOptionBlocks(blocks...), slack.MsgOptionTS(thread))
}

func (w webAPI) update(ctx context.Context, channel, ts, text string, blocks []slack.Block) error {
	_, _, _, err := w.c.UpdateMessageContext(ctx, channel, ts, slack.MsgOptionText(text, false), slack.MsgOptionBlocks(blocks...))
	return err
}

func (w webAPI) ephemeral(ctx context.Context, channel, user, thread, text string) error {
	_, err := w.c.PostEphemeralContext(ctx, channel, user, slack.MsgOptionText(text, false), slack.MsgOptionTS(thread))
	return err
}

func (w webAPI) respond(ctx context.Context, responseURL, text string, public bool) error {
	kind := slack.ResponseTypeEphemeral
	if public {
		kind = slack.ResponseTypeInChannel
	}
	return slack.PostWebhookCustomHTTPContext(ctx, responseURL, w.hc, &slack.WebhookMessage{Text: text, ResponseType: kind})
}

func (w webAPI) openView(ctx context.Context, triggerID string, v slack.ModalViewRequest) error {
	_, err := w.c.OpenViewContext(ctx, triggerID, v)
	return err
}

func (w webAPI) groupMembers(ctx context.Context, group string) ([]string, error) {
	return w.c.GetUserGroupMembersContext(ctx, group)
}
