// Package combatmod is the Lua module "combat": encounter handles over the
// kernel package runtime/combat, which keeps the time of a fight (sides and
// participants, initiative, rounds, turns and segments, surprise,
// newcomers, delay and ready, action budgets and durations).
//
//	local combat = require("combat")
//	local enc = combat.new{ initiative = { mode = "side", die = "1d6", ties = {"simultaneous"} },
//	                        slots = { action = 1, reaction = { count = 1, off_turn = true } }, round_seconds = 6 }
//	enc:add_side{ name = "party" }
//	enc:add{ id = "fighter", side = "party" }
//	enc:add{ id = "orc", side = "orcs" }
//	local rep = enc:begin()   -- {transitions = {{kind = "round_start", round = 1}, ...}, expired = {}}
//	enc:current()             -- {"fighter"} when the party won: the participants whose turn it is
//	enc:spend("fighter", "action")
//	enc:add_effect{ id = "bless", target = "fighter", ends = { after = 1, unit = "minute" } }
//	rep = enc:next_turn()     -- {transitions = {{kind = "turn_end", id = "fighter", ...}, ...}, ...}
//
// An encounter is a handle: a userdata of type "combat.encounter" with the
// methods of Methods. The module keeps time and reports it; it decides
// nothing. Which initiative policy, die and tie rules apply, what a slot is
// called and how many a turn has, how long a round lasts: the config
// passed to combat.new says, and a rule system's script writes it. A
// participant is an id, a side and the few numbers initiative needs; the
// scripts link it to a creature by id.
//
// # Config
//
// combat.new reads a config table; every field is optional (defaults in
// brackets) and an unknown key is an error naming it.
//
//	initiative = {
//	  mode = "individual"|"side",            -- [individual] side: one roll per side, its members share a step
//	  die = "1d20",                          -- [1d20] or a number of faces
//	  ties = {"modifier", "score", "reroll", "simultaneous"},  -- [{"modifier", "reroll"}] the tie chain;
//	                                         --   reroll and simultaneous end it; {} keeps the order of addition
//	  tie_die = "1d20",                      -- [the die] the die of reroll
//	  advantage = "cancel"|"net",            -- [cancel] how advantage and disadvantage levels combine
//	  max_advantage = 0,                     -- [0: no cap] cap on the net level
//	  reroll_each_round = false, group_turn = false, aware_newcomers_first = false,
//	}
//	surprise = "none"|"lost_round"|"lost_segments"|"round"|"disadvantage",  -- [none], or
//	surprise = { kind = ..., disadvantage = 1, slots = { standard = 0, partial = 1 },
//	             always = false, unordered = false, die = "1d6" },
//	slots = { action = 1, free = "unlimited",            -- a count (math.huge is unlimited too), or
//	          reaction = { count = 1, off_turn = true, reset = "turn_start"|"round_start"|"never" } },
//	composites = { full_round = {"standard", "move"} },  -- spends every part, all or none
//	segments = 0, round_seconds = 0, rounds_per_turn = 0, -- time; 0: the system has none
//	delay = { floor = -10, floor_minus_modifier = true }, -- the lowest count a delayer may name
//	ready = { moves_initiative = false, slot = "reaction" },
//
// The initiative table is read by ReadInitiative, which the fight module
// shares for its combat definition.
//
// # Reports
//
// begin, next_turn, next_segment and next_round return what happened, in
// order:
//
//	{ transitions = { { kind = "round_start"|"round_end"|"segment_start"|"turn_start"|"turn_resume"|
//	                           "turn_end"|"turn_skipped"|"turn_forfeited"|"ready_lost",
//	                    round = 1, segment = 3 (rounds with segments only),
//	                    id = "orc", count = 12 (participant transitions; count when it has one) }... },
//	  expired = { { id = "bless", cause = "turn_start"|"turn_end"|"initiative_count"|"time"|"save"|
//	                "ended"|"parent_ended", after = 2, owner =, target =, parent = }... } }
//
// An expiry's after is the number of transitions that came before it.
//
// # Effects
//
// enc:add_effect{id, owner, target, parent, save, ends} starts a duration.
// ends is one of {at = "turn_start"|"turn_end", who = id, nth = 1},
// {count = 15, round = 3}, {after = 3, unit = "rounds"} (unit: segment,
// round, turn, second, minute, hour, day; singular or plural; default
// rounds), {rounds_from_now = 10} (ends at the current initiative count
// that many rounds later), "save" (only enc:end_by_save or enc:end_effect
// end it), or absent (only enc:end_effect or its parent's end). save =
// true lets enc:end_by_save end an effect that also ends on time.
//
// # Errors
//
// A bad argument raises "bad argument #N to 'name' (path: problem)"; an
// error of the kernel (an unknown participant, no action left, a delay
// outside one's turn) is raised as the kernel's *errs.Error, which pcall
// sees as its message. Every die comes from the runtime's random source,
// so dice.force{...} forces initiative and surprise rolls.
package combatmod

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/combat"
)

// TypeName is the name of the encounter handles' type metatable.
const TypeName = "combat.encounter"

