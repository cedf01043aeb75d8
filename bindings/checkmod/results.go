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
		var v [5]lua.LValue
		v[0] = num(m.Value)
		if m.Type != "" {
			v[1] = lua.LString(m.Type)
		}
		if m.Source != "" {
			v[2] = lua.LString(m.Source)
		}
		v[3] = lua.LBool(m.Counted)
		if !m.Counted {
			v[4] = lua.LString(m.Reason())
		}
		t.Append(modShape.New(L, 0, v[:]))
	}
	return t
}

// The shapes of the tables of a test's result (the order is the order
// pairs visits them in).
var (
	modShape    = luart.NewShape("value", "type?", "source?", "counted", "why?")
	dieShape    = luart.NewShape("face", "kept", "role")
	resultShape = luart.NewShape("dice", "sides", "natural", "value", "total", "mods", "mod_total", "net_adv",
		"adv_up", "adv_down", "adv_bonus", "keep", "compare", "target?", "success", "decided", "margin",
		"degree", "threat", "crit", "fumble_threat", "fumble", "confirmed", "confirm_natural?",
		"confirm_total?", "text?")
)

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
	dice := L.CreateTable(len(r.Dice), 0)
	for i := range r.Dice {
		d := &r.Dice[i]
		dice.Append(dieShape.New(L, 0, []lua.LValue{num(d.Face), lua.LBool(d.State == check.Kept), roleName(d.Role)}))
	}
	v := [26]lua.LValue{
		dice, num(r.Sides), num(r.Natural), num(r.Value), num(r.Total), modsTable(L, r.Mods),
		num(r.ModTotal), num(r.Net), num(r.AdvUp), num(r.AdvDown), num(r.AdvBonus),
		keepName(r.Keep), compareName(r.Compare), nil, lua.LBool(r.Success), decidedName(r.Decided),
		num(r.Margin), num(r.Degree), lua.LBool(r.Threat), lua.LBool(r.Crit),
		lua.LBool(r.FumbleThreat), lua.LBool(r.Fumble), lua.LBool(r.Confirmed), nil, nil, nil,
	}
	if r.Compare != check.NoTarget {
		v[13] = num(r.Target)
	}
	if r.ConfirmRolled {
		v[23] = num(r.ConfirmNatural)
		v[24] = num(r.ConfirmTotal)
	}
	if text {
		v[25] = lua.LString(r.String())
	}
	return resultShape.New(L, 0, v[:])
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
