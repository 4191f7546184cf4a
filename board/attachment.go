package board

import (
	"encoding/json"
	"time"
)

// Attachment is context a task carries into its next run besides its own
// events: an orchestrator's fan-in or triage snapshot, for example. The
// dispatcher writes attachments into the run's context file.
type Attachment struct {
	Kind string          `json:"kind"`
	At   time.Time       `json:"at"`
	Data json.RawMessage `json:"data"`
}