// Encounter is an encounter as Lua holds it (the value of a
// combat.encounter userdata).
type Encounter struct {
	E *combat.Encounter
}

// String describes the encounter for the REPL.
func (h *Encounter) String() string {
	e := h.E
	state := "not begun"
	if e.Round() > 0 || e.InSurprise() {
		state = fmt.Sprintf("round %d", e.Round())
	}
	return fmt.Sprintf("<combat.encounter %s, %d participants>", state, len(e.Participants()))
}

// Module returns the "combat" module bound to r: its encounters draw their
// dice from r.Src.
func Module(r *luart.Runtime) luart.Module {
	return luart.Module{
		Name: "combat",
		Doc:  "Encounters (runtime/combat): sides, initiative policies, rounds, turns and segments, surprise, newcomers, delay and ready, action budgets, durations (methods: see Methods).",
		Funcs: []luart.Func{
			{Name: "new", Args: "(config)", Doc: "returns a new encounter handle under config {initiative = {mode, die, ties, tie_die, advantage, max_advantage, reroll_each_round, group_turn, aware_newcomers_first}, surprise, slots, composites, segments, round_seconds, rounds_per_turn, delay, ready} (see the package docs)", Fn: func(L *lua.LState) int {
				cfg := checkConfig(L, 1)
				e, err := combat.New(cfg, r.Src)
				if err != nil {
					argError(L, 1, err)
				}
				L.Push(Push(L, e))
				return 1
			}},
			{Name: "convert", Args: "(amount, from, to, config)", Doc: "returns amount units from (segment, round, turn, second, minute, hour, day; plural too) in units to, under a config table or an encounter's config; a fraction is an error", Fn: convert},
			{Name: "is", Args: "(value)", Doc: "returns whether value is an encounter handle", Fn: func(L *lua.LState) int {
				ud, ok := L.Get(1).(*lua.LUserData)
				if ok {
					_, ok = ud.Value.(*Encounter)
				}
				L.Push(lua.LBool(ok))
				return 1
			}},
		},
	}
}

// checkConfig reads argument n as a config table (nil is the default
// config).
func checkConfig(L *lua.LState, n int) combat.Config {
	v := L.Get(n)
	if v == lua.LNil {
		v = L.NewTable()
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		L.ArgError(n, "config table expected, got "+typeName(v))
	}
	cfg, err := ReadConfig(t)
	if err != nil {
		argError(L, n, err)
	}
	return cfg
}

// convert implements combat.convert(amount, from, to, config).
func convert(L *lua.LState) int {
	amount, err := intOf("", L.Get(1))
	if err != nil {
		argError(L, 1, err)
	}
	from, err := unitOf("", L.Get(2))
	if err != nil {
		argError(L, 2, err)
	}
	to, err := unitOf("", L.Get(3))
	if err != nil {
		argError(L, 3, err)
	}
	var cfg combat.Config
	if ud, ok := L.Get(4).(*lua.LUserData); ok {
		h, ok := ud.Value.(*Encounter)
		if !ok {
			L.ArgError(4, "config table or encounter expected, got userdata")
		}
		cfg = h.E.Config()
	} else {
		if L.Get(4) == lua.LNil {
			L.ArgError(4, "config table or encounter expected, got nil")
		}
		cfg = checkConfig(L, 4)
	}
	n, err := cfg.Convert(amount, from, to)
	raise(L, err)
	L.Push(luart.Int(n))
	return 1
}

// metatable returns the handles' metatable, building it on first use in
// this state: __index is the method table, __tostring describes the
// encounter, assigning a field is an error, __metatable protects it.
func metatable(L *lua.LState) *lua.LTable {
	if mt, ok := L.GetTypeMetatable(TypeName).(*lua.LTable); ok {
		return mt
	}
	mt := L.NewTypeMetatable(TypeName)
	methods := Methods()
	idx := L.CreateTable(0, len(methods))
	for _, m := range methods {
		idx.RawSetString(m.Name, L.NewFunction(m.Fn))
	}
	mt.RawSetString("__index", idx)
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("encounter handles are read-only: use their methods (enc:set(id, {...}))")
		return 0
	}))
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(check(L, 1).String()))
		return 1
	}))
	mt.RawSetString("__metatable", lua.LString(TypeName))
	return mt
}

// Push returns a new handle of e.
func Push(L *lua.LState, e *combat.Encounter) lua.LValue {
	ud := L.NewUserData()
	ud.Value = &Encounter{E: e}
	ud.Metatable = metatable(L)
	return ud
}

// Check returns the encounter of argument n, raising "encounter expected,
// got X" when it is not a handle.
func Check(L *lua.LState, n int) *combat.Encounter { return check(L, n).E }

func check(L *lua.LState, n int) *Encounter {
	v := L.Get(n)
	if ud, ok := v.(*lua.LUserData); ok {
		if h, ok := ud.Value.(*Encounter); ok {
			return h
		}
	}
	L.ArgError(n, "encounter expected, got "+typeName(v)+" (call methods with a colon: enc:begin())")
	return nil
}
