package fightmod_test

import (
	"context"
	"os"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/runtime/fight"
)

// r1 compiles the R1 example in a fresh 5e runtime, with extra Lua run
// first (hooks).
func r1(tb testing.TB, extra string) (*engine.Engine, *fight.Fight) {
	return example(tb, "../../examples/5e/r1_fighters_vs_goblins.lua", extra)
}

// example compiles an example encounter in a fresh 5e runtime.
func example(tb testing.TB, file, extra string) (*engine.Engine, *fight.Fight) {
	return exampleIn(tb, "5e", file, extra)
}

// exampleIn compiles an example encounter in a fresh runtime of a rule
// system.
func exampleIn(tb testing.TB, ruleset, file, extra string) (*engine.Engine, *fight.Fight) {
	tb.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	e, err := engine.New(context.Background(), engine.Options{Ruleset: ruleset, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	if extra != "" {
		if _, err := e.R.DoString(context.Background(), "hooks.lua", extra, nil); err != nil {
			tb.Fatal(err)
		}
	}
	out, err := e.R.DoString(context.Background(), "r1.lua", string(src), nil)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := fightmod.Compile(context.Background(), e.Rules, out[0].(*lua.LTable))
	if err != nil {
		tb.Fatal(err)
	}
	return e, f
}

func benchTrials(b *testing.B, extra string) {
	benchFile(b, "../../examples/5e/r1_fighters_vs_goblins.lua", extra)
}

// BenchmarkR1OnAMapTrial is one trial of R1 on a map (examples/5e/r1_on_a_map.lua):
// moving, paths, reach and opportunity attacks, against BenchmarkR1Trial5e.
func BenchmarkR1OnAMapTrial(b *testing.B) {
	benchFile(b, "../../examples/5e/r1_on_a_map.lua", "")
}

// BenchmarkR1OnAMapTrialNoMemo and BenchmarkR1Trial3eNoMemo are the two
// R1 fights on a map with the path memo off (fight.MemoOff), against the
// same with it (the default): what the memo saves or costs. Compare them
// by wall clock in one run (the memo's cost is mostly memory traffic,
// which instruction counts do not show).
func BenchmarkR1OnAMapTrialNoMemo(b *testing.B) {
	benchFileMemo(b, "5e", "../../examples/5e/r1_on_a_map.lua", fight.MemoOff)
}

func BenchmarkR1Trial3eNoMemo(b *testing.B) {
	benchFileMemo(b, "3e", "../../examples/3e/r1_fighters_vs_goblins.lua", fight.MemoOff)
}

func benchFile(b *testing.B, file, extra string) {
	e, f := example(b, file, extra)
	benchRuns(b, e, f, fight.MemoOn)
}

func benchFileMemo(b *testing.B, ruleset, file string, memo fight.MemoMode) {
	e, f := exampleIn(b, ruleset, file, "")
	benchRuns(b, e, f, memo)
}

// benchRuns plays f's trials with the path memo in mode memo (on a map)
// and reports the attacks a trial and, on a map, the share of path
// look-ups the memo answered.
func benchRuns(b *testing.B, e *engine.Engine, f *fight.Fight, memo fight.MemoMode) {
	defer e.Close()
	b.ReportAllocs()
	i := uint64(0)
	attacks := 0
	if f.Space != nil {
		f.Space.SetMemo(memo) // the fight keeps it from trial to trial
	}
	for b.Loop() {
		e.R.Src.Reset(1, i)
		i++
		if _, err := f.Run(); err != nil {
			b.Fatal(err)
		}
		for _, x := range f.Fighters {
			attacks += x.Attacks0
		}
	}
	b.ReportMetric(float64(attacks)/float64(b.N), "attacks/trial")
	if f.Space != nil {
		if h, m, _ := f.Space.MemoStats(); h+m > 0 {
			b.ReportMetric(float64(h)/float64(h+m), "memo-answered")
		}
	}
}

// BenchmarkR1Trial5e is one R1 trial under the full 5e scripts.
func BenchmarkR1Trial5e(b *testing.B) { benchTrials(b, "") }

// BenchmarkR1TrialLuaHook adds an empty Lua hook on attack.roll: the
// difference per attack from BenchmarkR1Trial5e is a hook's cost.
func BenchmarkR1TrialLuaHook(b *testing.B) {
	benchTrials(b, `require("rules").on("attack.roll", function(e) end, { phase = "modify" })`)
}

// TestLuaHookRunsAndChangesAttacks checks that a Lua hook on attack.roll
// sees the attack and that what it changes counts.
func TestLuaHookRunsAndChangesAttacks(t *testing.T) {
	e, f := r1(t, `
local rules = require("rules")
rules.on("attack.roll", function(e)
  if e.attack == "Scimitar" then e.bonus = e.bonus - 100 end
end, { phase = "modify" })`)
	defer e.Close()
	if _, err := f.Run(); err != nil {
		t.Fatal(err)
	}
	for _, x := range f.Fighters {
		if x.Side == 1 && x.Hits > 0 {
			// only natural 20s can hit at -100
			if x.Hits > x.Attacks0/5+2 {
				t.Fatalf("%s hit %d of %d attacks at -100", x.ID, x.Hits, x.Attacks0)
			}
		}
		if x.Side == 1 && x.Attacks0 == 0 {
			continue
		}
	}
}

// BenchmarkR1Trial3e is one trial of the 3.0 R1 on its battle map
// (examples/3e/r1_fighters_vs_goblins.lua) under the full 3e scripts.
func BenchmarkR1Trial3e(b *testing.B) {
	src, err := os.ReadFile("../../examples/3e/r1_fighters_vs_goblins.lua")
	if err != nil {
		b.Fatal(err)
	}
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "3e", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	out, err := e.R.DoString(context.Background(), "r1.lua", string(src), nil)
	if err != nil {
		b.Fatal(err)
	}
	f, err := fightmod.Compile(context.Background(), e.Rules, out[0].(*lua.LTable))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		e.R.Src.Reset(1, i)
		i++
		if _, err := f.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNestedEventsHaveTheirOwnTables: a hook that strikes from inside an
// attack-level event sees the inner attack in a table of its own; when the
// strike returns, the hook's table still describes its own attack, and what
// it changes then (bonus -100) changes its own attack, not the inner one.
func TestNestedEventsHaveTheirOwnTables(t *testing.T) {
	e, f := r1(t, `
local rules, fight = require("rules"), require("fight")
local busy, inner = false, 0
rules.on("attack.roll", function(e)
  if busy then
    inner = inner + 1
    if e.attack ~= "Scimitar" then error("inner event sees " .. tostring(e.attack)) end
    return
  end
  if e.attack ~= "Longsword" or e.target:get("hp") <= 0 then return end
  local attacker, target = e.attacker, e.target
  busy = true
  fight.strike(target, attacker, "Scimitar")
  busy = false
  if e.attack ~= "Longsword" or e.attacker ~= attacker or e.target ~= target then
    error("the outer table was overwritten: " .. tostring(e.attack))
  end
  e.bonus = e.bonus - 100
end, { phase = "modify" })
rules.on("attack.roll", function(e)
  if not busy and e.attack == "Longsword" and e.bonus > -50 then error("outer bonus lost: " .. e.bonus) end
end, { phase = "modify", priority = 10 })`)
	defer e.Close()
	for i := uint64(0); i < 20; i++ {
		e.R.Src.Reset(1, i)
		if _, err := f.Run(); err != nil {
			t.Fatal(err)
		}
	}
	goblinHits, fighterAttacks, fighterHits := 0, 0, 0
	for _, x := range f.Fighters {
		if x.Side == 0 {
			fighterAttacks += x.Attacks0
			fighterHits += x.Hits
		} else {
			goblinHits += x.Hits
		}
	}
	if fighterAttacks == 0 || fighterHits > fighterAttacks/5 {
		t.Fatalf("the fighters hit %d of %d at -100: the bonus went elsewhere", fighterHits, fighterAttacks)
	}
	if goblinHits == 0 {
		t.Fatalf("the goblins' strikes back never hit: the inner attack got the outer -100")
	}
}

// benchExample plays trials of an example encounter the way dndsh sim does
// (one runtime, trial i from stream (1, i), each trial isolated from the
// others: fightmod.Isolation restores the scripts' state after it).
func benchExample(b *testing.B, ruleset, file string) {
	src, err := os.ReadFile("../../" + file)
	if err != nil {
		b.Fatal(err)
	}
	e, err := engine.New(context.Background(), engine.Options{Ruleset: ruleset, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	f, iso, err := fightmod.LoadIsolated(context.Background(), e.Rules, file, src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		e.R.Src.Reset(1, i)
		i++
		iso.Begin()
		leave := e.R.Enter(context.Background())
		_, err := f.Run()
		leave()
		iso.End()
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkR1x10Trial is one trial of bench/encounters/r1_x10.lua: R1
// with ten times the creatures (forty fighters against eighty goblins).
func BenchmarkR1x10Trial(b *testing.B) { benchExample(b, "5e", "bench/encounters/r1_x10.lua") }

// BenchmarkR1SimTrial is one trial of R1 as dndsh sim plays it (loaded
// from the file, entered per trial), to compare with BenchmarkR1x10Trial.
func BenchmarkR1SimTrial(b *testing.B) {
	benchExample(b, "5e", "examples/5e/r1_fighters_vs_goblins.lua")
}

// BenchmarkExample5eTroll is one trial of examples/5e/party_vs_troll.lua:
// class features, monster abilities and tactics in Lua.
func BenchmarkExample5eTroll(b *testing.B) { benchExample(b, "5e", "examples/5e/party_vs_troll.lua") }

// BenchmarkExample1eAmbush is one trial of examples/1e/ambush.lua.
func BenchmarkExample1eAmbush(b *testing.B) { benchExample(b, "1e", "examples/1e/ambush.lua") }

// BenchmarkExample1eTurnUndead is one trial of examples/1e/cleric_turns_undead.lua.
func BenchmarkExample1eTurnUndead(b *testing.B) {
	benchExample(b, "1e", "examples/1e/cleric_turns_undead.lua")
}

// BenchmarkExample1eOrcs is one trial of examples/1e/party_vs_orcs.lua.
func BenchmarkExample1eOrcs(b *testing.B) { benchExample(b, "1e", "examples/1e/party_vs_orcs.lua") }

// benchIsolated plays trials of an encounter file as dndsh sim does: each
// trial starts from the scripts' state as loaded (fightmod.Isolation).
func benchIsolated(b *testing.B, file string) {
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	f, iso, err := fightmod.LoadIsolated(context.Background(), e.Rules, file, src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		e.R.Src.Reset(1, i)
		i++
		iso.Begin()
		if _, err := f.Run(); err != nil {
			b.Fatal(err)
		}
		iso.End()
	}
	b.ReportMetric(float64(iso.StateSize()), "restored/trial")
}

// BenchmarkR1Trial5eIsolated is BenchmarkR1Trial5e with each trial
// isolated from the others, as in dndsh sim.
func BenchmarkR1Trial5eIsolated(b *testing.B) {
	benchIsolated(b, "../../examples/5e/r1_fighters_vs_goblins.lua")
}

// BenchmarkOncePerFightIsolated isolates trials of an encounter whose hooks
// keep module-level state (spec/hostile/files/once_per_fight.lua).
func BenchmarkOncePerFightIsolated(b *testing.B) {
	benchIsolated(b, "../../spec/hostile/files/once_per_fight.lua")
}
