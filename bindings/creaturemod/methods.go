package creaturemod

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
)

// untyped is the damage type of an amount given without one (the label
// dice.roll gives unlabelled terms).
const untyped = "untyped"

// Methods returns the methods of creature handles (c:name(...)), with their
// signatures and doc lines for the API reference. Argument 1 of each Fn is
// the handle.
func Methods() []luart.Func {
	return []luart.Func{
		{Name: "get", Args: "(field)", Doc: "returns a field: " + strings.Join(fieldNames(false), ", ") + " (tables are copies)", Fn: mGet},
		{Name: "set", Args: "(field, value)", Doc: "sets a field: " + strings.Join(fieldNames(true), ", ") + " (see the stat-block format; a bad value changes nothing)", Fn: mSet},
		{Name: "damage", Args: "(amount [, type] [, opts]) or (parts [, opts])", Doc: "applies damage (parts: {{amount =, type =}...} or {type = amount}); opts: steps, adjust, traits, bypass, nonlethal, ignore_temp; returns the record {total, temp_absorbed, hp_lost, hp_before, hp_after, past_zero, overflow, types = {{type, raw, final, immune, steps}...}, ...}", Fn: mDamage},
		{Name: "heal", Args: "(n [, opts])", Doc: "adds n hit points up to the maximum (opts.nonlethal: removes nonlethal damage instead); returns the amount regained", Fn: mHeal},
		{Name: "gain_temp", Args: "(n [, opts])", Doc: "grants n temporary hit points, keeping the higher of old and new (opts.replace: the new amount); returns the temporary hit points held", Fn: mGainTemp},
		{Name: "add_condition", Args: "(name [, opts])", Doc: "adds a condition; opts: level, source, duration (a handle), stacking (keep|refresh|levels|independent, default keep), max_level; returns {id, added, changed, immune, level}", Fn: mAddCondition},
		{Name: "remove_condition", Args: "(name_or_id [, opts])", Doc: "removes every instance of a condition name (opts.source: only that source's) or the instance with an id; returns how many were removed", Fn: mRemoveCondition},
		{Name: "reduce_level", Args: "(name, n [, opts])", Doc: "lowers a condition's level by up to n, newest instance first (opts.source: only that source's), removing instances at level 0; returns by how much", Fn: mReduceLevel},
		{Name: "expire", Args: "(handle)", Doc: "removes the conditions holding a duration handle; returns them as a list", Fn: mExpire},
		{Name: "has", Args: "(name)", Doc: "returns whether any instance of the condition is present", Fn: mHas},
		{Name: "level", Args: "(name)", Doc: "returns the condition's total level over its instances (0 when absent)", Fn: mLevel},
		{Name: "conditions", Args: "([name])", Doc: "returns the condition instances (of one name), oldest first, as {id, name, level, source, duration} (source and duration only when set)", Fn: mConditions},
		{Name: "immune_to", Args: "(condition)", Doc: "returns whether the creature is immune to a condition", Fn: mImmuneTo},
		{Name: "add_tag", Args: "(tag)", Doc: "adds a tag; returns whether it was new", Fn: mAddTag},
		{Name: "remove_tag", Args: "(tag)", Doc: "removes a tag; returns whether it was there", Fn: mRemoveTag},
		{Name: "has_tag", Args: "(tag)", Doc: "returns whether the creature has a tag", Fn: mHasTag},
		{Name: "ability", Args: "(name)", Doc: "returns an ability score, or nil when the creature has none of that name", Fn: mAbility},
		{Name: "spend", Args: "(resource [, n])", Doc: "spends n (default 1) of a resource (more than is left is an error); returns what is left", Fn: mSpend},
		{Name: "restore", Args: "(resource [, n])", Doc: "restores up to n of a resource (default: to its maximum); returns the amount restored", Fn: mRestore},
		{Name: "resource", Args: "(name)", Doc: "returns {current, max, recharge, rest, die, min, amount} of a resource, or nil", Fn: mResource},
		{Name: "set_resource", Args: "(name, spec)", Doc: "adds or replaces a resource ({max, current, recharge, rest, die, min, amount} or a maximum)", Fn: mSetResource},
		{Name: "start_turn", Args: "()", Doc: "refills turn resources and rolls the recharge of roll resources that are not full (with the run's dice); returns the rolls {{name, face, recharged}...}", Fn: mStartTurn},
		{Name: "start_round", Args: "()", Doc: "refills round resources; returns how many changed", Fn: mStartRound},
		{Name: "rest", Args: "(kind)", Doc: "refills the resources that recharge on a rest of that kind; returns how many changed", Fn: mRest},
		{Name: "add_trait", Args: "(trait)", Doc: "adds a damage trait {kind = immune|resist|vuln|resist_flat|vuln_flat, type, amount, num, den, except, pool, key, source}", Fn: mAddTrait},
		{Name: "remove_traits", Args: "(source)", Doc: "removes the damage traits granted by source; returns how many", Fn: mRemoveTraits},
		{Name: "reset_pools", Args: "()", Doc: "refills every pooled flat resistance", Fn: mResetPools},
		{Name: "clone", Args: "([opts])", Doc: "returns an independent copy (a new handle); opts: id, name, side", Fn: mClone},
		{Name: "to_json", Args: "()", Doc: "returns the creature's state as JSON (stable field order; creature.from_json reads it)", Fn: mToJSON},
	}
}

