// Package creaturemod is the Lua module "creature": creature handles over
// the kernel's creature state (runtime/creature).
//
//	local creature = require("creature")
//	local g = creature.new{ id = "goblin", name = "Goblin Warrior", hp = 10, ac = 15 }
//	local rec = g:damage(7, "fire")                 -- {total = 7, hp_after = 3, types = {...}, ...}
//	g:damage({fire = 7, cold = 3}, { steps = {"immune", "adjust", "resist", "vuln"} })
//	g:add_condition("weary", { stacking = "levels", max_level = 6 })
//	g:spend("breath"); local rolls = g:start_turn() -- {{name = "breath", face = 5, recharged = true}}
//
// A creature is a handle: a userdata of type "creature" wrapping a
// *creature.Creature, with the methods of Methods. The same Go creature
// always maps to the same Lua value in a runtime (Push caches the handle),
// so handles compare with == and can key tables. Handles are read and
// changed through methods only (c:get("hp"), c:set("hp", 5)); assigning a
// field of a handle is an error.
//
// The module stores and reports; it decides nothing. Ability modifiers,
// what a condition does, which damage step order a rule system uses and
// what happens at 0 hit points are the scripts' business.
//
// # Stat blocks
//
// creature.new and FromTable read a stat-block table, the form a monster
// file returns. Every key but one of id/name and one of hp/max_hp is
// optional. Keys this module does not know are ignored (monster files
// carry attacks and hooks that other modules read); a bad value of a
// known key is an error naming the key ("hp: integer expected, got
// string", "traits[2].kind: unknown trait kind ...").
//
//	{
//	  id = "goblin",                    -- defaults to the name
//	  name = "Goblin Warrior",          -- or {en = "...", zh = "..."}: the kernel keeps en, else zh,
//	                                    -- else the first language by name; defaults to the id
//	  side = "foes",
//	  hp = 10, max_hp = 10,             -- max_hp defaults to hp, hp to max_hp
//	  floor = -10,                      -- lowest hp (0 or less; default 0)
//	  temp_hp = 0, nonlethal = 0,
//	  ac = 15, ac_descending = false,   -- descending: lower is better
//	  abilities = { str = 8, dex = 15 },  -- scores by any name
//	  speed = { walk = 30, fly = 60 },  -- or a number: the walking speed
//	  size = "small", size_rank = 2,    -- the name and its rank on the scale the scripts define (default 0)
//	  reach = 5,                        -- feet (default 0)
//	  space = 1,                        -- squares per side, or {w =, h =, shared =} (default 1)
//	  tags = { "goblinoid" },
//	  senses = { darkvision = 60, truesight = "unlimited" },  -- feet; c:get reports unlimited as math.huge
//	  traits = {                        -- damage traits
//	    { kind = "resist", type = "fire" },                -- multiplier, default 1/2
//	    { kind = "vuln", type = "cold", num = 3, den = 2 },-- multiplier, default 2
//	    { kind = "immune", type = "poison" },
//	    { kind = "resist_flat", type = "*", amount = 5, except = { "psychic" } },
//	    { kind = "vuln_flat", type = "bludgeoning", amount = 10 },
//	    -- also: pool = true (resist_flat: a shared budget until reset_pools),
//	    --       key = "silver" (ignored by damage with bypass = {"silver"}), source = "..."
//	  },
//	  resources = {
//	    breath = { max = 1, recharge = "roll", die = 6, min = 5 },
//	    second_wind = { max = 1, recharge = "rest", rest = "short" },
//	    reaction = { max = 1, recharge = "turn" },         -- also "round", "none" (default);
//	    rage = 3,                                          -- a bare number: max, no recharge
//	    -- current = n (default max), amount = n (restored per recharge; default all)
//	  },
//	  condition_immune = { "charmed" },
//	  pos = { x = 0, y = 0, z = 0 },
//	}
//
// Speeds, senses and abilities are tables keyed by name; set through
// c:set they merge into the creature's (a value of false removes an
// entry). Tags given to c:set replace the list. condition_immune takes a
// list (each becomes immune) or {name = true|false}.
//
// # Damage
//
// c:damage takes an amount and a type (c:damage(7, "fire"); without a type
// the damage is "untyped", the label dice.roll gives unlabelled terms), a
// list of parts {{amount = 7, type = "fire"}, ...} or a table of amounts by
// type ({fire = 7, cold = 3}, such as the labels of dice.roll, applied in
// type-name order). Parts of one type are summed first, so each trait
// applies once per type. opts.steps orders the pipeline (immune, adjust,
// resist, vuln, resist_flat, vuln_flat; default: that order); a rule
// system passes its own. opts.adjust lists per-hit changes {type = "*",
// num, den, add, source}: x becomes floor(x*num/den) + add (save for half
// is {num = 1, den = 2}). opts.traits adds traits for this hit only,
// opts.bypass lists trait keys it ignores, opts.nonlethal sends it to the
// nonlethal track and opts.ignore_temp skips temporary hit points. The
// record reports every applied step of every type:
//
//	{ total, temp_before, temp_absorbed, temp_after, hp_before, hp_lost, hp_after,
//	  past_zero, overflow, nonlethal, nonlethal_added,
//	  types = { { type, raw, final, immune, steps = { { step, before, after, source }... } }... } }
//
// # Methods
//
// Methods lists the methods with their signatures and doc lines (for the
// API reference, alongside the module's Funcs). Options tables are checked:
// an unknown key is an error naming it.
//
// # Go side
//
// Other bindings (a fight engine) push the same handles with Push, read
// arguments with Check and build creatures with FromTable. Handles are
// cached per runtime until Release or ReleaseAll: a batch runner that
// makes creatures per trial releases them at the end of each trial.
package creaturemod

