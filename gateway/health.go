package gateway

import (
	"context"
	"net/http"
	"time"
)

// healthz reports that the process serves HTTP.
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz runs every ready check; any failure makes it 503 and names it.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	checks := map[string]string{}
	code := http.StatusOK
	for _, c := range s.ready {
		if err := c.Check(ctx); err != nil {
			checks[c.Name] = err.Error()
			code = http.StatusServiceUnavailable
			continue
		}
		checks[c.Name] = "ok"
	}
	status := "ready"
	if code != http.StatusOK {
		status = "not ready"
	}
	writeJSON(w, code, map[string]any{"status": status, "checks": checks})
}
