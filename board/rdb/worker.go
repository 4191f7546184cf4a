package rdb

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
)

// Claim takes the best claimable task: highest priority, then oldest. It
// opens a run with a lease and mints the run-scoped worker token.
func (s *Store) Claim(ctx context.Context, p board.ClaimParams) (*board.Claim, error) {
	lease := p.Lease
	if lease <= 0 {
		lease = s.policy.Lease
	}
	runID, secret := board.NewRunID(), board.NewSecret()
	deadline := s.now().Add(lease).UnixMilli()
	actor := p.Actor
	if actor == "" {
		actor = board.ActorSystem
	}
	res, err := s.call(ctx, "claim", p.Board, board.OpClaim, actor, runID, hashSecret(secret), deadline)
	if err != nil {
		return nil, err
	}
	t, since, err := decodeClaim(res)
	if err != nil {
		return nil, err
	}
	run := &board.Run{ID: runID, TaskID: t.ID, Profile: t.Profile, StartedAt: t.UpdatedAt}
	s.observe(board.OpClaim, t)
	return &board.Claim{Task: t, Run: run, Token: FormatToken(p.Board, runID, secret), ReadySince: since}, nil
}

// decodeClaim reads claim.lua's reply: id, run, ready since, then the
// task's hash, parents and children.
func decodeClaim(res any) (*board.Task, time.Time, error) {
	reply, _ := res.([]any)
	if len(reply) != 6 {
		return nil, time.Time{}, fmt.Errorf("rdb: malformed claim reply %v", res)
	}
	since, _ := reply[2].(string)
	t, err := decodeTask(hash(reply[3]))
	if err != nil {
		return nil, time.Time{}, err
	}
	t.Parents, t.Children = strs(reply[4]), strs(reply[5])
	return t, ms(since), nil
}

// Heartbeat extends the run's lease and records an optional note.
func (s *Store) Heartbeat(ctx context.Context, ref board.RunRef, note string) error {
	deadline := s.now().Add(s.policy.Lease).UnixMilli()
	_, err := s.call(ctx, "heartbeat", ref.Board, board.OpHeartbeat, board.WorkerActor(ref.RunID),
		ref.TaskID, ref.RunID, deadline, note)
	if err != nil {
		return fmt.Errorf("heartbeat %s: %w", ref.TaskID, err)
	}
	return nil
}

// Comment appends a worker's comment to its task.
func (s *Store) Comment(ctx context.Context, ref board.RunRef, text string) (*board.Event, error) {
	if strings.TrimSpace(text) == "" {
		return nil, board.Errorf(board.ErrInvalid, "a comment needs text")
	}
	res, err := s.call(ctx, "comment", ref.Board, board.OpComment, board.WorkerActor(ref.RunID),
		ref.TaskID, ref.RunID, text)
	if err != nil {
		return nil, fmt.Errorf("comment on %s: %w", ref.TaskID, err)
	}
	id, _ := res.(string)
	return &board.Event{ID: id, Board: ref.Board, TaskID: ref.TaskID, RunID: ref.RunID,
		Kind: board.EventCommented, Actor: board.WorkerActor(ref.RunID), At: s.now().UTC()}, nil
}

// Complete ends the run with done and promotes released children.
func (s *Store) Complete(ctx context.Context, ref board.RunRef, p board.CompleteParams) (*board.Task, error) {
	meta := ""
	if len(p.Metadata) > 0 {
		if !json.Valid(p.Metadata) {
			return nil, board.Errorf(board.ErrInvalid, "metadata is not valid JSON")
		}
		meta = string(p.Metadata)
	}
	return s.workerCall(ctx, "complete", board.OpComplete, ref, p.Summary, meta)
}

// Block ends the run with a block of p.Kind; see lua/block.lua.
func (s *Store) Block(ctx context.Context, ref board.RunRef, p board.BlockParams) (*board.Task, error) {
	args, err := s.blockArgs(p)
	if err != nil {
		return nil, err
	}
	return s.workerCall(ctx, "block", board.OpBlock, ref, args...)
}

