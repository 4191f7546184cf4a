package config

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// UnknownKeyError reports a key in the config file that Switchboard does
// not know.
type UnknownKeyError struct {
	// Key is the full dotted path as written, such as
	// "dispatcher.max_wokers".
	Key string
}

// Error names the key.
func (e *UnknownKeyError) Error() string {
	return fmt.Sprintf("unknown config key %q", e.Key)
}

// keyNode is one level of the key tree derived from Config. A struct has
// fields; a map with user-chosen names (profiles, env) has elem; a leaf has
// neither.
type keyNode struct {
	fields map[string]*keyNode
	elem   *keyNode
}

// schema is the key tree of Config.
var schema = schemaOf(reflect.TypeFor[Config]())

func schemaOf(t reflect.Type) *keyNode {
	switch t.Kind() {
	case reflect.Struct:
		n := &keyNode{fields: map[string]*keyNode{}}
		for i := range t.NumField() {
			if name := keyName(t.Field(i)); name != "-" {
				n.fields[name] = schemaOf(t.Field(i).Type)
			}
		}
		return n
	case reflect.Map:
		return &keyNode{elem: schemaOf(t.Elem())}
	}
	return &keyNode{}
}

// keyName is a field's config key: its mapstructure tag.
func keyName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("mapstructure"), ",")
	return name
}

// checkKeys rejects every key of the file that Config lacks, naming each by
// its path, and user-chosen profile names that are not lower case (viper
// folds key case, so "Claude" would silently become "claude").
func checkKeys(raw map[string]any) error {
	var errs []error
	schema.check(raw, "", &errs)
	return errors.Join(errs...)
}

func (n *keyNode) check(m map[string]any, prefix string, errs *[]error) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		path := joinKey(prefix, k)
		child := n.child(k)
		switch {
		case child == nil:
			*errs = append(*errs, &UnknownKeyError{Key: path})
			continue
		case n.elem != nil && child.fields != nil && k != strings.ToLower(k):
			*errs = append(*errs, fmt.Errorf("config key %q: the name %q must be lower case", path, k))
		}
		if sub, ok := m[k].(map[string]any); ok && !child.leaf() {
			child.check(sub, path, errs)
		}
	}
}

// leaf reports whether n holds a value rather than keys. A mapping given
// for a leaf is left to the decoder, which reports the type mismatch.
func (n *keyNode) leaf() bool { return n.fields == nil && n.elem == nil }

// isLeaf reports whether the dotted key names a value, not a section.
func (n *keyNode) isLeaf(key string) bool {
	for part := range strings.SplitSeq(key, ".") {
		if n = n.child(part); n == nil {
			return false
		}
	}
	return n.leaf()
}

// child returns the node for key k, or nil when there is none.
func (n *keyNode) child(k string) *keyNode {
	if n.elem != nil {
		return n.elem
	}
	return n.fields[strings.ToLower(k)]
}

// leaves calls fn for every leaf value under v, keyed by its path. It
// descends into structs and maps of structs, and skips nil slices and every
// other map: a viper default on a whole map hides environment overrides of
// its entries.
func leaves(prefix string, v reflect.Value, fn func(key string, val any)) {
	switch {
	case v.Kind() == reflect.Struct:
		for i := range v.NumField() {
			if name := keyName(v.Type().Field(i)); name != "-" {
				leaves(joinKey(prefix, name), v.Field(i), fn)
			}
		}
	case v.Kind() == reflect.Map && v.Type().Elem().Kind() == reflect.Struct:
		for _, k := range v.MapKeys() {
			leaves(joinKey(prefix, k.String()), v.MapIndex(k), fn)
		}
	case v.Kind() == reflect.Map, v.Kind() == reflect.Slice && v.IsNil():
	default:
		fn(prefix, v.Interface())
	}
}

func joinKey(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// lookup returns the value at a dotted path in a raw YAML map, matching
// each key regardless of case as viper does.
func lookup(m map[string]any, path string) any {
	var cur any = m
	for part := range strings.SplitSeq(path, ".") {
		sub, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = nil
		for k, v := range sub {
			if strings.EqualFold(k, part) {
				cur = v
			}
		}
	}
	return cur
}
