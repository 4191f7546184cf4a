package gateway

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/switchboard/switchboard/board"
)

// maxBody bounds every JSON request body.
const maxBody = 1 << 20

// decode reads a JSON body strictly: unknown fields, trailing data and
// oversize bodies are refused with a message naming the problem. An empty
// body decodes as {}.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return board.Errorf(board.ErrInvalid, "malformed JSON body: %v", err)
	}
	if dec.More() {
		return board.Errorf(board.ErrInvalid, "malformed JSON body: more than one JSON value")
	}
	return nil
}

// decodeInto is decode for handlers: it writes the error itself and
// reports whether the caller should go on.
func (s *Server) decodeInto(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := decode(r, v); err != nil {
		s.writeError(w, r, err)
		return false
	}
	return true
}

// errMissing names a required field.
func errMissing(field string) error {
	return board.Errorf(board.ErrInvalid, "%s", fmt.Sprintf("missing required field %q", field))
}
