package combat

import (
	"slices"
	"testing"
)

// Two encounters replay the same trial, one Quiet: every advance reports
// the same expiries at the same places (Expired[i].After counts the
// transitions the quiet one did not record), the current participants'
// Refs follow their IDs through a Delay, and a handle answers CanAct as
// the ID does.
func TestQuietRefsAndHandles(t *testing.T) {
	build := func(quiet bool) *Encounter {
		ids := []string{"a", "b", "c", "d"}
		e, src := newEnc(t, surpriseRoundConfig())
		for i, id := range ids {
			ok(t, e.Add(Spec{ID: id, Side: id, Ref: 10 + i}))
		}
		e.Quiet(quiet)
		src.Force(20, 16, 15, 12)
		rep(t)(e.Begin())
		return e
	}
	loud, quiet := build(false), build(true)
	r := rep(t)
	for _, e := range []*Encounter{loud, quiet} {
		turnTo(t, e, "b")
		end, err := e.RoundsFromNow(1)
		ok(t, err)
		ok(t, e.AddEffect(EffectSpec{ID: "stun", Owner: "b", Target: "d", End: end}))
	}
	refOf := map[string]int{"a": 10, "b": 11, "c": 12, "d": 13}
	expired := 0
	for step := 0; step < 12; step++ {
		if loud.IsTurn("c") && loud.Round() == 1 {
			ok(t, loud.Delay("c"))
			ok(t, quiet.Delay("c"))
		}
		a, b := r(loud.NextTurn()), r(quiet.NextTurn())
		if len(b.Transitions) != 0 {
			t.Fatalf("step %d: a quiet encounter recorded %d transitions", step, len(b.Transitions))
		}
		for _, x := range b.Expired {
			if x.After > 0 {
				expired++
			}
		}
		if !slices.Equal(a.Expired, b.Expired) {
			t.Fatalf("step %d: expired %v, quiet %v", step, a.Expired, b.Expired)
		}
		if !slices.Equal(loud.Current(), quiet.Current()) {
			t.Fatalf("step %d: current %v, quiet %v", step, loud.Current(), quiet.Current())
		}
		refs := quiet.CurrentRefs()
		if len(refs) != len(quiet.Current()) {
			t.Fatalf("step %d: %d refs for %d current", step, len(refs), len(quiet.Current()))
		}
		for i, id := range quiet.Current() {
			if refs[i] != refOf[id] {
				t.Fatalf("step %d: %s has ref %d, want %d", step, id, refs[i], refOf[id])
			}
		}
		for id := range refOf {
			if got, want := quiet.CanActHandle(quiet.Handle(id)), quiet.CanAct(id); got != want {
				t.Fatalf("step %d: CanActHandle(%s) %v, CanAct %v", step, id, got, want)
			}
		}
	}
	if expired == 0 {
		t.Fatal("the stun never expired after a transition: the test checks nothing of After")
	}
	ok(t, quiet.Deactivate("a"))
	if quiet.CanActHandle(quiet.Handle("a")) || quiet.CanActHandle(quiet.Handle("nobody")) {
		t.Fatal("a handle of a deactivated or unknown participant can act")
	}
}