// fieldNames lists the fields c:get (or c:set) knows.
func fieldNames(settable bool) []string {
	var out []string
	for _, f := range fields {
		if settable && f.settable || !settable && f.get != nil {
			out = append(out, f.name)
		}
	}
	return out
}

// ---- argument helpers ----

func checkInt(L *lua.LState, n int, what string) int {
	v, err := intOf(what, L.Get(n))
	if err != nil {
		argError(L, n, err)
	}
	return v
}

func checkNonNeg(L *lua.LState, n int, what string) int {
	v, err := nonNegOf(what, L.Get(n))
	if err != nil {
		argError(L, n, err)
	}
	return v
}

// opts reads the options table of argument n (nil or absent is none)
// through fs, raising a bad-argument error on an unknown key or a bad
// value.
func opts(L *lua.LState, n int, fs ...fieldFn) {
	v := L.Get(n)
	if v == lua.LNil {
		return
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		L.ArgError(n, "options table expected, got "+v.Type().String())
	}
	if err := readFields("opts", t, fs...); err != nil {
		argError(L, n, err)
	}
}

func raise(L *lua.LState, err error) {
	if err != nil {
		luart.Raise(L, err)
	}
}

func push(L *lua.LState, v lua.LValue) int {
	L.Push(v)
	return 1
}

// ---- fields ----

func mGet(L *lua.LState) int {
	c := Check(L, 1)
	name := L.CheckString(2)
	i, ok := fieldIndex[name]
	if !ok || fields[i].get == nil {
		L.ArgError(2, fmt.Sprintf("unknown field %q (known: %s)", name, strings.Join(fieldNames(false), ", ")))
	}
	return push(L, fields[i].get(L, c))
}

func mSet(L *lua.LState) int {
	c := Check(L, 1)
	name := L.CheckString(2)
	i, ok := fieldIndex[name]
	if !ok || !fields[i].settable {
		hint := ""
		if name == "traits" {
			hint = "; add traits with c:add_trait"
		}
		L.ArgError(2, fmt.Sprintf("unknown or read-only field %q (settable: %s)%s", name, strings.Join(fieldNames(true), ", "), hint))
	}
	v := L.Get(3)
	if v == lua.LNil {
		L.ArgError(3, name+": value expected, got nil")
	}
	f := fields[i]
	if f.table {
		tmp := c.Clone()
		if err := f.set(tmp, name, v); err != nil {
			argError(L, 3, err)
		}
		*c = *tmp
		return 0
	}
	if err := f.set(c, name, v); err != nil {
		argError(L, 3, err)
	}
	return 0
}

