package creaturemod

import (
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/grid"
)

// field is one named field of a creature as c:get, c:set and the stat
// block see it. get is nil for write-only stat-block keys; set is nil for
// read-only fields. Setters taking a table run on a copy of the creature
// (merged) so that a bad entry changes nothing.
type field struct {
	name string
	get  func(L *lua.LState, c *creature.Creature) lua.LValue
	set  func(c *creature.Creature, path string, v lua.LValue) error
	// block is set for keys FromTable reads through set; table is set for
	// setters that take a table (run on a copy by c:set).
	block, table bool
	// settable is false for stat-block keys c:set refuses (traits: use
	// c:add_trait).
	settable bool
}

// fields are the creature's fields in stat-block application order (hp
// after floor, so a negative starting hp is possible). FromTable handles
// id, name, hp and max_hp itself. Never modified.
var fields = fieldList()

// fieldIndex maps a field name to its index in fields. Never modified.
var fieldIndex = func() map[string]int {
	m := make(map[string]int, len(fields))
	for i, f := range fields {
		m[f.name] = i
	}
	return m
}()

func fieldList() []field {
	num := func(f func(c *creature.Creature) int) func(*lua.LState, *creature.Creature) lua.LValue {
		return func(_ *lua.LState, c *creature.Creature) lua.LValue { return luart.Int(f(c)) } // small numbers boxed once
	}
	return []field{
		{name: "id", settable: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LString(c.ID) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) { c.ID, err = nameOf(p, v); return }},
		{name: "name", settable: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LString(c.Name) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) {
				c.Name, err = displayName(p, v)
				return
			}},
		{name: "side", settable: true, block: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LString(c.Side) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) { c.Side, err = strOf(p, v); return }},
		{name: "max_hp", settable: true, get: num((*creature.Creature).MaxHP),
			set: func(c *creature.Creature, p string, v lua.LValue) error {
				n, err := intOf(p, v)
				if err != nil {
					return err
				}
				return prefixed(p, c.SetMaxHP(n))
			}},
		{name: "floor", settable: true, block: true, get: num((*creature.Creature).Floor),
			set: func(c *creature.Creature, p string, v lua.LValue) error {
				n, err := intOf(p, v)
				if err != nil {
					return err
				}
				return prefixed(p, c.SetFloor(n))
			}},
		{name: "hp", settable: true, get: num((*creature.Creature).HP),
			set: func(c *creature.Creature, p string, v lua.LValue) error {
				n, err := intOf(p, v)
				if err != nil {
					return err
				}
				return prefixed(p, c.SetHP(n))
			}},
		{name: "temp_hp", settable: true, block: true, get: num((*creature.Creature).TempHP),
			set: func(c *creature.Creature, p string, v lua.LValue) error {
				n, err := nonNegOf(p, v)
				if err != nil {
					return err
				}
				_, err = c.GainTemp(n, true)
				return prefixed(p, err)
			}},
		{name: "nonlethal", settable: true, block: true, get: num((*creature.Creature).Nonlethal),
			set: func(c *creature.Creature, p string, v lua.LValue) error {
				n, err := nonNegOf(p, v)
				if err != nil {
					return err
				}
				if cur := c.Nonlethal(); n > cur {
					err = c.AddNonlethal(n - cur)
				} else {
					_, err = c.HealNonlethal(cur - n)
				}
				return prefixed(p, err)
			}},
		{name: "ac", settable: true, block: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LNumber(c.AC.Value) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) { c.AC.Value, err = intOf(p, v); return }},
		{name: "ac_descending", settable: true, block: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LBool(c.AC.Descending) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) {
				c.AC.Descending, err = boolOf(p, v)
				return
			}},
		{name: "abilities", settable: true, block: true, table: true, get: getAbilities, set: setAbilities},
		{name: "speed", settable: true, block: true, table: true, get: getSpeeds, set: setSpeeds},
		{name: "size", settable: true, block: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LString(c.Size.Name) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) { c.Size.Name, err = strOf(p, v); return }},
		{name: "size_rank", settable: true, block: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LNumber(c.Size.Rank) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) { c.Size.Rank, err = intOf(p, v); return }},
		{name: "reach", settable: true, block: true,
			get: func(_ *lua.LState, c *creature.Creature) lua.LValue { return lua.LNumber(c.Reach) },
			set: func(c *creature.Creature, p string, v lua.LValue) (err error) { c.Reach, err = nonNegOf(p, v); return }},
		{name: "space", settable: true, block: true, get: getSpace, set: setSpace},
		{name: "tags", settable: true, block: true, table: true,
			get: func(L *lua.LState, c *creature.Creature) lua.LValue { return strList(L, c.Tags(nil)) },
			set: setTags},
		{name: "senses", settable: true, block: true, table: true, get: getSenses, set: setSenses},
		{name: "traits", block: true, table: true, get: getTraits, set: addTraits},
		{name: "resources", settable: true, block: true, table: true, get: getResources, set: setResources},
		{name: "condition_immune", settable: true, block: true, table: true, set: setConditionImmune},
		{name: "pos", settable: true, block: true, get: getPos, set: setPos},
	}
}

