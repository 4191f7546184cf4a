package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/gateway/client"
)

func newWatchCmd(g *globals) *cobra.Command {
	var p client.WatchParams
	cmd := &cobra.Command{
		Use:   "watch [TASK_ID] [--subtree] [--json]",
		Short: "Print board events live, one per line, until interrupted",
		Long: "Print board events as they happen: the whole board, one task's, or with\n" +
			"--subtree a goal's whole subtree and its fan_in/triage notices. A lost\n" +
			"connection is re-opened by itself and resumes after the last event shown.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				p.TaskID = args[0]
			}
			if p.Subtree && p.TaskID == "" {
				return usageError{fmt.Errorf("--subtree needs a TASK_ID")}
			}
			p.OnReconnect = func(err error) { fmt.Fprintln(g.errOut, "watch: reconnecting:", err) }
			enc := json.NewEncoder(g.out)
			return g.client().Watch(cmd.Context(), p, func(e *board.Event) error {
				if g.json {
					return enc.Encode(e)
				}
				_, err := fmt.Fprintln(g.out, EventLine(e))
				return err
			})
		},
	}
	cmd.Flags().BoolVar(&p.Subtree, "subtree", false, "also every task TASK_ID waits on, and its notices")
	cmd.Flags().StringVar(&p.After, "after", "", "resume after this event id")
	return cmd
}
