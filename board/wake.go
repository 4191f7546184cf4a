package board

// WakeOutcome is what an orchestrator's triage wake (OpWake) did.
type WakeOutcome string

// Wake outcomes.
const (
	// WakeWoken: the task went todo → ready with the snapshot attached,
	// recorded as a promoted event with data.wake = "triage".
	WakeWoken WakeOutcome = "woken"
	// WakeBraked: too many consecutive wakes resolved nothing; the task
	// was not woken and an orchestrator_braked event asks people to look.
	WakeBraked WakeOutcome = "braked"
	// WakeAttached: the task was not in todo (already awake, or finished);
	// it only got the snapshot for its next run.
	WakeAttached WakeOutcome = "attached"
)

// WakeParams is a triage notice for an orchestrator task.
type WakeParams struct {
	Notice Notice
	// Limit is how many consecutive wakes may resolve nothing before the
	// brake (notify.orchestrator_wake_limit, default 2). A wake resolved
	// something when a task stuck at it is stuck no more at the next one.
	Limit int
}
