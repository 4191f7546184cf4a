package discord_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard/switchboard/adapters/discord"
	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/chattest"
)

func TestStartRegistersKanban(t *testing.T) {
	t.Parallel()
	b := setup(t, options{mode: discord.ModeHTTP})
	put := b.fake.wait(http.MethodPut, "/applications/app1/guilds/g1/commands", nil)
	require.Len(t, put.List, 1)
	cmd := put.List[0].(map[string]any)
	require.Equal(t, "kanban", cmd["name"])
	var subs []string
	for _, o := range cmd["options"].([]any) {
		subs = append(subs, o.(map[string]any)["name"].(string))
	}
	require.Equal(t, []string{"list", "show", "approve", "deny", "answer", "resume", "unblock", "review", "confirm", "subscribe", "unsubscribe", "help"}, subs)
}

// TestApprovalEndToEndOverTheGateway: the notice arrives with buttons; a
// non-approver's click over the websocket is refused ephemerally and
// recorded; a member with an approver role clicks Approve: the task is
// ready, the message is edited without buttons, the event names them.
func TestApprovalEndToEndOverTheGateway(t *testing.T) {
	t.Parallel()
	b := setup(t, options{mode: discord.ModeGateway})
	<-b.fake.ready
	task, ev := b.env.Blocked(t, board.BlockApproval, "drop table users")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "discord:555")))
	sent := b.fake.wait(http.MethodPost, "/channels/555/messages", nil)
	require.Contains(t, sent.Body["content"], "**🛑 Approval needed**")
	require.Equal(t, []any{}, sent.Body["allowed_mentions"].(map[string]any)["parse"], "notices ping nobody")
	btns := buttons(t, sent.Body)
	require.Len(t, btns, 2)

	b.fake.out <- click(1, mallory, btns["Approve"])
	refusal := b.fake.wait(http.MethodPost, "/interactions/i1/tok1/callback", nil)
	require.EqualValues(t, 4, refusal.Body["type"])
	data := refusal.Body["data"].(map[string]any)
	require.EqualValues(t, 64, data["flags"], "ephemeral")
	require.Contains(t, data["content"], "not an approver")
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	require.Equal(t, "discord:66 (mallory)", b.env.Last(t, task.ID).Actor)

	b.fake.out <- click(2, bob, btns["Approve"])
	b.fake.wait(http.MethodPost, "/interactions/i2/tok2/callback", nil)
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
	approved := b.env.Last(t, task.ID)
	require.Equal(t, board.EventApproved, approved.Kind)
	require.Equal(t, "discord:77 (Bob)", approved.Actor)
	edit := b.fake.wait(http.MethodPatch, "/channels/555/messages/1001", nil)
	require.Contains(t, edit.Body["content"], "Approved by discord:77 (Bob) at ")
	require.Equal(t, []any{}, edit.Body["components"], "the buttons are gone")

	b.fake.out <- click(3, alice, btns["Deny"])
	stale := b.fake.wait(http.MethodPost, "/interactions/i3/tok3/callback", nil)
	require.Contains(t, stale.Body["data"].(map[string]any)["content"], "Already decided: Approved by discord:77 (Bob)")
	chattest.Eventually(t, func() bool { return b.counts.Get("discord", gateway.InboundRefused) == 1 }, "counted")
}

// TestAnswerThroughAModalOverHTTP: Answer opens a modal; submitting it
// answers the question and the answer is on the task's events.
func TestAnswerThroughAModalOverHTTP(t *testing.T) {
	t.Parallel()
	b := setup(t, options{mode: discord.ModeHTTP})
	task, ev := b.env.Blocked(t, board.BlockNeedsInput, "which region?")
	require.NoError(t, b.adapter.Deliver(b.ctx, b.env.Delivery(t, ev, "discord:555")))
	btns := buttons(t, b.fake.wait(http.MethodPost, "/channels/555/messages", nil).Body)
	code, resp := b.post(t, click(1, alice, btns["Answer"]), time.Now(), b.priv)
	require.Equal(t, http.StatusOK, code)
	require.EqualValues(t, 9, resp["type"], "a modal")
	customID := resp["data"].(map[string]any)["custom_id"].(string)

	code, resp = b.post(t, modalSubmit(2, alice, customID, "eu-west-1"), time.Now(), b.priv)
	require.Equal(t, http.StatusOK, code)
	require.EqualValues(t, 4, resp["type"])
	require.Contains(t, resp["data"].(map[string]any)["content"], "Answered "+task.ID)
	answered := b.env.Last(t, task.ID)
	require.Equal(t, board.EventAnswered, answered.Kind)
	require.Equal(t, "eu-west-1", answered.DataString("text"))
	require.Equal(t, "discord:42 (alice)", answered.Actor)
}

