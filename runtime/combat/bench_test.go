package combat

import (
	"fmt"
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

// benchEncounter is a 12-participant fight with four action slots, begun.
func benchEncounter(b *testing.B, cfg Config) *Encounter {
	e, err := New(cfg, rng.New(7))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		s := Spec{ID: fmt.Sprintf("p%02d", i), Side: []string{"heroes", "villains"}[i%2], Modifier: i % 5}
		if i >= 8 {
			s.Group = "minions"
		}
		if err := e.Add(s); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := e.Begin(); err != nil {
		b.Fatal(err)
	}
	return e
}

// BenchmarkNextTurn advances a 12-participant fight turn after turn, with
// slots refilling at every turn start.
func BenchmarkNextTurn(b *testing.B) {
	e := benchEncounter(b, modifierTieConfig())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.NextTurn(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNextTurnWithEffects does the same while every turn starts an
// effect that ends at the start of its owner's next turn and one that ends
// on the current count a round later: a steady churn of effects.
func BenchmarkNextTurnWithEffects(b *testing.B) {
	e := benchEncounter(b, modifierTieConfig())
	ids := make(map[string][2]string)
	for _, id := range e.Participants() {
		ids[id] = [2]string{id + "-dodge", id + "-mark"}
	}
	b.ReportAllocs()
	for b.Loop() {
		id := e.Current()[0]
		names := ids[id]
		if err := e.Spend(id, "action"); err != nil {
			b.Fatal(err)
		}
		if err := e.AddEffect(EffectSpec{ID: names[0], Owner: id, End: AtTurnStart(id, 1)}); err != nil {
			b.Fatal(err)
		}
		end, err := e.RoundsFromNow(1)
		if err != nil {
			b.Fatal(err)
		}
		if err := e.AddEffect(EffectSpec{ID: names[1], Owner: id, End: end}); err != nil {
			b.Fatal(err)
		}
		if _, err := e.NextTurn(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNextTurnSides advances a side-initiative fight that rolls every
// round.
func BenchmarkNextTurnSides(b *testing.B) {
	e := benchEncounter(b, sideConfig())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.NextTurn(); err != nil {
			b.Fatal(err)
		}
		if len(e.rolls) > 1<<12 {
			e.ClearRolls()
		}
	}
}

// BenchmarkNextTurnReroll advances a fight whose individuals roll again
// every round.
func BenchmarkNextTurnReroll(b *testing.B) {
	cfg := modifierTieConfig()
	cfg.RerollEachRound = true
	cfg.Ties = []TieRule{TieModifier, TieReroll}
	e := benchEncounter(b, cfg)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.NextTurn(); err != nil {
			b.Fatal(err)
		}
		if len(e.rolls) > 1<<12 {
			e.ClearRolls()
		}
	}
}
