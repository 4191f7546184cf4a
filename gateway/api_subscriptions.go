package gateway

import (
	"net/http"

	"github.com/switchboard/switchboard/board"
)

// SubscribeRequest is the body of POST /boards/{board}/subscriptions.
type SubscribeRequest struct {
	TaskID string `json:"task_id"`
	Target string `json:"target"`
	// Scope is task (default) or subtree.
	Scope string `json:"scope"`
	// Events filters the kinds delivered; empty means all.
	Events []string `json:"events"`
}

// MountNotifications adds the subscription API and the watch stream,
// behind the admin token:
//
//	POST   /api/v1/boards/{board}/subscriptions       subscribe
//	GET    /api/v1/boards/{board}/subscriptions       list (?task=ID)
//	GET    /api/v1/boards/{board}/subscriptions/{id}  show
//	DELETE /api/v1/boards/{board}/subscriptions/{id}  unsubscribe
//	GET    /api/v1/boards/{board}/watch               live events (SSE; ?task=ID&subtree=1)
//
// Call it before Start.
func (s *Server) MountNotifications(subs *Subscriptions, watch WatchStore) {
	b := APIPrefix + "/boards/{board}"
	s.HandleAdmin("POST "+b+"/subscriptions", s.subscribeHandler(subs))
	s.HandleAdmin("GET "+b+"/subscriptions", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, err := subs.List(r.Context(), r.PathValue("board"), r.URL.Query().Get("task"))
		s.reply(w, r, http.StatusOK, nonNilSubs(list), err)
	}))
	s.HandleAdmin("GET "+b+"/subscriptions/{id}", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sub, err := subs.Get(r.Context(), r.PathValue("board"), r.PathValue("id"))
		s.reply(w, r, http.StatusOK, sub, err)
	}))
	s.HandleAdmin("DELETE "+b+"/subscriptions/{id}", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sub, err := subs.Unsubscribe(r.Context(), r.PathValue("board"), r.PathValue("id"))
		s.reply(w, r, http.StatusOK, sub, err)
	}))
	s.HandleAdmin("GET "+b+"/watch", &watcher{store: watch, log: s.log, srv: s})
}

func (s *Server) subscribeHandler(subs *Subscriptions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req SubscribeRequest
		if !s.decodeInto(w, r, &req) {
			return
		}
		if req.TaskID == "" {
			s.writeError(w, r, errMissing("task_id"))
			return
		}
		if req.Target == "" {
			s.writeError(w, r, errMissing("target"))
			return
		}
		p := board.SubscribeParams{Board: r.PathValue("board"), TaskID: req.TaskID, Target: req.Target,
			Scope: board.Scope(req.Scope), Actor: board.ActorAdmin}
		for _, name := range req.Events {
			k, err := board.ParseEventKind(name)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			p.Events = append(p.Events, k)
		}
		sub, err := subs.Subscribe(r.Context(), p)
		s.reply(w, r, http.StatusCreated, sub, err)
	})
}

func nonNilSubs(list []*board.Subscription) []*board.Subscription {
	if list == nil {
		return []*board.Subscription{}
	}
	return list
}
