package combat

import (
	"fmt"
	"math/rand/v2"
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

// TestPassDormantIsBeginEnd: passDormant, which passes a step of dormant
// participants at once when no effect, readied action or resumed turn is
// involved, leaves every participant and the encounter as begin then
// endStep do (slowPass), through random fights with dormant participants
// that wake, delay, ready and spend slots, in and out of a surprise round
// (whose slots refill by the surprise budget), with slots that refill
// otherwise than at turn start and with effects that end on turns.
func TestPassDormantIsBeginEnd(t *testing.T) {
	slots := []SlotDef{{Name: "action", Count: 1}, {Name: "reaction", Count: 1, OffTurn: true}}
	cfgs := []Config{
		{Mode: Individual, Die: Dice{Sides: 20}, Ties: []TieRule{TieModifier, TieReroll}, Slots: slots},
		{Mode: Individual, Die: Dice{Sides: 6}, Ties: []TieRule{TieSimultaneous}, Slots: slots,
			Surprise: SurpriseRound, SurpriseSlots: []SlotCount{{Name: "action", Count: 0}}},
		{Mode: BySide, Die: Dice{Sides: 6}, Slots: append(slots[:1:1], SlotDef{Name: "move", Count: 2, Reset: ResetRoundStart})},
	}
	state := func(e *Encounter) string {
		s := fmt.Sprint(e.Effects(), e.round, e.phase, e.curStart, e.curEnd, e.inStep, e.Current(), e.curRefs, e.stepCount, e.hasCount, e.held, e.nTrans)
		for _, p := range e.parts {
			s += fmt.Sprintf(" %s:%v,%v,%v,%v,%v,%q,%v", p.id, p.inTurn, p.acted, p.actedBefore, p.resumed, p.delaying, p.readied, p.slots)
		}
		return s
	}
	for ci, cfg := range cfgs {
		for seed := uint64(0); seed < 40; seed++ {
			var es [2]*Encounter
			for k := range es {
				e, err := New(cfg, rng.New(seed))
				ok(t, err)
				for i := 0; i < 6; i++ {
					ok(t, e.Add(Spec{ID: fmt.Sprint("p", i), Side: fmt.Sprint("s", i%2), Modifier: i % 3, Aware: i%3 != 0}))
				}
				if seed%2 == 0 {
					// effects that end as dormant participants' turns start and end
					ok(t, e.AddEffect(EffectSpec{ID: "a", Target: "p1", End: AtTurnStart("p1", 2)}))
					ok(t, e.AddEffect(EffectSpec{ID: "b", Target: "p4", End: AtTurnEnd("p4", 3)}))
				}
				e.Quiet(true)
				e.slowPass = k == 1
				_, err = e.Begin()
				ok(t, err)
				es[k] = e
			}
			r := rand.New(rand.NewPCG(seed, uint64(ci)))
			for step := 0; step < 60; step++ {
				// the same random moves for both
				var ids [3]string
				var ks, ns [3]int
				for m := range ids {
					ids[m], ks[m], ns[m] = fmt.Sprint("p", r.IntN(6)), r.IntN(10), r.IntN(4)
				}
				for _, e := range es {
					for m, id := range ids {
						dormantMove(e, id, ks[m], ns[m])
					}
					for _, cur := range e.Current() {
						_ = e.Spend(cur, "action")
					}
					if more, err := e.EndStep(); err == nil && !more {
						_, err = e.NextTurn()
						ok(t, err)
					}
				}
				if a, b := state(es[0]), state(es[1]); a != b {
					t.Fatalf("config %d seed %d step %d:\npassDormant %s\nbegin+endStep %s", ci, seed, step, a, b)
				}
			}
		}
	}
}

// dormantMove makes move k (of 10, n its argument) of
// TestPassDormantIsBeginEnd for participant id: put to sleep or wake,
// delay, resume, ready, spend; 6 to 9 do nothing.
func dormantMove(e *Encounter, id string, k, n int) {
	switch k {
	case 0, 1:
		e.SetDormant(e.Handle(id), n > 0)
	case 2:
		_ = e.Delay(id)
	case 3:
		if c, has := e.CurrentCount(); has {
			_ = e.Resume(id, c-n)
		}
	case 4:
		_ = e.Ready(id, "t")
	case 5:
		_ = e.Spend(id, "action")
		_ = e.Spend(id, "reaction")
	}
}
