package main

import (
	"context"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/config"
)

func newServeCmd(g *globals) *cobra.Command {
	var path string
	cmd := &cobra.Command{
		Use:   "serve [--config FILE]",
		Short: "Run the gateway: the board API, the dispatcher and the chat adapters",
		Long: "Run the gateway. Without a config file every key has its default and can be set\n" +
			"from the environment (SWITCHBOARD_REDIS_URL, ...). With redis.url: embedded (the\n" +
			"default) the board lives in memory and is lost at exit.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := config.Load(path)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			a, err := startApp(ctx, cfg, g.errOut)
			if err != nil {
				return err
			}
			<-ctx.Done()
			a.log.Info("shutting down", "grace", cfg.Shutdown.Grace)
			shutCtx, cancel := context.WithTimeout(context.Background(), cfg.Shutdown.Grace+10e9)
			defer cancel()
			a.Stop(shutCtx)
			return nil
		},
	}
	cmd.Flags().StringVar(&path, "config", "", "YAML config file (default: none, defaults plus environment)")
	return cmd
}
