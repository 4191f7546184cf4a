package gateway

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// bearer returns the request's bearer token, or "".
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if tok, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(tok)
	}
	return ""
}

// admin guards a handler with the admin token once one is configured.
func (s *Server) admin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		want := s.opts.AdminToken
		if want != "" && subtle.ConstantTimeCompare([]byte(bearer(r)), []byte(want)) != 1 {
			s.writeError(w, r, board.Errorf(board.ErrUnauthorized,
				"this API needs the admin token: pass --token or set SWITCHBOARD_TOKEN"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

type runKey struct{}

// worker guards a handler with a run-scoped worker token and puts the
// run's reference in the context.
func (s *Server) worker(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := bearer(r)
		if tok == "" {
			s.writeError(w, r, board.Errorf(board.ErrUnauthorized,
				"worker calls need the run token in SWITCHBOARD_TOKEN; run them inside a worker the dispatcher started"))
			return
		}
		ref, err := s.board.VerifyToken(r.Context(), tok)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), runKey{}, ref)))
	})
}

// runRef returns the worker's run, set by worker.
func runRef(r *http.Request) board.RunRef {
	ref, _ := r.Context().Value(runKey{}).(board.RunRef)
	return ref
}
