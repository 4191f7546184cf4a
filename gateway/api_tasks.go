package gateway

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/switchboard/switchboard/board"
)

// CreateRequest is the body of POST /boards/{board}/tasks.
type CreateRequest struct {
	Title    string   `json:"title"`
	Body     string   `json:"body"`
	Parents  []string `json:"parents"`
	Profile  string   `json:"profile"`
	Priority int      `json:"priority"`
	Triage   bool     `json:"triage"`
}

// LinkRequest is the body of POST /boards/{board}/links.
type LinkRequest struct {
	Parent string `json:"parent"`
	Child  string `json:"child"`
}

func (s *Server) createTask(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if !s.decodeInto(w, r, &req) {
		return
	}
	if req.Profile == "" {
		req.Profile = s.opts.DefaultProfile
	}
	if len(s.opts.Profiles) > 0 && !slices.Contains(s.opts.Profiles, req.Profile) {
		s.writeError(w, r, board.Errorf(board.ErrInvalid,
			"unknown profile %q: the config defines %v", req.Profile, s.opts.Profiles))
		return
	}
	task, err := s.board.Create(r.Context(), board.CreateParams{
		Board: r.PathValue("board"), Title: req.Title, Body: req.Body, Parents: req.Parents,
		Profile: req.Profile, Priority: req.Priority, Triage: req.Triage, Actor: board.ActorAdmin,
	})
	s.reply(w, r, http.StatusCreated, task, err)
}

func (s *Server) listTasks(w http.ResponseWriter, r *http.Request) {
	p := board.ListParams{Board: r.PathValue("board")}
	for _, name := range r.URL.Query()["status"] {
		st, err := board.ParseStatus(name)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		p.Statuses = append(p.Statuses, st)
	}
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 {
			s.writeError(w, r, board.Errorf(board.ErrInvalid, "limit must be a positive number, got %q", l))
			return
		}
		p.Limit = n
	}
	tasks, err := s.board.List(r.Context(), p)
	s.reply(w, r, http.StatusOK, tasks, err)
}

func (s *Server) showTask(w http.ResponseWriter, r *http.Request) {
	task, err := s.board.Get(r.Context(), taskRef(r))
	s.reply(w, r, http.StatusOK, task, err)
}

func (s *Server) taskRuns(w http.ResponseWriter, r *http.Request) {
	runs, err := s.board.Runs(r.Context(), taskRef(r))
	s.reply(w, r, http.StatusOK, runs, err)
}

func (s *Server) taskEvents(w http.ResponseWriter, r *http.Request) {
	events, err := s.board.Events(r.Context(), taskRef(r))
	s.reply(w, r, http.StatusOK, events, err)
}

func (s *Server) link(w http.ResponseWriter, r *http.Request) {
	var req LinkRequest
	if !s.decodeInto(w, r, &req) {
		return
	}
	task, err := s.board.Link(r.Context(), board.LinkParams{
		Board: r.PathValue("board"), Parent: req.Parent, Child: req.Child, Actor: board.ActorAdmin,
	})
	s.reply(w, r, http.StatusOK, task, err)
}

func taskRef(r *http.Request) board.Ref {
	return board.Ref{Board: r.PathValue("board"), ID: r.PathValue("id")}
}

// reply writes v with code, or err.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, code int, v any, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, code, v)
}
