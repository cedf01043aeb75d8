package combat

import (
	"fmt"
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

// TestDormantStepsPassAsSkipped: an encounter that passes the steps of
// dormant participants by itself (SetDormant) stands, at every step it
// hands its caller, exactly where one stands whose caller passes those
// steps with EndStep and NextTurn doing nothing: the same round, step,
// participants' states, slots and effects.
func TestDormantStepsPassAsSkipped(t *testing.T) {
	cfg := Config{Mode: Individual, Die: Dice{Sides: 20}, Ties: []TieRule{TieModifier, TieReroll},
		Slots: []SlotDef{{Name: "action", Count: 1}, {Name: "reaction", Count: 1, OffTurn: true}}}
	dormant := map[string]bool{"p1": true, "p4": true, "p5": true}
	build := func() *Encounter {
		e, err := New(cfg, rng.New(3))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 7; i++ {
			ok(t, e.Add(Spec{ID: fmt.Sprint("p", i), Side: fmt.Sprint("s", i%2), Modifier: i % 3}))
		}
		e.Quiet(true)
		ok(t, e.AddEffect(EffectSpec{ID: "a", Target: "p1", End: AtTurnStart("p1", 2)}))
		ok(t, e.AddEffect(EffectSpec{ID: "b", Target: "p4", End: AtTurnEnd("p4", 3)}))
		ok(t, e.AddEffect(EffectSpec{ID: "c", Target: "p2", End: AtTurnStart("p2", 2)}))
		return e
	}
	state := func(e *Encounter) string {
		s := fmt.Sprint(e.Round(), e.Current(), e.Effects(), e.BetweenRounds())
		for _, id := range e.Participants() {
			info, _ := e.Participant(id)
			n, _ := e.Remaining(id, "reaction")
			s += fmt.Sprintf(" %+v/%d", info, n)
		}
		return s
	}
	// the caller spends its participants' actions and reactions, so that
	// refills show
	play := func(e *Encounter) {
		for _, id := range e.Current() {
			_ = e.Spend(id, "action")
			_ = e.Spend(id, "reaction")
		}
	}
	a, b := build(), build()
	h := map[string]Handle{}
	for id := range dormant {
		h[id] = a.Handle(id)
		a.SetDormant(h[id], true)
	}
	passed := func(e *Encounter) bool {
		for _, id := range e.Current() {
			if !dormant[id] {
				return false
			}
		}
		return len(e.Current()) > 0
	}
	advance := func(e *Encounter) {
		more, err := e.EndStep()
		ok(t, err)
		if !more {
			_, err = e.NextTurn()
			ok(t, err)
		}
	}
	_, err := a.Begin()
	ok(t, err)
	_, err = b.Begin()
	ok(t, err)
	for i := 0; i < 40; i++ {
		for passed(b) {
			advance(b)
		}
		if passed(a) {
			t.Fatalf("step %d: the encounter handed over a step of dormant participants: %v", i, a.Current())
		}
		if sa, sb := state(a), state(b); sa != sb {
			t.Fatalf("step %d:\npassing by itself %s\npassed by the caller %s", i, sa, sb)
		}
		if i == 25 {
			a.SetDormant(h["p4"], false) // woken: its steps are handed over again
			delete(dormant, "p4")
		}
		play(a)
		play(b)
		advance(a)
		advance(b)
	}
}
