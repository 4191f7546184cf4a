package board

import "strings"

// Actors that are not people in chat.
const (
	// ActorAdmin acts with the admin token (the CLI, the API).
	ActorAdmin = "admin"
	// ActorSystem is the dispatcher and the board's own automation.
	ActorSystem = "system"
)

// WorkerActor is the actor of a worker call from run runID.
func WorkerActor(runID string) string { return "worker:" + runID }

// ChatActor is a person in chat: "telegram:42", or "telegram:42 (alice)"
// when a display name is known.
func ChatActor(platform, userID, name string) string {
	a := platform + ":" + userID
	if name = strings.TrimSpace(name); name != "" {
		a += " (" + name + ")"
	}
	return a
}
