// Package luaval reads Lua argument values for the Go modules: numbers,
// strings, lists and record tables, with errors that name the path of the
// offending value ("traits[2].kind: unknown kind ...") and the module's
// layer. Record tables are strict: an unknown key is an error naming it and
// the known ones, so a typo in an options table is caught, not ignored.
//
// A module keeps one Reader (its layer) and calls its methods.
package luaval

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Reader reads values for one module; Layer names it in errors.
type Reader struct{ Layer string }

// Bad returns an error about the value at path.
func (r Reader) Bad(path, format string, args ...any) *errs.Error {
	msg := fmt.Sprintf(format, args...)
	if path != "" {
		msg = path + ": " + msg
	}
	return &errs.Error{Kind: errs.Script, Layer: r.Layer, Msg: msg}
}

// TypeName names a Lua value's type for messages, with the value itself
// for numbers and short strings.
func TypeName(v lua.LValue) string {
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

// Join is the path of key inside path.
func Join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Item is the path of the i-th item (1-based) of the list at path.
func Item(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// Int reads a whole number.
func (r Reader) Int(path string, v lua.LValue) (int, error) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, r.Bad(path, "integer expected, got %s", TypeName(v))
	}
	f := float64(n)
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, r.Bad(path, "integer expected, got %s", TypeName(v))
	}
	return int(f), nil
}

// NonNeg reads a whole number 0 or more.
func (r Reader) NonNeg(path string, v lua.LValue) (int, error) {
	n, err := r.Int(path, v)
	if err == nil && n < 0 {
		err = r.Bad(path, "must not be negative, got %d", n)
	}
	return n, err
}

// Pos reads a whole number 1 or more.
func (r Reader) Pos(path string, v lua.LValue) (int, error) {
	n, err := r.Int(path, v)
	if err == nil && n < 1 {
		err = r.Bad(path, "must be 1 or more, got %d", n)
	}
	return n, err
}

// Str reads a string.
func (r Reader) Str(path string, v lua.LValue) (string, error) {
	s, ok := v.(lua.LString)
	if !ok {
		return "", r.Bad(path, "string expected, got %s", TypeName(v))
	}
	return string(s), nil
}

// Name reads a non-empty string.
func (r Reader) Name(path string, v lua.LValue) (string, error) {
	s, err := r.Str(path, v)
	if err == nil && s == "" {
		err = r.Bad(path, "must not be empty")
	}
	return s, err
}

// Bool reads a boolean.
func (r Reader) Bool(path string, v lua.LValue) (bool, error) {
	b, ok := v.(lua.LBool)
	if !ok {
		return false, r.Bad(path, "boolean expected, got %s", TypeName(v))
	}
	return bool(b), nil
}

// Table reads a table.
func (r Reader) Table(path string, v lua.LValue) (*lua.LTable, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, r.Bad(path, "table expected, got %s", TypeName(v))
	}
	return t, nil
}

// List returns the values of a sequence, refusing tables with other keys.
func (r Reader) List(path string, v lua.LValue) ([]lua.LValue, error) {
	t, err := r.Table(path, v)
	if err != nil {
		return nil, err
	}
	n := t.Len()
	count := 0
	t.ForEach(func(lua.LValue, lua.LValue) { count++ })
	if count != n {
		return nil, r.Bad(path, "list expected (a table with keys 1..n only)")
	}
	out := make([]lua.LValue, n)
	for i := range n {
		out[i] = t.RawGetInt(i + 1)
	}
	return out, nil
}

