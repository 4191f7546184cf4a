package gateway

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// redacted replaces a secret in chat text.
const redacted = "[redacted]"

// secretPatterns match strings that look like credentials. Each pattern's
// first group, when present, is kept (the "password=" of a pair).
var secretPatterns = []*regexp.Regexp{
	regexp.MustCompile(`xox[abposr]-[A-Za-z0-9-]{10,}`),                                       // Slack tokens
	regexp.MustCompile(`xapp-[A-Za-z0-9-]{10,}`),                                              // Slack app tokens
	regexp.MustCompile(`(?:\b|bot)[0-9]{6,12}:[A-Za-z0-9_-]{30,}\b`),                          // Telegram bot tokens, also in /bot<token>/ URLs
	regexp.MustCompile(`\b[MNO][A-Za-z0-9_-]{22,}\.[A-Za-z0-9_-]{5,7}\.[A-Za-z0-9_-]{25,}\b`), // Discord bot tokens
	regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9]{30,}\b`),                                      // GitHub tokens
	regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{30,}\b`),                                    // GitHub fine-grained tokens
	regexp.MustCompile(`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`),                                       // AWS access key ids
	regexp.MustCompile(`\bsk-[A-Za-z0-9_-]{20,}\b`),                                           // OpenAI/Anthropic-style keys
	regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{20,}\b`),                                        // GitLab tokens
	regexp.MustCompile(`\bsbw\.[a-z0-9_-]+\.r_[a-z0-9]+\.[a-z0-9]+\b`),                        // Switchboard worker tokens
	regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b`),   // JWTs
	regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)`),
	regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]{16,}`),
	regexp.MustCompile(`(?i)(\b(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key)\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;]+)`),
	regexp.MustCompile(`(?i)(://[^/\s:@]+:)[^@\s/]+(@)`), // user:password@ in URLs
}

// Redact replaces strings that look like secrets or tokens with
// "[redacted]".
func Redact(s string) string {
	for _, re := range secretPatterns {
		s = re.ReplaceAllStringFunc(s, func(m string) string { return keepPrefix(re, m) })
	}
	return s
}

// keepPrefix keeps the pattern's first group (a key name) and, for URL
// credentials, the trailing "@".
func keepPrefix(re *regexp.Regexp, m string) string {
	sub := re.FindStringSubmatch(m)
	if len(sub) < 2 {
		return redacted
	}
	out := sub[1] + redacted
	if len(sub) > 2 && sub[2] == "@" {
		out += "@"
	}
	return out
}

// Cut shortens s to at most max bytes of valid UTF-8, ending it with "…"
// when it was cut.
func Cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	const ell = "…"
	if max <= len(ell) {
		return ""
	}
	n := max - len(ell)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	s = s[:n]
	return strings.TrimRightFunc(s, func(r rune) bool { return r == ' ' || r == '\n' }) + ell
}

// CutRunes shortens s to at most max characters (runes), for limits
// counted in characters.
func CutRunes(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	if max <= 1 {
		return ""
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:max-1]), " \n") + "…"
}
