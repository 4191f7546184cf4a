// Package gateway is Switchboard's edge: the HTTP API that every CLI verb
// and every worker call goes through, the inbound endpoints chat platforms
// call, and the small interfaces adapters implement.
//
// It imports board for the domain and translates board errors to HTTP
// statuses only here, at the edge.
package gateway
