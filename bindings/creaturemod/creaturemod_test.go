package creaturemod

import (
	"context"
	"errors"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

func newRuntime(t *testing.T) *luart.Runtime {
	t.Helper()
	r, err := luart.New(luart.Config{Source: rng.New(1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	r.Register(Module(r))
	return r
}

func run(t *testing.T, r *luart.Runtime, src string) ([]lua.LValue, error) {
	t.Helper()
	return r.DoString(context.Background(), "test.lua", "local creature = require('creature')\n"+src, nil)
}

func mustRun(t *testing.T, r *luart.Runtime, src string) []lua.LValue {
	t.Helper()
	v, err := run(t, r, src)
	if err != nil {
		t.Fatalf("%s\n%v", src, err)
	}
	return v
}

func TestNewNamesTheBadKey(t *testing.T) {
	r := newRuntime(t)
	_, err := run(t, r, `return creature.new{ id = "g", hp = "x" }`)
	if err == nil {
		t.Fatal("want an error")
	}
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *errs.Error, got %T", err)
	}
	for _, want := range []string{"bad argument #1 to new", "hp: integer expected, got string"} {
		if !strings.Contains(e.Msg, want) {
			t.Errorf("message %q lacks %q", e.Msg, want)
		}
	}
	if e.File != "test.lua" || e.Line != 2 {
		t.Errorf("position %s:%d, want test.lua:2", e.File, e.Line)
	}
}

func TestArgumentErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`creature.new{ hp = "x" }`, "hp: integer expected, got string"},
		{`creature.new{ hp = 5 }`, "id: a stat block needs an id or a name"},
		{`creature.new{ id = "g", hp = 2.5 }`, "hp: integer expected, got number 2.5"},
		{`creature.new{ id = "g", max_hp = -1 }`, "max_hp: must not be negative"},
		{`creature.new{ id = "g", hp = 5, floor = 3 }`, "floor: hit-point floor must be 0 or less"},
		{`creature.new{ id = "g", hp = 5, ac = "15" }`, "ac: integer expected, got string"},
		{`creature.new{ id = "g", hp = 5, ac_descending = 1 }`, "ac_descending: boolean expected"},
		{`creature.new{ id = "g", hp = 5, name = 3 }`, "name: string or table of names by language expected"},
		{`creature.new{ id = "", hp = 5 }`, "id: must not be empty"},
		{`creature.new{ id = "g", hp = 5, abilities = { 10, 12 } }`, "abilities: table keyed by name expected"},
		{`creature.new{ id = "g", hp = 5, speed = { walk = -5 } }`, "speed.walk: must not be negative"},
		{`creature.new{ id = "g", hp = 5, space = 0 }`, "space: a footprint is at least 1 square"},
		{`creature.new{ id = "g", hp = 5, space = { w = 2, d = 2 } }`, `space: unknown key "d"`},
		{`creature.new{ id = "g", hp = 5, senses = { darkvision = "far" } }`, `senses.darkvision: range in feet or "unlimited" expected`},
		{`creature.new{ id = "g", hp = 5, tags = "goblinoid" }`, "tags: table expected, got string"},
		{`creature.new{ id = "g", hp = 5, traits = { { kind = "resist" } } }`, "traits[1].type: missing"},
		{`creature.new{ id = "g", hp = 5, traits = { { kind = "resist", type = "fire", num = 1 } } }`, "give both num and den"},
		{`creature.new{ id = "g", hp = 5, traits = { { kind = "immune", type = "fire", amout = 1 } } }`, `traits[1]: unknown key "amout"`},
		{`creature.new{ id = "g", hp = 5, resources = { ki = { current = 2 } } }`, "resources.ki.max: missing"},
		{`creature.new{ id = "g", hp = 5, resources = { ki = { max = 2, current = 3 } } }`, "resources.ki.current: 3 is above max 2"},
		{`creature.new{ id = "g", hp = 5, resources = { ki = { max = 2, recharge = "dawn" } } }`, `resources.ki.recharge: unknown recharge "dawn"`},
		{`creature.new{ id = "g", hp = 5, resources = { ki = { max = 2, recharge = "rest" } } }`, "names no rest kind"},
		{`creature.new{ id = "g", hp = 5, condition_immune = { charmed = "yes" } }`, "condition_immune.charmed: boolean expected"},
		{`creature.new{ id = "g", hp = 5, pos = { x = 1, y = "2" } }`, "pos.y: integer expected"},
		{`creature.new{ id = "g", hp = 5 }:get()`, "bad argument #2 to get (string expected, got nil)"},
		{`creature.new{ id = "g", hp = 5 }:set("hp")`, "hp: value expected, got nil"},
		{`creature.new{ id = "g", hp = 5 }:heal(1, { nonlethal = 1 })`, "opts.nonlethal: boolean expected"},
		{`creature.new{ id = "g", hp = 5 }:heal(1, 2)`, "options table expected, got number"},
		{`creature.new{ id = "g", hp = 5 }:damage(1, "fire", { adjust = { { num = 1 } } })`, "adjust[1]: give both num and den"},
		{`creature.new{ id = "g", hp = 5 }:damage(1, true)`, "damage type (string) or options table expected, got boolean"},
		{`creature.new{ id = "g", hp = 5 }:remove_condition(1, { source = "x" })`, "applies to a condition name"},
		{`creature.new{ id = "g", hp = 5 }:set_resource("ki", { max = "4" })`, "ki.max: integer expected"},
		{`creature.new{ id = "g", hp = 5 }:add_trait{ kind = "adjust", type = "fire" }`, `trait.kind: unknown trait kind "adjust"`},
		{`local c = creature.new{ id = "g", hp = 5 } c.get({}, "hp")`, "bad argument #1 to get (creature expected, got table)"},
		{`creature.new{ id = "g", hp = 5 }:clone{ id = 3 }`, "opts.id: string expected"},
	}
	for _, tc := range cases {
		r := newRuntime(t)
		_, err := run(t, r, tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %q", tc.src, err, tc.want)
		}
	}
}

