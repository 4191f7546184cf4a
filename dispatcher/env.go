package dispatcher

import (
	"maps"
	"slices"
	"strings"
)

// workerEnv builds a worker's environment: serve's own without any
// SWITCHBOARD_* variable (those hold serve's config and secrets, such as
// the admin token), then the profile's variables, then the contract's,
// which nothing can override.
func workerEnv(base []string, profile, contract map[string]string) []string {
	out := make([]string, 0, len(base)+len(profile)+len(contract))
	for _, kv := range base {
		if !strings.HasPrefix(kv, "SWITCHBOARD_") {
			out = append(out, kv)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(profile)) {
		if _, reserved := contract[k]; !reserved {
			out = append(out, k+"="+profile[k])
		}
	}
	for _, k := range slices.Sorted(maps.Keys(contract)) {
		out = append(out, k+"="+contract[k])
	}
	return out
}
