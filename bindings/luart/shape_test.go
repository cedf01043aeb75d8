package luart

import (
	"context"
	"fmt"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// keyOrder lists t's keys and values as pairs (next) visits them.
func keyOrder(t *lua.LTable) string {
	s := ""
	for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
		s += fmt.Sprintf("%v=%v ", k, v)
	}
	return s
}

func TestShapeMatchesRawSet(t *testing.T) {
	r, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	L := r.L
	keys := []string{"hit", "crit", "natural", "total", "damage", "needed", "adv", "dis", "bonus", "roll", "x"}
	sh := NewShape(keys...)
	vals := make([]lua.LValue, len(keys))
	want := L.NewTable()
	for i, k := range keys {
		vals[i] = lua.LNumber(i * 3)
		want.RawSetString(k, vals[i])
	}
	got := sh.New(L, 0, vals)
	if a, b := keyOrder(got), keyOrder(want); a != b {
		t.Fatalf("pairs order: shape %q, RawSetString %q", a, b)
	}
	// the table is the script's: new keys go after, changed ones stay put,
	// and a second table shares nothing with the first.
	got.RawSetString("extra", lua.LTrue)
	got.RawSetString("crit", lua.LString("yes"))
	want.RawSetString("extra", lua.LTrue)
	want.RawSetString("crit", lua.LString("yes"))
	if a, b := keyOrder(got), keyOrder(want); a != b {
		t.Fatalf("after changes: shape %q, RawSetString %q", a, b)
	}
	other := sh.New(L, 0, vals)
	if other.RawGetString("extra") != lua.LNil || other.RawGetString("crit") != lua.LNumber(3) {
		t.Fatalf("a second table saw the first's changes: %s", keyOrder(other))
	}
	// a nil value leaves its key out, as RawSetString does
	vals[2] = lua.LNil
	want = L.NewTable()
	for i, k := range keys {
		want.RawSetString(k, vals[i])
	}
	if a, b := keyOrder(sh.New(L, 0, vals)), keyOrder(want); a != b {
		t.Fatalf("with a nil: shape %q, RawSetString %q", a, b)
	}
}

func TestShapeOptionalKeys(t *testing.T) {
	r, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	L := r.L
	sh := NewShape("a", "b?", "c", "d?", "e")
	for _, vals := range [][]lua.LValue{
		{lua.LNumber(1), nil, lua.LNumber(3), nil, lua.LNumber(5)},
		{lua.LNumber(1), lua.LNumber(2), lua.LNumber(3), nil, lua.LNumber(5)},
		{lua.LNumber(1), nil, lua.LNumber(3), lua.LTrue, lua.LNumber(5)},
		{lua.LNumber(1), lua.LNumber(2), lua.LNumber(3), lua.LTrue, lua.LNumber(5)},
		{lua.LNumber(1), lua.LNil, lua.LNil, lua.LTrue, lua.LNumber(5)},
	} {
		want := L.NewTable()
		for i, k := range sh.Keys() {
			if vals[i] != nil {
				want.RawSetString(k, vals[i])
			}
		}
		got := sh.New(L, 0, vals)
		if a, b := keyOrder(got), keyOrder(want); a != b {
			t.Errorf("%v: shape %q, RawSetString %q", vals, a, b)
		}
		got.RawSetString("z", lua.LTrue)
		want.RawSetString("z", lua.LTrue)
		if a, b := keyOrder(got), keyOrder(want); a != b {
			t.Errorf("%v then z: shape %q, RawSetString %q", vals, a, b)
		}
	}
}

func BenchmarkShapeNew(b *testing.B) {
	L := lua.NewState()
	defer L.Close()
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"}
	sh := NewShape(keys...)
	vals := make([]lua.LValue, len(keys))
	for i := range vals {
		vals[i] = lua.LNumber(i)
	}
	b.Run("shape", func(b *testing.B) {
		for b.Loop() {
			sh.New(L, 0, vals)
		}
	})
	b.Run("rawset", func(b *testing.B) {
		for b.Loop() {
			t := L.CreateTable(0, len(keys))
			for i, k := range keys {
				t.RawSetString(k, vals[i])
			}
		}
	})
}

// TestResultsWanted: a Go function learns how many of its results the
// caller keeps, through tail calls too.
func TestResultsWanted(t *testing.T) {
	r, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []int
	r.L.G.Global.RawSetString("probe", r.L.NewFunction(func(L *lua.LState) int {
		got = append(got, ResultsWanted(L))
		L.Push(lua.LTrue)
		return 1
	}))
	src := `
probe()                                  -- a statement: 0
local a = probe()                        -- 1
local b, c = probe()                     -- 2
local function tail() return probe() end
tail()                                   -- a tail call from a statement: 0
local d = tail()                         -- 1
local t = { probe() }                    -- all: -1
return a, b, c, d, t, pcall(probe)       -- pcall keeps all: -1
`
	if _, err := r.DoString(context.Background(), "t.lua", src, nil); err != nil {
		t.Fatal(err)
	}
	want := []int{0, 1, 2, 0, 1, -1, -1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ResultsWanted gave %v, want %v", got, want)
	}
}

// TestSetFieldMatchesRawSet: SetField leaves a table as RawSetString
// does, for new, present, cleared and set-again keys.
func TestSetFieldMatchesRawSet(t *testing.T) {
	r, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, b := r.L.NewTable(), r.L.NewTable()
	steps := []struct {
		k string
		v lua.LValue
	}{{"x", lua.LNumber(1)}, {"y", lua.LTrue}, {"x", lua.LNumber(2)}, {"z", lua.LNil}, {"y", lua.LNil},
		{"w", lua.LString("w")}, {"y", lua.LFalse}, {"x", lua.LNil}, {"x", lua.LNumber(3)}}
	for i, s := range steps {
		SetField(a, s.k, s.v)
		b.RawSetString(s.k, s.v)
		if ka, kb := keyOrder(a), keyOrder(b); ka != kb {
			t.Fatalf("step %d (%s = %v): SetField %q, RawSetString %q", i, s.k, s.v, ka, kb)
		}
	}
}
