package combatmod

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

func newRT(t testing.TB) *luart.Runtime {
	t.Helper()
	r, err := luart.New(luart.Config{Source: rng.New(1), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	r.Register(Module(r))
	return r
}

// prelude makes an encounter enc with participants a and b.
const prelude = `local combat = require("combat")
local enc = combat.new{ slots = { action = 1 } }
enc:add{ id = "a", side = "x" } enc:add{ id = "b", side = "y" }
`

func run(r *luart.Runtime, src string) ([]lua.LValue, error) {
	return r.DoString(context.Background(), "t.lua", prelude+src, nil)
}

// TestArgumentErrors checks that misuse names the function, the argument,
// the field and what was wrong.
func TestArgumentErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`combat.new("x")`, `bad argument #1 to new (config table expected, got string "x")`},
		{`combat.new{initiativ = {}}`, `bad argument #1 to new (unknown key "initiativ" (known: initiative, surprise, slots,`},
		{`combat.new{initiative = "side"}`, `bad argument #1 to new (initiative: table expected, got string "side")`},
		{`combat.new{initiative = {mode = "fast"}}`, `bad argument #1 to new (initiative: mode "fast": want individual or side)`},
		{`combat.new{initiative = {die = "2d6+1"}}`, `(initiative: die must be a die such as "1d20" or 20)`},
		{`combat.new{initiative = {die = 0}}`, `(initiative: die must be a die such as "1d20" or 20)`},
		{`combat.new{initiative = {ties = {"dex"}}}`, `(initiative: ties: unknown rule "dex" (modifier, score, reroll, simultaneous))`},
		{`combat.new{initiative = {ties = {"simultaneous", "modifier"}}}`, `(combat config: tie rule "simultaneous" must end the chain)`},
		{`combat.new{initiative = {max_advantage = 1.5}}`, `(initiative: max_advantage must be a whole number, 0 or more, got 1.5)`},
		{`combat.new{initiative = {group_turn = "yes"}}`, `(initiative: group_turn must be true or false, got string)`},
		{`combat.new{initiative = {surprise = "round"}}`, `unknown key "surprise" (known: mode, die, ties, reroll_each_round, advantage, tie_die, max_advantage, group_turn, aware_newcomers_first; surprise is a field of the combat config, beside initiative)`},
		{`combat.new{surprise = "ambush"}`, `(surprise: unknown surprise "ambush" (none, lost_round, lost_segments, round, disadvantage))`},
		{`combat.new{surprise = {disadvantage = 1}}`, `(surprise.kind: string expected, got nil)`},
		{`combat.new{surprise = {kind = "round", slots = {partial = 1}}}`, `(combat config: surprise budget names unknown slot "partial")`},
		{`combat.new{surprise = {kind = "lost_segments"}}`, `(combat config: lost-segment surprise needs SegmentsPerRound)`},
		{`combat.new{slots = {action = -1}}`, `(slots.action: must not be negative, got -1)`},
		{`combat.new{slots = {action = "one"}}`, `(slots.action: count (integer 0 or more, or "unlimited") expected, got string "one")`},
		{`combat.new{slots = {reaction = {count = 1, reset = "dawn"}}}`, `(slots.reaction.reset: unknown reset "dawn" (turn_start, round_start, never))`},
		{`combat.new{slots = {reaction = {cnt = 1}}}`, `(slots.reaction: unknown key "cnt" (known: count, off_turn, reset))`},
		{`combat.new{slots = {1, 2}}`, `(slots: table keyed by name expected, found key 1)`},
		{`combat.new{composites = {full = {"standard"}}}`, `(combat config: composite "full" names unknown slot "standard")`},
		{`combat.new{composites = {full = {}}}`, `(composites.full: a composite slot spends at least one slot)`},
		{`combat.new{segments = 2.5}`, `(segments: integer expected, got number 2.5)`},
		{`combat.new{delay = {floor_minus_modifier = true}}`, `(delay.floor_minus_modifier: needs delay.floor)`},
		{`combat.new{ready = {slot = "reaction"}}`, `(combat config: ReadySlot names unknown slot "reaction")`},
		{`enc:add("x")`, `bad argument #2 to add (table expected, got string "x")`},
		{`enc:add{id = "c"}`, `bad argument #2 to add (side: string expected, got nil)`},
		{`enc:add{side = "x"}`, `bad argument #2 to add (id: string expected, got nil)`},
		{`enc:add{id = "c", side = "x", init = "+2"}`, `(init: integer expected, got string "+2")`},
		{`enc:add{id = "c", side = "x", adv = -1}`, `(adv: must not be negative, got -1)`},
		{`enc:add{id = "c", side = "x", mod = 2}`, `(unknown key "mod" (known: id, side, group, init, score, adv, dis, aware, surprised, hidden, count))`},
		{`enc:add_side{init = 1}`, `bad argument #2 to add_side (name: string expected, got nil)`},
		{`enc:join({{id = "c"}})`, `bad argument #2 to join ([1].side: string expected, got nil)`},
		{`enc:join({id = "c", side = "x"})`, `bad argument #2 to join (list expected (a table with keys 1..n only))`},
		{`enc:join({}, {at = "later"})`, `bad argument #3 to join (at: "now" or "round_start" expected, got string "later")`},
		{`enc:surprise{{surprised_on = 2}}`, `bad argument #2 to surprise ([1].side: string expected, got nil)`},
		{`enc:surprise{{side = "x", die = "d0"}}`, `([1].die: die such as "1d6" or 6 expected, got string "d0")`},
		{`enc:surprise{{side = "x", chance = 2}}`, `([1]: unknown key "chance" (known: side, surprised_on, die, cannot_be_surprised))`},
		{`enc:set_lost_segments("a", -1)`, `bad argument #3 to set_lost_segments (must not be negative, got -1)`},
		{`enc:set("a", {mod = 1})`, `bad argument #3 to set (unknown key "mod" (known: init, adv, dis, aware, surprised, count))`},
		{`enc:set_side("x", {hidden = true})`, `bad argument #3 to set_side (unknown key "hidden" (known: init))`},
		{`enc:add_effect{ends = "save"}`, `bad argument #2 to add_effect (id: string expected, got nil)`},
		{`enc:add_effect{id = "e", ends = "never"}`, `(ends: "save" or a table expected, got string "never")`},
		{`enc:add_effect{id = "e", ends = {at = "turn_start"}}`, `(ends.who: string expected, got nil)`},
		{`enc:add_effect{id = "e", ends = {at = "turn_middle", who = "a"}}`, `(ends.at: "turn_start" or "turn_end" expected, got string "turn_middle")`},
		{`enc:add_effect{id = "e", ends = {after = 3, count = 2}}`, `(ends: give one of at, count, after or rounds_from_now (got count and after))`},
		{`enc:add_effect{id = "e", ends = {after = 3, who = "a"}}`, `(ends.who: does not go with after)`},
		{`enc:add_effect{id = "e", ends = {after = 3, unit = "fortnight"}}`, `(ends.unit: unknown time unit "fortnight" (segment, round, turn, second, minute, hour, day))`},
		{`enc:add_effect{id = "e", ends = {after = 0}}`, `(ends.after: must be 1 or more, got 0)`},
		{`enc:add_effect{id = "e", ends = {count = 10}}`, `(ends.round: integer expected, got nil)`},
		{`enc:add_effect{id = "e", ends = {}}`, `(ends: at, count, after or rounds_from_now expected)`},
		{`enc:add_effect{id = "e", lasts = "dawn"}`, `(unknown key "lasts" (known: id, owner, target, parent, save, ends))`},
		{`enc:set_slot("a", "action", "lots")`, `bad argument #4 to set_slot (count (integer 0 or more, or "unlimited") expected, got string "lots")`},
		{`enc:spend("a")`, `bad argument #3 to spend (string expected, got nil)`},
		{`enc:spend("", "action")`, `bad argument #2 to spend (must not be empty)`},
		{`enc:resume("a", "high")`, `bad argument #3 to resume (integer expected, got string "high")`},
		{`enc.begin()`, `bad argument #1 to begin (encounter expected, got nil (call methods with a colon: enc:begin()))`},
		{`enc.x = 1`, `encounter handles are read-only`},
		{`combat.convert(1.5, "round", "segment", {})`, `bad argument #1 to convert (integer expected, got number 1.5)`},
		{`combat.convert(1, "week", "round", {})`, `bad argument #2 to convert (unknown time unit "week"`},
		{`combat.convert(1, "round", "segment")`, `bad argument #4 to convert (config table or encounter expected, got nil)`},
		{`combat.convert(1, "round", "segment", {segmentz = 10})`, `bad argument #4 to convert (unknown key "segmentz"`},
	}
	for _, c := range cases {
		r := newRT(t)
		_, err := run(r, c.src)
		if err == nil {
			t.Errorf("%s: no error, want %q", c.src, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %q", c.src, err, c.want)
		}
	}
}

