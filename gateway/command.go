package gateway

import (
	"context"
	"log/slog"
	"time"

	"github.com/switchboard/switchboard/board"
)

// ChatParams configures the chat layer of one platform.
type ChatParams struct {
	// Platform is discord, telegram or slack; it prefixes actors.
	Platform string
	Board    ChatBoard
	Store    ChatStore
	// Authorizer decides who may decide. Required.
	Authorizer Authorizer
	// Subscriber serves subscribe and unsubscribe; nil turns them off.
	Subscriber Subscriber
	// DefaultBoard is the board commands act on without --board. Default
	// "default".
	DefaultBoard string
	// TokenTTL is how long a button keeps working. Default 30 days.
	TokenTTL time.Duration
	// Logger receives unexpected errors. Default slog.Default().
	Logger *slog.Logger
}

// Chat is the platform-neutral chat layer: it parses /kanban commands,
// authorizes the actor against the platform's approvers, runs the board
// operation with the actor recorded, and builds notices and replies.
// Adapters only translate between their platform and Chat.
type Chat struct {
	platform string
	board    ChatBoard
	store    ChatStore
	auth     Authorizer
	subs     Subscriber
	defBoard string
	tokenTTL time.Duration
	log      *slog.Logger
}

// NewChat returns the chat layer for one platform.
func NewChat(p ChatParams) *Chat {
	if p.DefaultBoard == "" {
		p.DefaultBoard = "default"
	}
	if p.TokenTTL <= 0 {
		p.TokenTTL = 30 * 24 * time.Hour
	}
	if p.Logger == nil {
		p.Logger = slog.Default()
	}
	return &Chat{
		platform: p.Platform, board: p.Board, store: p.Store, auth: p.Authorizer, subs: p.Subscriber,
		defBoard: p.DefaultBoard, tokenTTL: p.TokenTTL, log: p.Logger.With("platform", p.Platform),
	}
}

// Platform is the platform this layer serves.
func (c *Chat) Platform() string { return c.platform }

// Run parses and executes one /kanban command.
func (c *Chat) Run(ctx context.Context, req Request) Reply {
	cmd, err := ParseCommand(req.Text)
	if err != nil {
		return Reply{Text: c.errorText(err), Private: true}
	}
	return c.Execute(ctx, req, cmd)
}

// Execute runs a parsed command. Reading (list, show, help) is open to
// anyone who can reach the bot; every other verb needs approver rights.
func (c *Chat) Execute(ctx context.Context, req Request, cmd Command) Reply {
	if cmd.Board == "" {
		cmd.Board = c.defBoard
	}
	switch cmd.Verb {
	case VerbHelp:
		return Reply{Text: helpText(cmd.Topic), Private: true}
	case VerbList:
		return c.list(ctx, cmd)
	case VerbShow:
		return c.show(ctx, cmd)
	}
	if r, ok := c.authorize(ctx, req.Actor, cmd, "command"); !ok {
		return r
	}
	if cmd.Verb == VerbSubscribe || cmd.Verb == VerbUnsubscribe {
		return c.subscription(ctx, req, cmd)
	}
	return c.perform(ctx, req.Actor, cmd)
}

// authorize checks the actor's rights; a refusal is recorded on the task
// (or the board) as a refused event, and nothing else changes.
func (c *Chat) authorize(ctx context.Context, a Actor, cmd Command, via string) (Reply, bool) {
	ok, err := c.auth.Allowed(ctx, a)
	if err != nil {
		c.log.Warn("cannot resolve approver rights", "actor", a.String(), "err", err)
		return Reply{Text: "I could not check your approver rights just now; nothing was changed. Try again shortly.", Private: true}, false
	}
	if ok {
		return Reply{}, true
	}
	ref := board.Ref{Board: cmd.Board, ID: cmd.TaskID}
	data := map[string]any{"verb": string(cmd.Verb), "platform": c.platform, "via": via}
	if _, err := c.board.Note(ctx, ref, board.EventRefused, a.String(), data); err != nil {
		c.log.Warn("cannot record a refused attempt", "actor", a.String(), "task", cmd.TaskID, "err", err)
	}
	return Reply{Private: true, Refused: true, Text: "🚫 You are not an approver for Switchboard on " + c.platform +
		", so you cannot " + string(cmd.Verb) + ". Nothing was changed; the attempt was recorded."}, false
}
