package creaturemod

import (
	"fmt"
	"math"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/errs"
)

// bad returns an error about the value at path (a key such as "hp" or
// "traits[2].kind").
func bad(path, format string, args ...any) *errs.Error {
	return &errs.Error{Kind: errs.Script, Layer: "creature", Msg: path + ": " + fmt.Sprintf(format, args...)}
}

// prefixed returns err with its message prefixed by path, keeping its
// kind and hint.
func prefixed(path string, err error) error {
	if err == nil {
		return nil
	}
	if e, ok := err.(*errs.Error); ok {
		c := *e
		c.Msg = path + ": " + e.Msg
		c.During = ""
		return &c
	}
	return bad(path, "%v", err)
}

// typeName names a Lua value's type for messages, with the offending
// number when a whole number was expected.
func typeName(v lua.LValue) string {
	if n, ok := v.(lua.LNumber); ok {
		return "number " + lua.LVAsString(n)
	}
	return v.Type().String()
}

func intOf(path string, v lua.LValue) (int, error) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, bad(path, "integer expected, got %s", typeName(v))
	}
	f := float64(n)
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, bad(path, "integer expected, got %s", typeName(v))
	}
	return int(f), nil
}

func nonNegOf(path string, v lua.LValue) (int, error) {
	n, err := intOf(path, v)
	if err == nil && n < 0 {
		err = bad(path, "must not be negative, got %d", n)
	}
	return n, err
}

func strOf(path string, v lua.LValue) (string, error) {
	s, ok := v.(lua.LString)
	if !ok {
		return "", bad(path, "string expected, got %s", typeName(v))
	}
	return string(s), nil
}

func nameOf(path string, v lua.LValue) (string, error) {
	s, err := strOf(path, v)
	if err == nil && s == "" {
		err = bad(path, "must not be empty")
	}
	return s, err
}

func boolOf(path string, v lua.LValue) (bool, error) {
	b, ok := v.(lua.LBool)
	if !ok {
		return false, bad(path, "boolean expected, got %s", typeName(v))
	}
	return bool(b), nil
}

func tableOf(path string, v lua.LValue) (*lua.LTable, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, bad(path, "table expected, got %s", typeName(v))
	}
	return t, nil
}

// listOf returns the values of a sequence, refusing tables with other keys.
func listOf(path string, v lua.LValue) ([]lua.LValue, error) {
	t, err := tableOf(path, v)
	if err != nil {
		return nil, err
	}
	n := t.Len()
	count := 0
	t.ForEach(func(lua.LValue, lua.LValue) { count++ })
	if count != n {
		return nil, bad(path, "list expected (a table with keys 1..n only)")
	}
	out := make([]lua.LValue, n)
	for i := range n {
		out[i] = t.RawGetInt(i + 1)
	}
	return out, nil
}

func strListOf(path string, v lua.LValue) ([]string, error) {
	vals, err := listOf(path, v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(vals))
	for i, e := range vals {
		if out[i], err = nameOf(fmt.Sprintf("%s[%d]", path, i+1), e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// mapKeys returns the string keys of t, sorted, refusing other keys.
func mapKeys(path string, t *lua.LTable) ([]string, error) {
	var other lua.LValue
	t.ForEach(func(k, _ lua.LValue) {
		if _, ok := k.(lua.LString); !ok && other == nil {
			other = k
		}
	})
	if other != nil {
		return nil, bad(path, "table keyed by name expected, found key %s", lua.LVAsString(other))
	}
	keys := make([]string, 0, 8)
	t.ForEach(func(k, _ lua.LValue) { keys = append(keys, string(k.(lua.LString))) })
	slices.Sort(keys)
	return keys, nil
}

// checkKeys refuses keys of t outside allowed (typos in an options table
// or a nested record).
func checkKeys(path string, t *lua.LTable, allowed ...string) error {
	ok := true
	t.ForEach(func(k, _ lua.LValue) {
		if s, isStr := k.(lua.LString); !isStr || !slices.Contains(allowed, string(s)) {
			ok = false
		}
	})
	if ok {
		return nil
	}
	// Something is wrong: report it with the keys sorted, so the message
	// does not depend on table order.
	keys, err := mapKeys(path, t)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			return bad(path, "unknown key %q (known: %s)", k, strings.Join(allowed, ", "))
		}
	}
	return nil
}

// fields reads the fields of a record table: each present field calls
// its function with its path, in the order given.
type fieldFn struct {
	key string
	fn  func(path string, v lua.LValue) error
}

func readFields(path string, t *lua.LTable, fs ...fieldFn) error {
	known := true
	t.ForEach(func(k, _ lua.LValue) {
		s, isStr := k.(lua.LString)
		if !isStr {
			known = false
			return
		}
		for _, f := range fs {
			if f.key == string(s) {
				return
			}
		}
		known = false
	})
	if !known {
		allowed := make([]string, len(fs))
		for i, f := range fs {
			allowed[i] = f.key
		}
		if err := checkKeys(path, t, allowed...); err != nil {
			return err
		}
	}
	for _, f := range fs {
		if v := t.RawGetString(f.key); v != lua.LNil {
			if err := f.fn(join(path, f.key), v); err != nil {
				return err
			}
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func intField(key string, dst *int) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = intOf(p, v); return }}
}

func nonNegField(key string, dst *int) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = nonNegOf(p, v); return }}
}

func strField(key string, dst *string) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = strOf(p, v); return }}
}

func boolField(key string, dst *bool) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = boolOf(p, v); return }}
}

func strListField(key string, dst *[]string) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = strListOf(p, v); return }}
}

// strList converts a Go list to a Lua sequence.
func strList(L *lua.LState, s []string) *lua.LTable {
	t := L.CreateTable(len(s), 0)
	for _, e := range s {
		t.Append(lua.LString(e))
	}
	return t
}
