package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/gateway/client"
)

// globals are the flags every client command shares.
type globals struct {
	server string
	token  string
	board  string
	json   bool
	out    io.Writer
	errOut io.Writer
}

// client returns an API client for the global flags.
func (g *globals) client() *client.Client { return client.New(g.server, g.token, g.board) }

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	g := &globals{out: stdout, errOut: stderr}
	root := &cobra.Command{
		Use:           "switchboard",
		Short:         "A chat gateway for AI-agent work queues",
		Long:          "Switchboard keeps a Kanban board of agent tasks in Redis, dispatches workers,\nand lets people approve, answer and review from Discord, Telegram and Slack.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	pf := root.PersistentFlags()
	pf.StringVar(&g.server, "server", envOr("SWITCHBOARD_URL", "http://127.0.0.1:7070"), "gateway URL (env SWITCHBOARD_URL)")
	pf.StringVar(&g.token, "token", os.Getenv("SWITCHBOARD_TOKEN"), "admin or worker token (env SWITCHBOARD_TOKEN)")
	pf.StringVar(&g.board, "board", envOr("SWITCHBOARD_BOARD", "default"), "board name (env SWITCHBOARD_BOARD)")
	pf.BoolVar(&g.json, "json", false, "print JSON instead of tables")
	root.AddCommand(newServeCmd(g), newTaskCmd(g), newWorkerCmd(g), newHealthcheckCmd(g), newDoctorCmd(g))
	return root
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