import (
	"encoding/json"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/errs"
)

// TypeName is the name of the handles' type metatable.
const TypeName = "creature"

// stateKey is where the runtime keeps the module's state (r.Set).
const stateKey = "creature.handles"

// registryKey is where the Lua registry keeps a reference to the same
// state, so that Push and the methods, which get only an LState, find it.
const registryKey = "dndsh.creature"

// state is the module's per-runtime state: the handle cache and scratch
// space reused between calls.
type state struct {
	r       *luart.Runtime
	handles map[*creature.Creature]*lua.LUserData
	meta    *lua.LTable
	rec     creature.DamageRecord
	rolls   []creature.Roll
	conds   []creature.Condition
}

// install creates the state and the handle type of r once.
func install(r *luart.Runtime) *state {
	if st, ok := r.Get(stateKey).(*state); ok {
		return st
	}
	L := r.L
	st := &state{r: r, handles: map[*creature.Creature]*lua.LUserData{}}
	r.Set(stateKey, st)
	ref := L.NewUserData()
	ref.Value = st
	L.G.Registry.RawSetString(registryKey, ref)

	mt := L.NewTypeMetatable(TypeName)
	methods := L.NewTable()
	for _, m := range Methods() {
		methods.RawSetString(m.Name, L.NewFunction(m.Fn))
	}
	mt.RawSetString("__index", methods)
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		k := lua.LVAsString(L.Get(2))
		L.RaiseError("creature handles are read-only: use c:set(%q, value)", k)
		return 0
	}))
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(Check(L, 1).String()))
		return 1
	}))
	mt.RawSetString("__eq", L.NewFunction(func(L *lua.LState) int {
		a, _ := L.Get(1).(*lua.LUserData)
		b, _ := L.Get(2).(*lua.LUserData)
		L.Push(lua.LBool(a != nil && b != nil && a.Value == b.Value))
		return 1
	}))
	mt.RawSetString("__metatable", lua.LString(TypeName))
	st.meta = mt
	return st
}

// stateOf returns the module state of L's runtime, or nil.
func stateOf(L *lua.LState) *state {
	if ud, ok := L.G.Registry.RawGetString(registryKey).(*lua.LUserData); ok {
		st, _ := ud.Value.(*state)
		return st
	}
	return nil
}