// displayName reads a name: a string, or a table of names by language
// ({en = "...", zh = "..."}), of which the kernel keeps one: en, else zh,
// else the first language in sorted order.
func displayName(path string, v lua.LValue) (string, error) {
	if s, ok := v.(lua.LString); ok {
		return string(s), nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return "", bad(path, "string or table of names by language expected, got %s", typeName(v))
	}
	langs, err := mapKeys(path, t)
	if err != nil {
		return "", err
	}
	for _, l := range langs {
		if _, err := strOf(path+"."+l, t.RawGetString(l)); err != nil {
			return "", err
		}
	}
	for _, l := range []string{"en", "zh"} {
		if s, ok := t.RawGetString(l).(lua.LString); ok && s != "" {
			return string(s), nil
		}
	}
	if len(langs) == 0 {
		return "", bad(path, "names by language expected, got an empty table")
	}
	return lua.LVAsString(t.RawGetString(langs[0])), nil
}

// FromTable builds a creature from a stat-block table (see the package
// documentation for its keys). Keys it does not know are ignored; a bad
// value of a known key is an error naming the key.
func FromTable(t *lua.LTable) (*creature.Creature, error) {
	var id, name string
	var err error
	if v := t.RawGetString("id"); v != lua.LNil {
		if id, err = nameOf("id", v); err != nil {
			return nil, err
		}
	}
	if v := t.RawGetString("name"); v != lua.LNil {
		if name, err = displayName("name", v); err != nil {
			return nil, err
		}
	}
	hpV, maxV := t.RawGetString("hp"), t.RawGetString("max_hp")
	var hp, maxHP int
	if hpV != lua.LNil {
		if hp, err = intOf("hp", hpV); err != nil {
			return nil, err
		}
	}
	if maxV != lua.LNil {
		if maxHP, err = nonNegOf("max_hp", maxV); err != nil {
			return nil, err
		}
	}
	switch {
	case id == "" && name == "":
		return nil, bad("id", "a stat block needs an id or a name")
	case id == "":
		id = name
	case name == "":
		name = id
	}
	switch {
	case hpV == lua.LNil && maxV == lua.LNil:
		return nil, bad("hp", "a stat block needs hp or max_hp")
	case maxV == lua.LNil && hp < 0:
		return nil, bad("hp", "a negative hp needs max_hp and floor")
	case maxV == lua.LNil:
		maxHP = hp
	}
	if hpV == lua.LNil {
		hp = maxHP
	}
	if hp > maxHP {
		return nil, bad("hp", "%d is above max_hp %d", hp, maxHP)
	}
	c, err := creature.New(id, name, maxHP)
	if err != nil {
		return nil, prefixed("max_hp", err)
	}
	for _, f := range fields {
		if !f.block {
			if f.name == "hp" {
				if err := c.SetHP(hp); err != nil {
					return nil, prefixed("hp", err)
				}
			}
			continue
		}
		if v := t.RawGetString(f.name); v != lua.LNil {
			if err := f.set(c, f.name, v); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// ---- collections ----

func getAbilities(L *lua.LState, c *creature.Creature) lua.LValue {
	s := c.Abilities(nil)
	t := L.CreateTable(0, len(s))
	for _, a := range s {
		t.RawSetString(a.Name, lua.LNumber(a.Value))
	}
	return t
}

// eachNamed calls fn for every entry of a table keyed by name, in name
// order; a value of false passes remove.
func eachNamed(path string, v lua.LValue, fn func(path, name string, v lua.LValue, remove bool) error) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	keys, err := mapKeys(path, t)
	if err != nil {
		return err
	}
	for _, k := range keys {
		e := t.RawGetString(k)
		if err := fn(path+"."+k, k, e, e == lua.LFalse); err != nil {
			return err
		}
	}
	return nil
}

func setAbilities(c *creature.Creature, path string, v lua.LValue) error {
	return eachNamed(path, v, func(p, name string, v lua.LValue, remove bool) error {
		if remove {
			c.RemoveAbility(name)
			return nil
		}
		n, err := intOf(p, v)
		if err != nil {
			return err
		}
		return prefixed(p, c.SetAbility(name, n))
	})
}

func getSpeeds(L *lua.LState, c *creature.Creature) lua.LValue {
	s := c.Speeds(nil)
	t := L.CreateTable(0, len(s))
	for _, sp := range s {
		t.RawSetString(sp.Mode, lua.LNumber(sp.Feet))
	}
	return t
}

// walkMode is the movement mode a bare number sets (speed = 30).
const walkMode = "walk"

func setSpeeds(c *creature.Creature, path string, v lua.LValue) error {
	if _, ok := v.(lua.LNumber); ok {
		n, err := nonNegOf(path, v)
		if err != nil {
			return err
		}
		return prefixed(path, c.SetSpeed(walkMode, n))
	}
	if _, ok := v.(*lua.LTable); !ok {
		return bad(path, "number (walking speed) or table of speeds by mode expected, got %s", typeName(v))
	}
	return eachNamed(path, v, func(p, mode string, v lua.LValue, remove bool) error {
		if remove {
			c.RemoveSpeed(mode)
			return nil
		}
		n, err := nonNegOf(p, v)
		if err != nil {
			return err
		}
		return prefixed(p, c.SetSpeed(mode, n))
	})
}

func getSenses(L *lua.LState, c *creature.Creature) lua.LValue {
	s := c.Senses(nil)
	t := L.CreateTable(0, len(s))
	for _, se := range s {
		r := lua.LNumber(se.Range)
		if se.Range < 0 {
			r = unlimited
		}
		t.RawSetString(se.Name, r)
	}
	return t
}

// unlimited is the range c:get reports for a sense without limit: Lua's
// math.huge (which gopher-lua defines as the largest float).
const unlimited = lua.LNumber(math.MaxFloat64)

func setSenses(c *creature.Creature, path string, v lua.LValue) error {
	return eachNamed(path, v, func(p, name string, v lua.LValue, remove bool) error {
		if remove {
			c.RemoveSense(name)
			return nil
		}
		r := 0
		switch x := v.(type) {
		case lua.LString:
			if x != "unlimited" {
				return bad(p, "range in feet or \"unlimited\" expected, got %q", string(x))
			}
			r = grid.Unlimited
		case lua.LNumber:
			if float64(x) >= float64(unlimited) {
				r = grid.Unlimited
				break
			}
			n, err := intOf(p, v)
			if err != nil {
				return err
			}
			r = max(n, grid.Unlimited)
		default:
			return bad(p, "range in feet or \"unlimited\" expected, got %s", typeName(v))
		}
		return prefixed(p, c.SetSense(name, r))
	})
}

func setTags(c *creature.Creature, path string, v lua.LValue) error {
	tags, err := strListOf(path, v)
	if err != nil {
		return err
	}
	for _, t := range c.Tags(nil) {
		c.RemoveTag(t)
	}
	for _, t := range tags {
		c.AddTag(t)
	}
	return nil
}

func setConditionImmune(c *creature.Creature, path string, v lua.LValue) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	if t.Len() > 0 {
		names, err := strListOf(path, v)
		if err != nil {
			return err
		}
		for _, n := range names {
			c.SetConditionImmune(n, true)
		}
		return nil
	}
	return eachNamed(path, v, func(p, name string, v lua.LValue, _ bool) error {
		on, err := boolOf(p, v)
		if err != nil {
			return err
		}
		c.SetConditionImmune(name, on)
		return nil
	})
}

func getSpace(L *lua.LState, c *creature.Creature) lua.LValue {
	t := L.CreateTable(0, 3)
	t.RawSetString("w", lua.LNumber(c.Space.W))
	t.RawSetString("h", lua.LNumber(c.Space.H))
	t.RawSetString("shared", lua.LBool(c.Space.Shared))
	return t
}

func setSpace(c *creature.Creature, path string, v lua.LValue) error {
	if _, ok := v.(lua.LNumber); ok {
		n, err := intOf(path, v)
		if err != nil {
			return err
		}
		if n < 1 {
			return bad(path, "a footprint is at least 1 square, got %d", n)
		}
		c.Space = grid.Square(n)
		return nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return bad(path, "number of squares or {w =, h =, shared =} expected, got %s", typeName(v))
	}
	f := grid.Footprint{W: 1, H: 1}
	err := readFields(path, t, nonNegField("w", &f.W), nonNegField("h", &f.H), boolField("shared", &f.Shared))
	if err != nil {
		return err
	}
	if f.W < 1 || f.H < 1 {
		return bad(path, "a footprint is at least 1 by 1 square, got %d by %d", f.W, f.H)
	}
	c.Space = f
	return nil
}

func getPos(L *lua.LState, c *creature.Creature) lua.LValue {
	t := L.CreateTable(0, 3)
	t.RawSetString("x", lua.LNumber(c.Pos.X))
	t.RawSetString("y", lua.LNumber(c.Pos.Y))
	t.RawSetString("z", lua.LNumber(c.Pos.Z))
	return t
}

func setPos(c *creature.Creature, path string, v lua.LValue) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	var p grid.Pos
	if err := readFields(path, t, intField("x", &p.X), intField("y", &p.Y), intField("z", &p.Z)); err != nil {
		return err
	}
	c.Pos = p
	return nil
}

