package config

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// examplePath is the example at the repository root, which documents every
// key with its default.
const examplePath = "../config.example.yaml"

func TestExampleLoadsToDefaults(t *testing.T) {
	t.Parallel()
	cfg, err := Load(examplePath)
	require.NoError(t, err)
	require.Equal(t, Default(), cfg, "config.example.yaml must show the defaults")
}

func TestExampleListsEveryKey(t *testing.T) {
	t.Parallel()
	raw, err := readFile(examplePath)
	require.NoError(t, err)
	var missing []string
	for _, key := range schemaKeys(schema, "") {
		if lookup(raw, key) == nil {
			missing = append(missing, key)
		}
	}
	require.Empty(t, missing, "config.example.yaml must list every key")
}

// schemaKeys lists the paths of every leaf and user-named map in n, using
// the profile name "default" for profiles.
func schemaKeys(n *keyNode, prefix string) []string {
	switch {
	case n.leaf(), n.elem != nil && n.elem.leaf():
		return []string{prefix}
	case n.elem != nil:
		return schemaKeys(n.elem, prefix+"."+DefaultProfileName)
	}
	var keys []string
	for _, name := range slices.Sorted(maps.Keys(n.fields)) {
		keys = append(keys, schemaKeys(n.fields[name], joinKey(prefix, name))...)
	}
	return keys
}

func TestSchemaKeysCoverConfig(t *testing.T) {
	t.Parallel()
	keys := schemaKeys(schema, "")
	require.Contains(t, keys, "dispatcher.spawn_budget.per")
	require.Contains(t, keys, "profiles.default.env")
	require.Contains(t, keys, "platforms.slack.approvers.groups")
	require.NotContains(t, keys, "warnings")
}
