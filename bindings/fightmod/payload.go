package fightmod

import (
	"errors"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
)

// attackView is the Lua view of a fight.AttackEvent: one table per nesting
// depth of the fight (see adapter), reused from event to event. Handlers
// read attacker, target, attack, ranged, reach, adv, dis, bonus, natural,
// total, needed, hit, crit, damage, damage_type (the first part's type),
// parts (every damage part of the hit, {type, amount before the target's
// traits, taken after them once applied}), hp_lost, past_zero, touch and
// nonlethal; they may change adv, dis and bonus (before the roll), hit and
// crit (after it), and damage and nonlethal (before it is applied). The table and its parts list are reused:
// copy what you keep.
//
// The fields are read from the event when a handler reads them (the
// table's __index), so a handler pays for what it reads, not for every
// field; what a handler writes is stored in the table, applied to the event
// when the handler returns, and then cleared. pairs() sees only what
// handlers stored.
type attackView struct {
	r    *luart.Runtime
	e    *fight.AttackEvent
	t    *lua.LTable
	strs map[string]lua.LValue
	// parts and part are the reused list of damage parts and its entries.
	parts *lua.LTable
	part  []*lua.LTable
}

// attackWritable are the fields a handler may change, in FromLua's order.
var attackWritable = [...]string{"adv", "dis", "bonus", "hit", "crit", "damage", "nonlethal"}

func (v *attackView) ToLua(L *lua.LState) *lua.LTable {
	if v.t == nil {
		v.t = L.CreateTable(0, 8)
		mt := L.CreateTable(0, 1)
		mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
			k, ok := L.Get(2).(lua.LString)
			if !ok {
				L.Push(lua.LNil)
				return 1
			}
			L.Push(v.field(L, string(k)))
			return 1
		}))
		L.SetMetatable(v.t, mt)
	}
	t := v.t
	t.RawSetString("cancelled", lua.LNil)
	t.RawSetString("reason", lua.LNil)
	t.RawSetString("parts", lua.LNil)
	return t
}

// field is the event's field k, as a handler reads it (nil when the event
// has no such field).
func (v *attackView) field(L *lua.LState, k string) lua.LValue {
	e := v.e
	switch k {
	case "attacker":
		if e.Attacker != nil {
			return creaturemod.Push(L, e.Attacker.C)
		}
	case "target":
		if e.Target != nil {
			return creaturemod.Push(L, e.Target.C)
		}
	case "attack":
		if e.Attack != nil {
			name, ok := e.Attack.Data.(lua.LValue)
			if !ok {
				name = lua.LString(e.Attack.Name)
				e.Attack.Data = name
			}
			return name
		}
	case "ranged":
		if e.Attack != nil {
			return lua.LBool(e.Attack.Ranged)
		}
	case "reach":
		if e.Attack != nil {
			return luart.Int(e.Attack.Reach)
		}
	case "adv":
		return luart.Int(e.Adv)
	case "dis":
		return luart.Int(e.Dis)
	case "bonus":
		return luart.Int(e.Bonus)
	case "natural":
		return luart.Int(e.Roll.Natural)
	case "total":
		return luart.Int(e.Roll.Total)
	case "needed":
		return luart.Int(e.Roll.Target)
	case "hit":
		return lua.LBool(e.Hit)
	case "crit":
		return lua.LBool(e.Crit)
	case "damage":
		return luart.Int(e.Damage)
	case "damage_type":
		typ := ""
		if len(e.Parts) > 0 {
			typ = e.Parts[0].Type
		}
		return v.str(typ)
	case "parts":
		p := v.partsList(L)
		luart.SetField(v.t, "parts", p)
		return p
	case "hp_lost":
		return luart.Int(e.Applied.HPLost)
	case "past_zero":
		return luart.Int(e.Applied.PastZero)
	case "touch":
		return lua.LBool(e.Touch)
	case "threat":
		return lua.LBool(e.Roll.Threat)
	case "confirm_natural":
		if e.Roll.ConfirmRolled {
			return luart.Int(e.Roll.ConfirmNatural)
		}
	case "confirm_total":
		if e.Roll.ConfirmRolled {
			return luart.Int(e.Roll.ConfirmTotal)
		}
	case "nonlethal":
		return lua.LBool(e.Nonlethal)
	}
	return lua.LNil
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
		luart.SetField(pt, "type", v.str(p.Type))
		luart.SetField(pt, "amount", luart.Int(p.Amount))
		var taken lua.LValue = lua.LNil
		for _, tk := range e.Taken {
			if tk.Type == p.Type {
				taken = luart.Int(tk.Amount)
			}
		}
		luart.SetField(pt, "taken", taken)
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
	rec := luaval.Record{T: t, Where: "the event table", Layer: "fight"}
	for i, k := range attackWritable {
		if t.RawGetString(k) == lua.LNil {
			continue
		}
		switch i {
		case 0:
			e.Adv = rec.Int(k, e.Adv)
		case 1:
			e.Dis = rec.Int(k, e.Dis)
		case 2:
			e.Bonus = rec.Int(k, e.Bonus)
		case 3:
			e.Hit = rec.Bool(k, e.Hit)
		case 4:
			e.Crit = rec.Bool(k, e.Crit)
		case 5:
			e.Damage = rec.Int(k, e.Damage)
		case 6:
			e.Nonlethal = rec.Bool(k, e.Nonlethal)
		}
		t.RawSetString(k, lua.LNil)
	}
	return hookErr(rec.Err)
}