// ---- damage traits ----

// traitKinds are the trait kind names, in the kernel's step order.
var traitKinds = []string{"immune", "resist", "vuln", "resist_flat", "vuln_flat"}

func stepOf(path string, v lua.LValue, allowAdjust bool) (creature.DamageStep, error) {
	s, err := strOf(path, v)
	if err != nil {
		return 0, err
	}
	var st creature.DamageStep
	if st.UnmarshalText([]byte(s)) != nil || (!allowAdjust && st == creature.StepAdjust) {
		if allowAdjust {
			return 0, bad(path, "unknown damage step %q (immune, adjust, resist, vuln, resist_flat, vuln_flat)", s)
		}
		return 0, bad(path, "unknown trait kind %q (%s)", s, strings.Join(traitKinds, ", "))
	}
	return st, nil
}

// parseTrait reads {kind, type, amount, num, den, except, pool, key,
// source}.
func parseTrait(path string, v lua.LValue) (creature.Trait, error) {
	var tr creature.Trait
	t, err := tableOf(path, v)
	if err != nil {
		return tr, err
	}
	var hasAmount, hasFactor bool
	err = readFields(path, t,
		fieldFn{Key: "kind", Fn: func(p string, v lua.LValue) (err error) { tr.Kind, err = stepOf(p, v, false); return }},
		fieldFn{Key: "type", Fn: func(p string, v lua.LValue) (err error) { tr.Type, err = nameOf(p, v); return }},
		fieldFn{Key: "amount", Fn: func(p string, v lua.LValue) (err error) {
			hasAmount = true
			tr.Amount, err = nonNegOf(p, v)
			return
		}},
		fieldFn{Key: "num", Fn: func(p string, v lua.LValue) (err error) { hasFactor = true; tr.Num, err = nonNegOf(p, v); return }},
		fieldFn{Key: "den", Fn: func(p string, v lua.LValue) (err error) { hasFactor = true; tr.Den, err = nonNegOf(p, v); return }},
		strListField("except", &tr.Except),
		boolField("pool", &tr.Pool),
		strField("key", &tr.Key),
		strField("source", &tr.Source),
	)
	if err != nil {
		return tr, err
	}
	flat := tr.Kind == creature.StepResistFlat || tr.Kind == creature.StepVulnFlat
	switch {
	case tr.Kind == 0:
		return tr, bad(path+".kind", "missing (%s)", strings.Join(traitKinds, ", "))
	case tr.Type == "":
		return tr, bad(path+".type", "missing (a damage type, or %q for all)", creature.AllTypes)
	case flat && !hasAmount:
		return tr, bad(path+".amount", "a %s trait needs an amount", tr.Kind)
	case !flat && hasAmount:
		return tr, bad(path+".amount", "only resist_flat and vuln_flat traits have an amount")
	case hasFactor && tr.Kind != creature.StepResist && tr.Kind != creature.StepVuln:
		return tr, bad(path, "only resist and vuln traits have a factor num/den")
	case tr.Pool && tr.Kind != creature.StepResistFlat:
		return tr, bad(path+".pool", "only resist_flat traits have a pool")
	case (tr.Num == 0) != (tr.Den == 0):
		return tr, bad(path, "give both num and den (positive), or neither")
	}
	return tr, nil
}

