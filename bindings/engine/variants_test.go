package engine

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dndsh/dndsh/bindings/luart"
)

// toyVariants is a rule system with three variants: quiet conflicts with
// loud (declared by quiet only), calm combines with both.
func toyVariants() fstest.MapFS {
	return fstest.MapFS{
		"core/toy/ruleset.lua": {Data: []byte(`return { id = "toy", extends = { "base" }, files = { "toy.lua" },
  variants = { "toy.loud", "toy.quiet", "toy.calm", "toy.sly" } }`)},
		"core/toy/toy.lua": {Data: []byte(`local rules = require("rules") rules.define("toy.voice", { level = 1 })`)},
		"variants/toy/loud.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.loud", system = "toy" }
rules.merge("toy.voice", { level = 3 })
rules.on("round.start", function() end)`)},
		"variants/toy/quiet.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.quiet", system = "toy", conflicts = { "toy.loud" } }
rules.merge("toy.voice", { level = 0 })`)},
		"variants/toy/calm.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.calm", system = "toy" }`)},
		"variants/toy/sly.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.sly", system = "toy" }
rules.get("toy.voice").level = 5`)},
	}
}

func TestConflictingVariantsAreRefusedEitherWay(t *testing.T) {
	for _, order := range [][]string{{"toy.loud", "toy.quiet"}, {"toy.quiet", "toy.loud"}, {"toy.calm", "toy.quiet", "toy.loud"}} {
		_, err := New(context.Background(), Options{Ruleset: "toy", Variants: order,
			UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
		if err == nil {
			t.Fatalf("%v: enabled a conflicting pair", order)
		}
		msg := err.Error()
		if !strings.Contains(msg, "toy.loud") || !strings.Contains(msg, "toy.quiet") || !strings.Contains(msg, "cannot be combined") {
			t.Fatalf("%v: the error must name both variants: %v", order, msg)
		}
	}
	// one at a time, and the compatible pair, load
	for _, ok := range [][]string{{"toy.loud", "toy.calm"}, {"toy.quiet", "toy.calm"}} {
		e, err := New(context.Background(), Options{Ruleset: "toy", Variants: ok,
			UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
		if err != nil {
			t.Fatalf("%v: %v", ok, err)
		}
		e.Close()
	}
}

func TestVariantChangesAreListed(t *testing.T) {
	e, err := New(context.Background(), Options{Ruleset: "toy", Variants: []string{"toy.loud", "toy.calm"},
		UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	got := strings.Join(e.Rules.Changes("variant:toy.loud"), "; ")
	if got != "merge toy.voice (level); hook round.start (result)" {
		t.Fatalf("loud's changes: %q", got)
	}
	if c := e.Rules.Changes("variant:toy.calm"); len(c) != 0 {
		t.Fatalf("calm changes nothing, got %v", c)
	}
	// a field set in place is seen too, and shows in the history
	e2, err := New(context.Background(), Options{Ruleset: "toy", Variants: []string{"toy.sly"},
		UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if got := strings.Join(e2.Rules.Changes("variant:toy.sly"), "; "); got != "set toy.voice (level)" {
		t.Fatalf("sly's changes: %q", got)
	}
	if why, _ := e2.Rules.Why("toy.voice"); !strings.Contains(why, "set    in variant:toy.sly") {
		t.Fatalf("history:\n%s", why)
	}
}

func TestConflictsMustBeVariantIDs(t *testing.T) {
	fs := toyVariants()
	fs["variants/toy/calm.lua"] = &fstest.MapFile{Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.calm", system = "toy", conflicts = { 3 } }`)}
	_, err := New(context.Background(), Options{Ruleset: "toy", Variants: []string{"toy.calm"},
		UserRoots: []luart.Root{DirRoot("user", fs)}})
	if err == nil || !strings.Contains(err.Error(), "conflicts[1] must be a variant id") {
		t.Fatalf("got %v", err)
	}
}

// fightUnderAll is a fight of a fighter and two orcs against an ogre,
// played five times; it returns every trace line.
const fightUnderAll = `
local fight = require("fight")
local S = require("core.3e.statblock")
local out = {}
for i = 1, 5 do
  local f = S.build{ id = "fighter", hp = 30, bab = 4, abilities = { str = 16, dex = 12, con = 14 }, ac = { armor = 6 },
    saves = { fort = 4 }, weapons = { { name = "Longsword", damage = "1d8", crit = "19-20/x2" } } }
  local orc = S.build{ id = "orc", hp = 6, bab = 1, abilities = { str = 15, dex = 10, con = 11 }, ac = { armor = 4, shield = 2 },
    weapons = { { name = "Battleaxe", damage = "1d8", crit = "x3" } } }
  local o = S.build{ id = "ogre", size = "large", hp = 26, bab = 3, abilities = { str = 21, dex = 8, con = 15 },
    saves = { fort = 6 }, ac = { armor = 3, natural = 5 }, weapons = { { name = "Greatclub", damage = "2d6", two_handed = true } } }
  local r = fight.run(fight.encounter{ map = { rows = { "........", ".11..22.", "........" } },
    sides = { { name = "f", members = { { stat = f }, { stat = orc } } }, { name = "o", members = { { stat = o } } } }, max_rounds = 30 },
    { trace = true })
  out[#out + 1] = "winner " .. tostring(r.winner) .. " in " .. tostring(r.rounds)
  for _, l in ipairs(r.log) do out[#out + 1] = l end
end
return table.concat(out, "\n")`

// TestEveryCompatible3eVariantPlaysAFight enables every variant the 3e
// manifest lists, leaving out the later one of a conflicting pair, and
// plays fights under all of them: they must finish, the same seed giving
// the same fights.
func TestEveryCompatible3eVariantPlaysAFight(t *testing.T) {
	ctx := context.Background()
	probe, err := New(ctx, Options{Ruleset: "3e"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, v := range probe.Rules.Variants {
		if v.System == "3e" {
			ids = append(ids, v.ID)
		}
	}
	probe.Close()
	if len(ids) < 10 {
		t.Fatalf("want the DMG's variants in the 3e manifest, got %v", ids)
	}
	// each variant's own conflicts, learnt by enabling it alone
	conflicts := map[string][]string{}
	for _, id := range ids {
		e, err := New(ctx, Options{Ruleset: "3e", Variants: []string{id}})
		if err != nil {
			t.Fatalf("%s alone: %v", id, err)
		}
		conflicts[id] = e.Rules.Variant(id).Conflicts
		e.Close()
	}
	var set []string
	for _, id := range ids {
		ok := true
		for _, s := range set {
			if slices.Contains(conflicts[id], s) || slices.Contains(conflicts[s], id) {
				ok = false
			}
		}
		if ok {
			set = append(set, id)
		}
	}
	play := func() string {
		e, err := New(ctx, Options{Ruleset: "3e", Variants: set, Seed: 7})
		if err != nil {
			t.Fatalf("all compatible variants %v: %v", set, err)
		}
		defer e.Close()
		v, err := e.R.DoString(ctx, "all_variants", fightUnderAll, nil)
		if err != nil {
			t.Fatalf("a fight under %v: %v", set, err)
		}
		return v[0].String()
	}
	a, b := play(), play()
	if a != b {
		t.Fatal("the same seed played different fights")
	}
	if !strings.Contains(a, "round 0") || strings.Count(a, "winner ") != 5 {
		t.Fatalf("want five fights opening with the surprise round:\n%s", a)
	}
}
