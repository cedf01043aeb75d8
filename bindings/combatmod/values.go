package combatmod

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/errs"
)

// layer is the errs layer of this module's argument errors.
const layer = "combat"

// bad returns an error about the value at path (a key such as "slots.action"
// or "[2].side").
func bad(path, format string, a ...any) *errs.Error { return args.Bad(path, format, a...) }

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

// args reads this module's argument values (errors in layer "combat").
var args = luaval.Reader{Layer: layer}

// The value readers of this module, from luaval.
var (
	strList     = luaval.StrTable
	typeName    = luaval.TypeName
	join        = luaval.Join
	item        = luaval.Item
	intOf       = args.Int
	nonNegOf    = args.NonNeg
	posOf       = args.Pos
	strOf       = args.Str
	nameOf      = args.Name
	tableOf     = args.Table
	listOf      = args.List
	strListOf   = args.StrList
	mapKeys     = args.Keys
	readFields  = args.Fields
	intField    = args.IntField
	nonNegField = args.NonNegField
	strField    = args.StrField
	nameField   = args.NameField
	boolField   = args.BoolField
)

// fieldFn reads one field of a record table.
type fieldFn = luaval.Field

// flagged is f that also records that its field was present.
func flagged(f fieldFn, has *bool) fieldFn {
	return fieldFn{Key: f.Key, Fn: func(p string, v lua.LValue) error { *has = true; return f.Fn(p, v) }}
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