// StrList reads a list of non-empty strings.
func (r Reader) StrList(path string, v lua.LValue) ([]string, error) {
	vals, err := r.List(path, v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(vals))
	for i, e := range vals {
		if out[i], err = r.Name(Item(path, i+1), e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Keys returns the string keys of t, sorted, refusing other keys.
func (r Reader) Keys(path string, t *lua.LTable) ([]string, error) {
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
		return nil, r.Bad(path, "table keyed by name expected, found key %s", lua.LVAsString(other))
	}
	slices.Sort(keys)
	return keys, nil
}

// CheckKeys refuses keys of t outside allowed (typos in an options table
// or a nested record). It allocates only when it finds one.
func (r Reader) CheckKeys(path string, t *lua.LTable, allowed ...string) error {
	ok := true
	t.ForEach(func(k, _ lua.LValue) {
		if s, isStr := k.(lua.LString); !isStr || !slices.Contains(allowed, string(s)) {
			ok = false
		}
	})
	if ok {
		return nil
	}
	// Report with the keys sorted, so the message does not depend on
	// table order.
	keys, err := r.Keys(path, t)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			return r.Bad(path, "unknown key %q (known: %s)", k, strings.Join(allowed, ", "))
		}
	}
	return nil
}

// Field reads one field of a record table.
type Field struct {
	Key string
	Fn  func(path string, v lua.LValue) error
}

// Fields reads the fields of a record table: unknown keys are errors (the
// first in sorted order is named), and each present field calls its
// function with its path, in the order given.
func (r Reader) Fields(path string, t *lua.LTable, fs ...Field) error {
	known := true
	t.ForEach(func(k, _ lua.LValue) {
		s, isStr := k.(lua.LString)
		if !isStr {
			known = false
			return
		}
		for _, f := range fs {
			if f.Key == string(s) {
				return
			}
		}
		known = false
	})
	if !known {
		allowed := make([]string, len(fs))
		for i, f := range fs {
			allowed[i] = f.Key
		}
		if err := r.CheckKeys(path, t, allowed...); err != nil {
			return err
		}
	}
	for _, f := range fs {
		if v := t.RawGetString(f.Key); v != lua.LNil {
			if err := f.Fn(Join(path, f.Key), v); err != nil {
				return err
			}
		}
	}
	return nil
}

// IntField reads a whole number into dst.
func (r Reader) IntField(key string, dst *int) Field {
	return Field{key, func(p string, v lua.LValue) (err error) { *dst, err = r.Int(p, v); return }}
}

// NonNegField reads a whole number 0 or more into dst.
func (r Reader) NonNegField(key string, dst *int) Field {
	return Field{key, func(p string, v lua.LValue) (err error) { *dst, err = r.NonNeg(p, v); return }}
}

// StrField reads a string into dst.
func (r Reader) StrField(key string, dst *string) Field {
	return Field{key, func(p string, v lua.LValue) (err error) { *dst, err = r.Str(p, v); return }}
}

// NameField reads a non-empty string into dst.
func (r Reader) NameField(key string, dst *string) Field {
	return Field{key, func(p string, v lua.LValue) (err error) { *dst, err = r.Name(p, v); return }}
}

// BoolField reads a boolean into dst.
func (r Reader) BoolField(key string, dst *bool) Field {
	return Field{key, func(p string, v lua.LValue) (err error) { *dst, err = r.Bool(p, v); return }}
}

// StrListField reads a list of non-empty strings into dst.
func (r Reader) StrListField(key string, dst *[]string) Field {
	return Field{key, func(p string, v lua.LValue) (err error) { *dst, err = r.StrList(p, v); return }}
}

// StrTable returns a Lua list of the strings.
func StrTable(L *lua.LState, s []string) *lua.LTable {
	t := L.CreateTable(len(s), 0)
	for _, x := range s {
		t.Append(lua.LString(x))
	}
	return t
}

// Record reads the fields of a table leniently: absent fields take a
// default, a bad one records the first error (Err) and takes its default,
// so a caller reads every field and checks Err once. Where is the
// table's path for messages; a nil T reads as empty.
type Record struct {
	T     *lua.LTable
	Where string
	Layer string
	Err   error
}

// Fail records an error about the record, if none is recorded yet.
func (r *Record) Fail(format string, args ...any) {
	if r.Err == nil {
		r.Err = &errs.Error{Kind: errs.Script, Layer: r.Layer, Msg: r.Where + ": " + fmt.Sprintf(format, args...)}
	}
}

