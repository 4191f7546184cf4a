package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// newHealthcheckCmd probes a gateway's /healthz (or /readyz): for container
// HEALTHCHECKs and scripts, with no curl needed.
func newHealthcheckCmd(g *globals) *cobra.Command {
	var ready bool
	cmd := &cobra.Command{
		Use:   "healthcheck [--ready]",
		Short: "Exit 0 when the gateway at --server is alive (or ready, with --ready)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			path := "/healthz"
			if ready {
				path = "/readyz"
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), 5*time.Second)
			defer cancel()
			return probe(ctx, strings.TrimRight(g.server, "/")+path)
		},
	}
	cmd.Flags().BoolVar(&ready, "ready", false, "check /readyz (Redis reachable, adapters connected)")
	return cmd
}

func probe(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %d", url, resp.StatusCode)
	}
	return nil
}