func parseTraits(path string, v lua.LValue) ([]creature.Trait, error) {
	vals, err := listOf(path, v)
	if err != nil {
		return nil, err
	}
	out := make([]creature.Trait, len(vals))
	for i, e := range vals {
		if out[i], err = parseTrait(fmt.Sprintf("%s[%d]", path, i+1), e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func addTraits(c *creature.Creature, path string, v lua.LValue) error {
	ts, err := parseTraits(path, v)
	if err != nil {
		return err
	}
	for i, t := range ts {
		if err := c.AddTrait(t); err != nil {
			return prefixed(fmt.Sprintf("%s[%d]", path, i+1), err)
		}
	}
	return nil
}

// TraitTable converts a damage trait to the table c:get("traits") lists.
func TraitTable(L *lua.LState, tr creature.Trait) *lua.LTable {
	t := L.CreateTable(0, 4)
	t.RawSetString("kind", lua.LString(tr.Kind.String()))
	t.RawSetString("type", lua.LString(tr.Type))
	if tr.Kind == creature.StepResistFlat || tr.Kind == creature.StepVulnFlat {
		t.RawSetString("amount", lua.LNumber(tr.Amount))
	}
	if tr.Den != 0 {
		t.RawSetString("num", lua.LNumber(tr.Num))
		t.RawSetString("den", lua.LNumber(tr.Den))
	}
	if len(tr.Except) > 0 {
		t.RawSetString("except", strList(L, tr.Except))
	}
	if tr.Pool {
		t.RawSetString("pool", lua.LTrue)
		t.RawSetString("used", lua.LNumber(tr.Used))
	}
	if tr.Key != "" {
		t.RawSetString("key", lua.LString(tr.Key))
	}
	if tr.Source != "" {
		t.RawSetString("source", lua.LString(tr.Source))
	}
	return t
}

func getTraits(L *lua.LState, c *creature.Creature) lua.LValue {
	ts := c.Traits(nil)
	t := L.CreateTable(len(ts), 0)
	for _, tr := range ts {
		t.Append(TraitTable(L, tr))
	}
	return t
}

// ---- resources ----

// parseResource reads {max, current, recharge, rest, die, min, amount}
// or a bare number (a maximum, full, with no recharge).
func parseResource(path, name string, v lua.LValue) (creature.Resource, error) {
	r := creature.Resource{Name: name}
	if _, ok := v.(lua.LNumber); ok {
		n, err := nonNegOf(path, v)
		r.Max, r.Current = n, n
		return r, err
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return r, bad(path, "resource table {max, recharge, ...} or a maximum expected, got %s", typeName(v))
	}
	current := -1
	var hasMax bool
	err := readFields(path, t,
		fieldFn{Key: "max", Fn: func(p string, v lua.LValue) (err error) { hasMax = true; r.Max, err = nonNegOf(p, v); return }},
		nonNegField("current", &current),
		fieldFn{Key: "recharge", Fn: func(p string, v lua.LValue) error {
			s, err := strOf(p, v)
			if err != nil {
				return err
			}
			if r.Recharge.Kind.UnmarshalText([]byte(s)) != nil {
				return bad(p, "unknown recharge %q (none, turn, round, rest, roll)", s)
			}
			return nil
		}},
		strField("rest", &r.Recharge.Rest),
		nonNegField("die", &r.Recharge.Die),
		nonNegField("min", &r.Recharge.Min),
		nonNegField("amount", &r.Recharge.Amount),
	)
	if err != nil {
		return r, err
	}
	if !hasMax {
		return r, bad(path+".max", "missing (the resource's maximum)")
	}
	r.Current = r.Max
	if current >= 0 {
		r.Current = current
	}
	if r.Current > r.Max {
		return r, bad(path+".current", "%d is above max %d", r.Current, r.Max)
	}
	return r, nil
}

func setResources(c *creature.Creature, path string, v lua.LValue) error {
	return eachNamed(path, v, func(p, name string, v lua.LValue, remove bool) error {
		if remove {
			c.RemoveResource(name)
			return nil
		}
		r, err := parseResource(p, name, v)
		if err != nil {
			return err
		}
		return prefixed(p, c.SetResource(r))
	})
}

// ResourceTable converts a resource to the table c:resource returns:
// {current, max, recharge, rest, die, min, amount} (zero fields left out,
// recharge "none" included).
func ResourceTable(L *lua.LState, r creature.Resource) *lua.LTable {
	v := [7]lua.LValue{luart.Int(r.Current), luart.Int(r.Max), lua.LString(r.Recharge.Kind.String())}
	if r.Recharge.Rest != "" {
		v[3] = lua.LString(r.Recharge.Rest)
	}
	if r.Recharge.Die != 0 {
		v[4] = luart.Int(r.Recharge.Die)
		v[5] = luart.Int(r.Recharge.Min)
	}
	if r.Recharge.Amount != 0 {
		v[6] = luart.Int(r.Recharge.Amount)
	}
	return resourceShape.New(L, 0, v[:])
}

// resourceShape is the shape of ResourceTable's tables (the order is the
// order pairs visits them in).
var resourceShape = luart.NewShape("current", "max", "recharge", "rest?", "die?", "min?", "amount?")

func getResources(L *lua.LState, c *creature.Creature) lua.LValue {
	rs := c.Resources(nil)
	t := L.CreateTable(0, len(rs))
	for _, r := range rs {
		t.RawSetString(r.Name, ResourceTable(L, r))
	}
	return t
}
