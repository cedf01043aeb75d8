package luart

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Repr renders a Lua value deterministically: tables show their array part
// in order, then their other keys sorted, nested tables indented when
// pretty. Cycles print as <cycle>. The REPL prints values with it.
func Repr(v lua.LValue, pretty bool) string {
	var b strings.Builder
	repr(&b, v, pretty, 0, map[*lua.LTable]bool{})
	return b.String()
}

func repr(b *strings.Builder, v lua.LValue, pretty bool, depth int, seen map[*lua.LTable]bool) {
	switch x := v.(type) {
	case lua.LString:
		if depth == 0 {
			b.WriteString(string(x))
		} else {
			b.WriteString(strconv.Quote(string(x)))
		}
	case lua.LNumber:
		b.WriteString(numText(float64(x)))
	case *lua.LTable:
		if seen[x] {
			b.WriteString("<cycle>")
			return
		}
		if depth > 8 {
			b.WriteString("{…}")
			return
		}
		seen[x] = true
		defer delete(seen, x)
		n := x.Len()
		keys := otherKeys(x, n)
		if n == 0 && len(keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		sep := func(first bool) {
			if !first {
				b.WriteByte(',')
			}
			if pretty {
				b.WriteString("\n" + strings.Repeat("  ", depth+1))
			} else if !first {
				b.WriteByte(' ')
			}
		}
		first := true
		for i := 1; i <= n; i++ {
			sep(first)
			first = false
			repr(b, x.RawGetInt(i), pretty, depth+1, seen)
		}
		for _, k := range keys {
			sep(first)
			first = false
			if s, ok := k.(lua.LString); ok && isIdent(string(s)) {
				b.WriteString(string(s))
			} else {
				b.WriteByte('[')
				repr(b, k, false, depth+1, seen)
				b.WriteByte(']')
			}
			b.WriteString(" = ")
			repr(b, x.RawGet(k), pretty, depth+1, seen)
		}
		if pretty {
			b.WriteString("\n" + strings.Repeat("  ", depth))
		}
		b.WriteByte('}')
	case *lua.LFunction:
		if x.Proto != nil {
			fmt.Fprintf(b, "<function %s:%d>", x.Proto.SourceName, x.Proto.LineDefined)
		} else {
			b.WriteString("<builtin function>")
		}
	case *lua.LUserData:
		if s, ok := x.Value.(fmt.Stringer); ok {
			b.WriteString(s.String())
		} else {
			fmt.Fprintf(b, "<%T>", x.Value)
		}
	default:
		b.WriteString(v.String())
	}
}

// otherKeys returns the keys of t outside its array part 1..n, strings
// sorted first, then numbers, then booleans.
func otherKeys(t *lua.LTable, n int) []lua.LValue {
	var keys []lua.LValue
	t.ForEach(func(k, _ lua.LValue) {
		if num, ok := k.(lua.LNumber); ok {
			f := float64(num)
			if f == math.Trunc(f) && f >= 1 && f <= float64(n) {
				return
			}
		}
		keys = append(keys, k)
	})
	rank := func(v lua.LValue) int {
		switch v.(type) {
		case lua.LString:
			return 0
		case lua.LNumber:
			return 1
		}
		return 2
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := rank(keys[i]), rank(keys[j])
		if ri != rj {
			return ri < rj
		}
		switch a := keys[i].(type) {
		case lua.LString:
			return a < keys[j].(lua.LString)
		case lua.LNumber:
			return a < keys[j].(lua.LNumber)
		}
		return keys[i].String() < keys[j].String()
	})
	return keys
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

func numText(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', 14, 64)
}

// ToGo converts a Lua value to plain Go: nil, bool, float64 or int64 (whole
// numbers), string, []any (sequences) or map[string]any (other tables, with
// non-string keys written as text). Functions and userdata stay as they are.
func ToGo(v lua.LValue) any {
	return toGo(v, 0)
}

func toGo(v lua.LValue, depth int) any {
	switch x := v.(type) {
	case lua.LBool:
		return bool(x)
	case lua.LNumber:
		f := float64(x)
		if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int64(f)
		}
		return f
	case lua.LString:
		return string(x)
	case *lua.LTable:
		if depth > 32 {
			return nil
		}
		n := x.Len()
		keys := otherKeys(x, n)
		if len(keys) == 0 {
			out := make([]any, n)
			for i := 1; i <= n; i++ {
				out[i-1] = toGo(x.RawGetInt(i), depth+1)
			}
			return out
		}
		out := make(map[string]any, n+len(keys))
		for i := 1; i <= n; i++ {
			out[strconv.Itoa(i)] = toGo(x.RawGetInt(i), depth+1)
		}
		for _, k := range keys {
			out[lua.LVAsString(k)] = toGo(x.RawGet(k), depth+1)
		}
		return out
	case *lua.LNilType:
		return nil
	}
	return v
}

// FromGo converts plain Go values to Lua: maps become tables, slices
// sequences, numbers numbers; an lua.LValue passes through.
func FromGo(L *lua.LState, v any) lua.LValue {
	switch x := v.(type) {
	case nil:
		return lua.LNil
	case lua.LValue:
		return x
	case bool:
		return lua.LBool(x)
	case int:
		return lua.LNumber(x)
	case int64:
		return lua.LNumber(x)
	case float64:
		return lua.LNumber(x)
	case string:
		return lua.LString(x)
	case []string:
		t := L.CreateTable(len(x), 0)
		for _, s := range x {
			t.Append(lua.LString(s))
		}
		return t
	case []int64:
		t := L.CreateTable(len(x), 0)
		for _, s := range x {
			t.Append(lua.LNumber(s))
		}
		return t
	case []any:
		t := L.CreateTable(len(x), 0)
		for _, e := range x {
			t.Append(FromGo(L, e))
		}
		return t
	case map[string]any:
		t := L.CreateTable(0, len(x))
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.RawSetString(k, FromGo(L, x[k]))
		}
		return t
	case map[string]int64:
		t := L.CreateTable(0, len(x))
		for k, n := range x {
			t.RawSetString(k, lua.LNumber(n))
		}
		return t
	}
	return lua.LString(fmt.Sprint(v))
}

// smallInts holds the Lua values of small whole numbers, boxed once at
// package initialisation and only read afterwards: tables that store them
// (event views, check results) do so without allocating.
var smallInts = func() (t [intHi - intLo + 1]lua.LValue) {
	for i := range t {
		t[i] = lua.LNumber(i + intLo)
	}
	return t
}()

// The range of smallInts.
const (
	intLo = -128
	intHi = 1023
)

// Int returns n as a Lua number, without allocating for small n.
func Int(n int) lua.LValue {
	if n >= intLo && n <= intHi {
		return smallInts[n-intLo]
	}
	return lua.LNumber(n)
}