// hookErr explains a bad value a hook left in its event table: a number
// field must hold a whole number, a flag true or false.
func hookErr(err error) error {
	if err == nil {
		return nil
	}
	var e *errs.Error
	if errors.As(err, &e) {
		e.Msg = "a hook left a bad value in " + e.Msg
		e.Hint = "set the field to what it holds: a whole number (e.damage = e.damage + 2; roll dice with dice.total(\"2d6\")) or true/false"
	}
	return err
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
		luart.SetField(t, "fighter", creaturemod.Push(L, v.e.Fighter.C))
	} else {
		t.RawSetString("fighter", lua.LNil)
	}
	luart.SetField(t, "round", luart.Int(v.e.Round))
	luart.SetField(t, "acted", lua.LBool(v.e.Acted))
	luart.SetField(t, "skip", lua.LBool(v.e.Skip))
	return t
}

// FighterHas reports whether the creature whose turn it is has one of the
// conditions names (c:has), for rules.on's has option: false when the
// event has no creature.
func (v *turnView) FighterHas(names []string) bool {
	if v.e.Fighter == nil {
		return false
	}
	c := v.e.Fighter.C
	for _, n := range names {
		if c.HasCondition(n) {
			return true
		}
	}
	return false
}

func (v *turnView) FromLua(_ *lua.LState, t *lua.LTable) error {
	rec := luaval.Record{T: t, Where: "the event table", Layer: "fight"}
	v.e.Acted = rec.Bool("acted", false)
	v.e.Skip = rec.Bool("skip", false)
	return hookErr(rec.Err)
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
	luart.SetField(t, "mover", creaturemod.Push(L, e.Mover.C))
	if e.Hostile != nil {
		luart.SetField(t, "hostile", creaturemod.Push(L, e.Hostile.C))
	} else {
		t.RawSetString("hostile", lua.LNil)
	}
	luart.SetField(v.from, "x", luart.Int(e.From.X))
	luart.SetField(v.from, "y", luart.Int(e.From.Y))
	luart.SetField(v.to, "x", luart.Int(e.To.X))
	luart.SetField(v.to, "y", luart.Int(e.To.Y))
	luart.SetField(t, "from", v.from)
	luart.SetField(t, "to", v.to)
	luart.SetField(t, "step", luart.Int(e.Step))
	luart.SetField(t, "cost", luart.Int(e.Cost))
	kind := ""
	switch e.Kind {
	case grid.LeaveReach:
		kind = "leave_reach"
	case grid.ExitThreatened:
		kind = "exit_threatened"
	}
	luart.SetField(t, "kind", lua.LString(kind))
	luart.SetField(t, "cause", lua.LString(e.Cause))
	return t
}

func (v *moveView) FromLua(*lua.LState, *lua.LTable) error { return nil }

// adapter returns the payload adapter of a fight's events. An attack-level
// event gets the view of its nesting depth (fight.Depth): a hook that
// strikes from inside an attack sees the inner attack in a table of its
// own, and finds its own table and event as they were when the strike
// returns. Views are made once per depth and reused.
func adapter(r *luart.Runtime, f *fight.Fight) func(any) rulesmod.LuaPayload {
	var views []*attackView
	tv := &turnView{}
	mv := &moveView{}
	return func(d any) rulesmod.LuaPayload {
		switch x := d.(type) {
		case *fight.AttackEvent:
			i := max(f.Depth(), 1) - 1
			for len(views) <= i {
				views = append(views, &attackView{r: r})
			}
			av := views[i]
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
