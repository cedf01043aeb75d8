package combatmod

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/errs"
)

// layer is the errs layer of this module's argument errors.
const layer = "combat"

// bad returns an error about the value at path (a key such as "slots.action"
// or "[2].side").
func bad(path, format string, args ...any) *errs.Error {
	msg := fmt.Sprintf(format, args...)
	if path != "" {
		msg = path + ": " + msg
	}
	return &errs.Error{Kind: errs.Script, Layer: layer, Msg: msg}
}

// argError raises err as a bad-argument error of argument n, so that the
// message carries the script's file and line.
func argError(L *lua.LState, n int, err error) {
	if e, ok := err.(*errs.Error); ok {
		L.ArgError(n, e.Msg)
	}
	L.ArgError(n, err.Error())
}

// raise raises a kernel error, if any.
func raise(L *lua.LState, err error) {
	if err != nil {
		luart.Raise(L, err)
	}
}

// typeName names a Lua value's type for messages, with the value itself
// for numbers and short strings.
func typeName(v lua.LValue) string {
	switch x := v.(type) {
	case lua.LNumber:
		return "number " + lua.LVAsString(x)
	case lua.LString:
		if len(x) > 40 {
			return "string " + strconv.Quote(string(x[:37])+"...")
		}
		return "string " + strconv.Quote(string(x))
	}
	return v.Type().String()
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func item(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

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

func posOf(path string, v lua.LValue) (int, error) {
	n, err := intOf(path, v)
	if err == nil && n < 1 {
		err = bad(path, "must be 1 or more, got %d", n)
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
		if out[i], err = nameOf(item(path, i+1), e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// mapKeys returns the string keys of t, sorted, refusing other keys.
func mapKeys(path string, t *lua.LTable) ([]string, error) {
	var keys []string
	var other lua.LValue
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			keys = append(keys, string(s))
		} else if other == nil {
			other = k
		}
	})
	if other != nil {
		return nil, bad(path, "table keyed by name expected, found key %s", lua.LVAsString(other))
	}
	slices.Sort(keys)
	return keys, nil
}

// fieldFn reads one field of a record table.
type fieldFn struct {
	key string
	fn  func(path string, v lua.LValue) error
}

// readFields reads the fields of a record table: unknown keys are errors
// (the first in sorted order is named), and each present field calls its
// function with its path, in the order given.
func readFields(path string, t *lua.LTable, fs ...fieldFn) error {
	keys, err := mapKeys(path, t)
	if err != nil {
		return err
	}
	allowed := make([]string, len(fs))
	for i, f := range fs {
		allowed[i] = f.key
	}
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			return bad(path, "unknown key %q (known: %s)", k, strings.Join(allowed, ", "))
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

func intField(key string, dst *int) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = intOf(p, v); return }}
}

func nonNegField(key string, dst *int) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = nonNegOf(p, v); return }}
}

func strField(key string, dst *string) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = strOf(p, v); return }}
}

func nameField(key string, dst *string) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = nameOf(p, v); return }}
}

func boolField(key string, dst *bool) fieldFn {
	return fieldFn{key, func(p string, v lua.LValue) (err error) { *dst, err = boolOf(p, v); return }}
}

// flagged is f that also records that its field was present.
func flagged(f fieldFn, has *bool) fieldFn {
	return fieldFn{f.key, func(p string, v lua.LValue) error { *has = true; return f.fn(p, v) }}
}

// countOf reads a slot count: a whole number 0 or more, or "unlimited"
// (math.huge also reads as unlimited).
func countOf(path string, v lua.LValue) (int, error) {
	switch x := v.(type) {
	case lua.LString:
		if x == "unlimited" {
			return combat.Unlimited, nil
		}
	case lua.LNumber:
		if x == huge || math.IsInf(float64(x), 1) {
			return combat.Unlimited, nil
		}
		return nonNegOf(path, v)
	}
	return 0, bad(path, "count (integer 0 or more, or \"unlimited\") expected, got %s", typeName(v))
}

// huge is the sandbox's math.huge (gopher-lua's is the largest float).
const huge = lua.LNumber(math.MaxFloat64)

// countValue is a slot count as Lua sees it: unlimited is math.huge.
func countValue(n int) lua.LValue {
	if n == combat.Unlimited {
		return huge
	}
	return luart.Int(n)
}

// unitOf reads a time unit name, singular or plural.
func unitOf(path string, v lua.LValue) (combat.Unit, error) {
	s, err := strOf(path, v)
	if err != nil {
		return 0, err
	}
	u, err := combat.ParseUnit(s)
	if err != nil {
		return 0, bad(path, "unknown time unit %q (segment, round, turn, second, minute, hour, day)", s)
	}
	return u, nil
}

// diceText writes a die as "1d20".
func diceText(d combat.Dice) string {
	n := d.Count
	if n <= 0 {
		n = 1
	}
	return strconv.Itoa(n) + "d" + strconv.Itoa(d.Sides)
}

// snake turns a kernel name ("turn start") into a Lua one ("turn_start").
func snake(s string) lua.LString { return lua.LString(strings.ReplaceAll(s, " ", "_")) }

// strList converts a Go list to a Lua sequence.
func strList(L *lua.LState, s []string) *lua.LTable {
	t := L.CreateTable(len(s), 0)
	for _, e := range s {
		t.Append(lua.LString(e))
	}
	return t
}
