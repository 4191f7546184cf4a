package main

import (
	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/gateway"
)

// personVerb describes one simple decision verb.
type personVerb struct {
	use, short string
	args       int
	// text names the flag (or "" for the positional TEXT) that fills the
	// request, and whether it is required.
	flag     string
	required bool
	fill     func(req *gateway.VerbRequest, text string)
}

var personVerbList = []personVerb{
	{use: "answer ID TEXT", short: "Answer a waiting_human task's question", args: 2,
		fill: func(r *gateway.VerbRequest, s string) { r.Text = s }},
	{use: "approve ID", short: "Approve a waiting_approval task's gated action", args: 1, flag: "note",
		fill: func(r *gateway.VerbRequest, s string) { r.Note = s }},
	{use: "deny ID", short: "Deny a waiting_approval task's action; it runs again knowing why", args: 1,
		flag: "reason", required: true, fill: func(r *gateway.VerbRequest, s string) { r.Reason = s }},
	{use: "resume ID", short: "Resume a waiting_auth task once you have logged in", args: 1, flag: "note",
		fill: func(r *gateway.VerbRequest, s string) { r.Note = s }},
	{use: "unblock ID", short: "Send a blocked or triage task back to ready (or todo)", args: 1, flag: "note",
		fill: func(r *gateway.VerbRequest, s string) { r.Note = s }},
	{use: "reopen ID", short: "Send a done task back to ready", args: 1},
	{use: "archive ID", short: "Hide a task from default lists", args: 1},
}

func personVerbCmds(g *globals) []*cobra.Command {
	out := make([]*cobra.Command, 0, len(personVerbList))
	for _, v := range personVerbList {
		out = append(out, v.command(g))
	}
	return out
}

func (v personVerb) command(g *globals) *cobra.Command {
	var text string
	cmd := &cobra.Command{
		Use: v.use, Short: v.short, Args: cobra.ExactArgs(v.args),
		RunE: func(cmd *cobra.Command, args []string) error {
			var req gateway.VerbRequest
			if v.args == 2 {
				text = args[1]
			}
			if v.fill != nil {
				v.fill(&req, text)
			}
			return g.verb(cmd, args[0], cmd.Name(), req)
		},
	}
	if v.flag != "" {
		cmd.Flags().StringVar(&text, v.flag, "", v.flag)
		if v.required {
			_ = cmd.MarkFlagRequired(v.flag)
		}
	}
	return cmd
}

// verb sends a person's verb and prints the task after it.
func (g *globals) verb(cmd *cobra.Command, id, verb string, req gateway.VerbRequest) error {
	task, err := g.client().Verb(cmd.Context(), id, verb, req)
	if err != nil {
		return err
	}
	return g.printTask(task)
}

func newTaskReviewCmd(g *globals) *cobra.Command {
	var req gateway.VerbRequest
	cmd := &cobra.Command{
		Use: "review ID (--approve | --request-changes TEXT)", Short: "Review a waiting_review task",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !req.Approve && req.RequestChanges == "" {
				return usageError{errorf("review needs --approve or --request-changes TEXT")}
			}
			return g.verb(cmd, args[0], "review", req)
		},
	}
	cmd.Flags().BoolVar(&req.Approve, "approve", false, "approve: the task is done")
	cmd.Flags().StringVar(&req.RequestChanges, "request-changes", "", "send it back with this feedback")
	cmd.MarkFlagsMutuallyExclusive("approve", "request-changes")
	return cmd
}

func newTaskConfirmCmd(g *globals) *cobra.Command {
	var req gateway.VerbRequest
	cmd := &cobra.Command{
		Use:   "confirm ID (--all | --action N [--action N]...) [--reverify]",
		Short: "Confirm an awaiting_operator task's operator actions (numbered from 1)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !req.All && len(req.Actions) == 0 {
				return usageError{errorf("confirm needs --all or --action N")}
			}
			return g.verb(cmd, args[0], "confirm", req)
		},
	}
	cmd.Flags().BoolVar(&req.All, "all", false, "confirm every action")
	cmd.Flags().IntSliceVar(&req.Actions, "action", nil, "confirm action N (repeatable)")
	cmd.Flags().BoolVar(&req.Reverify, "reverify", false, "run each action's check first; confirm only those that pass")
	cmd.MarkFlagsMutuallyExclusive("all", "action")
	return cmd
}
