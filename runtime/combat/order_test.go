package combat

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

// covers: 5E-CMB-02, 5E-CMB-06 and DMG-INIT-09 (a newcomer rolls and slots
// into the order; one placed above the current step first acts next round),
// 5E-CMB-12 (removing the fallen and the fled).
func TestJoinNowAndRemove(t *testing.T) {
	cfg := modifierTieConfig()
	e, src := newEnc(t, cfg, Spec{ID: "a", Side: "x"}, Spec{ID: "b", Side: "y"}, Spec{ID: "c", Side: "y"})
	r := rep(t)
	src.Force(18, 10, 5)
	r(e.Begin())
	r(e.NextTurn()) // b
	src.Force(15, 7)
	ok(t, e.Join([]Spec{{ID: "x", Side: "x"}, {ID: "y", Side: "x"}}, JoinNow))
	wantEq(t, "joined", steps(e), "a | x | b | y | c")
	wantEq(t, "y acts this round", trans(r(e.NextTurn())), "turn end:b, turn start:y")
	ok(t, e.Remove("c"))
	wantEq(t, "round 2", trans(r(e.NextTurn())), "turn end:y, round end:1, round start:2, turn start:a")
	wantEq(t, "order", steps(e), "a | x | b | y")
	ok(t, e.Deactivate("x"))
	wantEq(t, "x skipped", trans(r(e.NextTurn())), "turn end:a, turn start:b")
	wantKernelErr(t, e.Remove("c"), errs.Rule, `no participant "c"`)
	drained(t, src)
}

// covers: DMG-INIT-11 (variant: everyone rolls again each round) with TV-08
// (a stun lasting "until the monk's next action" ends before the wizard's
// turn when the monk wins the new roll; with one roll for the fight the
// wizard would still be stunned), A-09 (the ready/delay penalty is a
// modifier the script lowers), DMG-INIT-12 (everyone rerolls now).
func TestRerollEachRound(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Surprise = SurpriseNone
	cfg.RerollEachRound = true
	e, src := newEnc(t, cfg, Spec{ID: "wizard", Side: "w"}, Spec{ID: "monk", Side: "m"})
	r := rep(t)
	src.Force(15, 10)
	r(e.Begin())
	r(e.NextTurn())
	ok(t, e.AddEffect(EffectSpec{ID: "stun", Owner: "monk", Target: "wizard", End: AtTurnStart("monk", 1)}))
	ok(t, e.SetModifier("wizard", -2))
	src.Force(6, 18) // the wizard rolls 6-2, the monk 18
	round2 := r(e.NextTurn())
	wantEq(t, "monk first", trans(round2), "turn end:monk, round end:1, round start:2, turn start:monk, expired:stun(turn start)")
	rolls := e.Rolls()
	if w := rolls[len(rolls)-2]; w.Who != "wizard" || w.Modifier != -2 || w.Total != 4 || w.Round != 2 {
		t.Fatalf("wizard's reroll %+v", w)
	}

	// Control: one roll for the fight; the wizard is still stunned.
	cfg.RerollEachRound = false
	e, src = newEnc(t, cfg, Spec{ID: "wizard", Side: "w"}, Spec{ID: "monk", Side: "m"})
	src.Force(15, 10)
	r(e.Begin())
	r(e.NextTurn())
	ok(t, e.AddEffect(EffectSpec{ID: "stun", Owner: "monk", Target: "wizard", End: AtTurnStart("monk", 1)}))
	wantEq(t, "wizard first, stunned", trans(r(e.NextTurn())), "turn end:monk, round end:1, round start:2, turn start:wizard")

	// Everyone rerolls on demand (a drow suddenly revealed).
	e.Reroll()
	src.Force(2, 20)
	r(e.NextRound())
	wantEq(t, "rerolled", steps(e), "monk | wizard")
	drained(t, src)
}

