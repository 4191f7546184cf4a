package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/switchboard/switchboard/config"
)

// finding is one line of the doctor's report.
type finding struct {
	level  level
	check  string
	detail string
	fix    string
}

type level int

const (
	levelOK level = iota
	levelWarn
	levelFail
)

func (l level) String() string {
	return [...]string{"ok  ", "warn", "FAIL"}[l]
}

func newDoctorCmd(g *globals) *cobra.Command {
	var path string
	var noStart bool
	cmd := &cobra.Command{
		Use:   "doctor [--config FILE]",
		Short: "Check the config, Redis, the platforms and every worker profile; say what to fix",
		Long: "doctor loads the config as serve would, connects to Redis and reads its version\n" +
			"and eviction policy, checks each enabled platform's settings, and finds and starts\n" +
			"each profile's command (killing it at once; --no-start only looks it up).\n" +
			"It exits 1 when something must be fixed.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := context.WithTimeout(cmd.Context(), 30*time.Second)
			defer cancel()
			findings := diagnose(ctx, path, !noStart)
			if report(g.out, findings) {
				return fmt.Errorf("doctor found problems; see the FAIL lines above")
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&path, "config", "", "YAML config file (default: none, defaults plus environment)")
	cmd.Flags().BoolVar(&noStart, "no-start", false, "look worker commands up without starting them")
	return cmd
}

// diagnose runs every check. A config that does not load stops the rest.
func diagnose(ctx context.Context, path string, start bool) []finding {
	cfg, err := config.Load(path)
	if err != nil {
		return []finding{{levelFail, "config", err.Error(), "fix the keys named above (see config.example.yaml)"}}
	}
	out := []finding{{levelOK, "config", describeConfig(path), ""}}
	for _, w := range cfg.Warnings {
		out = append(out, finding{levelWarn, "config", w, ""})
	}
	out = append(out, checkRedis(ctx, cfg)...)
	out = append(out, checkPlatforms(cfg)...)
	return append(out, checkProfiles(ctx, cfg, start)...)
}

func describeConfig(path string) string {
	if path == "" {
		return "no file: defaults plus SWITCHBOARD_* environment; valid"
	}
	return path + " loads and is valid"
}

// report prints the findings and says whether any failed.
func report(w io.Writer, fs []finding) bool {
	failed := slices.ContainsFunc(fs, func(f finding) bool { return f.level == levelFail })
	for _, f := range fs {
		fmt.Fprintf(w, "%s  %-18s %s\n", f.level, f.check, f.detail)
		if f.fix != "" {
			fmt.Fprintf(w, "      %-18s fix: %s\n", "", f.fix)
		}
	}
	return failed
}
