package checkmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/check"
)

// num returns n as a Lua number (see luart.Int: no allocation for small n).
func num(n int) lua.LValue { return luart.Int(n) }

// decidedName is the Lua name of what decided an outcome.
func decidedName(d check.Decided) lua.LString {
	switch d {
	case check.ByAutoSuccess:
		return "auto_success"
	case check.ByAutoFailure:
		return "auto_failure"
	case check.ByForce:
		return "force"
	case check.ByNothing:
		return "none"
	}
	return "total"
}

func compareName(c check.Compare) lua.LString {
	switch c {
	case check.AtLeast:
		return ">="
	case check.Above:
		return ">"
	case check.AtMost:
		return "<="
	case check.Below:
		return "<"
	}
	return "none"
}

func keepName(k check.Keep) lua.LString {
	if k == check.KeepLowest {
		return "lowest"
	}
	return "highest"
}

func roleName(r check.DieRole) lua.LString {
	if r == check.Confirm {
		return "confirm"
	}
	return "main"
}

func sideName(s check.Side) lua.LString {
	switch s {
	case check.Initiator:
		return "initiator"
	case check.Defender:
		return "defender"
	case check.BothSides:
		return "both"
	}
	return "neither"
}

func howName(h check.Resolution) lua.LString {
	switch h {
	case check.ByForced:
		return "force"
	case check.ByTieRule:
		return "tie"
	case check.ByModifier:
		return "modifier"
	}
	return "totals"
}

// valueLua is a table cell as Lua sees it: a number when the cell is one,
// else its text.
func valueLua(v check.Value) lua.LValue {
	if v.IsNum {
		return num(v.Num)
	}
	return lua.LString(v.Text)
}

// modsTable converts applied modifiers to {{value, type, source, counted,
// why}...}; type and source are nil when empty, why only when the
// modifier did not count.
func modsTable(L *lua.LState, mods []check.AppliedMod) *lua.LTable {
	t := L.CreateTable(len(mods), 0)
	for i := range mods {
		m := &mods[i]
		mt := L.CreateTable(0, 5)
		mt.RawSetString("value", num(m.Value))
		if m.Type != "" {
			mt.RawSetString("type", lua.LString(m.Type))
		}
		if m.Source != "" {
			mt.RawSetString("source", lua.LString(m.Source))
		}
		mt.RawSetString("counted", lua.LBool(m.Counted))
		if !m.Counted {
			mt.RawSetString("why", lua.LString(m.Reason()))
		}
		t.Append(mt)
	}
	return t
}

func intsTable(L *lua.LState, v []int) *lua.LTable {
	t := L.CreateTable(len(v), 0)
	for _, n := range v {
		t.Append(num(n))
	}
	return t
}

// ResultTable converts a test result to the plain table check.roll
// returns (without text), for other modules that roll tests (the fight's
// attack roll).
func ResultTable(L *lua.LState, r *check.Result) *lua.LTable { return resultTable(L, r, false) }

// resultTable converts a test result to the plain table scripts receive.
func resultTable(L *lua.LState, r *check.Result, text bool) *lua.LTable {
	t := L.CreateTable(0, 28)
	dice := L.CreateTable(len(r.Dice), 0)
	for i := range r.Dice {
		d := &r.Dice[i]
		dt := L.CreateTable(0, 3)
		dt.RawSetString("face", num(d.Face))
		dt.RawSetString("kept", lua.LBool(d.State == check.Kept))
		dt.RawSetString("role", roleName(d.Role))
		dice.Append(dt)
	}
	t.RawSetString("dice", dice)
	t.RawSetString("sides", num(r.Sides))
	t.RawSetString("natural", num(r.Natural))
	t.RawSetString("value", num(r.Value))
	t.RawSetString("total", num(r.Total))
	t.RawSetString("mods", modsTable(L, r.Mods))
	t.RawSetString("mod_total", num(r.ModTotal))
	t.RawSetString("net_adv", num(r.Net))
	t.RawSetString("adv_up", num(r.AdvUp))
	t.RawSetString("adv_down", num(r.AdvDown))
	t.RawSetString("adv_bonus", num(r.AdvBonus))
	t.RawSetString("keep", keepName(r.Keep))
	t.RawSetString("compare", compareName(r.Compare))
	if r.Compare != check.NoTarget {
		t.RawSetString("target", num(r.Target))
	}
	t.RawSetString("success", lua.LBool(r.Success))
	t.RawSetString("decided", decidedName(r.Decided))
	t.RawSetString("margin", num(r.Margin))
	t.RawSetString("degree", num(r.Degree))
	t.RawSetString("threat", lua.LBool(r.Threat))
	t.RawSetString("crit", lua.LBool(r.Crit))
	t.RawSetString("fumble_threat", lua.LBool(r.FumbleThreat))
	t.RawSetString("fumble", lua.LBool(r.Fumble))
	t.RawSetString("confirmed", lua.LBool(r.Confirmed))
	if r.ConfirmRolled {
		t.RawSetString("confirm_natural", num(r.ConfirmNatural))
		t.RawSetString("confirm_total", num(r.ConfirmTotal))
	}
	if text {
		t.RawSetString("text", lua.LString(r.String()))
	}
	return t
}

// underTable converts a roll-under result to a plain table.
func underTable(L *lua.LState, r *check.UnderResult, text bool) *lua.LTable {
	t := L.CreateTable(0, 12)
	t.RawSetString("faces", intsTable(L, r.Faces))
	t.RawSetString("sum", num(r.Sum))
	t.RawSetString("roll", num(r.Roll))
	t.RawSetString("score", num(r.Score))
	t.RawSetString("success", lua.LBool(r.Success))
	t.RawSetString("decided", decidedName(r.Decided))
	t.RawSetString("margin", num(r.Margin))
	t.RawSetString("degree", num(r.Degree))
	t.RawSetString("mods", modsTable(L, r.RollMods))
	t.RawSetString("score_mods", modsTable(L, r.ScoreMods))
	if text {
		t.RawSetString("text", lua.LString(r.String()))
	}
	return t
}

// opposedTable converts an opposed result: {winner, how, margin, a, b,
// rounds = {{a=, b=}...}}; a and b are the deciding round's results (nil
// when a forced outcome decided without dice).
func opposedTable(L *lua.LState, o *check.OpposedResult, textA, textB bool) *lua.LTable {
	t := L.CreateTable(0, 6)
	t.RawSetString("winner", sideName(o.Winner))
	t.RawSetString("how", howName(o.How))
	t.RawSetString("margin", num(o.Margin))
	rounds := L.CreateTable(len(o.Rounds), 0)
	var a, b *lua.LTable
	for i := range o.Rounds {
		rd := &o.Rounds[i]
		a, b = resultTable(L, &rd.A, textA), resultTable(L, &rd.B, textB)
		rt := L.CreateTable(0, 2)
		rt.RawSetString("a", a)
		rt.RawSetString("b", b)
		rounds.Append(rt)
	}
	t.RawSetString("rounds", rounds)
	if a != nil {
		t.RawSetString("a", a)
		t.RawSetString("b", b)
	}
	return t
}

// hitFields sets the fields of a table hit on t.
func hitFields(t *lua.LTable, h check.Hit, label string) {
	t.RawSetString("value", valueLua(h.Value))
	t.RawSetString("text", lua.LString(h.Value.Text))
	t.RawSetString("row", num(h.Row+1))
	t.RawSetString("label", lua.LString(label))
	t.RawSetString("beyond", num(h.Beyond))
	t.RawSetString("clamped", lua.LBool(h.Clamped))
	t.RawSetString("extended", lua.LBool(h.Extended))
}