// Get returns the field key (LNil when absent or when T is nil).
func (r *Record) Get(key string) lua.LValue {
	if r.T == nil {
		return lua.LNil
	}
	return r.T.RawGetString(key)
}

// Sub returns the record of the table field key (empty when absent; an
// error when it is not a table).
func (r *Record) Sub(key string) *Record {
	sub := &Record{Where: r.Where + "." + key, Layer: r.Layer}
	switch v := r.Get(key).(type) {
	case *lua.LTable:
		sub.T = v
	case *lua.LNilType:
	default:
		r.Fail("%s must be a table, got %s", key, v.Type())
	}
	return sub
}

// MaxInt bounds the whole numbers a record's Int field takes: no game
// value is near it, and a larger one (1e300, the infinite 1/0) would wrap
// around when made an integer.
const MaxInt = 1_000_000_000

// Int reads a whole-number field from -MaxInt to MaxInt.
func (r *Record) Int(key string, def int) int { return r.IntIn(key, def, -MaxInt, MaxInt) }

// IntIn reads a whole-number field from lo to hi: a fraction, NaN, an
// infinity, a value out of range or of another type is an error naming
// the field and the range.
func (r *Record) IntIn(key string, def, lo, hi int) int {
	switch v := r.Get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LNumber:
		if f := float64(v); f == math.Trunc(f) && f >= float64(lo) && f <= float64(hi) {
			return int(f)
		}
		r.Fail("%s must be a whole number from %d to %d, got %s", key, lo, hi, lua.LVAsString(v))
		return def
	default:
		r.Fail("%s must be a number, got %s", key, TypeName(v))
		return def
	}
}

// NonNeg reads a whole-number field 0 or more.
func (r *Record) NonNeg(key string, def int) int {
	switch v := r.Get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LNumber:
		if f := float64(v); f == math.Trunc(f) && f >= 0 && f <= 1<<31 {
			return int(f)
		}
		r.Fail("%s must be a whole number, 0 or more, got %s", key, lua.LVAsString(v))
		return def
	default:
		r.Fail("%s must be a number, got %s", key, v.Type())
		return def
	}
}

// Str reads a string field.
func (r *Record) Str(key, def string) string {
	switch v := r.Get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LString:
		return string(v)
	default:
		r.Fail("%s must be a string, got %s", key, v.Type())
		return def
	}
}

// Bool reads a boolean field.
func (r *Record) Bool(key string, def bool) bool {
	switch v := r.Get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LBool:
		return bool(v)
	default:
		r.Fail("%s must be true or false, got %s", key, v.Type())
		return def
	}
}

// Strs reads a list-of-strings field.
func (r *Record) Strs(key string, def []string) []string {
	switch v := r.Get(key).(type) {
	case *lua.LNilType:
		return def
	case *lua.LTable:
		var out []string
		for i := 1; i <= v.Len(); i++ {
			s, ok := v.RawGetInt(i).(lua.LString)
			if !ok {
				r.Fail("%s[%d] must be a string", key, i)
				return def
			}
			out = append(out, string(s))
		}
		return out
	default:
		r.Fail("%s must be a list of strings, got %s", key, v.Type())
		return def
	}
}

// NameList reads a name or a list of names (a condition's, an event's):
// false when v is neither, or is empty, or has an empty name.
func NameList(v lua.LValue) ([]string, bool) {
	var names []string
	switch x := v.(type) {
	case lua.LString:
		names = []string{string(x)}
	case *lua.LTable:
		for i := 1; i <= x.Len(); i++ {
			s, ok := x.RawGetInt(i).(lua.LString)
			if !ok {
				return nil, false
			}
			names = append(names, string(s))
		}
	default:
		return nil, false
	}
	if len(names) == 0 || slices.Contains(names, "") {
		return nil, false
	}
	return names, true
}
