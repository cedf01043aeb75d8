package luart

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Library functions dndsh replaces: the pattern functions (pattern.go),
// string.rep and string.byte (bounded), error (Lua 5.1's levels) and
// tonumber (exponents), each giving Lua 5.1's answers where gopher-lua
// does not (spec/hostile/vm_conformance.lua).

// maxResults is how many values string.byte may return, as in Lua 5.1
// (LUAI_MAXCSTACK): more is an error, not a huge stack.
const maxResults = 8000

// installLibrary replaces the functions above in the opened libraries.
func (r *Runtime) installLibrary() {
	L := r.L
	g := L.G.Global
	str := L.GetField(g, "string").(*lua.LTable)
	for name, fn := range map[string]lua.LGFunction{
		"find": r.strFind, "match": r.strMatch, "gmatch": r.strGmatch, "gsub": r.strGsub,
		"rep": r.strRep, "byte": strByte, "format": strFormat, "char": strChar,
	} {
		str.RawSetString(name, L.NewFunction(fn))
	}
	g.RawSetString("error", L.NewFunction(baseError))
	tonumber := g.RawGetString("tonumber").(*lua.LFunction)
	g.RawSetString("tonumber", L.NewFunction(func(L *lua.LState) int {
		if L.GetTop() >= 2 && L.Get(2) != lua.LNil && L.CheckInt(2) != 10 {
			return tonumber.GFunction(L)
		}
		switch v := L.CheckAny(1).(type) {
		case lua.LNumber:
			L.Push(v)
		case lua.LString:
			if n, ok := parseNumber(string(v)); ok {
				L.Push(lua.LNumber(n))
			} else {
				L.Push(lua.LNil)
			}
		default:
			L.Push(lua.LNil)
		}
		return 1
	}))
}

// checkBudget raises the running call's deadline or interrupt as a Lua
// error, for Go code that runs long (the pattern matcher).
func (r *Runtime) checkBudget(L *lua.LState) {
	ctx := L.Context()
	if ctx == nil || ctx.Err() == nil {
		return
	}
	L.RaiseError("%s", stopCause(ctx).Error())
}

// strRep is string.rep(s, n), refused over the string budget.
func (r *Runtime) strRep(L *lua.LState) int {
	s := L.CheckString(1)
	n := float64(L.CheckNumber(2))
	if n < 1 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if size := float64(len(s)) * math.Floor(n); size > float64(r.cfg.MaxString) {
		L.RaiseError("string.rep: a result of %.0f bytes is over the string budget (%d bytes)", size, r.cfg.MaxString)
	}
	L.Push(lua.LString(strings.Repeat(s, int(n))))
	return 1
}

// strByte is string.byte(s [, i [, j]]), refusing more than maxResults
// values as Lua 5.1 does ("string slice too long").
func strByte(L *lua.LState) int {
	s := L.CheckString(1)
	i := relIndex(L.OptInt(2, 1), len(s))
	j := relIndex(L.OptInt(3, i), len(s))
	if i < 1 {
		i = 1
	}
	if j > len(s) {
		j = len(s)
	}
	if i > j {
		return 0
	}
	n := j - i + 1
	if n > maxResults {
		L.RaiseError("string slice too long (string.byte returns at most %d values)", maxResults)
	}
	for k := i; k <= j; k++ {
		L.Push(lua.LNumber(s[k-1]))
	}
	return n
}

// relIndex turns a negative string position into a positive one.
func relIndex(pos, n int) int {
	if pos < 0 {
		return n + pos + 1
	}
	return pos
}

// baseError is Lua 5.1's error(message [, level]): a string or number
// message gets the position of the function level levels up the stack,
// when that function is a Lua function (gopher-lua skips Go functions and
// so names the wrong line; error("x", 2) called through pcall gets none).
func baseError(L *lua.LState) int {
	obj := L.Get(1)
	level := L.OptInt(2, 1)
	switch obj.(type) {
	case lua.LString, lua.LNumber:
		if level > 0 {
			if where := position(L, level); where != "" {
				obj = lua.LString(where + lua.LVAsString(obj))
			}
		}
	}
	L.Error(obj, 0)
	return 0
}

// position is "source:line: " of the function level levels above the
// running Go function, or "" when it is not a Lua function.
func position(L *lua.LState, level int) (s string) {
	defer func() {
		if recover() != nil {
			s = ""
		}
	}()
	dbg, ok := L.GetStack(level)
	if !ok {
		return ""
	}
	if _, err := L.GetInfo("Sl", dbg, lua.LNil); err != nil || dbg.What == "G" || dbg.CurrentLine <= 0 {
		return ""
	}
	return dbg.Source + ":" + strconv.Itoa(dbg.CurrentLine) + ": "
}

// parseNumber converts a string to a number as Lua 5.1's tonumber does:
// surrounding white space, a decimal number with an optional exponent, or
// a hexadecimal integer (0x..). Unlike C's strtod it takes no "inf", "nan"
// or hexadecimal fractions, which depend on the C library.
func parseNumber(s string) (float64, bool) {
	s = strings.Trim(s, " \t\n\v\f\r")
	if s == "" {
		return 0, false
	}
	body, neg := s, false
	if body[0] == '-' || body[0] == '+' {
		neg, body = body[0] == '-', body[1:]
	}
	if len(body) > 2 && body[0] == '0' && body[1]|0x20 == 'x' {
		var n float64
		for _, c := range []byte(body[2:]) {
			var d byte
			switch {
			case c >= '0' && c <= '9':
				d = c - '0'
			case c|0x20 >= 'a' && c|0x20 <= 'f':
				d = c | 0x20 - 'a' + 10
			default:
				return 0, false
			}
			n = n*16 + float64(d)
		}
		if neg {
			n = -n
		}
		return n, true
	}
	digits := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
			digits = true
		case c == '.' || c == 'e' || c == 'E' || (c == '-' || c == '+') && i > 0 && body[i-1]|0x20 == 'e':
		default:
			return 0, false
		}
	}
	if !digits {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}
