package config

import (
	"reflect"
	"slices"
	"strings"

	"github.com/spf13/viper"
)

// newViper layers the file and the environment over the defaults.
func newViper(raw map[string]any) (*viper.Viper, error) {
	v := viper.New()
	if err := v.MergeConfigMap(withoutNulls(raw)); err != nil {
		return nil, err
	}
	envKeys := profileEnvKeys()
	keys := setDefaults(v, raw, envKeys)
	return v, bindEnv(v, envKeys, append(keys, v.AllKeys()...))
}

// setDefaults gives viper a default for every leaf key of Default(), so
// that the environment can override keys the file leaves out, and returns
// those keys. Every profile named by the file or the environment gets the
// profile defaults. The built-in default profile applies only when the file
// has no profiles.
func setDefaults(v *viper.Viper, raw map[string]any, envKeys map[string]string) []string {
	var keys []string
	set := func(key string, val any) {
		v.SetDefault(key, val)
		keys = append(keys, key)
	}
	d := Default()
	if _, ok := lookup(raw, "profiles").(map[string]any); ok {
		d.Profiles = nil
	}
	for _, name := range profileNames(raw, envKeys) {
		leaves("profiles."+name, reflect.ValueOf(profileTemplate()), set)
	}
	leaves("", reflect.ValueOf(d), set)
	return keys
}

// profileNames lists the profiles the file and the environment define.
func profileNames(raw map[string]any, envKeys map[string]string) []string {
	fileProfiles, _ := lookup(raw, "profiles").(map[string]any)
	names := make([]string, 0, len(fileProfiles)+len(envKeys))
	for name := range fileProfiles {
		names = append(names, strings.ToLower(name))
	}
	for _, key := range envKeys {
		names = append(names, profileName(key))
	}
	return slices.Compact(slices.Sorted(slices.Values(names)))
}

// bindEnv binds every leaf key to its SWITCHBOARD_ variable, and the
// discovered profile variables to their keys. viper's AutomaticEnv is not
// used: it lets a variable named like a section, such as the CLI's own
// SWITCHBOARD_BOARD, hide every key in that section.
func bindEnv(v *viper.Viper, envKeys map[string]string, keys []string) error {
	bound := map[string]bool{}
	for env, key := range envKeys {
		bound[key] = true
		if err := v.BindEnv(key, env); err != nil {
			return err
		}
	}
	for _, key := range keys {
		if !bound[key] && schema.isLeaf(key) {
			bound[key] = true
			if err := v.BindEnv(key, EnvName(key)); err != nil {
				return err
			}
		}
	}
	return nil
}

// withoutNulls returns a deep copy of m without its null values. A key
// left empty ("dispatcher:") means its default; given to viper as null, it
// would hide the environment for every key under it.
func withoutNulls(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		switch sub := v.(type) {
		case nil:
		case map[string]any:
			out[k] = withoutNulls(sub)
		default:
			out[k] = v
		}
	}
	return out
}
