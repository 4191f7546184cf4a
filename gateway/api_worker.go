package gateway

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/switchboard/switchboard/board"
)

// WorkerRequest is the body of POST /worker/{verb}. The run comes from the
// token, never from the body.
type WorkerRequest struct {
	Summary  string          `json:"summary,omitempty"`
	Metadata json.RawMessage `json:"metadata,omitempty"`
	Kind     string          `json:"kind,omitempty"`
	Reason   string          `json:"reason,omitempty"`
	Parents  []string        `json:"parents,omitempty"`
	Actions  []ActionRequest `json:"actions,omitempty"`
	Note     string          `json:"note,omitempty"`
	Text     string          `json:"text,omitempty"`
}

// ActionRequest is one operator action of a park.
type ActionRequest struct {
	Action string `json:"action"`
	Check  string `json:"check,omitempty"`
}

// WorkerReply answers a worker call: the task after it, or the comment's
// event, or ok for a heartbeat.
type WorkerReply struct {
	OK    bool         `json:"ok"`
	Task  *board.Task  `json:"task,omitempty"`
	Event *board.Event `json:"event,omitempty"`
}

var workerVerbs = map[string]func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error){
	"complete": func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error) {
		return taskReply(s.board.Complete(ctx, ref, board.CompleteParams{Summary: req.Summary, Metadata: req.Metadata}))
	},
	"block": func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error) {
		return taskReply(s.board.Block(ctx, ref, board.BlockParams{Kind: board.BlockKind(req.Kind), Reason: req.Reason, Parents: req.Parents}))
	},
	"request-review": func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error) {
		return taskReply(s.board.RequestReview(ctx, ref, req.Summary))
	},
	"park": func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error) {
		acts := make([]board.OperatorAction, len(req.Actions))
		for i, a := range req.Actions {
			acts[i] = board.OperatorAction{Action: a.Action, Check: a.Check}
		}
		return taskReply(s.board.Park(ctx, ref, board.ParkParams{Summary: req.Summary, Actions: acts}))
	},
	"heartbeat": func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error) {
		return WorkerReply{OK: true}, s.board.Heartbeat(ctx, ref, req.Note)
	},
	"comment": func(s *Server, ctx context.Context, ref board.RunRef, req WorkerRequest) (WorkerReply, error) {
		ev, err := s.board.Comment(ctx, ref, req.Text)
		return WorkerReply{OK: err == nil, Event: ev}, err
	},
}

func (s *Server) workerVerb(w http.ResponseWriter, r *http.Request) {
	verb := r.PathValue("verb")
	do, ok := workerVerbs[verb]
	if !ok {
		s.writeError(w, r, board.Errorf(board.ErrNotFound, "unknown worker verb %q", verb))
		return
	}
	var req WorkerRequest
	if !s.decodeInto(w, r, &req) {
		return
	}
	if len(req.Metadata) > 0 && !json.Valid(req.Metadata) {
		s.writeError(w, r, board.Errorf(board.ErrInvalid, "metadata is not valid JSON"))
		return
	}
	reply, err := do(s, r.Context(), runRef(r), req)
	s.reply(w, r, http.StatusOK, reply, err)
}

// workerRun tells a worker which run its token belongs to.
func (s *Server) workerRun(w http.ResponseWriter, r *http.Request) {
	ref := runRef(r)
	run, err := s.board.Run(r.Context(), ref.Board, ref.RunID)
	s.reply(w, r, http.StatusOK, run, err)
}

func taskReply(t *board.Task, err error) (WorkerReply, error) {
	return WorkerReply{OK: err == nil, Task: t}, err
}
