package gateway

import (
	"strings"
	"unicode/utf8"
)

// Markup formats notice text for one platform. Bold and Italic get text
// that Escape has already made safe; Code gets raw text and makes it safe
// itself, since escapes show literally inside code on some platforms.
type Markup struct {
	Escape func(string) string
	Bold   func(string) string
	Code   func(string) string
	Italic func(string) string
}

// RenderNotice renders n as text in m, within limit characters: the
// headline, the task line, one line per Line, then the outcome. Lines that
// do not fit are dropped from the end and replaced by "…"; the outcome
// always stays.
func RenderNotice(n Notice, m Markup, limit int) string {
	lines := []string{m.Bold(m.Escape(strings.TrimSpace(n.Icon + " " + n.Headline)))}
	if n.TaskID != "" {
		task := m.Code(n.TaskID)
		if n.Title != "" {
			task += " · " + m.Bold(m.Escape(n.Title))
		}
		if n.Status != "" {
			task += " · now " + m.Escape(string(n.Status))
		}
		lines = append(lines, task)
	}
	for _, l := range n.Lines {
		text := m.Escape(l.Text)
		if l.Label != "" {
			text = m.Bold(m.Escape(l.Label+":")) + " " + text
		}
		lines = append(lines, text)
	}
	tail := ""
	if n.Outcome != "" {
		tail = m.Italic(m.Escape("➡️ " + n.Outcome))
	}
	return FitLines(lines, tail, limit)
}

// FitLines joins lines and tail with newlines within limit characters,
// dropping lines from the end (marked "…") until it fits; a single line
// too long on its own is cut.
func FitLines(lines []string, tail string, limit int) string {
	join := func(ls []string) string {
		if tail != "" {
			ls = append(ls[:len(ls):len(ls)], tail)
		}
		return strings.Join(ls, "\n")
	}
	out := join(lines)
	for n := len(lines); utf8.RuneCountInString(out) > limit && n > 1; n-- {
		out = join(append(lines[:n-1:n-1], "…"))
	}
	return CutRunes(out, limit)
}
