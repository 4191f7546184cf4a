package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/switchboard/switchboard/gateway/client"
)

// Exit codes. Scripts and the dispatcher rely on them.
const (
	// ExitOK: the command did what it was asked.
	ExitOK = 0
	// ExitError: refused or failed, with a message (wrong status, stale
	// run, bad input, unknown task).
	ExitError = 1
	// ExitUsage: the command line itself is wrong.
	ExitUsage = 2
	// ExitNotRecorded: the gateway or its Redis could not be reached, even
	// after retrying; nothing was recorded.
	ExitNotRecorded = 3
)

// usageError marks command-line mistakes.
type usageError struct{ error }

// run executes the CLI and returns its exit code.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	fmt.Fprintln(stderr, "error:", err)
	return exitCode(err)
}

func exitCode(err error) int {
	var ue usageError
	switch {
	case errors.As(err, &ue), isCobraUsage(err):
		return ExitUsage
	case client.Retryable(err):
		return ExitNotRecorded
	}
	return ExitError
}

// isCobraUsage spots cobra's own argument and flag errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "accepts ", "requires at least",
		"invalid argument", "flag needs an argument", "required flag", "if any flags in the group"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