// covers: 3E-INIT-18 (refocus: from the next round, a new count), DMG-INIT-13
// (a count given by the DM instead of a roll).
func TestSetInitiative(t *testing.T) {
	cfg := surpriseRoundConfig()
	e, src := newEnc(t, cfg, Spec{ID: "a", Side: "x", Modifier: 2}, Spec{ID: "b", Side: "y", HasCount: true, Count: 12})
	src.Force(5)
	r := rep(t)
	r(e.Begin())
	wantEq(t, "order", steps(e), "b | a")
	wantEq(t, "one roll", len(e.Rolls()), 1)
	ok(t, e.SetInitiative("a", 22)) // refocus: natural 20 + 2, next round
	wantEq(t, "not yet", steps(e), "b | a")
	r(e.NextTurn())
	r(e.NextTurn())
	wantEq(t, "round 2", steps(e), "a | b")
	if n, _ := e.Count("a"); n != 22 {
		t.Fatalf("a at %d", n)
	}
	drained(t, src)
}

// covers: HB-INIT-03 and DMG-INIT-09 with A-08 (a newcomer tied with
// those in the order goes by the tie chain; only the tied roll off, and
// results already rolled are kept), 1E-INIT-03 (a simultaneous tie joins
// the step).
func TestNewcomerTies(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Ties = []TieRule{TieModifier, TieReroll}
	e, src := newEnc(t, cfg, Spec{ID: "a", Side: "x", Modifier: 2}, Spec{ID: "b", Side: "y", Modifier: 2},
		Spec{ID: "z", Side: "y", Modifier: 0})
	src.Force(13, 13, 1, 5, 9) // a, b at 15; z at 1; roll-off a 5, b 9
	r := rep(t)
	r(e.Begin())
	wantEq(t, "order", steps(e), "b | a | z")
	src.Force(13, 12, 7) // n 15, m 12+4 = 16; then n's roll-off 7
	ok(t, e.Join([]Spec{{ID: "n", Side: "x", Modifier: 2}, {ID: "m", Side: "x", Modifier: 4}}, JoinNow))
	wantEq(t, "newcomers", steps(e), "m | b | n | a | z")
	drained(t, src)

	cfg.Ties = []TieRule{TieSimultaneous}
	e, src = newEnc(t, cfg, Spec{ID: "a", Side: "x"}, Spec{ID: "a2", Side: "x"}, Spec{ID: "b", Side: "y"})
	src.Force(15, 15, 10)
	r(e.Begin())
	wantEq(t, "equal results act together", steps(e), "a a2 | b")
	ok(t, e.Remove("a2"))
	src.Force(10, 15)
	ok(t, e.Join([]Spec{{ID: "c", Side: "x"}, {ID: "d", Side: "y"}}, JoinNow))
	wantEq(t, "joined the tied steps", steps(e), "a | d | b c")
	drained(t, src)
}

// covers: 1E-INIT-01 (side initiative rolled once, kept: a newcomer joins
// its side's step; a new side rolls on arrival), 3E-INIT-09 (one who could
// not act rejoins when able).
func TestSideJoinAndReactivate(t *testing.T) {
	cfg := sideConfig()
	cfg.RerollEachRound = false
	cfg.Surprise = SurpriseNone
	e, src := newEnc(t, cfg, Spec{ID: "f", Side: "party"}, Spec{ID: "o", Side: "orcs"})
	src.Force(5)
	r := rep(t)
	ok(t, e.Deactivate("f"))
	r(e.Begin())
	wantEq(t, "orcs only rolled", len(e.Rolls()), 1)
	wantEq(t, "order", steps(e), "o")
	src.Force(4)
	ok(t, e.Reactivate("f"))
	ok(t, e.Join([]Spec{{ID: "o2", Side: "orcs"}}, JoinNow))
	src.Force(6)
	ok(t, e.Join([]Spec{{ID: "w", Side: "wolves"}}, JoinNow))
	wantEq(t, "order", steps(e), "w | o o2 | f")
	if n, _ := e.SideResult("party"); n != 4 {
		t.Fatalf("party result %d", n)
	}
	r(e.NextTurn())
	r(e.NextTurn())
	wantEq(t, "round 2 keeps the order", steps(e), "w | o o2 | f")
	wantEq(t, "sides", len(e.Sides()), 3)
	drained(t, src)
}
