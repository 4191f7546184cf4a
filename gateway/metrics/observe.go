package metrics

import (
	"github.com/switchboard/switchboard/board"
)

// runOutcomes maps the operations that end a run to their outcome.
var runOutcomes = map[board.Op]board.Outcome{
	board.OpComplete:          board.OutcomeCompleted,
	board.OpBlock:             board.OutcomeBlocked,
	board.OpRequestReview:     board.OutcomeReviewRequested,
	board.OpPark:              board.OutcomeParked,
	board.OpProtocolViolation: board.OutcomeProtocolViolation,
	board.OpRateLimited:       board.OutcomeRateLimited,
	board.OpTerminalProvider:  board.OutcomeTerminalProvider,
	board.OpCrashed:           board.OutcomeCrashed,
	board.OpTimedOut:          board.OutcomeTimedOut,
}

// Observe is the store's observer: it counts claims, run outcomes, blocks
// and breaker trips from each successful transition.
func (m *Metrics) Observe(op board.Op, t *board.Task) {
	if op == board.OpClaim {
		m.claims.WithLabelValues(t.Board).Inc()
		return
	}
	outcome, ends := runOutcomes[op]
	if !ends {
		return
	}
	m.outcomes.WithLabelValues(t.Board, string(outcome)).Inc()
	if op == board.OpBlock {
		m.blocks.WithLabelValues(t.Board, string(t.BlockKind)).Inc()
	}
	if breaker := tripped(op, t); breaker != "" {
		m.trips.WithLabelValues(t.Board, breaker).Inc()
	}
}

// tripped names the breaker a transition tripped, or "".
func tripped(op board.Op, t *board.Task) string {
	switch {
	case op == board.OpBlock && t.Status == board.StatusTriage && t.CircuitOpen:
		return "recurrence"
	case op == board.OpProtocolViolation && t.Status == board.StatusBlocked:
		return "protocol"
	case (op == board.OpCrashed || op == board.OpTimedOut) && t.Status == board.StatusBlocked:
		return "failure"
	}
	return ""
}
