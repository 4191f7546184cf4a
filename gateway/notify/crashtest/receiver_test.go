package crashtest_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/switchboard/switchboard/adapters/webhook"
)

// receiver is a fake webhook endpoint. It checks each signature and counts
// deliveries per (subscription, event), from the X-Switchboard-Delivery
// header, as they arrive.
type receiver struct {
	secret []byte
	srv    *httptest.Server

	mu       sync.Mutex
	count    map[string]int
	total    int
	badSig   int
	epoch    int         // the serve process deliveries now come from
	dupEpoch map[int]int // duplicates that arrived in each epoch
	conns    int         // open connections
}

func newReceiver(t *testing.T, secret string) *receiver {
	r := &receiver{secret: []byte(secret), count: map[string]int{}, dupEpoch: map[int]int{}}
	r.srv = httptest.NewUnstartedServer(r)
	r.srv.Config.ConnState = r.connState
	r.srv.Start()
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return
	}
	key := req.Header.Get(webhook.DeliveryHeader)
	r.mu.Lock()
	if !webhook.Verify(r.secret, body, req.Header.Get(webhook.SignatureHeader)) {
		r.badSig++
	}
	r.count[key]++
	r.total++
	if r.count[key] > 1 {
		r.dupEpoch[r.epoch]++
	}
	r.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (r *receiver) connState(_ net.Conn, st http.ConnState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch st {
	case http.StateNew:
		r.conns++
	case http.StateClosed, http.StateHijacked:
		r.conns--
	}
}

// got reports whether key has arrived.
func (r *receiver) got(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.count[key] > 0
}

func (r *receiver) snapshot() (total, conns int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.total, r.conns
}

func (r *receiver) nextEpoch() {
	r.mu.Lock()
	r.epoch++
	r.mu.Unlock()
}
