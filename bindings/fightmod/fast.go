package fightmod

import (
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/fight"
)

// Cheap queries for tactics written in Lua, which ask them many times a
// round: each answers one question without building a table (fight.info
// and fight.strike build one of fifteen fields or more every call). They
// hold no rules: what they return is what fight.info, c:has and
// fight.strike would. The *_each ones answer for a whole list of
// creatures (tactics that weigh every enemy in turn, as 1e's target
// choice does on every attack routine), as the one-creature calls would
// one by one.

// fastFuncs returns these functions of the "fight" module, with their doc
// lines for the API reference.
func (fm *module) fastFuncs() []luart.Func {
	return []luart.Func{
		{Name: "out", Args: "(c)", Doc: "returns whether creature c is out of the current fight (fight.is(c, \"out\"))", Fn: fm.out},
		{Name: "side", Args: "(c)", Doc: "returns the name of creature c's side in the current fight (fight.info(c).side without the table)", Fn: fm.side},
		{Name: "has_any", Args: "(c, condition...)", Doc: "returns whether creature c has any of the conditions named (c:has of each in turn, in one call); needs no fight", Fn: hasAny},
		{Name: "has_any_tag", Args: "(c, tag...)", Doc: "returns whether creature c has any of the tags named (c:has_tag of each in turn, in one call); needs no fight", Fn: hasAnyTag},
		{Name: "swing", Args: "(attacker, target [, attack_name])", Doc: "makes one attack as fight.strike(attacker, target, attack_name) with no options does, and returns only whether it hit (no result table: for tactics that do not read it)", Fn: fm.swing},
		{Name: "tracing", Args: "()", Doc: "returns whether the current fight keeps a log (fight.note writes only then): a script can skip formatting notes nobody reads", Fn: fm.tracing},
		{Name: "has_any_each", Args: "(list, names [, into])", Doc: "returns a list of booleans: whether each creature of list has any of the conditions in the list names (fight.has_any of each, in one call), written into the table into when given (entries past #list are left alone); needs no fight", Fn: hasAnyEach},
		{Name: "hp_each", Args: "(list [, into])", Doc: "returns a list of the hit points of each creature of list (c:get(\"hp\") of each, in one call), written into the table into when given (entries past #list are left alone); needs no fight", Fn: hpEach},
		{Name: "has_any_in", Args: "(c, names)", Doc: "returns whether creature c has any of the conditions in the list names (fight.has_any(c, unpack(names)) without unpacking the list); needs no fight", Fn: hasAnyIn},
		{Name: "has_any_tag_in", Args: "(c, tags)", Doc: "returns whether creature c has any of the tags in the list tags (fight.has_any_tag(c, unpack(tags)) without unpacking the list); needs no fight", Fn: hasAnyTagIn},
		{Name: "has_any_tag_each", Args: "(list, tags [, into])", Doc: "returns a list of booleans: whether each creature of list has any of the tags in the list tags (fight.has_any_tag of each, in one call), written into the table into when given (entries past #list are left alone); needs no fight", Fn: hasAnyTagEach},
		{Name: "tags_among", Args: "(c, names [, into])", Doc: "returns the list of the names in the list names that creature c has as tags, each once, in the order of names (c:has_tag of each in turn, in one call), written into the table into when given (its entries after them cleared); needs no fight", Fn: tagsAmong},
		{Name: "tag_suffix", Args: "(c, prefix)", Doc: "returns the rest of creature c's first tag that begins with prefix and is longer than it (in the order the tags were added), or nil when it has none (c:get(\"tags\") searched without copying the list); needs no fight", Fn: tagSuffix},
		{Name: "out_each", Args: "(list [, into])", Doc: "returns a list of booleans: whether each creature of list is out of the current fight (fight.out of each, in one call), written into the table into when given (entries past #list are left alone)", Fn: fm.outEach},
		{Name: "side_each", Args: "(list [, into])", Doc: "returns a list of the names of the sides of each creature of list in the current fight (fight.side of each, in one call), written into the table into when given (entries past #list are left alone)", Fn: fm.sideEach},
		{Name: "enemy_count", Args: "(c)", Doc: "returns the number of living enemies of creature c in the current fight (#fight.enemies(c) without the list)", Fn: fm.enemyCount},
		{Name: "ally_count", Args: "(c)", Doc: "returns the number of living allies of creature c, itself included, in the current fight (#fight.allies(c) without the list)", Fn: fm.allyCount},
		{Name: "ability_each", Args: "(list, name [, into])", Doc: "returns a list of each creature of list's ability name (c:ability(name) of each, in one call: nil where a creature has none), written into the table into when given (entries past #list are left alone); needs no fight", Fn: abilityEach},
	}
}