func mAbility(L *lua.LState) int {
	c := Check(L, 1)
	if v, ok := c.Ability(L.CheckString(2)); ok {
		return push(L, lua.LNumber(v))
	}
	return push(L, lua.LNil)
}

// ---- hit points and damage ----

// parseParts reads the parts of c:damage from argument 2 (and 3), and
// returns them with the index of the options argument.
func parseParts(L *lua.LState, dst []creature.Damage) ([]creature.Damage, int) {
	switch v := L.Get(2).(type) {
	case lua.LNumber:
		amount := checkNonNeg(L, 2, "amount")
		typ, optsAt := untyped, 3
		switch t := L.Get(3).(type) {
		case lua.LString:
			if t == "" {
				L.ArgError(3, "damage type must not be empty")
			}
			typ, optsAt = string(t), 4
		case *lua.LNilType:
			if L.GetTop() >= 4 {
				optsAt = 4
			}
		case *lua.LTable:
		default:
			L.ArgError(3, "damage type (string) or options table expected, got "+t.Type().String())
		}
		return append(dst, creature.Damage{Type: typ, Amount: amount}), optsAt
	case *lua.LTable:
		if v.Len() > 0 {
			list, err := listOf("parts", v)
			if err != nil {
				argError(L, 2, err)
			}
			for i, e := range list {
				p := creature.Damage{Type: untyped, Amount: -1}
				path := fmt.Sprintf("parts[%d]", i+1)
				t, err := tableOf(path, e)
				if err == nil {
					err = readFields(path, t, nonNegField("amount", &p.Amount),
						fieldFn{Key: "type", Fn: func(p2 string, v lua.LValue) (err error) { p.Type, err = nameOf(p2, v); return }})
				}
				if err == nil && p.Amount < 0 {
					err = bad(path+".amount", "missing")
				}
				if err != nil {
					argError(L, 2, err)
				}
				dst = append(dst, p)
			}
			return dst, 3
		}
		keys, err := mapKeys("parts", v)
		if err != nil {
			argError(L, 2, err)
		}
		for _, k := range keys {
			n, err := nonNegOf("parts."+k, v.RawGetString(k))
			if err != nil {
				argError(L, 2, err)
			}
			dst = append(dst, creature.Damage{Type: k, Amount: n})
		}
		return dst, 3
	default:
		L.ArgError(2, "damage amount or table of parts expected, got "+v.Type().String())
	}
	return dst, 3
}

// parseDamageOpts reads the options of c:damage; nil when there are none.
func parseDamageOpts(L *lua.LState, n int) *creature.DamageOptions {
	if L.Get(n) == lua.LNil {
		return nil
	}
	o := new(creature.DamageOptions)
	opts(L, n,
		fieldFn{Key: "steps", Fn: func(p string, v lua.LValue) error {
			vals, err := listOf(p, v)
			if err != nil {
				return err
			}
			for i, e := range vals {
				s, err := stepOf(fmt.Sprintf("%s[%d]", p, i+1), e, true)
				if err != nil {
					return err
				}
				o.Steps = append(o.Steps, s)
			}
			if len(o.Steps) == 0 {
				return bad(p, "an empty list applies no step at all; leave steps out for the default order")
			}
			return nil
		}},
		fieldFn{Key: "adjust", Fn: func(p string, v lua.LValue) error {
			vals, err := listOf(p, v)
			if err != nil {
				return err
			}
			for i, e := range vals {
				a, err := parseAdjust(fmt.Sprintf("%s[%d]", p, i+1), e)
				if err != nil {
					return err
				}
				o.Adjust = append(o.Adjust, a)
			}
			return nil
		}},
		fieldFn{Key: "traits", Fn: func(p string, v lua.LValue) (err error) { o.Traits, err = parseTraits(p, v); return }},
		strListField("bypass", &o.Bypass),
		boolField("nonlethal", &o.Nonlethal),
		boolField("ignore_temp", &o.IgnoreTemp),
	)
	return o
}

