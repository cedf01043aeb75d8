package fightmod_test

import (
	"context"
	"os"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/runtime/check"
)

func newEngine(t testing.TB, ruleset string) *engine.Engine {
	t.Helper()
	e, err := engine.New(context.Background(), engine.Options{Ruleset: ruleset, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestSystemRulesOfALayer: a rule system that extends another compiles
// its own combat table (graded advantage, its damage steps, its sight
// rules) and plays the monsters of the system it extends.
func TestSystemRulesOfALayer(t *testing.T) {
	e := newEngine(t, "mod5e")
	defer e.Close()
	r, err := fightmod.SystemRules(e.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if r.Attack.Test.AdvPolicy.Mode != check.AdvGraded {
		t.Errorf("attack advantage %v, want graded", r.Attack.Test.AdvPolicy.Mode)
	}
	if s := r.Space.Sight; s.TargetUnseen != -2 || s.TargetObscured != -1 || !s.BonusNeedsClear {
		t.Errorf("sight rules %+v", s)
	}
	if ex := r.Conditions["exhaustion"]; ex == nil || len(ex.Levels) != 4 {
		t.Errorf("exhaustion's level effects: %+v", ex)
	}
	src := `return require("fight").encounter{ sides = { { name = "a", members = { { monster = "goblin" } } },
		{ name = "b", members = { { monster = "orc" } } } } }`
	out, err := e.R.DoString(context.Background(), "enc.lua", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fightmod.Compile(context.Background(), e.Rules, out[0].(*lua.LTable)); err != nil {
		t.Fatalf("the 5e monsters under mod5e: %v", err)
	}
}

// TestConditionLevelErrors: a bad entry of a condition's fight.levels is
// an error naming it.
func TestConditionLevelErrors(t *testing.T) {
	for _, tc := range []struct{ def, want string }{
		{`{ fight = { levels = { { level = 2, speed_halving = 1 } } } }`, `unknown key "speed_halving"`},
		{`{ fight = { levels = { { attack_adv = -1 } } } }`, "level must be 1 or more"},
		{`{ fight = { levels = { 3 } } }`, "levels[1] must be a table"},
		{`{ fight = { obscured = 3 } }`, "obscured must be 0 (clear), 1 (lightly) or 2 (heavily)"},
	} {
		e := newEngine(t, "mod5e")
		if _, err := e.R.DoString(context.Background(), "def.lua", `require("rules").define("condition.bad", `+tc.def+`)`, nil); err != nil {
			t.Fatal(err)
		}
		_, err := fightmod.SystemRules(e.Rules)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.def, err, tc.want)
		}
		e.Close()
	}
}

// BenchmarkR1TrialMod5e is one R1 trial under the modded rules (graded
// advantage, flat damage steps): compare BenchmarkR1Trial5e.
func BenchmarkR1TrialMod5e(b *testing.B) {
	src, err := os.ReadFile("../../examples/5e/r1_fighters_vs_goblins.lua")
	if err != nil {
		b.Fatal(err)
	}
	e := newEngine(b, "mod5e")
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
