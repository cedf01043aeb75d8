package fightmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
)

// attackView is the Lua view of a fight.AttackEvent: one table reused from
// event to event. Handlers read attacker, target, attack, natural, total,
// needed, hit, crit, damage, damage_type (the first part's type), parts
// (every damage part of the hit, {type, amount before the target's traits,
// taken after them once applied}), hp_lost, touch, nonlethal; they may
// change adv and bonus (before the roll), hit and crit (after it), and
// damage and nonlethal (before it is applied). The table and its parts
// list are reused: copy what you keep.
type attackView struct {
	r    *luart.Runtime
	e    *fight.AttackEvent
	t    *lua.LTable
	strs map[string]lua.LValue
	// parts and part are the reused list of damage parts and its entries.
	parts *lua.LTable
	part  []*lua.LTable
}

func (v *attackView) ToLua(L *lua.LState) *lua.LTable {
	if v.t == nil {
		v.t = L.CreateTable(0, 16)
		// parts is built when a handler first reads it (most never do).
		mt := L.CreateTable(0, 1)
		mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
			if k, ok := L.Get(2).(lua.LString); ok && k == "parts" {
				p := v.partsList(L)
				L.CheckTable(1).RawSetString("parts", p)
				L.Push(p)
				return 1
			}
			L.Push(lua.LNil)
			return 1
		}))
		L.SetMetatable(v.t, mt)
	}
	t, e := v.t, v.e
	t.RawSetString("cancelled", lua.LNil)
	t.RawSetString("reason", lua.LNil)
	if e.Attacker != nil {
		t.RawSetString("attacker", creaturemod.Push(L, e.Attacker.C))
	} else {
		t.RawSetString("attacker", lua.LNil)
	}
	t.RawSetString("target", creaturemod.Push(L, e.Target.C))
	if e.Attack != nil {
		name, ok := e.Attack.Data.(lua.LValue)
		if !ok {
			name = lua.LString(e.Attack.Name)
			e.Attack.Data = name
		}
		t.RawSetString("attack", name)
		t.RawSetString("ranged", lua.LBool(e.Attack.Ranged))
		t.RawSetString("reach", luart.Int(e.Attack.Reach))
	} else {
		t.RawSetString("attack", lua.LNil)
	}
	t.RawSetString("adv", luart.Int(e.Adv))
	t.RawSetString("dis", luart.Int(e.Dis))
	t.RawSetString("bonus", luart.Int(e.Bonus))
	t.RawSetString("natural", luart.Int(e.Roll.Natural))
	t.RawSetString("total", luart.Int(e.Roll.Total))
	t.RawSetString("needed", luart.Int(e.Roll.Target))
	t.RawSetString("hit", lua.LBool(e.Hit))
	t.RawSetString("crit", lua.LBool(e.Crit))
	t.RawSetString("damage", luart.Int(e.Damage))
	typ := ""
	if len(e.Parts) > 0 {
		typ = e.Parts[0].Type
	}
	t.RawSetString("damage_type", v.str(typ))
	t.RawSetString("parts", lua.LNil)
	t.RawSetString("hp_lost", luart.Int(e.Applied.HPLost))
	t.RawSetString("nonlethal", lua.LBool(e.Nonlethal))
	t.RawSetString("touch", lua.LBool(e.Touch))
	t.RawSetString("past_zero", luart.Int(e.Applied.PastZero))
	return t
}

// partsList fills the reused list of the hit's damage parts: {type,
// amount (before the target's traits), taken (after them, once applied)}
// in order, the first part's type being damage_type.
func (v *attackView) partsList(L *lua.LState) *lua.LTable {
	if v.parts == nil {
		v.parts = L.CreateTable(2, 0)
	}
	e := v.e
	for i, p := range e.Parts {
		if i >= len(v.part) {
			v.part = append(v.part, L.CreateTable(0, 3))
		}
		pt := v.part[i]
		pt.RawSetString("type", v.str(p.Type))
		pt.RawSetString("amount", luart.Int(p.Amount))
		var taken lua.LValue = lua.LNil
		for _, tk := range e.Taken {
			if tk.Type == p.Type {
				taken = luart.Int(tk.Amount)
			}
		}
		pt.RawSetString("taken", taken)
		v.parts.RawSetInt(i+1, pt)
	}
	for i := len(e.Parts) + 1; v.parts.RawGetInt(i) != lua.LNil; i++ {
		v.parts.RawSetInt(i, lua.LNil)
	}
	return v.parts
}

// str returns s as a Lua string, boxed once per distinct value.
func (v *attackView) str(s string) lua.LValue {
	if l, ok := v.strs[s]; ok {
		return l
	}
	if v.strs == nil {
		v.strs = map[string]lua.LValue{}
	}
	l := lua.LValue(lua.LString(s))
	v.strs[s] = l
	return l
}