// parseAdjust reads {type = "*", num, den, add, source}: the amount
// becomes floor(x*num/den) + add.
func parseAdjust(path string, v lua.LValue) (creature.Adjustment, error) {
	a := creature.Adjustment{Type: creature.AllTypes}
	t, err := tableOf(path, v)
	if err != nil {
		return a, err
	}
	err = readFields(path, t,
		fieldFn{Key: "type", Fn: func(p string, v lua.LValue) (err error) { a.Type, err = nameOf(p, v); return }},
		nonNegField("num", &a.Num), nonNegField("den", &a.Den), intField("add", &a.Add), strField("source", &a.Source))
	if err == nil && (a.Num == 0) != (a.Den == 0) {
		err = bad(path, "give both num and den (positive), or neither")
	}
	return a, err
}

func typeTable(L *lua.LState, r *creature.TypeResult) *lua.LTable {
	t := L.CreateTable(0, 5)
	t.RawSetString("type", lua.LString(r.Type))
	t.RawSetString("raw", lua.LNumber(r.Raw))
	t.RawSetString("final", lua.LNumber(r.Final))
	t.RawSetString("immune", lua.LBool(r.Immune))
	steps := r.StepList()
	st := L.CreateTable(len(steps), 0)
	for _, s := range steps {
		e := L.CreateTable(0, 4)
		e.RawSetString("step", lua.LString(s.Step.String()))
		e.RawSetString("before", lua.LNumber(s.Before))
		e.RawSetString("after", lua.LNumber(s.After))
		if s.Source != "" {
			e.RawSetString("source", lua.LString(s.Source))
		}
		st.Append(e)
	}
	t.RawSetString("steps", st)
	return t
}

// RecordTable converts a damage application to the record c:damage
// returns.
func RecordTable(L *lua.LState, types []creature.TypeResult, o creature.Outcome) *lua.LTable {
	t := L.CreateTable(0, 14)
	set := func(k string, v int) { t.RawSetString(k, lua.LNumber(v)) }
	set("total", o.Total)
	set("temp_before", o.TempBefore)
	set("temp_absorbed", o.TempAbsorbed)
	set("temp_after", o.TempAfter)
	set("hp_before", o.HPBefore)
	set("hp_lost", o.HPLost)
	set("hp_after", o.HPAfter)
	set("past_zero", o.PastZero)
	set("overflow", o.Overflow)
	t.RawSetString("nonlethal", lua.LBool(o.Nonlethal))
	set("nonlethal_added", o.NonlethalAdded)
	tt := L.CreateTable(len(types), 0)
	for i := range types {
		tt.Append(typeTable(L, &types[i]))
	}
	t.RawSetString("types", tt)
	return t
}

func mDamage(L *lua.LState) int {
	c := Check(L, 1)
	var one [1]creature.Damage
	parts, optsAt := parseParts(L, one[:0])
	o := parseDamageOpts(L, optsAt)
	if _, isNum := L.Get(2).(lua.LNumber); isNum {
		tr, out, err := c.ApplyDamageOne(parts[0].Type, parts[0].Amount, o)
		raise(L, err)
		return push(L, RecordTable(L, []creature.TypeResult{tr}, out))
	}
	st := mustState(L)
	raise(L, c.ApplyDamageInto(&st.rec, parts, o))
	return push(L, RecordTable(L, st.rec.Types, st.rec.Outcome))
}

func mHeal(L *lua.LState) int {
	c := Check(L, 1)
	n := checkNonNeg(L, 2, "n")
	var nonlethal bool
	opts(L, 3, boolField("nonlethal", &nonlethal))
	var got int
	var err error
	if nonlethal {
		got, err = c.HealNonlethal(n)
	} else {
		got, err = c.Heal(n)
	}
	raise(L, err)
	return push(L, luart.Int(got))
}

