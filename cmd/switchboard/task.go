package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

func newTaskCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{Use: "task", Short: "Create, list and decide on tasks"}
	cmd.AddCommand(
		newTaskCreateCmd(g), newTaskListCmd(g), newTaskShowCmd(g), newTaskRunsCmd(g),
		newTaskEventsCmd(g), newTaskLinkCmd(g), newTaskReviewCmd(g), newTaskConfirmCmd(g),
		newTaskLogCmd(g),
	)
	cmd.AddCommand(personVerbCmds(g)...)
	return cmd
}

func newTaskCreateCmd(g *globals) *cobra.Command {
	var req gateway.CreateRequest
	cmd := &cobra.Command{
		Use:   "create TITLE",
		Short: "Create a task (todo while a --parent is unfinished, ready otherwise)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			req.Title = args[0]
			task, err := g.client().CreateTask(cmd.Context(), req)
			if err != nil {
				return err
			}
			return g.printTask(task)
		},
	}
	f := cmd.Flags()
	f.StringVar(&req.Body, "body", "", "task body")
	f.StringArrayVar(&req.Parents, "parent", nil, "a task this one waits on (repeatable)")
	f.StringVar(&req.Profile, "profile", "", "worker profile (default: dispatcher.default_profile)")
	f.IntVar(&req.Priority, "priority", 0, "higher runs first (-1000 to 1000)")
	f.BoolVar(&req.Triage, "triage", false, "create in triage, for a person to sort")
	return cmd
}

func newTaskListCmd(g *globals) *cobra.Command {
	var statuses []string
	var limit int
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List tasks; waiting states are shown apart from blocked work",
		Long: "List tasks. --status takes a status, or one of the groups: waiting (the four\n" +
			"waiting_* states), person (everything a person must act on), active.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			tasks, err := g.client().ListTasks(cmd.Context(), expandStatuses(statuses), limit)
			if err != nil {
				return err
			}
			return g.printTasks(tasks)
		},
	}
	cmd.Flags().StringArrayVar(&statuses, "status", nil, "only this status or group (repeatable)")
	cmd.Flags().IntVar(&limit, "limit", 0, "at most this many tasks per status (default 1000)")
	_ = cmd.RegisterFlagCompletionFunc("status", completeStatuses)
	return cmd
}

// statusGroups are names --status accepts besides the statuses.
var statusGroups = map[string][]board.Status{
	"waiting": {board.StatusWaitingHuman, board.StatusWaitingAuth, board.StatusWaitingApproval, board.StatusWaitingReview},
	"person": {board.StatusTriage, board.StatusBlocked, board.StatusWaitingHuman, board.StatusWaitingAuth,
		board.StatusWaitingApproval, board.StatusWaitingReview, board.StatusAwaitingOperator},
	"active": {board.StatusTodo, board.StatusReady, board.StatusRunning},
}

func expandStatuses(in []string) []string {
	var out []string
	for _, s := range in {
		for _, part := range strings.Split(s, ",") {
			if group, ok := statusGroups[part]; ok {
				for _, st := range group {
					out = append(out, string(st))
				}
				continue
			}
			out = append(out, part)
		}
	}
	return out
}

func completeStatuses(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, st := range board.Statuses {
		out = append(out, string(st))
	}
	for name := range statusGroups {
		out = append(out, name)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func newTaskShowCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use: "show ID", Short: "Show one task", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			task, err := g.client().Task(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return g.printTask(task)
		},
	}
}

func newTaskRunsCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use: "runs ID", Short: "List a task's runs", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			runs, err := g.client().Runs(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return g.printRuns(runs)
		},
	}
}

func newTaskEventsCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use: "events ID", Short: "List a task's events", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			events, err := g.client().Events(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return g.printEvents(events)
		},
	}
}

func newTaskLinkCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use: "link PARENT CHILD", Short: "Make CHILD wait on PARENT", Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			task, err := g.client().Link(cmd.Context(), args[0], args[1])
			if err != nil {
				return err
			}
			return g.printTask(task)
		},
	}
}
