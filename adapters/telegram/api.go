package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// api is what the adapter needs of the Bot API; tests fake the server,
// not this.
type api interface {
	call(ctx context.Context, method string, params tgbotapi.Params) (json.RawMessage, error)
}

// botAPI calls the Bot API through tgbotapi's MakeRequest, which reaches
// every method (and every field, such as message_thread_id and
// secret_token, that v5.5.1's typed configs lack).
type botAPI struct {
	bot      tgbotapi.BotAPI
	client   *http.Client
	maxRetry time.Duration
}

// newBotAPI builds the client without calling getMe (Start does that), so
// a constructor never touches the network.
func newBotAPI(token, base string, client *http.Client, maxRetry time.Duration) *botAPI {
	b := tgbotapi.BotAPI{Token: token, Client: client, Buffer: 100}
	b.SetAPIEndpoint(base + "/bot%s/%s")
	return &botAPI{bot: b, client: client, maxRetry: maxRetry}
}

// call makes one request with ctx, waiting out a 429's retry_after (up to
// maxRetry) and trying again, at most three times.
func (b *botAPI) call(ctx context.Context, method string, params tgbotapi.Params) (json.RawMessage, error) {
	bot := b.bot // a copy per call, carrying this call's context
	bot.Client = ctxClient{ctx: ctx, c: b.client}
	for attempt := 1; ; attempt++ {
		resp, err := bot.MakeRequest(method, params)
		wait, limited := retryAfter(err)
		if !limited || attempt == 3 || wait > b.maxRetry {
			if err != nil {
				return nil, fmt.Errorf("telegram %s: %w", method, err)
			}
			return resp.Result, nil
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// retryAfter reports a 429 and how long Telegram asked us to wait.
func retryAfter(err error) (time.Duration, bool) {
	var te *tgbotapi.Error
	if !errors.As(err, &te) || te.Code != http.StatusTooManyRequests {
		return 0, false
	}
	return time.Duration(te.RetryAfter) * time.Second, true
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// ctxClient gives tgbotapi's context-free requests a context, so Stop and
// callers' deadlines end them.
type ctxClient struct {
	ctx context.Context
	c   *http.Client
}

// Do sends req with the client's context.
func (c ctxClient) Do(req *http.Request) (*http.Response, error) {
	return c.c.Do(req.WithContext(c.ctx))
}

// isNotModified spots editMessageText's harmless "message is not modified".
func isNotModified(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && te.Code == http.StatusBadRequest && strings.Contains(te.Message, "message is not modified")
}