// enemyCount is fight.enemy_count: the length of the list fight.enemies
// builds.
func (fm *module) enemyCount(L *lua.LState) int {
	f := fm.current(L)
	L.Push(luart.Int(len(f.Enemies(fm.fighterOf(L, 1)))))
	return 1
}

// allyCount is fight.ally_count: the length of the list fight.allies
// builds.
func (fm *module) allyCount(L *lua.LState) int {
	f := fm.current(L)
	L.Push(luart.Int(countAllies(f, fm.fighterOf(L, 1))))
	return 1
}

// out is fight.out.
func (fm *module) out(L *lua.LState) int {
	fm.current(L)
	L.Push(lua.LBool(fm.fighterOf(L, 1).Out))
	return 1
}

// side is fight.side.
func (fm *module) side(L *lua.LState) int {
	fm.current(L)
	x := fm.fighterOf(L, 1)
	L.Push(lua.LString(x.C.Side))
	return 1
}

// hasAny is fight.has_any.
func hasAny(L *lua.LState) int {
	return anyOf(L, func(c *creature.Creature, s string) bool { return c.HasCondition(s) })
}

// hasAnyTag is fight.has_any_tag.
func hasAnyTag(L *lua.LState) int {
	return anyOf(L, func(c *creature.Creature, s string) bool { return c.HasTag(s) })
}

// anyOf pushes whether has(c, name) holds for any name after the creature c
// (argument 1).
func anyOf(L *lua.LState, has func(*creature.Creature, string) bool) int {
	c := creaturemod.Check(L, 1)
	n := L.GetTop()
	for i := 2; i <= n; i++ {
		if has(c, L.CheckString(i)) {
			L.Push(lua.LTrue)
			return 1
		}
	}
	L.Push(lua.LFalse)
	return 1
}

// swing is fight.swing.
func (fm *module) swing(L *lua.LState) int {
	f := fm.current(L)
	x, t := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	a := strikeAttack(L, x, 3)
	e, err := f.StrikeWith(x, t, a, fight.StrikeOpts{})
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(lua.LBool(e != nil && e.Hit))
	return 1
}

// tracing is fight.tracing.
func (fm *module) tracing(L *lua.LState) int {
	L.Push(lua.LBool(fm.current(L).Trace != nil))
	return 1
}

// hasAnyEach is fight.has_any_each.
func hasAnyEach(L *lua.LState) int {
	return anyEach(L, "a list of condition names expected", (*creature.Creature).HasCondition)
}

// hasAnyTagEach is fight.has_any_tag_each.
func hasAnyTagEach(L *lua.LState) int {
	return anyEach(L, "a list of tags expected", (*creature.Creature).HasTag)
}

// anyEach pushes a list of whether has(c, name) holds for any name of the
// list at argument 2, for each creature c of the list at argument 1
// (written into the table at argument 3 when given).
func anyEach(L *lua.LState, what string, has func(*creature.Creature, string) bool) int {
	list := L.CheckTable(1)
	var buf [16]string
	names := nameList(L, 2, what, buf[:0])
	m := list.Len()
	out := into(L, 3, m)
	for i := 1; i <= m; i++ {
		c := creatureAt(L, list, i)
		any := false
		for _, s := range names {
			if has(c, s) {
				any = true
				break
			}
		}
		out.RawSetInt(i, lua.LBool(any))
	}
	L.Push(out)
	return 1
}

