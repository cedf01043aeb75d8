package fightmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
)

// List queries for tactics that weigh every enemy in turn (the 1e
// scripts' target choice asks each enemy's hit points and conditions on
// every attack routine): one call answers for a whole list, as the
// per-creature calls would one by one. They hold no rules and need no
// fight.

// listFuncs returns these functions of the "fight" module, with their doc
// lines for the API reference.
func listFuncs() []luart.Func {
	return []luart.Func{
		{Name: "has_any_each", Args: "(list, names [, into])", Doc: "returns a list of booleans: whether each creature of list has any of the conditions in the list names (fight.has_any of each, in one call), written into the table into when given (entries past #list are left alone); needs no fight", Fn: hasAnyEach},
		{Name: "hp_each", Args: "(list [, into])", Doc: "returns a list of the hit points of each creature of list (c:get(\"hp\") of each, in one call), written into the table into when given (entries past #list are left alone); needs no fight", Fn: hpEach},
	}
}

// hasAnyEach is fight.has_any_each.
func hasAnyEach(L *lua.LState) int {
	list := L.CheckTable(1)
	nt := L.CheckTable(2)
	var buf [8]string
	names := buf[:0]
	for i := 1; i <= nt.Len(); i++ {
		s, ok := nt.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(2, "a list of condition names expected")
		}
		names = append(names, string(s))
	}
	m := list.Len()
	out := into(L, 3, m)
	for i := 1; i <= m; i++ {
		c := creatureAt(L, list, i)
		has := false
		for _, s := range names {
			if c.HasCondition(s) {
				has = true
				break
			}
		}
		out.RawSetInt(i, lua.LBool(has))
	}
	L.Push(out)
	return 1
}

// hpEach is fight.hp_each.
func hpEach(L *lua.LState) int {
	list := L.CheckTable(1)
	m := list.Len()
	out := into(L, 2, m)
	for i := 1; i <= m; i++ {
		out.RawSetInt(i, luart.Int(creatureAt(L, list, i).HP()))
	}
	L.Push(out)
	return 1
}

// into returns the table at argument n, or a new one for m entries when
// the argument is absent.
func into(L *lua.LState, n, m int) *lua.LTable {
	if L.Get(n) == lua.LNil {
		return L.CreateTable(m, 0)
	}
	return L.CheckTable(n)
}

// creatureAt returns the creature at index i of list (a handle
// creaturemod.Push made), raising an argument error when it is not one.
func creatureAt(L *lua.LState, list *lua.LTable, i int) *creature.Creature {
	if ud, ok := list.RawGetInt(i).(*lua.LUserData); ok {
		if c, ok := ud.Value.(*creature.Creature); ok {
			return c
		}
	}
	L.ArgError(1, "a list of creatures expected")
	return nil
}