func mustState(L *lua.LState) *state {
	st := stateOf(L)
	if st == nil {
		L.RaiseError("the creature module is not installed in this runtime (register creaturemod.Module first)")
	}
	return st
}

// Push returns the handle of c in L's runtime: the same Lua value every
// time for the same creature (until Release). A nil c is nil. The module
// must be registered in the runtime (Module does it).
func Push(L *lua.LState, c *creature.Creature) lua.LValue {
	if c == nil {
		return lua.LNil
	}
	st := mustState(L)
	if ud, ok := st.handles[c]; ok {
		return ud
	}
	ud := L.NewUserData()
	ud.Value = c
	ud.Metatable = st.meta
	st.handles[c] = ud
	return ud
}

// Of returns the creature of a handle v, and false when v is not one.
func Of(v lua.LValue) (*creature.Creature, bool) {
	if ud, ok := v.(*lua.LUserData); ok {
		if c, ok := ud.Value.(*creature.Creature); ok {
			return c, true
		}
	}
	return nil, false
}

// Check returns the creature of argument n, raising "creature expected,
// got X" when it is not a handle.
func Check(L *lua.LState, n int) *creature.Creature {
	v := L.Get(n)
	if c, ok := Of(v); ok {
		return c
	}
	L.ArgError(n, "creature expected, got "+v.Type().String())
	return nil
}

// Release drops c's handle from the runtime's cache. Existing handles keep
// working (and still compare equal to a later Push of c), but the runtime
// no longer keeps c alive.
func Release(L *lua.LState, c *creature.Creature) {
	if st := stateOf(L); st != nil {
		delete(st.handles, c)
	}
}

// ReleaseAll empties the runtime's handle cache (at the end of a batch
// trial).
func ReleaseAll(L *lua.LState) {
	if st := stateOf(L); st != nil {
		clear(st.handles)
	}
}

// Module returns the "creature" module bound to r. It installs the handle
// type in r's state at once, so Push works before any script requires the
// module.
func Module(r *luart.Runtime) luart.Module {
	install(r)
	return luart.Module{
		Name: "creature",
		Doc:  "Creature handles: stat blocks, hit points, damage through ordered steps, conditions, resources, tags (methods: see Methods).",
		Funcs: []luart.Func{
			{Name: "new", Args: "(stat_block)", Doc: "builds a creature from a stat-block table and returns its handle; a bad value of a known key is an error naming the key", Fn: func(L *lua.LState) int {
				t := L.CheckTable(1)
				c, err := FromTable(t)
				if err != nil {
					argError(L, 1, err)
				}
				L.Push(Push(L, c))
				return 1
			}},
			{Name: "from_json", Args: "(text)", Doc: "returns a creature decoded from the JSON of c:to_json()", Fn: func(L *lua.LState) int {
				s := L.CheckString(1)
				c := new(creature.Creature)
				if err := json.Unmarshal([]byte(s), c); err != nil {
					var e *errs.Error
					if ee, ok := err.(*errs.Error); ok {
						e = ee
					} else {
						e = &errs.Error{Kind: errs.Data, Layer: "creature", Msg: "bad creature record: " + err.Error(), Err: err}
					}
					luart.Raise(L, e)
				}
				L.Push(Push(L, c))
				return 1
			}},
			{Name: "is", Args: "(value)", Doc: "returns whether value is a creature handle", Fn: func(L *lua.LState) int {
				ud, ok := L.Get(1).(*lua.LUserData)
				if ok {
					_, ok = ud.Value.(*creature.Creature)
				}
				L.Push(lua.LBool(ok))
				return 1
			}},
		},
	}
}

// argError raises err as a bad-argument error of argument n, so the
// message carries the script's file and line.
func argError(L *lua.LState, n int, err error) {
	if e, ok := err.(*errs.Error); ok {
		L.ArgError(n, e.Msg)
	}
	L.ArgError(n, err.Error())
}
