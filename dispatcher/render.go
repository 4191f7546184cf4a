package dispatcher

import (
	"fmt"
	"strings"
	"time"

	"github.com/switchboard/switchboard/board"
)

// terminalCalls is the worker protocol, as a context file restates it.
const terminalCalls = "End this run with exactly one terminal call:\n\n" +
	"- `switchboard worker complete --summary S [--metadata JSON]`: done.\n" +
	"- `switchboard worker block --kind dependency --reason R --parent ID...`: wait for other tasks.\n" +
	"- `switchboard worker block --kind needs_input --reason QUESTION`: ask a person.\n" +
	"- `switchboard worker block --kind auth|approval|capability|transient --reason R`: a login, an approval, " +
	"beyond this worker, or a passing problem (retried later).\n" +
	"- `switchboard worker request-review --summary S`: done, pending a person's review.\n" +
	"- `switchboard worker park --summary S --action A [--check CMD] ...`: done, but people still owe actions.\n\n" +
	"Not terminal: `switchboard worker heartbeat [--note N]` and `switchboard worker comment TEXT`.\n" +
	"Exiting without a terminal call is a protocol violation. Exit 75 means rate-limited (retried later, " +
	"not a failure); exit 78 means the provider refused you for good.\n"

// renderContext writes the context as Markdown a model can read.
func renderContext(rc *RunContext, jsonPath string) string {
	var b strings.Builder
	t := rc.Task
	fmt.Fprintf(&b, "# Task %s: %s\n\n", t.ID, t.Title)
	fmt.Fprintf(&b, "Board `%s`, profile `%s`, priority %d. This is run %s, attempt %d. "+
		"The same facts as JSON: %s\n\n", t.Board, t.Profile, t.Priority, rc.Run.ID, rc.Run.Attempt, jsonPath)
	if len(rc.Hints) > 0 {
		b.WriteString("## Read this first\n\n")
		for _, h := range rc.Hints {
			fmt.Fprintf(&b, "- %s\n", h)
		}
		b.WriteString("\n")
	}
	section(&b, "Task", orNone(t.Body))
	renderParents(&b, rc.Parents)
	renderRuns(&b, rc.Runs)
	renderInput(&b, rc.Input)
	renderComments(&b, rc.Comments)
	renderAttachments(&b, rc.Attachments)
	section(&b, "How to report", terminalCalls)
	return b.String()
}

func section(b *strings.Builder, title, body string) {
	fmt.Fprintf(b, "## %s\n\n%s\n\n", title, strings.TrimRight(body, "\n"))
}

func renderParents(b *strings.Builder, parents []ParentInfo) {
	if len(parents) == 0 {
		return
	}
	b.WriteString("## Parent tasks (what this task waited on)\n\n")
	for _, p := range parents {
		fmt.Fprintf(b, "### %s: %s (%s)\n\nSummary: %s\n\n", p.ID, p.Title, p.Status, orNone(p.Summary))
		if len(p.Metadata) > 0 {
			fmt.Fprintf(b, "Metadata:\n\n```json\n%s\n```\n\n", p.Metadata)
		}
	}
}

func renderRuns(b *strings.Builder, runs []EarlierRun) {
	if len(runs) == 0 {
		return
	}
	b.WriteString("## Earlier runs (oldest first)\n\n")
	for _, r := range runs {
		fmt.Fprintf(b, "- %s, %s: %s", r.ID, stamp(r.StartedAt), r.Outcome)
		if r.ExitCode != nil {
			fmt.Fprintf(b, " (exit %d)", *r.ExitCode)
		}
		if r.BlockKind != "" {
			fmt.Fprintf(b, " [%s]", r.BlockKind)
		}
		if r.Summary != "" {
			fmt.Fprintf(b, ": %s", r.Summary)
		}
		b.WriteString("\n")
		if r.Error != "" {
			fmt.Fprintf(b, "\n  ```\n%s\n  ```\n", indent(r.Error, "  "))
		}
	}
	b.WriteString("\n")
}

func renderInput(b *strings.Builder, input []PersonInput) {
	if len(input) == 0 {
		return
	}
	b.WriteString("## What people said (oldest first)\n\n")
	for _, in := range input {
		fmt.Fprintf(b, "- %s, %s by %s", stamp(in.At), in.Kind, in.Actor)
		if in.Question != "" {
			fmt.Fprintf(b, " (on: %q)", in.Question)
		}
		fmt.Fprintf(b, ": %s\n", orNone(in.Text))
	}
	b.WriteString("\n")
}

func renderComments(b *strings.Builder, list []Comment) {
	if len(list) == 0 {
		return
	}
	b.WriteString("## Notes from earlier runs\n\n")
	for _, c := range list {
		fmt.Fprintf(b, "- %s (%s): %s\n", stamp(c.At), c.RunID, c.Text)
	}
	b.WriteString("\n")
}

func renderAttachments(b *strings.Builder, atts []board.Attachment) {
	if len(atts) == 0 {
		return
	}
	b.WriteString("## Attached context\n\n")
	for _, a := range atts {
		fmt.Fprintf(b, "### %s, %s\n\n```json\n%s\n```\n\n", a.Kind, stamp(a.At), a.Data)
	}
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none)"
	}
	return s
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+pre)
}
