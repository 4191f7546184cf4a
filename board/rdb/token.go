package rdb

import (
	"context"
	"crypto/subtle"
	"strings"

	"github.com/switchboard/switchboard/board"
)

// tokenPrefix starts every run-scoped worker token.
const tokenPrefix = "sbw."

// FormatToken builds a worker token: "sbw.BOARD.RUN_ID.SECRET". Only the
// secret's SHA-256 is stored, on the run.
func FormatToken(boardName, runID, secret string) string {
	return tokenPrefix + boardName + "." + runID + "." + secret
}

// IsWorkerToken reports whether tok has the worker token form.
func IsWorkerToken(tok string) bool { return strings.HasPrefix(tok, tokenPrefix) }

// VerifyToken checks a worker token against its run and returns the run's
// reference. It does not check that the run is still current: every worker
// operation does that itself, atomically.
func (s *Store) VerifyToken(ctx context.Context, tok string) (board.RunRef, error) {
	parts := strings.Split(strings.TrimPrefix(tok, tokenPrefix), ".")
	if !IsWorkerToken(tok) || len(parts) != 3 || board.ValidateBoard(parts[0]) != nil {
		return board.RunRef{}, board.Errorf(board.ErrUnauthorized, "malformed worker token")
	}
	runs, err := s.runHashes(ctx, parts[0], "", parts[1])
	if err != nil {
		return board.RunRef{}, err
	}
	if len(runs) == 0 || runs[0]["id"] == "" {
		return board.RunRef{}, board.Errorf(board.ErrUnauthorized, "unknown worker token")
	}
	if subtle.ConstantTimeCompare([]byte(runs[0]["token_hash"]), []byte(hashSecret(parts[2]))) != 1 {
		return board.RunRef{}, board.Errorf(board.ErrUnauthorized, "wrong worker token")
	}
	return board.RunRef{Board: parts[0], TaskID: runs[0]["task_id"], RunID: parts[1]}, nil
}
