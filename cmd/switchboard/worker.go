package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/board"
	"github.com/switchboard/switchboard/board/rdb"
	"github.com/switchboard/switchboard/gateway"
	"github.com/switchboard/switchboard/gateway/client"
)

func newWorkerCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Report from inside a worker run (uses the environment the dispatcher sets)",
		Long: "Worker calls run inside a worker the dispatcher started: SWITCHBOARD_URL and the\n" +
			"run-scoped SWITCHBOARD_TOKEN come from its environment. Every run ends with exactly\n" +
			"one terminal call: complete, block, request-review or park.\n\n" +
			"While the gateway or its Redis is unreachable, calls are retried with backoff for\n" +
			"SWITCHBOARD_RETRY_FOR (default 2m). Exit 3 means the report was not recorded.",
	}
	cmd.AddCommand(newWorkerCompleteCmd(g), newWorkerBlockCmd(g), newWorkerReviewCmd(g),
		newWorkerParkCmd(g), newWorkerHeartbeatCmd(g), newWorkerCommentCmd(g))
	return cmd
}

// send checks that we are inside a run, then sends a worker call.
func (g *globals) send(cmd *cobra.Command, verb string, req gateway.WorkerRequest) error {
	if !rdb.IsWorkerToken(g.token) {
		return fmt.Errorf("not inside a worker run: SWITCHBOARD_TOKEN holds no run token; " +
			"worker commands run inside workers the dispatcher starts")
	}
	reply, err := g.client().Worker(cmd.Context(), verb, req, retryPolicy())
	if err != nil {
		if client.Retryable(err) {
			return fmt.Errorf("%w; the %s report was NOT recorded", err, verb)
		}
		if errors.Is(err, board.ErrStaleRun) {
			return fmt.Errorf("%w. This worker's run is over (it already reported, timed out or was "+
				"ended by the dispatcher): stop working and exit", err)
		}
		return err
	}
	if g.json {
		return g.printJSON(reply)
	}
	if reply.Task != nil {
		fmt.Fprintf(g.out, "%s is now %s\n", reply.Task.ID, reply.Task.Status)
	}
	return nil
}

func retryPolicy() client.RetryPolicy {
	rp := client.DefaultRetry
	if v := os.Getenv("SWITCHBOARD_RETRY_FOR"); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			rp.For = d
		}
	}
	return rp
}

func newWorkerCompleteCmd(g *globals) *cobra.Command {
	var summary, metadata string
	cmd := &cobra.Command{
		Use: "complete --summary S [--metadata JSON]", Short: "Finish the task: done", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			req := gateway.WorkerRequest{Summary: summary}
			if metadata != "" {
				if !json.Valid([]byte(metadata)) {
					return usageError{errorf("--metadata is not valid JSON: %s", metadata)}
				}
				req.Metadata = json.RawMessage(metadata)
			}
			return g.send(cmd, "complete", req)
		},
	}
	cmd.Flags().StringVar(&summary, "summary", "", "what was done")
	cmd.Flags().StringVar(&metadata, "metadata", "", "structured results, a JSON value")
	_ = cmd.MarkFlagRequired("summary")
	return cmd
}

func newWorkerBlockCmd(g *globals) *cobra.Command {
	var req gateway.WorkerRequest
	cmd := &cobra.Command{
		Use:   "block --kind K --reason R [--parent ID]...",
		Short: "Stop: dependency, needs_input, auth, approval, capability or transient",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return g.send(cmd, "block", req)
		},
	}
	cmd.Flags().StringVar(&req.Kind, "kind", "", "dependency | needs_input | auth | approval | capability | transient")
	cmd.Flags().StringVar(&req.Reason, "reason", "", "why; for needs_input, the question")
	cmd.Flags().StringArrayVar(&req.Parents, "parent", nil, "a task to wait on (dependency only; repeatable)")
	_ = cmd.MarkFlagRequired("kind")
	_ = cmd.MarkFlagRequired("reason")
	_ = cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(
		[]string{"dependency", "needs_input", "auth", "approval", "capability", "transient"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func newWorkerReviewCmd(g *globals) *cobra.Command {
	var summary string
	cmd := &cobra.Command{
		Use: "request-review --summary S", Short: "Finish and ask a person to review", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return g.send(cmd, "request-review", gateway.WorkerRequest{Summary: summary})
		},
	}
	cmd.Flags().StringVar(&summary, "summary", "", "what to review")
	_ = cmd.MarkFlagRequired("summary")
	return cmd
}

func newWorkerParkCmd(g *globals) *cobra.Command {
	var summary string
	acts := &actionList{}
	cmd := &cobra.Command{
		Use:   "park --summary S --action A [--check CMD] [--action A2 ...]",
		Short: "Finish automation; named operator actions are still owed",
		Long:  "Each --check belongs to the --action before it: a command whose exit 0 proves it was done.",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if len(acts.list) == 0 {
				return usageError{errorf("park needs at least one --action")}
			}
			return g.send(cmd, "park", gateway.WorkerRequest{Summary: summary, Actions: acts.list})
		},
	}
	cmd.Flags().StringVar(&summary, "summary", "", "what automation finished")
	cmd.Flags().Var((*actionFlag)(acts), "action", "an owed operator action (repeatable, in order)")
	cmd.Flags().Var((*checkFlag)(acts), "check", "a check command for the --action before it")
	_ = cmd.MarkFlagRequired("summary")
	return cmd
}

// actionList keeps --action and --check in command-line order.
type actionList struct {
	list []gateway.ActionRequest
}

type actionFlag actionList

func (f *actionFlag) String() string { return "" }
func (f *actionFlag) Type() string   { return "string" }
func (f *actionFlag) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errorf("--action needs text")
	}
	f.list = append(f.list, gateway.ActionRequest{Action: v})
	return nil
}

type checkFlag actionList

func (f *checkFlag) String() string { return "" }
func (f *checkFlag) Type() string   { return "string" }
func (f *checkFlag) Set(v string) error {
	if len(f.list) == 0 {
		return errorf("--check must follow the --action it belongs to")
	}
	if f.list[len(f.list)-1].Check != "" {
		return errorf("action %q already has a --check", f.list[len(f.list)-1].Action)
	}
	f.list[len(f.list)-1].Check = v
	return nil
}

func newWorkerHeartbeatCmd(g *globals) *cobra.Command {
	var note string
	cmd := &cobra.Command{
		Use: "heartbeat [--note N]", Short: "Extend the run's lease (not terminal)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return g.send(cmd, "heartbeat", gateway.WorkerRequest{Note: note})
		},
	}
	cmd.Flags().StringVar(&note, "note", "", "what the worker is doing")
	return cmd
}

func newWorkerCommentCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use: "comment TEXT", Short: "Add a comment to the task (not terminal)", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.send(cmd, "comment", gateway.WorkerRequest{Text: args[0]})
		},
	}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
