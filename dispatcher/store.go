package dispatcher

import (
	"context"
	"time"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
)

// Store is what the dispatcher needs from the board. *rdb.Store
// implements it.
type Store interface {
	// Now is the store's clock; retry and budget times are on it.
	Now() time.Time
	// Policy is the limits the store applies: the lease, the backoffs.
	Policy() board.Policy

	Boards(ctx context.Context) ([]string, error)
	DispatchSignals(ctx context.Context) (<-chan string, error)
	NextClaimable(ctx context.Context, boardName string) (time.Time, bool, error)
	Claim(ctx context.Context, p board.ClaimParams) (*board.Claim, error)
	ReserveSpawn(ctx context.Context, max int, per time.Duration) (rdb.SpawnReservation, error)
	ReleaseSpawn(ctx context.Context, id string) error
	Note(ctx context.Context, ref board.Ref, kind board.EventKind, actor string, data map[string]any) (string, error)

	Heartbeat(ctx context.Context, ref board.RunRef, note string) error
	EndRun(ctx context.Context, ref board.RunRef, p board.EndRunParams) (*board.Task, error)
	SystemBlock(ctx context.Context, ref board.RunRef, p board.BlockParams) (*board.Task, error)
	SetRunProcess(ctx context.Context, ref board.RunRef, p rdb.ProcessInfo) error
	SetRunExit(ctx context.Context, ref board.RunRef, code int) error
	SetRunLog(ctx context.Context, ref board.RunRef, text string, ttl time.Duration) error
	ExpiredLeases(ctx context.Context, boardName string, max int) ([]board.RunRef, error)

	List(ctx context.Context, p board.ListParams) ([]*board.Task, error)
	GetMany(ctx context.Context, boardName string, ids ...string) ([]*board.Task, error)
	Run(ctx context.Context, boardName, runID string) (*board.Run, error)
	Runs(ctx context.Context, ref board.Ref) ([]*board.Run, error)
	Events(ctx context.Context, ref board.Ref) ([]*board.Event, error)
	Attachments(ctx context.Context, ref board.Ref) ([]board.Attachment, error)
}

var _ Store = (*rdb.Store)(nil)