func TestKernelErrorsKeepTheirKind(t *testing.T) {
	r := newRuntime(t)
	_, err := run(t, r, `local c = creature.new{ id = "g", hp = 5, resources = { ki = 1 } } c:spend("ki", 2)`)
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Rule || e.Layer != "kernel" || e.Hint == "" {
		t.Fatalf("want a kernel rule error with a hint, got %#v", err)
	}
	if !strings.Contains(e.Msg, "cannot spend 2 ki: only 1 left") {
		t.Errorf("message %q", e.Msg)
	}
}

func TestFromTableIgnoresUnknownKeys(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(`return { name = { zh = "地精" }, max_hp = 7, hp = -3, floor = -10,
		attacks = { bite = {} }, on_hit = function() end,
		speed = { walk = 30, fly = 60 }, senses = { blindsight = math.huge },
		traits = { { kind = "resist_flat", type = "*", amount = 5, except = { "psychic" }, pool = true, key = "magic", source = "skin" } },
		space = { w = 2, h = 3 } }`); err != nil {
		t.Fatal(err)
	}
	c, err := FromTable(L.Get(-1).(*lua.LTable))
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != "地精" || c.Name != "地精" || c.HP() != -3 || c.MaxHP() != 7 || c.Floor() != -10 {
		t.Errorf("got %v (floor %d)", c, c.Floor())
	}
	if c.Speed("fly") != 60 || c.Speed("walk") != 30 || c.Space.W != 2 || c.Space.H != 3 {
		t.Errorf("speeds or space wrong: %v %v", c.Speeds(nil), c.Space)
	}
	if r, ok := c.Sense("blindsight"); !ok || r >= 0 {
		t.Errorf("blindsight %d %v, want unlimited", r, ok)
	}
	tr := c.Traits(nil)
	if len(tr) != 1 || tr[0].Kind != creature.StepResistFlat || tr[0].Amount != 5 || !tr[0].Pool || tr[0].Key != "magic" || tr[0].Except[0] != "psychic" {
		t.Errorf("traits %+v", tr)
	}
}

