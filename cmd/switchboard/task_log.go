package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

func newTaskLogCmd(g *globals) *cobra.Command {
	var runID string
	cmd := &cobra.Command{
		Use:   "log ID [--run RUN_ID]",
		Short: "Show the output a task's worker printed (the latest run by default)",
		Long: "Show the output the dispatcher captured from a task's run: the latest run, or\n" +
			"--run RUN_ID (see task runs). Output is bounded (dispatcher.log_max_bytes): a long\n" +
			"log keeps its beginning and its end.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := g.client().RunLog(cmd.Context(), args[0], runID)
			if err != nil {
				return err
			}
			if g.json {
				return g.printJSON(l)
			}
			state := string(l.Outcome)
			if state == "" {
				state = "running"
			}
			fmt.Fprintf(g.errOut, "# task %s, run %s (%s)\n", l.TaskID, l.RunID, state)
			if l.Log == "" {
				fmt.Fprintln(g.errOut, "# no output captured")
				return nil
			}
			fmt.Fprint(g.out, l.Log)
			if !strings.HasSuffix(l.Log, "\n") {
				fmt.Fprintln(g.out)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&runID, "run", "", "the run to show (default: the latest)")
	return cmd
}
