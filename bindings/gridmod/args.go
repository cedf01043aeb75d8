package gridmod

import (
	"math"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/grid"
)

// bad raises "bad argument #n to 'fn' (path: msg)".
func bad(L *lua.LState, n int, path, msg string) {
	if path != "" {
		msg = path + ": " + msg
	}
	L.ArgError(n, msg)
}

func describe(v lua.LValue) string {
	if n, ok := v.(lua.LNumber); ok {
		return "number " + strconv.FormatFloat(float64(n), 'g', -1, 64)
	}
	if s, ok := v.(lua.LString); ok {
		return "string " + strconv.Quote(string(s))
	}
	return v.Type().String()
}

// intAt reads a whole number; def when v is nil.
func intAt(L *lua.LState, n int, path string, v lua.LValue, def int) int {
	if v == lua.LNil {
		return def
	}
	x, ok := v.(lua.LNumber)
	f := float64(x)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<40 {
		bad(L, n, path, "integer expected, got "+describe(v))
	}
	return int(f)
}

// field returns t[key], or t[index] when index > 0 and t[key] is nil
// (positions may be {x = 1, y = 2} or {1, 2}).
func field(t *lua.LTable, key string, index int) lua.LValue {
	v := t.RawGetString(key)
	if v == lua.LNil && index > 0 {
		v = t.RawGetInt(index)
	}
	return v
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// readPos reads {x, y [, z]} (named or listed).
func readPos(L *lua.LState, n int, path string, v lua.LValue) grid.Pos {
	t, ok := v.(*lua.LTable)
	if !ok {
		bad(L, n, path, "position {x =, y = [, z =]} expected, got "+describe(v))
	}
	return grid.Pos{
		X: intAt(L, n, join(path, "x"), field(t, "x", 1), 0),
		Y: intAt(L, n, join(path, "y"), field(t, "y", 2), 0),
		Z: intAt(L, n, join(path, "z"), field(t, "z", 3), 0),
	}
}

// readSpace reads a footprint: a number of squares a side, or {w, h}.
func readSpace(L *lua.LState, n int, path string, v lua.LValue) grid.Footprint {
	switch x := v.(type) {
	case *lua.LNilType:
		return grid.Square(1)
	case lua.LNumber:
		s := intAt(L, n, path, x, 1)
		if s < 1 {
			bad(L, n, path, "a footprint is at least 1 square")
		}
		return grid.Square(s)
	case *lua.LTable:
		f := grid.Footprint{W: intAt(L, n, join(path, "w"), x.RawGetString("w"), 1), H: intAt(L, n, join(path, "h"), x.RawGetString("h"), 1)}
		if f.W < 1 || f.H < 1 {
			bad(L, n, path, "a footprint is at least 1 by 1 square")
		}
		return f
	}
	bad(L, n, path, "number of squares or {w =, h =} expected, got "+describe(v))
	return grid.Footprint{}
}

// readBody reads a body: a creature handle (its pos, space and reach), or
// a table {x, y, z, space | w, h, reach, reach_min} or {pos = {...}, ...}.
func readBody(L *lua.LState, n int, path string, v lua.LValue) grid.Body {
	if ud, ok := v.(*lua.LUserData); ok {
		if c, ok := ud.Value.(*creature.Creature); ok {
			return c.Body()
		}
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		bad(L, n, path, "creature or body {x =, y =, space =, reach =} expected, got "+describe(v))
	}
	var b grid.Body
	if p := t.RawGetString("pos"); p != lua.LNil {
		b.Pos = readPos(L, n, join(path, "pos"), p)
	} else {
		b.Pos = readPos(L, n, path, t)
	}
	if s := t.RawGetString("space"); s != lua.LNil {
		b.Space = readSpace(L, n, join(path, "space"), s)
	} else {
		b.Space = grid.Footprint{W: intAt(L, n, join(path, "w"), t.RawGetString("w"), 1), H: intAt(L, n, join(path, "h"), t.RawGetString("h"), 1)}
		if b.Space.W < 1 || b.Space.H < 1 {
			bad(L, n, path, "a footprint is at least 1 by 1 square")
		}
	}
	b.Reach = intAt(L, n, join(path, "reach"), t.RawGetString("reach"), 0)
	b.ReachMin = intAt(L, n, join(path, "reach_min"), t.RawGetString("reach_min"), 0)
	return b
}

// bodyID is the id of a body for reach events: a creature's id, or the
// table's id field.
func bodyID(v lua.LValue) string {
	if ud, ok := v.(*lua.LUserData); ok {
		if c, ok := ud.Value.(*creature.Creature); ok {
			return c.ID
		}
	}
	if t, ok := v.(*lua.LTable); ok {
		return lua.LVAsString(t.RawGetString("id"))
	}
	return ""
}

// readGrid reads opts.square (feet per square, default 5) and
// opts.diagonal ("one", "alternate" or "euclid"; default "one").
func readGrid(L *lua.LState, n int, opts *lua.LTable) grid.Grid {
	g := grid.Grid{Square: 5}
	if opts == nil {
		return g
	}
	g.Square = intAt(L, n, "square", opts.RawGetString("square"), 5)
	if d := opts.RawGetString("diagonal"); d != lua.LNil {
		s, ok := d.(lua.LString)
		if !ok {
			bad(L, n, "diagonal", "string expected, got "+describe(d))
		}
		rule, err := grid.ParseDiagonal(string(s))
		if err != nil {
			bad(L, n, "diagonal", "unknown diagonal rule "+strconv.Quote(string(s))+" (one, alternate, euclid)")
		}
		g.Diagonal = rule
	}
	return g
}

// readList calls fn for each entry of the list opts[key].
func readList(L *lua.LState, n int, opts *lua.LTable, key string, fn func(path string, v lua.LValue)) {
	if opts == nil {
		return
	}
	v := opts.RawGetString(key)
	if v == lua.LNil {
		return
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		bad(L, n, key, "list expected, got "+describe(v))
	}
	for i := 1; i <= t.Len(); i++ {
		fn(key+"["+strconv.Itoa(i)+"]", t.RawGetInt(i))
	}
}

// readObstacles reads opts.obstacles: {{x, y, block = "half"|"full"}...}
// (block defaults to "full").
func readObstacles(L *lua.LState, n int, opts *lua.LTable) *grid.Obstacles {
	var o *grid.Obstacles
	readList(L, n, opts, "obstacles", func(path string, v lua.LValue) {
		p := readPos(L, n, path, v)
		b := grid.Full
		if s := v.(*lua.LTable).RawGetString("block"); s != lua.LNil {
			switch lua.LVAsString(s) {
			case "full":
			case "half":
				b = grid.Half
			case "open":
				b = grid.Open
			default:
				bad(L, n, join(path, "block"), "\"full\", \"half\" or \"open\" expected, got "+describe(s))
			}
		}
		if o == nil {
			o = grid.NewObstacles()
		}
		o.Set(p, b)
	})
	return o
}

// readPoint reads an area point: the centre of square {x, y}, or its
// north-west corner when corner = true.
func readPoint(L *lua.LState, n int, path string, v lua.LValue) grid.Point {
	p := readPos(L, n, path, v)
	if lua.LVAsBool(v.(*lua.LTable).RawGetString("corner")) {
		return grid.Corner(p.X, p.Y)
	}
	return grid.Centre(p)
}

func posTable(L *lua.LState, p grid.Pos) *lua.LTable {
	t := L.CreateTable(0, 3)
	t.RawSetString("x", lua.LNumber(p.X))
	t.RawSetString("y", lua.LNumber(p.Y))
	t.RawSetString("z", lua.LNumber(p.Z))
	return t
}

// checkBody reads argument n as a body.
func checkBody(L *lua.LState, n int) grid.Body { return readBody(L, n, "", L.Get(n)) }