func (v *attackView) FromLua(_ *lua.LState, t *lua.LTable) error {
	e := v.e
	e.Adv = int(lua.LVAsNumber(t.RawGetString("adv")))
	e.Dis = int(lua.LVAsNumber(t.RawGetString("dis")))
	e.Bonus = int(lua.LVAsNumber(t.RawGetString("bonus")))
	e.Hit = lua.LVAsBool(t.RawGetString("hit"))
	e.Crit = lua.LVAsBool(t.RawGetString("crit"))
	e.Damage = int(lua.LVAsNumber(t.RawGetString("damage")))
	e.Nonlethal = lua.LVAsBool(t.RawGetString("nonlethal"))
	return nil
}

// turnView is the Lua view of a fight.TurnEvent: fighter (a creature
// handle or nil), round, acted (set it when the hook took the fighter's
// action), skip (set it on turn.start to lose the turn).
type turnView struct {
	e *fight.TurnEvent
	t *lua.LTable
}

func (v *turnView) ToLua(L *lua.LState) *lua.LTable {
	if v.t == nil {
		v.t = L.CreateTable(0, 5)
	}
	t := v.t
	t.RawSetString("cancelled", lua.LNil)
	if v.e.Fighter != nil {
		t.RawSetString("fighter", creaturemod.Push(L, v.e.Fighter.C))
	} else {
		t.RawSetString("fighter", lua.LNil)
	}
	t.RawSetString("round", luart.Int(v.e.Round))
	t.RawSetString("acted", lua.LBool(v.e.Acted))
	t.RawSetString("skip", lua.LBool(v.e.Skip))
	return t
}

func (v *turnView) FromLua(_ *lua.LState, t *lua.LTable) error {
	v.e.Acted = lua.LVAsBool(t.RawGetString("acted"))
	v.e.Skip = lua.LVAsBool(t.RawGetString("skip"))
	return nil
}

// moveView is the Lua view of a fight.MoveEvent (move.step and
// move.reach): mover, hostile (move.reach: whose reach the step leaves, a
// creature handle, else nil), from and to ({x, y}), step (from 1), cost
// (the step's price), kind ("leave_reach", "exit_threatened" or "") and
// cause ("move", "forced", ...). A handler cancels it with rules.cancel:
// move.step stops the move, move.reach the kernel's opportunity attack.
type moveView struct {
	e        *fight.MoveEvent
	t        *lua.LTable
	from, to *lua.LTable
}

func (v *moveView) ToLua(L *lua.LState) *lua.LTable {
	if v.t == nil {
		v.t = L.CreateTable(0, 9)
		v.from, v.to = L.CreateTable(0, 2), L.CreateTable(0, 2)
	}
	t, e := v.t, v.e
	t.RawSetString("cancelled", lua.LNil)
	t.RawSetString("reason", lua.LNil)
	t.RawSetString("mover", creaturemod.Push(L, e.Mover.C))
	if e.Hostile != nil {
		t.RawSetString("hostile", creaturemod.Push(L, e.Hostile.C))
	} else {
		t.RawSetString("hostile", lua.LNil)
	}
	v.from.RawSetString("x", luart.Int(e.From.X))
	v.from.RawSetString("y", luart.Int(e.From.Y))
	v.to.RawSetString("x", luart.Int(e.To.X))
	v.to.RawSetString("y", luart.Int(e.To.Y))
	t.RawSetString("from", v.from)
	t.RawSetString("to", v.to)
	t.RawSetString("step", luart.Int(e.Step))
	t.RawSetString("cost", luart.Int(e.Cost))
	kind := ""
	switch e.Kind {
	case grid.LeaveReach:
		kind = "leave_reach"
	case grid.ExitThreatened:
		kind = "exit_threatened"
	}
	t.RawSetString("kind", lua.LString(kind))
	t.RawSetString("cause", lua.LString(e.Cause))
	return t
}

func (v *moveView) FromLua(*lua.LState, *lua.LTable) error { return nil }

// adapter returns the payload adapter of a fight's events.
func adapter(r *luart.Runtime, _ *fight.Fight) func(any) rulesmod.LuaPayload {
	av := &attackView{r: r}
	tv := &turnView{}
	mv := &moveView{}
	return func(d any) rulesmod.LuaPayload {
		switch x := d.(type) {
		case *fight.AttackEvent:
			av.e = x
			return av
		case *fight.TurnEvent:
			tv.e = x
			return tv
		case *fight.MoveEvent:
			mv.e = x
			return mv
		}
		return nil
	}
}
