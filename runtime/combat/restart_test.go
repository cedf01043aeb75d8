package combat

import (
	"fmt"
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

// TestRestartReplaysLikeNew checks that a restarted encounter, given the
// same random stream, plays exactly as a new one would.
func TestRestartReplaysLikeNew(t *testing.T) {
	cfg := Config{Mode: Individual, Die: Dice{Sides: 20}, Ties: []TieRule{TieModifier, TieReroll},
		Slots: []SlotDef{{Name: "action", Count: 1}}}
	build := func(src *rng.Source) *Encounter {
		e, err := New(cfg, src)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 6; i++ {
			if err := e.Add(Spec{ID: fmt.Sprint("p", i), Side: fmt.Sprint("s", i%2), Modifier: i % 3}); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	play := func(e *Encounter) string {
		out := ""
		if _, err := e.Begin(); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 14; i++ {
			out += fmt.Sprint(e.Round(), e.Current(), " ")
			if len(e.Current()) > 0 {
				_ = e.Spend(e.Current()[0], "action")
			}
			if _, err := e.NextTurn(); err != nil {
				t.Fatal(err)
			}
		}
		return out + fmt.Sprint(e.Order())
	}
	src := rng.New(5)
	reused := build(src)
	for trial := uint64(0); trial < 4; trial++ {
		src.Reset(5, trial)
		if trial > 0 {
			reused.Restart()
		}
		if err := reused.Join([]Spec{{ID: "late", Side: "s0"}}, JoinNow); err != nil && trial == 0 {
			t.Log(err)
		}
		got := play(reused)
		fresh := build(rng.Stream(5, trial))
		_ = fresh.Join([]Spec{{ID: "late", Side: "s0"}}, JoinNow)
		if want := play(fresh); got != want {
			t.Fatalf("trial %d:\nrestarted %s\nnew       %s", trial, got, want)
		}
	}
	if n := testing.AllocsPerRun(20, func() { reused.Restart() }); n != 0 {
		t.Fatalf("Restart allocates %.0f times", n)
	}
}

// TestRestartAfterRemove: a participant removed before Begin is gone for
// good; one of those added before Begin that is removed during the fight
// comes back at Restart, in its place, and the restarted encounter plays
// as a new one with the same participants (no panic, no one lost).
func TestRestartAfterRemove(t *testing.T) {
	cfg := Config{Mode: Individual, Die: Dice{Sides: 20}, Slots: []SlotDef{{Name: "action", Count: 1}}}
	build := func(src *rng.Source, ids ...string) *Encounter {
		e, err := New(cfg, src)
		if err != nil {
			t.Fatal(err)
		}
		for i, id := range ids {
			if err := e.Add(Spec{ID: id, Side: fmt.Sprint("s", i%2), Modifier: i % 3}); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	play := func(e *Encounter) string {
		if _, err := e.Begin(); err != nil {
			t.Fatal(err)
		}
		out := ""
		for i := 0; i < 8; i++ {
			out += fmt.Sprint(e.Round(), e.Current(), " ")
			if _, err := e.NextTurn(); err != nil {
				t.Fatal(err)
			}
		}
		return out + fmt.Sprint(e.Order())
	}
	src := rng.New(3)
	e := build(src, "a", "b", "c", "d", "x")
	if err := e.Remove("x"); err != nil { // before Begin: never in the fight
		t.Fatal(err)
	}
	play(e)
	for _, id := range []string{"b", "d"} {
		if err := e.Remove(id); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Join([]Spec{{ID: "late", Side: "s0"}}, JoinNow); err != nil {
		t.Fatal(err)
	}
	for trial := uint64(0); trial < 3; trial++ {
		src.Reset(3, trial)
		e.Restart()
		got := play(e)
		if want := play(build(rng.Stream(3, trial), "a", "b", "c", "d")); got != want {
			t.Fatalf("trial %d:\nrestarted %s\nnew       %s", trial, got, want)
		}
		if err := e.Remove("c"); err != nil {
			t.Fatal(err)
		}
	}
}