func mGainTemp(L *lua.LState) int {
	c := Check(L, 1)
	n := checkNonNeg(L, 2, "n")
	var replace bool
	opts(L, 3, boolField("replace", &replace))
	t, err := c.GainTemp(n, replace)
	raise(L, err)
	return push(L, luart.Int(t))
}

// ---- conditions ----

var stackingNames = []string{"keep", "refresh", "levels", "independent"}

func mAddCondition(L *lua.LState) int {
	keep := luart.ResultsWanted(L) != 0 // read before any hook runs other Lua
	c := Check(L, 1)
	cond := creature.Condition{Name: L.CheckString(2)}
	var spec creature.CondSpec
	if !addOptsFast(L.Get(3), &cond, &spec) {
		addOpts(L, 3, &cond, &spec)
	}
	res, err := c.AddCondition(cond, spec)
	raise(L, err)
	if !keep {
		return push(L, lua.LNil) // a statement: nobody reads the result
	}
	return push(L, addedShape.New(L, 0, []lua.LValue{luart.Int(res.ID), lua.LBool(res.Added),
		lua.LBool(res.Changed), lua.LBool(res.Immune), luart.Int(res.Level)}))
}

// addOpts reads c:add_condition's options (argument n) into cond and spec,
// raising the bad-argument error of an unknown key or a bad value.
func addOpts(L *lua.LState, n int, cond *creature.Condition, spec *creature.CondSpec) {
	opts(L, n,
		nonNegField("level", &cond.Level),
		strField("source", &cond.Source),
		intField("duration", &cond.Duration),
		fieldFn{Key: "stacking", Fn: func(p string, v lua.LValue) error {
			s, err := strOf(p, v)
			if err != nil {
				return err
			}
			for i, n := range stackingNames {
				if n == s {
					spec.Stacking = creature.Stacking(i)
					return nil
				}
			}
			return bad(p, "unknown stacking %q (%s)", s, strings.Join(stackingNames, ", "))
		}},
		nonNegField("max_level", &spec.MaxLevel),
	)
}

// addOptsFast is addOpts for the options every script passes, without its
// closures and key paths (a dozen allocations a call, add_condition being
// the most called creature method that takes options): nil, or a table of
// known keys whose values addOpts accepts, read the same way. It reports
// false, having changed nothing, for anything else (a table with another
// key, a value of another type, a negative level, a fraction, an unknown
// stacking), which addOpts then reads to raise its error.
// TestAddOptsFastMatchesAddOpts checks the two agree.
func addOptsFast(v lua.LValue, cond *creature.Condition, spec *creature.CondSpec) bool {
	if v == lua.LNil {
		return true
	}
	t, ok := v.(*lua.LTable)
	if !ok || t.Len() != 0 {
		return false
	}
	c, sp := *cond, *spec
	for k, x := t.Next(lua.LNil); k != lua.LNil; k, x = t.Next(k) {
		key, ok := k.(lua.LString)
		if !ok {
			return false
		}
		var err error
		switch key {
		case "level":
			c.Level, err = nonNegOf("", x)
		case "source":
			c.Source, err = strOf("", x)
		case "duration":
			c.Duration, err = intOf("", x)
		case "max_level":
			sp.MaxLevel, err = nonNegOf("", x)
		case "stacking":
			s, isStr := x.(lua.LString)
			i := slices.Index(stackingNames, string(s))
			if !isStr || i < 0 {
				return false
			}
			sp.Stacking = creature.Stacking(i)
		default:
			return false
		}
		if err != nil {
			return false
		}
	}
	*cond, *spec = c, sp
	return true
}

// The shapes of c:add_condition's result and of a condition's table (the
// order is the order pairs visits them in).
var (
	addedShape = luart.NewShape("id", "added", "changed", "immune", "level")
	condShape  = luart.NewShape("id", "name", "level", "source?", "duration?")
)

