package gateway

import (
	"context"
	"net/http"

	"github.com/switchboard/switchboard/board"
)

// VerbRequest is the body of POST /boards/{board}/tasks/{id}/{verb}. Each
// verb reads the fields it needs: answer (text), approve/resume/unblock
// (note), deny (reason), review (approve | request_changes), confirm (all
// | actions, reverify).
type VerbRequest struct {
	Text           string `json:"text,omitempty"`
	Note           string `json:"note,omitempty"`
	Reason         string `json:"reason,omitempty"`
	Approve        bool   `json:"approve,omitempty"`
	RequestChanges string `json:"request_changes,omitempty"`
	All            bool   `json:"all,omitempty"`
	Actions        []int  `json:"actions,omitempty"`
	Reverify       bool   `json:"reverify,omitempty"`
}

// personVerbs maps each API verb to its board operation.
var personVerbs = map[string]func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error){
	"answer": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		return s.board.Answer(ctx, ref, board.DecisionParams{Text: req.Text, Actor: actor})
	},
	"approve": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		return s.board.Approve(ctx, ref, board.DecisionParams{Text: req.Note, Actor: actor})
	},
	"deny": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		return s.board.Deny(ctx, ref, board.DecisionParams{Text: req.Reason, Actor: actor})
	},
	"resume": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		return s.board.Resume(ctx, ref, board.DecisionParams{Text: req.Note, Actor: actor})
	},
	"unblock": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		return s.board.Unblock(ctx, ref, board.DecisionParams{Text: req.Note, Actor: actor})
	},
	"review": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		if req.Approve == (req.RequestChanges != "") {
			return nil, board.Errorf(board.ErrInvalid, "review needs exactly one of approve or request_changes")
		}
		return s.board.Review(ctx, ref, board.ReviewParams{Approve: req.Approve, Changes: req.RequestChanges, Actor: actor})
	},
	"confirm": func(s *Server, ctx context.Context, ref board.Ref, req VerbRequest, actor string) (*board.Task, error) {
		return s.confirm(ctx, ref, req, actor)
	},
	"reopen": func(s *Server, ctx context.Context, ref board.Ref, _ VerbRequest, actor string) (*board.Task, error) {
		return s.board.Reopen(ctx, ref, actor)
	},
	"archive": func(s *Server, ctx context.Context, ref board.Ref, _ VerbRequest, actor string) (*board.Task, error) {
		return s.board.Archive(ctx, ref, actor)
	},
}

func (s *Server) personVerb(w http.ResponseWriter, r *http.Request) {
	verb := r.PathValue("verb")
	do, ok := personVerbs[verb]
	if !ok {
		s.writeError(w, r, board.Errorf(board.ErrNotFound, "unknown task verb %q", verb))
		return
	}
	var req VerbRequest
	if !s.decodeInto(w, r, &req) {
		return
	}
	task, err := do(s, r.Context(), taskRef(r), req, board.ActorAdmin)
	s.reply(w, r, http.StatusOK, task, err)
}
