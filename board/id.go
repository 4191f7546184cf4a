package board

import (
	"crypto/rand"
	"regexp"
)

// idAlphabet avoids characters that are easy to mistype in chat (0/o, 1/l).
const idAlphabet = "23456789abcdefghijkmnpqrstuvwxyz"

// NewTaskID returns a short task id: "t_" and 8 characters (40 random bits).
func NewTaskID() string { return "t_" + randomString(8) }

// NewRunID returns a run id: "r_" and 10 characters.
func NewRunID() string { return "r_" + randomString(10) }

// NewSubscriptionID returns a subscription id: "s_" and 8 characters.
func NewSubscriptionID() string { return "s_" + randomString(8) }

// NewSecret returns 32 random characters for tokens.
func NewSecret() string { return randomString(32) }

func randomString(n int) string {
	buf := make([]byte, n)
	_, _ = rand.Read(buf) // crypto/rand.Read never fails on supported platforms
	for i, b := range buf {
		buf[i] = idAlphabet[int(b)%len(idAlphabet)]
	}
	return string(buf)
}

var (
	boardName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)
	taskID    = regexp.MustCompile(`^t_[a-z0-9]{4,32}$`)
)

// ValidateBoard checks a board name: lower-case letters, digits, '-' and '_',
// at most 64 characters.
func ValidateBoard(name string) error {
	if !boardName.MatchString(name) {
		return Errorf(ErrInvalid, "invalid board name %q: use 1-64 lower-case letters, digits, '-' or '_'", name)
	}
	return nil
}

// ValidateTaskID checks the form of a task id before it reaches the store.
func ValidateTaskID(id string) error {
	if !taskID.MatchString(id) {
		return Errorf(ErrNotFound, "no task %q: task ids look like t_ab3k9xq2", id)
	}
	return nil
}