func condTable(L *lua.LState, in creature.Condition) *lua.LTable {
	v := [5]lua.LValue{luart.Int(in.ID), lua.LString(in.Name), luart.Int(in.Level)}
	if in.Source != "" {
		v[3] = lua.LString(in.Source)
	}
	if in.Duration != 0 {
		v[4] = luart.Int(in.Duration)
	}
	return condShape.New(L, 0, v[:])
}

func condList(L *lua.LState, cs []creature.Condition) *lua.LTable {
	t := L.CreateTable(len(cs), 0)
	for _, in := range cs {
		t.Append(condTable(L, in))
	}
	return t
}

func mRemoveCondition(L *lua.LState) int {
	c := Check(L, 1)
	source, hasSource := removeOpts(L)
	switch v := L.Get(2).(type) {
	case lua.LNumber:
		id := checkInt(L, 2, "id")
		if hasSource {
			L.ArgError(3, "opts.source applies to a condition name, not an instance id")
		}
		n := 0
		if c.RemoveConditionID(id) {
			n = 1
		}
		return push(L, luart.Int(n))
	case lua.LString:
		if !hasSource {
			return push(L, luart.Int(c.RemoveCondition(string(v))))
		}
		st := mustState(L)
		st.conds = c.ConditionsNamed(string(v), st.conds[:0])
		n := 0
		for _, in := range st.conds {
			if in.Source == source && c.RemoveConditionID(in.ID) {
				n++
			}
		}
		return push(L, luart.Int(n))
	default:
		L.ArgError(2, "condition name or instance id expected, got "+v.Type().String())
	}
	return 0
}

// removeOpts reads c:remove_condition's opts (source); apart, so that a
// call without them allocates nothing for the options' closure.
func removeOpts(L *lua.LState) (string, bool) {
	v := L.Get(3)
	if v == lua.LNil {
		return "", false
	}
	if source, hasSource, ok := removeOptsFast(v); ok {
		return source, hasSource
	}
	return readRemoveOpts(L)
}

// removeOptsFast is readRemoveOpts without its closure and key path, for
// the options scripts pass ({} or {source = a string}); ok is false, for
// readRemoveOpts to raise its error, for anything else.
// TestRemoveOptsFastMatchesReadRemoveOpts checks the two agree.
func removeOptsFast(v lua.LValue) (source string, hasSource, ok bool) {
	t, isTable := v.(*lua.LTable)
	if !isTable || t.Len() != 0 {
		return "", false, false
	}
	for k, x := t.Next(lua.LNil); k != lua.LNil; k, x = t.Next(k) {
		s, isStr := x.(lua.LString)
		if k != lua.LString("source") || !isStr {
			return "", false, false
		}
		source, hasSource = string(s), true
	}
	return source, hasSource, true
}

// readRemoveOpts reads the opts removeOpts found (its variables live on
// the heap, for the closure).
func readRemoveOpts(L *lua.LState) (source string, hasSource bool) {
	opts(L, 3, fieldFn{Key: "source", Fn: func(p string, v lua.LValue) (err error) {
		hasSource = true
		source, err = strOf(p, v)
		return
	}})
	return source, hasSource
}

func mReduceLevel(L *lua.LState) int {
	c := Check(L, 1)
	name := L.CheckString(2)
	n := checkNonNeg(L, 3, "n")
	var source string
	opts(L, 4, strField("source", &source))
	done, err := c.ReduceLevel(name, source, n)
	raise(L, err)
	return push(L, luart.Int(done))
}

func mExpire(L *lua.LState) int {
	c := Check(L, 1)
	h := checkInt(L, 2, "handle")
	return push(L, condList(L, c.ExpireDuration(h, nil)))
}

func mHas(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, lua.LBool(c.HasCondition(L.CheckString(2))))
}

func mLevel(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, luart.Int(c.Level(L.CheckString(2))))
}

func mConditions(L *lua.LState) int {
	c := Check(L, 1)
	if L.Get(2) == lua.LNil {
		return push(L, condList(L, c.Conditions(nil)))
	}
	return push(L, condList(L, c.ConditionsNamed(L.CheckString(2), nil)))
}