// TestConfirmBySlashCommand: /kanban confirm from chat confirms the
// operator actions of a parked task.
func TestConfirmBySlashCommand(t *testing.T) {
	t.Parallel()
	b := setup(t, options{mode: discord.ModeHTTP})
	task, _ := b.env.Parked(t, "flip DNS", "tell support")
	opts := fmt.Sprintf(`[{"name":"id","type":3,"value":%q},{"name":"actions","type":3,"value":"1,2"}]`, task.ID)
	code, resp := b.post(t, command(1, alice, "confirm", opts), time.Now(), b.priv)
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, resp["data"].(map[string]any)["content"], "Confirmed actions of "+task.ID)
	require.Equal(t, board.StatusDone, b.env.Task(t, task.ID).Status)
	_, resp = b.post(t, command(2, mallory, "list", `[]`), time.Now(), b.priv)
	require.Contains(t, resp["data"].(map[string]any)["content"], "board default")
}

// TestInboundVerification: a forged signature, a stale timestamp or no
// signature gets 401 and changes nothing; a signed PING gets a PONG.
func TestInboundVerification(t *testing.T) {
	t.Parallel()
	b := setup(t, options{mode: discord.ModeHTTP})
	task, _ := b.env.Blocked(t, board.BlockApproval, "x")
	body := command(1, alice, "approve", fmt.Sprintf(`[{"name":"id","type":3,"value":%q}]`, task.ID))
	_, forger, err := ed25519.GenerateKey(nil)
	require.NoError(t, err)
	code, _ := b.post(t, body, time.Now(), forger)
	require.Equal(t, http.StatusUnauthorized, code)
	code, _ = b.post(t, body, time.Now().Add(-6*time.Minute), b.priv)
	require.Equal(t, http.StatusUnauthorized, code, "validly signed but stale")
	code, _ = b.post(t, body, time.Now().Add(6*time.Minute), b.priv)
	require.Equal(t, http.StatusUnauthorized, code, "from the future")
	resp, err := http.Post(b.srv.URL+discord.InteractionsPath, "application/json", bytes.NewBufferString(body))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Equal(t, uint64(4), b.counts.Get("discord", gateway.InboundForged))
	require.Equal(t, board.StatusWaitingApproval, b.env.Task(t, task.ID).Status)
	require.Equal(t, board.EventWaiting, b.env.Last(t, task.ID).Kind)

	code, pong := b.post(t, `{"id":"p","application_id":"app1","type":1,"token":"t","version":1}`, time.Now(), b.priv)
	require.Equal(t, http.StatusOK, code)
	require.EqualValues(t, 1, pong["type"])
	code, _ = b.post(t, body, time.Now().Add(-4*time.Minute), b.priv)
	require.Equal(t, http.StatusOK, code, "inside the window")
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
}

// slowAuth holds authorization until released, to make a command slow.
type slowAuth struct{ release chan struct{} }

func (s slowAuth) Allowed(ctx context.Context, _ gateway.Actor) (bool, error) {
	select {
	case <-s.release:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// TestSlowCommandsAreDeferred: past DeferAfter the interaction is acked
// with a deferred ephemeral response, then the response is edited.
func TestSlowCommandsAreDeferred(t *testing.T) {
	t.Parallel()
	auth := slowAuth{release: make(chan struct{})}
	b := setup(t, options{mode: discord.ModeHTTP, auth: auth, deferAfter: 20 * time.Millisecond})
	task, _ := b.env.Blocked(t, board.BlockAuth, "log in")
	code, resp := b.post(t, command(1, alice, "resume", fmt.Sprintf(`[{"name":"id","type":3,"value":%q}]`, task.ID)), time.Now(), b.priv)
	require.Equal(t, http.StatusOK, code)
	require.EqualValues(t, 5, resp["type"], "deferred")
	require.EqualValues(t, 64, resp["data"].(map[string]any)["flags"])
	close(auth.release)
	edit := b.fake.wait(http.MethodPatch, "/webhooks/app1/tok1/messages/@original", nil)
	require.Contains(t, edit.Body["content"], "Resumed "+task.ID)
	require.Equal(t, board.StatusReady, b.env.Task(t, task.ID).Status)
}
