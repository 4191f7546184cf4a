package discord

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// rewrite sends requests for discordgo's endpoints (globals built at init
// from https://discord.com/) to api_url instead: the scheme, host and
// path prefix are replaced, the rest of the path is kept.
type rewrite struct {
	from string
	to   *url.URL
	next http.RoundTripper
}

// newRewrite wraps next so requests under discordgo.EndpointDiscord go to
// apiURL; an empty apiURL leaves them alone.
func newRewrite(apiURL string, next http.RoundTripper) (http.RoundTripper, error) {
	if next == nil {
		next = http.DefaultTransport
	}
	if apiURL == "" {
		return next, nil
	}
	to, err := url.Parse(apiURL)
	if err != nil || (to.Scheme != "http" && to.Scheme != "https") || !strings.HasSuffix(to.Path, "/") {
		return nil, fmt.Errorf("discord: api_url %q must be an http(s) URL ending in /", apiURL)
	}
	return rewrite{from: discordgo.EndpointDiscord, to: to, next: next}, nil
}

// RoundTrip rewrites the URL of a request for Discord's API base.
func (t rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	rest, ok := strings.CutPrefix(req.URL.String(), t.from)
	if !ok {
		return t.next.RoundTrip(req)
	}
	u, err := url.Parse(t.to.String() + rest)
	if err != nil {
		return nil, err
	}
	out := req.Clone(req.Context())
	out.URL, out.Host = u, u.Host
	return t.next.RoundTrip(out)
}
