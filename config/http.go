package config

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// IsLoopback reports whether http.listen accepts connections from this
// host only: localhost or a loopback IP. An empty host, as in ":7070",
// listens on every interface and is not loopback.
func (c Config) IsLoopback() bool {
	host, _, err := net.SplitHostPort(c.HTTP.Listen)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// PublicURL is the base URL workers use to reach the API, without a
// trailing "/": http.public_url when set, otherwise "http://" and
// http.listen, with a wildcard host (":7070", "0.0.0.0", "::") replaced by
// loopback. When listen uses port 0, set HTTP.Listen to the bound address
// before calling it.
func (c Config) PublicURL() string {
	if c.HTTP.PublicURL != "" {
		return strings.TrimRight(c.HTTP.PublicURL, "/")
	}
	host, port, err := net.SplitHostPort(c.HTTP.Listen)
	if err != nil {
		return "http://" + c.HTTP.Listen
	}
	if ip, err := netip.ParseAddr(host); host == "" || err == nil && ip.IsUnspecified() {
		host = "127.0.0.1"
		if err == nil && ip.Is6() {
			host = "::1"
		}
	}
	return "http://" + net.JoinHostPort(host, port)
}

// checkHTTP adds the http section's problems to v.
func checkHTTP(v *checker, c Config) {
	h := c.HTTP
	_, port, err := net.SplitHostPort(h.Listen)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		v.addf("http.listen must be host:port, such as 127.0.0.1:7070, got %q", h.Listen)
	} else if !c.IsLoopback() && h.AdminToken == "" {
		v.addf("http.listen %s is not a loopback address; set http.admin_token (%s) or listen on 127.0.0.1",
			h.Listen, EnvName("http.admin_token"))
	}
	v.httpURL("http.public_url", h.PublicURL)
}

// httpURL adds a problem unless u is empty or an absolute http(s) URL.
func (v *checker) httpURL(key, u string) {
	if u == "" {
		return
	}
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		v.addf("%s must be an absolute http:// or https:// URL, got %q", key, u)
	}
}
