package gateway

import "net/http"

// APIPrefix starts every board API path.
const APIPrefix = "/api/v1"

// routes mounts the board API. Person verbs and reads need the admin token
// (once configured); worker calls need a run token.
func (s *Server) routes() {
	b := APIPrefix + "/boards/{board}"
	s.HandleAdmin("POST "+b+"/tasks", http.HandlerFunc(s.createTask))
	s.HandleAdmin("GET "+b+"/tasks", http.HandlerFunc(s.listTasks))
	s.HandleAdmin("GET "+b+"/tasks/{id}", http.HandlerFunc(s.showTask))
	s.HandleAdmin("GET "+b+"/tasks/{id}/runs", http.HandlerFunc(s.taskRuns))
	s.HandleAdmin("GET "+b+"/tasks/{id}/events", http.HandlerFunc(s.taskEvents))
	s.HandleAdmin("GET "+b+"/tasks/{id}/log", http.HandlerFunc(s.taskLog))
	s.HandleAdmin("POST "+b+"/tasks/{id}/{verb}", http.HandlerFunc(s.personVerb))
	s.HandleAdmin("POST "+b+"/links", http.HandlerFunc(s.link))
	s.Handle("POST "+APIPrefix+"/worker/{verb}", s.worker(http.HandlerFunc(s.workerVerb)))
	s.Handle("GET "+APIPrefix+"/worker/run", s.worker(http.HandlerFunc(s.workerRun)))
	s.Handle("GET /healthz", http.HandlerFunc(s.healthz))
	s.Handle("GET /readyz", http.HandlerFunc(s.readyz))
}
