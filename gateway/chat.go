package gateway

import (
	"context"
	"time"

	"github.com/switchboard/switchboard/board"
)

// Verb is a /kanban verb (CONTRACT §5), or a button's action.
type Verb string

// The /kanban verbs. VerbChanges is the "Request changes" button; as a
// command it is `review ID changes TEXT`.
const (
	VerbList        Verb = "list"
	VerbShow        Verb = "show"
	VerbApprove     Verb = "approve"
	VerbDeny        Verb = "deny"
	VerbAnswer      Verb = "answer"
	VerbResume      Verb = "resume"
	VerbUnblock     Verb = "unblock"
	VerbReview      Verb = "review"
	VerbChanges     Verb = "changes"
	VerbConfirm     Verb = "confirm"
	VerbSubscribe   Verb = "subscribe"
	VerbUnsubscribe Verb = "unsubscribe"
	VerbHelp        Verb = "help"
)

// Actor is the person behind a chat command or click.
type Actor struct {
	// Platform is discord, telegram or slack.
	Platform string
	// ID is the platform's user id.
	ID string
	// Name is a display name, recorded after the id: "telegram:42 (alice)".
	Name string
	// Roles are the Discord role ids the member holds in the guild.
	Roles []string
}

// String is the actor as events record it.
func (a Actor) String() string { return board.ChatActor(a.Platform, a.ID, a.Name) }

// Request is one /kanban command from chat.
type Request struct {
	Actor Actor
	// Text is what follows "/kanban", e.g. "approve t_ab3k9xq2 looks fine".
	Text string
	// Here is the subscription target of the channel or thread the command
	// came from ("telegram:-100123/7"); subscribe uses it.
	Here string
}

// Reply is what the chat layer answers. Adapters render it.
type Reply struct {
	Text string
	// Private replies are shown to the actor alone where the platform can
	// (ephemeral messages, callback alerts).
	Private bool
	// Refused marks an unauthorized attempt; adapters count it as such.
	Refused bool
	// Stale marks a click on a gate that was decided already.
	Stale bool
	// Prompt asks the adapter to collect free text (a modal, a forced
	// reply) and then call Chat.Click again with the same token.
	Prompt *Prompt
}

// Prompt asks for free text before a button's action can run: the answer
// to a question, a denial's reason, a change request.
type Prompt struct {
	Token string
	// Title names the task, Label the field; both plain text.
	Title string
	Label string
}

// ChatBoard is what the chat layer needs from the board: the person
// operations and reads, plus Note to record refused attempts.
type ChatBoard interface {
	Get(ctx context.Context, ref board.Ref) (*board.Task, error)
	List(ctx context.Context, p board.ListParams) ([]*board.Task, error)
	Events(ctx context.Context, ref board.Ref) ([]*board.Event, error)
	Answer(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error)
	Approve(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error)
	Deny(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error)
	Resume(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error)
	Unblock(ctx context.Context, ref board.Ref, p board.DecisionParams) (*board.Task, error)
	Review(ctx context.Context, ref board.Ref, p board.ReviewParams) (*board.Task, error)
	Confirm(ctx context.Context, ref board.Ref, p board.ConfirmParams) (*board.Task, error)
	Note(ctx context.Context, ref board.Ref, kind board.EventKind, actor string, data map[string]any) (string, error)
}

// Subscriber creates and removes subscriptions for /kanban subscribe and
// unsubscribe. The subscription service the API uses (Subscriptions)
// satisfies it.
type Subscriber interface {
	Subscribe(ctx context.Context, p board.SubscribeParams) (*board.Subscription, error)
	Unsubscribe(ctx context.Context, boardName, id string) (*board.Subscription, error)
}

// ChatStore keeps the chat adapters' state in Redis as opaque values:
// button tokens, the map of delivered gate notices, inbound ids already
// handled and prompts awaiting a reply. board/rdb's ChatStore satisfies it.
type ChatStore interface {
	SaveToken(ctx context.Context, token string, payload []byte, ttl time.Duration) error
	// LoadToken returns board.ErrNotFound for an unknown or expired token.
	LoadToken(ctx context.Context, token string) ([]byte, error)
	SaveNotice(ctx context.Context, boardName, taskID, field string, payload []byte, ttl time.Duration) error
	LoadNotices(ctx context.Context, boardName, taskID string) (map[string][]byte, error)
	// FirstSeen reports whether id (in scope) is new, marking it seen.
	FirstSeen(ctx context.Context, scope, id string, ttl time.Duration) (bool, error)
}