func mImmuneTo(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, lua.LBool(c.ConditionImmune(L.CheckString(2))))
}

// ---- tags ----

func mAddTag(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, lua.LBool(c.AddTag(L.CheckString(2))))
}

func mRemoveTag(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, lua.LBool(c.RemoveTag(L.CheckString(2))))
}

func mHasTag(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, lua.LBool(c.HasTag(L.CheckString(2))))
}

// ---- resources ----

func mSpend(L *lua.LState) int {
	c := Check(L, 1)
	name := L.CheckString(2)
	n := 1
	if L.Get(3) != lua.LNil {
		n = checkNonNeg(L, 3, "n")
	}
	raise(L, c.Spend(name, n))
	r, _ := c.Resource(name)
	return push(L, luart.Int(r.Current))
}

func mRestore(L *lua.LState) int {
	c := Check(L, 1)
	name := L.CheckString(2)
	var n int
	if L.Get(3) != lua.LNil {
		n = checkNonNeg(L, 3, "n")
	} else if r, ok := c.Resource(name); ok {
		n = r.Max
	}
	got, err := c.Restore(name, n)
	raise(L, err)
	return push(L, luart.Int(got))
}

func mResource(L *lua.LState) int {
	c := Check(L, 1)
	r, ok := c.Resource(L.CheckString(2))
	if !ok {
		return push(L, lua.LNil)
	}
	return push(L, ResourceTable(L, r))
}

func mSetResource(L *lua.LState) int {
	c := Check(L, 1)
	name := L.CheckString(2)
	if name == "" {
		L.ArgError(2, "resource name must not be empty")
	}
	r, err := parseResource(name, name, L.Get(3))
	if err != nil {
		argError(L, 3, err)
	}
	if err := c.SetResource(r); err != nil {
		argError(L, 3, prefixed(name, err))
	}
	return 0
}

func mStartTurn(L *lua.LState) int {
	c := Check(L, 1)
	st := mustState(L)
	rolls, err := c.StartTurn(st.r.Src, st.rolls[:0])
	st.rolls = rolls[:0]
	raise(L, err)
	t := L.CreateTable(len(rolls), 0)
	for _, r := range rolls {
		e := L.CreateTable(0, 3)
		e.RawSetString("name", lua.LString(r.Name))
		e.RawSetString("face", lua.LNumber(r.Face))
		e.RawSetString("recharged", lua.LBool(r.Recharged))
		t.Append(e)
	}
	return push(L, t)
}

func mStartRound(L *lua.LState) int {
	return push(L, luart.Int(Check(L, 1).StartRound()))
}

func mRest(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, luart.Int(c.Rest(L.CheckString(2))))
}

// ---- traits ----

func mAddTrait(L *lua.LState) int {
	c := Check(L, 1)
	tr, err := parseTrait("trait", L.Get(2))
	if err != nil {
		argError(L, 2, err)
	}
	if err := c.AddTrait(tr); err != nil {
		argError(L, 2, prefixed("trait", err))
	}
	return 0
}

func mRemoveTraits(L *lua.LState) int {
	c := Check(L, 1)
	return push(L, luart.Int(c.RemoveTraits(L.CheckString(2))))
}

func mResetPools(L *lua.LState) int {
	Check(L, 1).ResetTraitPools()
	return 0
}

// ---- copies ----

func mClone(L *lua.LState) int {
	c := Check(L, 1)
	d := c.Clone()
	opts(L, 2,
		fieldFn{Key: "id", Fn: func(p string, v lua.LValue) (err error) { d.ID, err = nameOf(p, v); return }},
		fieldFn{Key: "name", Fn: func(p string, v lua.LValue) (err error) { d.Name, err = displayName(p, v); return }},
		strField("side", &d.Side),
	)
	return push(L, Push(L, d))
}

func mToJSON(L *lua.LState) int {
	c := Check(L, 1)
	b, err := json.Marshal(c)
	raise(L, err)
	return push(L, lua.LString(b))
}
