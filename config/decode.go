package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
)

var durationType = reflect.TypeFor[time.Duration]()

// decodeHook converts the raw values of the file and the environment into
// Config's field types.
func decodeHook() mapstructure.DecodeHookFunc {
	return mapstructure.ComposeDecodeHookFunc(durationHook, listHook, boolStringHook, wholeNumberHook)
}

// durationHook parses "10s", "5m" or "1h". It refuses a bare number, which
// would otherwise mean nanoseconds.
func durationHook(from, to reflect.Type, data any) (any, error) {
	if to != durationType || from == durationType {
		return data, nil
	}
	if s, ok := data.(string); ok {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil {
			return nil, fmt.Errorf("%q is not a duration; write a number with a unit, such as 10s, 5m or 1h", s)
		}
		return d, nil
	}
	return nil, fmt.Errorf("%v has no unit; write a duration such as 10s, 5m or 1h", data)
}

// listHook turns a string into a list of strings: a JSON array when it
// starts with "[", otherwise comma-separated items with spaces trimmed.
// Lists come as strings from the environment.
func listHook(from, to reflect.Type, data any) (any, error) {
	if from.Kind() != reflect.String || to.Kind() != reflect.Slice {
		return data, nil
	}
	s := strings.TrimSpace(data.(string))
	if strings.HasPrefix(s, "[") {
		var list []string
		if err := json.Unmarshal([]byte(s), &list); err != nil {
			return nil, fmt.Errorf("%q is not a JSON array of strings", s)
		}
		return list, nil
	}
	list := []string{}
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			list = append(list, item)
		}
	}
	return list, nil
}

// boolStringHook keeps "true" a "true" where a string is wanted, as in a
// profile's env; weak decoding would turn it into "1".
func boolStringHook(from, to reflect.Type, data any) (any, error) {
	if from.Kind() == reflect.Bool && to.Kind() == reflect.String {
		return strconv.FormatBool(data.(bool)), nil
	}
	return data, nil
}

// wholeNumberHook refuses a fraction where a count is wanted; weak
// decoding would truncate 4.5 to 4.
func wholeNumberHook(from, to reflect.Type, data any) (any, error) {
	if from.Kind() != reflect.Float64 || to.Kind() < reflect.Int || to.Kind() > reflect.Uint64 {
		return data, nil
	}
	if f := data.(float64); f != math.Trunc(f) {
		return nil, fmt.Errorf("%v is not a whole number", f)
	}
	return data, nil
}

// keyErrors rewrites the decoder's errors so that each names its key, as
// `config key "dispatcher.lease": ...`. Other errors pass unchanged.
func keyErrors(err error) error {
	var out []error
	collectKeyErrors(err, &out)
	if len(out) == 0 {
		return err
	}
	return errors.Join(out...)
}

func collectKeyErrors(err error, out *[]error) {
	switch e := err.(type) {
	case *mapstructure.DecodeError:
		*out = append(*out, fmt.Errorf("config key %q: %w", decodedKey(e.Name()), e.Unwrap()))
	case interface{ Unwrap() []error }:
		for _, inner := range e.Unwrap() {
			collectKeyErrors(inner, out)
		}
	case interface{ Unwrap() error }:
		collectKeyErrors(e.Unwrap(), out)
	}
}

// decodedKey turns the decoder's "profiles[default].timeout" into the
// config's "profiles.default.timeout".
func decodedKey(name string) string {
	return strings.NewReplacer("[", ".", "]", "").Replace(name)
}