// nameList appends the strings of the list at argument n to dst, raising
// an argument error (what) when an entry is not one.
func nameList(L *lua.LState, n int, what string, dst []string) []string {
	nt := L.CheckTable(n)
	for i := 1; i <= nt.Len(); i++ {
		s, ok := nt.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(n, what)
		}
		dst = append(dst, string(s))
	}
	return dst
}

// hasAnyIn is fight.has_any_in.
func hasAnyIn(L *lua.LState) int {
	return anyIn(L, "a list of condition names expected", (*creature.Creature).HasCondition)
}

// hasAnyTagIn is fight.has_any_tag_in.
func hasAnyTagIn(L *lua.LState) int {
	return anyIn(L, "a list of tags expected", (*creature.Creature).HasTag)
}

// anyIn pushes whether has(c, name) holds for the creature c (argument 1)
// and any name of the list at argument 2, asked in the list's order.
func anyIn(L *lua.LState, what string, has func(*creature.Creature, string) bool) int {
	c := creaturemod.Check(L, 1)
	nt := L.CheckTable(2)
	n := nt.Len()
	for i := 1; i <= n; i++ {
		s, ok := nt.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(2, what)
		}
		if has(c, string(s)) {
			L.Push(lua.LTrue)
			return 1
		}
	}
	L.Push(lua.LFalse)
	return 1
}

// abilityEach is fight.ability_each.
func abilityEach(L *lua.LState) int {
	list := L.CheckTable(1)
	name := L.CheckString(2)
	m := list.Len()
	out := into(L, 3, m)
	for i := 1; i <= m; i++ {
		var v lua.LValue = lua.LNil
		if n, ok := creatureAt(L, list, i).Ability(name); ok {
			v = lua.LNumber(n)
		}
		out.RawSetInt(i, v)
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
	c, ok := creaturemod.Of(list.RawGetInt(i))
	if !ok {
		L.ArgError(1, "a list of creatures expected")
	}
	return c
}

// tagsAmong is fight.tags_among.
func tagsAmong(L *lua.LState) int {
	c := creaturemod.Check(L, 1)
	nt := L.CheckTable(2)
	n := nt.Len()
	out := into(L, 3, 0)
	k := 0
	for i := 1; i <= n; i++ {
		s, ok := nt.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(2, "a list of tags expected")
		}
		if c.HasTag(string(s)) {
			k++
			out.RawSetInt(k, s)
		}
	}
	for i := out.Len(); i > k; i-- {
		out.RawSetInt(i, lua.LNil)
	}
	L.Push(out)
	return 1
}

// tagSuffix is fight.tag_suffix.
func tagSuffix(L *lua.LState) int {
	c := creaturemod.Check(L, 1)
	prefix := L.CheckString(2)
	var buf [16]string
	for _, t := range c.Tags(buf[:0]) {
		if len(t) > len(prefix) && strings.HasPrefix(t, prefix) {
			L.Push(lua.LString(t[len(prefix):]))
			return 1
		}
	}
	L.Push(lua.LNil)
	return 1
}

// outEach is fight.out_each.
func (fm *module) outEach(L *lua.LState) int {
	return fm.fighterEach(L, func(x *fight.Fighter) lua.LValue { return lua.LBool(x.Out) })
}

// sideEach is fight.side_each.
func (fm *module) sideEach(L *lua.LState) int {
	return fm.fighterEach(L, func(x *fight.Fighter) lua.LValue { return lua.LString(x.C.Side) })
}

// fighterEach pushes a list of of(x) for the fighter x of each creature of
// the list at argument 1 in the current fight (written into the table at
// argument 2 when given), raising an argument error, as fighterOf does,
// for a creature not in the fight.
func (fm *module) fighterEach(L *lua.LState, of func(*fight.Fighter) lua.LValue) int {
	fm.current(L)
	list := L.CheckTable(1)
	m, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter) // as fighterOf reads it
	n := list.Len()
	out := into(L, 2, n)
	for i := 1; i <= n; i++ {
		x := m[creatureAt(L, list, i)]
		if x == nil {
			L.ArgError(1, "a creature of the list is not in the fight")
		}
		out.RawSetInt(i, of(x))
	}
	L.Push(out)
	return 1
}
