package config

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// profileFields are the profile keys that environment variables may name
// for a profile the file does not define.
var profileFields = []string{"command", "timeout", "workdir"}

// profileEnvKey maps a SWITCHBOARD_PROFILES_* variable to its key:
// SWITCHBOARD_PROFILES_<NAME>_<FIELD> or SWITCHBOARD_PROFILES_<NAME>_ENV_<VAR>.
// A name is split at the first "_ENV_", so a profile name cannot hold it.
func profileEnvKey(env string) (key string, ok bool) {
	rest, ok := strings.CutPrefix(env, EnvName("profiles")+"_")
	if !ok {
		return "", false
	}
	if name, v, found := strings.Cut(rest, "_ENV_"); found && name != "" && v != "" {
		return "profiles." + strings.ToLower(name) + ".env." + strings.ToLower(v), true
	}
	for _, f := range profileFields {
		name, found := strings.CutSuffix(rest, "_"+strings.ToUpper(f))
		if found && name != "" {
			return "profiles." + strings.ToLower(name) + "." + f, true
		}
	}
	return "", false
}

// profileEnvKeys returns the profile keys named by the environment, keyed
// by their variable. viper only reads variables for keys it already knows,
// so these must be bound explicitly.
func profileEnvKeys() map[string]string {
	keys := map[string]string{}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if key, ok := profileEnvKey(name); ok {
			keys[name] = key
		}
	}
	return keys
}

// profileName returns the profile a "profiles.<name>..." key belongs to.
func profileName(key string) string {
	return strings.Split(key, ".")[1]
}

// envWarnings names the SWITCHBOARD_<SECTION>_* variables that match no
// key, such as a misspelt SWITCHBOARD_DISPATCHER_MAX_WOKERS: viper ignores
// them silently. Variables outside the config's sections (SWITCHBOARD_URL,
// SWITCHBOARD_TOKEN and the worker's) are not config keys and are skipped.
func envWarnings(known []string) []string {
	names := map[string]bool{}
	for _, k := range known {
		names[EnvName(k)] = true
	}
	var warnings []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		_, profileVar := profileEnvKey(name)
		if inSection(name) && !names[name] && !profileVar {
			warnings = append(warnings, fmt.Sprintf(
				"environment variable %s matches no config key; it is ignored", name))
		}
	}
	slices.Sort(warnings)
	return warnings
}

// inSection reports whether name starts with SWITCHBOARD_<SECTION>_ for a
// top-level section of the config.
func inSection(name string) bool {
	for section := range schema.fields {
		if strings.HasPrefix(name, EnvName(section)+"_") {
			return true
		}
	}
	return false
}