// TestArgumentErrorPosition checks that an argument error carries the
// script's file and line.
func TestArgumentErrorPosition(t *testing.T) {
	_, err := run(newRT(t), `enc:add{ id = "c", side = 3 }`)
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *errs.Error, got %T %v", err, err)
	}
	if e.File != "t.lua" || e.Line != 4 || !strings.Contains(e.Msg, "side: string expected, got number 3") {
		t.Fatalf("got %s:%d %q", e.File, e.Line, e.Msg)
	}
}

// TestKernelErrors checks that the kernel's errors reach the caller as
// they are, with their kind and layer.
func TestKernelErrors(t *testing.T) {
	cases := []struct {
		src  string
		kind errs.Kind
		want string
	}{
		{`enc:spend("nobody", "action")`, errs.Rule, `no participant "nobody"`},
		{`enc:set("nobody", {init = 1})`, errs.Rule, `no participant "nobody"`},
		{`enc:add{ id = "a", side = "x" }`, errs.Rule, `participant "a" added twice`},
		{`enc:next_turn()`, errs.Rule, `the fight has not begun`},
		{`enc:add_effect{ id = "e", ends = { rounds_from_now = 1 } }`, errs.Rule, `no initiative count is current`},
		{`enc:add_effect{ id = "e", ends = { after = 1, unit = "segment" } }`, errs.Rule, `no segments`},
		{`enc:begin() enc:spend("a", "dash")`, errs.Rule, `no action slot "dash"`},
		{`enc:begin() enc:delay(enc:current()[1] == "a" and "b" or "a")`, errs.Rule, `can only delay during its own turn`},
		{`combat.convert(5, "seconds", "rounds", {round_seconds = 6})`, errs.Rule, `not a whole number`},
	}
	for _, c := range cases {
		_, err := run(newRT(t), c.src)
		var e *errs.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: want *errs.Error, got %T %v", c.src, err, err)
			continue
		}
		if e.Kind != c.kind || e.Layer != "kernel" || !strings.Contains(e.Msg, c.want) {
			t.Errorf("%s: got %s/%s %q, want %s/kernel containing %q", c.src, e.Kind, e.Layer, e.Msg, c.kind, c.want)
		}
	}
}

