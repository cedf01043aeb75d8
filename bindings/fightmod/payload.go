package fightmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/fight"
)

// attackView is the Lua view of a fight.AttackEvent: one table reused from
// event to event. Handlers read attacker, target, attack, natural, total,
// needed, hit, crit, damage, damage_type, hp_lost; they may change adv and
// bonus (before the roll), hit and crit (after it) and damage (before it is
// applied).
type attackView struct {
	r *luart.Runtime
	e *fight.AttackEvent
	t *lua.LTable
}

func (v *attackView) ToLua(L *lua.LState) *lua.LTable {
	if v.t == nil {
		v.t = L.CreateTable(0, 16)
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
		t.RawSetString("attack", lua.LString(e.Attack.Name))
		t.RawSetString("ranged", lua.LBool(e.Attack.Ranged))
		t.RawSetString("reach", lua.LNumber(e.Attack.Reach))
	} else {
		t.RawSetString("attack", lua.LNil)
	}
	t.RawSetString("adv", lua.LNumber(e.Adv))
	t.RawSetString("bonus", lua.LNumber(e.Bonus))
	t.RawSetString("natural", lua.LNumber(e.Roll.Natural))
	t.RawSetString("total", lua.LNumber(e.Roll.Total))
	t.RawSetString("needed", lua.LNumber(e.Roll.Target))
	t.RawSetString("hit", lua.LBool(e.Hit))
	t.RawSetString("crit", lua.LBool(e.Crit))
	t.RawSetString("damage", lua.LNumber(e.Damage))
	typ := ""
	if len(e.Parts) > 0 {
		typ = e.Parts[0].Type
	}
	t.RawSetString("damage_type", lua.LString(typ))
	t.RawSetString("hp_lost", lua.LNumber(e.Applied.HPLost))
	t.RawSetString("past_zero", lua.LNumber(e.Applied.PastZero))
	return t
}

func (v *attackView) FromLua(_ *lua.LState, t *lua.LTable) error {
	e := v.e
	e.Adv = int(lua.LVAsNumber(t.RawGetString("adv")))
	e.Bonus = int(lua.LVAsNumber(t.RawGetString("bonus")))
	e.Hit = lua.LVAsBool(t.RawGetString("hit"))
	e.Crit = lua.LVAsBool(t.RawGetString("crit"))
	e.Damage = int(lua.LVAsNumber(t.RawGetString("damage")))
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
	t.RawSetString("round", lua.LNumber(v.e.Round))
	t.RawSetString("acted", lua.LBool(v.e.Acted))
	t.RawSetString("skip", lua.LBool(v.e.Skip))
	return t
}

func (v *turnView) FromLua(_ *lua.LState, t *lua.LTable) error {
	v.e.Acted = lua.LVAsBool(t.RawGetString("acted"))
	v.e.Skip = lua.LVAsBool(t.RawGetString("skip"))
	return nil
}

// adapter returns the payload adapter of a fight's events.
func adapter(r *luart.Runtime, _ *fight.Fight) func(any) rulesmod.LuaPayload {
	av := &attackView{r: r}
	tv := &turnView{}
	return func(d any) rulesmod.LuaPayload {
		switch x := d.(type) {
		case *fight.AttackEvent:
			av.e = x
			return av
		case *fight.TurnEvent:
			tv.e = x
			return tv
		}
		return nil
	}
}
