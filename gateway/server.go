package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/switchboard/switchboard/board"
)

// Board is what the server needs from the board store.
type Board interface {
	board.Service
	// VerifyToken checks a run-scoped worker token.
	VerifyToken(ctx context.Context, token string) (board.RunRef, error)
	// Ping checks that the store answers.
	Ping(ctx context.Context) error
}

// ServerOptions configures the HTTP server.
type ServerOptions struct {
	// Listen is the address to listen on. Default 127.0.0.1:7070; port 0
	// picks a free port.
	Listen string
	// AdminToken, once set, is required on every non-worker API call.
	AdminToken string
	// Profiles are the worker profiles a task may name; empty allows any.
	Profiles []string
	// DefaultProfile is given to tasks that name none. Default "default".
	DefaultProfile string
	// CheckTimeout bounds each operator action check run by --reverify.
	// Default 60s.
	CheckTimeout time.Duration
	// Logger receives request errors. Default slog.Default().
	Logger *slog.Logger
}

// Server serves the board API and the routes other parts register.
type Server struct {
	board Board
	opts  ServerOptions
	log   *slog.Logger
	mux   *http.ServeMux
	ready []ReadyCheck

	mu   sync.Mutex
	http *http.Server
	ln   net.Listener
	// quit is closed by Stop, ending long-lived streams (watch) that
	// Shutdown would otherwise wait for.
	quit     chan struct{}
	quitOnce sync.Once
}

// ReadyCheck reports whether one part of the gateway is ready to serve.
type ReadyCheck struct {
	Name  string
	Check func(ctx context.Context) error
}

// NewServer returns a server for b with the board API mounted.
func NewServer(b Board, opts ServerOptions) *Server {
	if opts.Listen == "" {
		opts.Listen = "127.0.0.1:7070"
	}
	if opts.DefaultProfile == "" {
		opts.DefaultProfile = "default"
	}
	if opts.CheckTimeout == 0 {
		opts.CheckTimeout = time.Minute
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	s := &Server{board: b, opts: opts, log: opts.Logger, mux: http.NewServeMux(), quit: make(chan struct{})}
	s.AddReadyCheck(ReadyCheck{Name: "redis", Check: b.Ping})
	s.routes()
	return s
}

// Handle mounts h on pattern (a net/http pattern such as
// "POST /slack/commands"). Adapters use it for their inbound endpoints.
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

// HandleAdmin mounts h behind the admin token.
func (s *Server) HandleAdmin(pattern string, h http.Handler) { s.mux.Handle(pattern, s.admin(h)) }

// AddReadyCheck adds a check to /readyz. Call it before Start.
func (s *Server) AddReadyCheck(c ReadyCheck) { s.ready = append(s.ready, c) }

// Handler returns the server's root handler.
func (s *Server) Handler() http.Handler { return s.mux }

// Start listens and serves in the background. It returns once the
// listener is bound, so Addr is valid.
func (s *Server) Start(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.opts.Listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", s.opts.Listen, err)
	}
	srv := &http.Server{Handler: s.mux, ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) }}
	s.mu.Lock()
	s.http, s.ln = srv, ln
	s.mu.Unlock()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("http server stopped", "err", err)
		}
	}()
	return nil
}

// Addr is the bound address, valid after Start.
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// Stop stops accepting requests and waits for those in flight until ctx
// ends. It is safe to call twice.
func (s *Server) Stop(ctx context.Context) error {
	s.quitOnce.Do(func() { close(s.quit) })
	s.mu.Lock()
	srv := s.http
	s.http = nil
	s.mu.Unlock()
	if srv == nil {
		return nil
	}
	return srv.Shutdown(ctx)
}