func TestPushReturnsOneHandlePerCreature(t *testing.T) {
	r := newRuntime(t)
	L := r.L
	c, err := creature.New("orc", "Orc", 15)
	if err != nil {
		t.Fatal(err)
	}
	a, b := Push(L, c), Push(L, c)
	if a != b {
		t.Fatal("two handles for one creature")
	}
	if Push(L, nil) != lua.LNil {
		t.Fatal("nil creature should push nil")
	}
	L.Push(a)
	if Check(L, -1) != c {
		t.Fatal("Check does not return the pushed creature")
	}
	L.Pop(1)
	// A handle pushed from Go is the one scripts see.
	fn := mustRun(t, r, `return function(x, y) x:damage(5, "fire") return x == y, x:get("hp") end`)[0]
	out, err := r.Call(context.Background(), fn, 2, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if out[0] != lua.LTrue || out[1].(lua.LNumber) != 10 || c.HP() != 10 {
		t.Fatalf("got %v", out)
	}
	Release(L, c)
	d := Push(L, c)
	if d == a {
		t.Fatal("Release kept the handle")
	}
	out, err = r.Call(context.Background(), mustRun(t, r, `return function(x, y) return x == y end`)[0], 1, a, d)
	if err != nil || out[0] != lua.LTrue {
		t.Fatalf("handles of one creature should compare equal after Release: %v %v", out, err)
	}
	ReleaseAll(L)
	if st := stateOf(L); len(st.handles) != 0 || r.Get(stateKey) != st {
		t.Fatal("ReleaseAll left handles, or the state is not the runtime's")
	}
}

func TestCheckMessage(t *testing.T) {
	r := newRuntime(t)
	fn := r.L.NewFunction(func(L *lua.LState) int { Check(L, 1); return 0 })
	_, err := r.Call(context.Background(), fn, 0, lua.LNumber(3))
	if err == nil || !strings.Contains(err.Error(), "creature expected, got number") {
		t.Fatalf("got %v", err)
	}
}

func TestPushWithoutModule(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	c, _ := creature.New("x", "X", 1)
	err := L.CallByParam(lua.P{Fn: L.NewFunction(func(L *lua.LState) int { L.Push(Push(L, c)); return 1 }), NRet: 1, Protect: true})
	if err == nil || !strings.Contains(err.Error(), "not installed") {
		t.Fatalf("got %v", err)
	}
}

func TestRuntimesDoNotShareHandles(t *testing.T) {
	r1, r2 := newRuntime(t), newRuntime(t)
	c, _ := creature.New("x", "X", 1)
	if Push(r1.L, c) == Push(r2.L, c) {
		t.Fatal("handles shared between runtimes")
	}
}

func TestStartTurnDrawsFromTheRunSource(t *testing.T) {
	r := newRuntime(t)
	r.Src.Force(6)
	v := mustRun(t, r, `local c = creature.new{ id = "d", hp = 5, resources = { breath = { max = 1, recharge = "roll", die = 6, min = 5 } } }
		c:spend("breath")
		local rolls = c:start_turn()
		return rolls[1].face, c:resource("breath").current`)
	if v[0].(lua.LNumber) != 6 || v[1].(lua.LNumber) != 1 || len(r.Src.Pending()) != 0 {
		t.Fatalf("got %v", v)
	}
	r.Src.Force(9)
	_, err := run(t, r, `local c = creature.new{ id = "d", hp = 5, resources = { breath = { max = 1, current = 0, recharge = "roll", die = 6, min = 5 } } }
		c:start_turn()`)
	if err == nil || !strings.Contains(err.Error(), "recharge roll for breath") {
		t.Fatalf("a forced face off the die should be an error, got %v", err)
	}
}

func TestDocumented(t *testing.T) {
	r := newRuntime(t)
	m := Module(r)
	all := append(append([]luart.Func{}, m.Funcs...), Methods()...)
	seen := map[string]bool{}
	for _, f := range all {
		if f.Name == "" || f.Args == "" || f.Doc == "" || f.Fn == nil || strings.Contains(f.Doc, "\n") {
			t.Errorf("%q is not documented on one line", f.Name)
		}
		if seen[f.Name] {
			t.Errorf("%q listed twice", f.Name)
		}
		seen[f.Name] = true
	}
	names := r.L.NewTable()
	for _, f := range Methods() {
		names.Append(lua.LString(f.Name))
	}
	fn := mustRun(t, r, `return function(names) local c = creature.new{ id = "g", hp = 1 } local n = 0
		for _, name in ipairs(names) do if type(c[name]) == "function" then n = n + 1 end end
		return n end`)[0]
	out, err := r.Call(context.Background(), fn, 1, names)
	if err != nil || int(out[0].(lua.LNumber)) != len(Methods()) {
		t.Fatalf("methods reachable from a handle: %v %v", out, err)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := newRuntime(t)
	v := mustRun(t, r, `local c = creature.new{ id = "g", name = "G", hp = 7, max_hp = 9, temp_hp = 2, ac = 6, ac_descending = true,
		abilities = { str = 12 }, tags = { "b", "a" }, traits = { { kind = "immune", type = "poison" } },
		resources = { ki = { max = 2, recharge = "rest", rest = "short" } }, condition_immune = { "charmed" } }
		c:add_condition("prone", { source = "trip", duration = 3 })
		local d = creature.from_json(c:to_json())
		return c:to_json() == d:to_json(), d:immune_to("charmed"), d:get("ac_descending"), c:to_json()`)
	if v[0] != lua.LTrue || v[1] != lua.LTrue || v[2] != lua.LTrue {
		t.Fatalf("round trip lost state: %v\n%s", v[:3], v[3])
	}
}

// TestAddOptsFastMatchesAddOpts checks c:add_condition's fast options
// reader against the general one: where the fast one reads a table it
// reads what addOpts reads, and where it declines addOpts raises an error
// (so the fast path never hides one, nor changes a value).
func TestAddOptsFastMatchesAddOpts(t *testing.T) {
	r := newRuntime(t)
	cases := mustRun(t, r, `return {
		{}, { source = "dodge" }, { source = "0 hp", duration = 2 }, { level = 3, stacking = "levels", max_level = 3 },
		{ source = "x", level = 0, stacking = "independent" }, { duration = -4 }, { stacking = "keep" },
		{ stacking = "refresh", max_level = 0 }, { level = 2.0 },
		{ level = -1 }, { level = 1.5 }, { level = "2" }, { source = 3 }, { duration = 0.5 }, { duration = true },
		{ stacking = "stack" }, { stacking = 1 }, { max_level = -2 }, { sourc = "x" }, { 1 }, { [2] = "x" },
		{ [true] = 1 }, { level = 1, other = 2 }, { level = 2^60 },
	}`)[0].(*lua.LTable)
	general := func(v lua.LValue) (creature.Condition, creature.CondSpec, error) {
		var c creature.Condition
		var sp creature.CondSpec
		err := r.L.CallByParam(lua.P{Fn: r.L.NewFunction(func(L *lua.LState) int {
			addOpts(L, 1, &c, &sp)
			return 0
		}), Protect: true}, v)
		return c, sp, err
	}
	check := func(i int, v lua.LValue) {
		fc, fs := creature.Condition{Name: "n"}, creature.CondSpec{}
		ok := addOptsFast(v, &fc, &fs)
		gc, gs, err := general(v)
		gc.Name = "n"
		switch {
		case ok && err != nil:
			t.Errorf("case %d: the fast reader took options addOpts refuses: %v", i, err)
		case ok && (fc != gc || fs != gs):
			t.Errorf("case %d: fast %+v %+v, general %+v %+v", i, fc, fs, gc, gs)
		case !ok && err == nil:
			t.Errorf("case %d: the fast reader declined options addOpts takes", i)
		case !ok && (fc != creature.Condition{Name: "n"} || fs != creature.CondSpec{}):
			t.Errorf("case %d: the fast reader declined but changed %+v %+v", i, fc, fs)
		}
	}
	check(0, lua.LNil)
	check(-1, lua.LString("opts"))
	for i := 1; i <= cases.Len(); i++ {
		check(i, cases.RawGetInt(i))
	}
}

// TestRemoveOptsFastMatchesReadRemoveOpts checks c:remove_condition's fast
// options reader against readRemoveOpts, as TestAddOptsFastMatchesAddOpts
// does for c:add_condition.
func TestRemoveOptsFastMatchesReadRemoveOpts(t *testing.T) {
	r := newRuntime(t)
	cases := mustRun(t, r, `return {
		{}, { source = "sap:fighter" }, { source = "" }, { source = 3 }, { source = true }, { sourc = "x" },
		{ source = "x", other = 1 }, { "x" }, { [2] = "x" }, { [true] = "x" },
	}`)[0].(*lua.LTable)
	general := func(v lua.LValue) (source string, hasSource bool, err error) {
		err = r.L.CallByParam(lua.P{Fn: r.L.NewFunction(func(L *lua.LState) int {
			source, hasSource = readRemoveOpts(L)
			return 0
		}), Protect: true}, lua.LNil, lua.LNil, v)
		return
	}
	check := func(i int, v lua.LValue) {
		fs, fh, ok := removeOptsFast(v)
		gs, gh, err := general(v)
		switch {
		case ok && err != nil:
			t.Errorf("case %d: the fast reader took options readRemoveOpts refuses: %v", i, err)
		case ok && (fs != gs || fh != gh):
			t.Errorf("case %d: fast %q %v, general %q %v", i, fs, fh, gs, gh)
		case !ok && err == nil:
			t.Errorf("case %d: the fast reader declined options readRemoveOpts takes", i)
		}
	}
	check(-1, lua.LString("opts"))
	for i := 1; i <= cases.Len(); i++ {
		check(i, cases.RawGetInt(i))
	}
}
