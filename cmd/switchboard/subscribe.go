package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway"
)

// newSubscribeCmds returns subscribe, subscriptions and unsubscribe.
func newSubscribeCmds(g *globals) []*cobra.Command {
	return []*cobra.Command{newSubscribeCmd(g), newSubscriptionsCmd(g), newUnsubscribeCmd(g)}
}

func newSubscribeCmd(g *globals) *cobra.Command {
	var req gateway.SubscribeRequest
	var subtree bool
	var events string
	cmd := &cobra.Command{
		Use:   "subscribe TASK_ID --to TARGET [--subtree] [--events K1,K2]",
		Short: "Deliver a task's events (or its whole subtree's) to a target",
		Long: "Subscribe a target to a task's events from now on (no replay). Targets:\n" +
			"  discord:CHANNEL_ID  telegram:CHAT_ID[/THREAD_ID]  slack:CHANNEL_ID[/THREAD_TS]\n" +
			"  webhook:URL         orchestrator:TASK_ID\n" +
			"--subtree also covers every task the task waits on, linked now or later, and\n" +
			"adds the fan_in and triage notices.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			kinds, err := board.ParseEventKinds(events)
			if err != nil {
				return usageError{err}
			}
			req.TaskID, req.Scope = args[0], string(board.ScopeTask)
			if subtree {
				req.Scope = string(board.ScopeSubtree)
			}
			for _, k := range kinds {
				req.Events = append(req.Events, string(k))
			}
			sub, err := g.client().Subscribe(cmd.Context(), req)
			if err != nil {
				return err
			}
			return g.printSubscription(sub)
		},
	}
	cmd.Flags().StringVar(&req.Target, "to", "", "where to deliver, e.g. discord:123 or webhook:https://host/path")
	cmd.Flags().BoolVar(&subtree, "subtree", false, "cover every task this one waits on, and get fan_in/triage notices")
	cmd.Flags().StringVar(&events, "events", "", "only these event kinds, comma separated (default: all)")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}

func newSubscriptionsCmd(g *globals) *cobra.Command {
	var task string
	cmd := &cobra.Command{
		Use:   "subscriptions [--task ID]",
		Short: "List subscriptions, with their delivery status",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			subs, err := g.client().Subscriptions(cmd.Context(), task)
			if err != nil {
				return err
			}
			return g.printSubscriptions(subs)
		},
	}
	cmd.Flags().StringVar(&task, "task", "", "only the subscriptions on this task")
	return cmd
}

func newUnsubscribeCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "unsubscribe SUB_ID",
		Short: "Remove a subscription and its undelivered events",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sub, err := g.client().Unsubscribe(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if g.json {
				return g.printJSON(sub)
			}
			fmt.Fprintf(g.out, "removed %s (%s on %s)\n", sub.ID, sub.Target, sub.TaskID)
			return nil
		},
	}
}

func (g *globals) printSubscription(s *board.Subscription) error {
	if g.json {
		return g.printJSON(s)
	}
	return g.printSubscriptions([]*board.Subscription{s})
}

// printSubscriptions prints a table; a failing subscription shows its
// attempts and last error.
func (g *globals) printSubscriptions(subs []*board.Subscription) error {
	if g.json {
		return g.printJSON(nonNil(subs))
	}
	if len(subs) == 0 {
		fmt.Fprintln(g.out, "no subscriptions")
		return nil
	}
	w := tabwriter.NewWriter(g.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tTASK\tSCOPE\tTARGET\tEVENTS\tSTATUS\tPENDING")
	for _, s := range subs {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%d\n", s.ID, s.TaskID, s.Scope, clip(s.Target, 50),
			eventsCell(s.Events), subStatus(s), s.Pending)
	}
	return w.Flush()
}

func eventsCell(ks []board.EventKind) string {
	if len(ks) == 0 {
		return "all"
	}
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = string(k)
	}
	return strings.Join(names, ",")
}

func subStatus(s *board.Subscription) string {
	out := s.Status
	if s.Attempts > 0 {
		out += fmt.Sprintf(" (%d failed: %s)", s.Attempts, clip(s.LastError, 60))
	}
	if s.Dropped > 0 {
		out += fmt.Sprintf(" [%d dropped]", s.Dropped)
	}
	return out
}
