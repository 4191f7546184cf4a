package gateway

import (
	"context"
	"net/http"

	"github.com/switchboard/switchboard/board"
)

// RunLogReader is what the log route needs from the board store: a run's
// captured output. *rdb.Store implements it.
type RunLogReader interface {
	RunLog(ctx context.Context, ref board.RunRef) (string, error)
}

// RunLog is the body of GET /boards/{board}/tasks/{id}/log: the bounded
// output the dispatcher captured from one run.
type RunLog struct {
	TaskID string `json:"task_id"`
	RunID  string `json:"run_id"`
	// Outcome is empty while the run is live.
	Outcome board.Outcome `json:"outcome"`
	Log     string        `json:"log"`
}

// taskLog serves a run's output: ?run=RID, or the task's latest run.
func (s *Server) taskLog(w http.ResponseWriter, r *http.Request) {
	logs, ok := s.board.(RunLogReader)
	if !ok {
		s.writeError(w, r, board.Errorf(board.ErrNotFound, "this gateway's store keeps no run output"))
		return
	}
	ref := taskRef(r)
	run, err := s.pickRun(r.Context(), ref, r.URL.Query().Get("run"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	text, err := logs.RunLog(r.Context(), board.RunRef{Board: ref.Board, TaskID: ref.ID, RunID: run.ID})
	s.reply(w, r, http.StatusOK, RunLog{TaskID: ref.ID, RunID: run.ID, Outcome: run.Outcome, Log: text}, err)
}

// pickRun finds the task's run named runID, or its latest run.
func (s *Server) pickRun(ctx context.Context, ref board.Ref, runID string) (*board.Run, error) {
	runs, err := s.board.Runs(ctx, ref)
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 {
		return nil, board.Errorf(board.ErrNotFound, "task %s has not run yet", ref.ID)
	}
	if runID == "" {
		return runs[len(runs)-1], nil
	}
	for _, run := range runs {
		if run.ID == runID {
			return run, nil
		}
	}
	return nil, board.Errorf(board.ErrNotFound, "task %s has no run %s", ref.ID, runID)
}
