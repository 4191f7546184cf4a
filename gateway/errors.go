package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/switchboard/switchboard/board"
)

// ErrorBody is the JSON of every API error: a sentence a person can act
// on, a stable code, and the task's status when the status was the problem.
type ErrorBody struct {
	Error  string `json:"error"`
	Code   string `json:"code"`
	Status string `json:"status,omitempty"`
}

// httpStatus maps board errors to HTTP statuses and stable codes.
func httpStatus(err error) (int, string) {
	switch {
	case errors.Is(err, board.ErrStaleRun):
		return http.StatusConflict, "stale_run"
	case errors.Is(err, board.ErrNotFound):
		return http.StatusNotFound, "not_found"
	case errors.Is(err, board.ErrConflict):
		return http.StatusConflict, "conflict"
	case errors.Is(err, board.ErrInvalid):
		return http.StatusBadRequest, "invalid"
	case errors.Is(err, board.ErrUnauthorized):
		return http.StatusUnauthorized, "unauthorized"
	case errors.Is(err, board.ErrForbidden):
		return http.StatusForbidden, "forbidden"
	case errors.Is(err, board.ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, "unavailable"
	case errors.Is(err, board.ErrNoTask):
		return http.StatusNotFound, "no_task"
	}
	return http.StatusInternalServerError, "internal"
}

// writeError sends err as JSON. Unexpected errors are logged and hidden.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	code, name := httpStatus(err)
	body := ErrorBody{Error: err.Error(), Code: name}
	var te *board.TransitionError
	if errors.As(err, &te) {
		body.Status = string(te.Status)
	}
	var se *board.StaleRunError
	if errors.As(err, &se) {
		body.Status = string(se.Status)
	}
	if code == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		body.Error = "internal error; see the server log"
	}
	if code == http.StatusServiceUnavailable {
		body.Error = "the board store (Redis) is unavailable; nothing was changed. Try again shortly."
	}
	writeJSON(w, code, body)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