// blockArgs checks a block and builds the block script's arguments.
func (s *Store) blockArgs(p board.BlockParams) ([]any, error) {
	if _, err := board.ParseBlockKind(string(p.Kind)); err != nil {
		return nil, err
	}
	if err := validateBlock(p); err != nil {
		return nil, err
	}
	pol := s.policy
	base := pol.TransientBackoff
	args := []any{string(p.Kind), p.Reason, pol.BlockRecurrenceLimit, base.Milliseconds(),
		pol.MaxBackoff.Milliseconds(), s.jitter(base).Milliseconds()}
	for _, parent := range p.Parents {
		args = append(args, parent)
	}
	return args, nil
}

func validateBlock(p board.BlockParams) error {
	if strings.TrimSpace(p.Reason) == "" {
		return board.Errorf(board.ErrInvalid, "a block needs a reason")
	}
	if p.Kind != board.BlockDependency && len(p.Parents) > 0 {
		return board.Errorf(board.ErrInvalid, "only a dependency block names parents")
	}
	for _, parent := range p.Parents {
		if err := board.ValidateTaskID(parent); err != nil {
			return err
		}
	}
	return nil
}

// RequestReview ends the run with finished work waiting for review.
func (s *Store) RequestReview(ctx context.Context, ref board.RunRef, summary string) (*board.Task, error) {
	return s.workerCall(ctx, "request_review", board.OpRequestReview, ref, summary)
}

// Park ends the run with operator actions owed; it needs at least one.
func (s *Store) Park(ctx context.Context, ref board.RunRef, p board.ParkParams) (*board.Task, error) {
	if len(p.Actions) == 0 {
		return nil, board.Errorf(board.ErrInvalid, "park needs at least one --action")
	}
	for i, a := range p.Actions {
		if strings.TrimSpace(a.Action) == "" {
			return nil, board.Errorf(board.ErrInvalid, "operator action %d is empty", i+1)
		}
	}
	return s.workerCall(ctx, "park", board.OpPark, ref, p.Summary, encodeActions(p.Actions))
}

// EndRun classifies a run that ended without a terminal call and applies
// the failure rules; see lua/end_run.lua.
func (s *Store) EndRun(ctx context.Context, ref board.RunRef, p board.EndRunParams) (*board.Task, error) {
	code := ""
	if p.ExitCode != nil {
		code = fmt.Sprint(*p.ExitCode)
	}
	pol := s.policy
	return s.systemCall(ctx, "end_run", endRunOp(p.Outcome), ref, string(p.Outcome), code, p.Error,
		pol.FailureLimit, pol.ProtocolViolationLimit, pol.RetryBackoff.Milliseconds(),
		pol.MaxBackoff.Milliseconds(), pol.RateLimitCooldown.Milliseconds(), p.Jitter.Milliseconds())
}

func endRunOp(o board.Outcome) board.Op {
	switch o {
	case board.OutcomeProtocolViolation:
		return board.OpProtocolViolation
	case board.OutcomeRateLimited:
		return board.OpRateLimited
	case board.OutcomeTerminalProvider:
		return board.OpTerminalProvider
	case board.OutcomeTimedOut:
		return board.OpTimedOut
	}
	return board.OpCrashed
}

// workerCall runs a terminal worker script with the worker as actor.
func (s *Store) workerCall(ctx context.Context, name string, op board.Op, ref board.RunRef, args ...any) (*board.Task, error) {
	return s.runCall(ctx, name, op, board.WorkerActor(ref.RunID), ref, args...)
}

// systemCall runs a run-ending script with the dispatcher as actor.
func (s *Store) systemCall(ctx context.Context, name string, op board.Op, ref board.RunRef, args ...any) (*board.Task, error) {
	return s.runCall(ctx, name, op, board.ActorSystem, ref, args...)
}

func (s *Store) runCall(ctx context.Context, name string, op board.Op, actor string, ref board.RunRef, args ...any) (*board.Task, error) {
	if err := board.ValidateTaskID(ref.TaskID); err != nil {
		return nil, err
	}
	t, err := s.write(ctx, name, ref.Board, op, actor, ref.TaskID, append([]any{ref.TaskID, ref.RunID}, args...)...)
	if err != nil {
		return nil, err // script errors already name the task and its status
	}
	return found(t, ref.Board, ref.TaskID)
}

func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
