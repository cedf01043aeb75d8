package fightmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/fight"
)

// currentKey is where a runtime keeps the fight being played.
const currentKey = "fight.current"

// Current returns the fight being played in r, or nil.
func Current(r *luart.Runtime) *fight.Fight {
	f, _ := r.Get(currentKey).(*fight.Fight)
	return f
}

// module holds what the functions of the "fight" module share: the rules
// of the runtime they belong to and the runtime itself.
type module struct {
	g *rulesmod.Rules
	r *luart.Runtime
}

// Module returns the "fight" module of the runtime of g.
func Module(g *rulesmod.Rules) luart.Module {
	fm := &module{g: g, r: g.R}
	// The fight's events are known from the start, so that a misspelt one
	// in a hook is caught (rules.check_event).
	for _, n := range fight.EventNames() {
		_, _ = g.Bus.Intern(n)
	}
	return luart.Module{
		Name:  "fight",
		Doc:   "Encounters that play themselves: fight.encounter, fight.run, and actions for scripted abilities.",
		Funcs: append(fm.funcs(), fm.fastFuncs()...),
	}
}

// current returns the fight being played, raising a Lua error when there
// is none.
func (fm *module) current(L *lua.LState) *fight.Fight {
	f := Current(fm.r)
	if f == nil {
		L.RaiseError("no fight is being played (fight.run starts one)")
	}
	return f
}

// fighterOf returns the fighter of the creature handle at argument n.
func (fm *module) fighterOf(L *lua.LState, n int) *fight.Fighter {
	c := creaturemod.Check(L, n)
	m, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
	x := m[c]
	if x == nil {
		L.ArgError(n, "creature is not in the fight")
	}
	return x
}

func fighterTable(L *lua.LState, x *fight.Fighter, side string) *lua.LTable {
	if side == "" {
		side = x.C.Side
	}
	v := [15]lua.LValue{lua.LString(x.ID), lua.LString(side), lua.LBool(x.Player), luart.Int(x.C.HP()),
		luart.Int(x.C.MaxHP()), luart.Int(x.DamageDealt), luart.Int(x.DamageTaken), lua.LBool(x.Out),
		lua.LBool(x.Dead), lua.LBool(x.Fled), lua.LBool(x.Stable), luart.Int(x.Level), nil,
		luart.Int(x.SaveSuccesses), luart.Int(x.SaveFailures)}
	if ls := x.LastSave; ls.Round > 0 || ls.Face > 0 {
		v[12] = lastSaveShape.New(L, 0, []lua.LValue{luart.Int(ls.Round), luart.Int(ls.Face), luart.Int(ls.Total),
			lua.LString(ls.Outcome), luart.Int(ls.Successes), luart.Int(ls.Failures)})
	}
	return fighterShape.New(L, 0, v[:])
}

// The shapes of fight.info's table and its last death save (the order is
// the order pairs visits them in).
var (
	fighterShape = luart.NewShape("id", "side", "player", "hp", "max_hp", "dealt", "taken", "out", "dead",
		"fled", "stable", "level", "last_save?", "successes", "failures")
	lastSaveShape = luart.NewShape("round", "face", "total", "outcome", "successes", "failures")
)

// OutcomeTable converts a trial's outcome to the table fight.run returns.
func OutcomeTable(L *lua.LState, f *fight.Fight, out fight.Outcome, log []string) *lua.LTable {
	t := L.CreateTable(0, 4)
	if out.Winner >= 0 {
		t.RawSetString("winner", lua.LString(f.Sides[out.Winner]))
	} else {
		t.RawSetString("winner", lua.LString("draw"))
	}
	t.RawSetString("rounds", luart.Int(out.Rounds))
	fs := L.CreateTable(len(f.Fighters), 0)
	for _, x := range f.Fighters {
		fs.Append(fighterTable(L, x, f.Sides[x.Side]))
	}
	t.RawSetString("fighters", fs)
	if log != nil {
		t.RawSetString("log", luart.FromGo(L, log))
	}
	return t
}

// L returns the runtime's Lua state.
func L(r *luart.Runtime) *lua.LState { return r.L }

// wrapValue returns a table {key = v}.
func wrapValue(L *lua.LState, key string, v lua.LValue) *lua.LTable {
	t := L.CreateTable(0, 1)
	t.RawSetString(key, v)
	return t
}

// orderTable lists the fight's creatures in initiative order (all of them
// when initiative has not been rolled).
func orderTable(L *lua.LState, f *fight.Fight) *lua.LTable {
	t := L.CreateTable(len(f.Fighters), 0)
	row := func(x *fight.Fighter, count int, has bool) {
		rt := fighterTable(L, x, f.Sides[x.Side])
		if has {
			rt.RawSetString("count", luart.Int(count))
		}
		cs := x.C.Conditions(nil)
		conds := L.CreateTable(len(cs), 0)
		for _, c := range cs {
			conds.Append(lua.LString(c.Name))
		}
		rt.RawSetString("conditions", conds)
		t.Append(rt)
	}
	if enc := f.Encounter(); enc != nil {
		for _, id := range enc.Order() {
			if x := f.Fighter(id); x != nil {
				n, ok := enc.Count(id)
				row(x, n, ok)
			}
		}
		return t
	}
	for _, x := range f.Fighters {
		row(x, 0, false)
	}
	return t
}