// TestPcallSeesKernelMessage checks that a script can catch a kernel error
// and read its message.
func TestPcallSeesKernelMessage(t *testing.T) {
	v, err := run(newRT(t), `local ok, msg = pcall(function() enc:begin() enc:spend(enc:current()[1] == "a" and "b" or "a", "action") end) return ok, tostring(msg)`)
	if err != nil {
		t.Fatal(err)
	}
	if v[0] != lua.LFalse || !strings.Contains(v[1].String(), "during its own turn") {
		t.Fatalf("got %v %v", v[0], v[1])
	}
}

// TestReadInitiative checks the shared reader in both modes: the fight
// module's lenient read ignores keys it does not know and takes surprise
// from the table; the strict read refuses unknown keys and reads the
// extra keys.
func TestReadInitiative(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	table := func(src string) *lua.LTable {
		t.Helper()
		if err := L.DoString("return " + src); err != nil {
			t.Fatal(err)
		}
		v := L.Get(-1).(*lua.LTable)
		L.Pop(1)
		return v
	}
	var c combat.Config
	if err := ReadInitiative(nil, InitiativeOptions{Where: "x"}, &c); err != nil {
		t.Fatal(err)
	}
	if c.Die != (combat.Dice{Count: 1, Sides: 20}) || len(c.Ties) != 2 || c.Ties[0] != combat.TieModifier ||
		c.Ties[1] != combat.TieReroll || c.Advantage != combat.AdvantageCancel || c.Mode != combat.Individual {
		t.Fatalf("defaults: %+v", c)
	}

	lenient := InitiativeOptions{Where: "combat.initiative", Layer: "fight", Surprise: true}
	c = combat.Config{}
	src := table(`{mode = "side", die = "d6", ties = {}, surprise = "lost_segments", group_turn = true, whatever = 1}`)
	if err := ReadInitiative(src, lenient, &c); err != nil {
		t.Fatal(err)
	}
	if c.Mode != combat.BySide || c.Die.Sides != 6 || c.Ties != nil || c.Surprise != combat.SurpriseLostSegments || c.GroupTurn {
		t.Fatalf("lenient: %+v", c)
	}
	err := ReadInitiative(table(`{advantage = "both"}`), lenient, &c)
	var e *errs.Error
	if !errors.As(err, &e) || e.Layer != "fight" || e.Kind != errs.Script || e.Msg != `combat.initiative: advantage "both": want cancel or net` {
		t.Fatalf("lenient error: %#v", err)
	}

	strict := InitiativeOptions{Where: "initiative", Layer: "combat", Strict: true}
	c = combat.Config{}
	src = table(`{tie_die = "1d6", max_advantage = 2, group_turn = true, aware_newcomers_first = true, reroll_each_round = true}`)
	if err := ReadInitiative(src, strict, &c); err != nil {
		t.Fatal(err)
	}
	if c.TieDie.Sides != 6 || c.MaxAdvantage != 2 || !c.GroupTurn || !c.AwareNewcomersFirst || !c.RerollEachRound {
		t.Fatalf("strict: %+v", c)
	}
	if err := ReadInitiative(table(`{whatever = 1}`), strict, &c); err == nil || !strings.Contains(err.Error(), `unknown key "whatever"`) {
		t.Fatalf("strict unknown key: %v", err)
	}
}

// TestUnlimitedSlots checks that math.huge and "unlimited" both mean no
// limit, in and out.
func TestUnlimitedSlots(t *testing.T) {
	v, err := run(newRT(t), `
		local e2 = combat.new{ slots = { free = math.huge, action = 1 } }
		e2:add{ id = "p", side = "s" }
		e2:begin()
		e2:set_slot("p", "action", "unlimited")
		return e2:spend("p", "free") == math.huge, e2:remaining("p", "action") == math.huge`)
	if err != nil {
		t.Fatal(err)
	}
	if v[0] != lua.LTrue || v[1] != lua.LTrue {
		t.Fatalf("got %v %v", v[0], v[1])
	}
}
