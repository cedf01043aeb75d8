package check

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

func opposed(t *testing.T, o *Opposed, faces ...int) *OpposedResult {
	t.Helper()
	src := rng.New(1)
	src.Force(faces...)
	r, err := o.Roll(src)
	if err != nil {
		t.Fatalf("opposed: %v", err)
	}
	if err := src.Drained(); err != nil {
		t.Fatal(err)
	}
	if got := src.Draws(); got != uint64(len(faces)) {
		t.Fatalf("drew %d dice, forced %d", got, len(faces))
	}
	return r
}

func athletics(bonus int) *Test {
	return &Test{Mods: []Modifier{{bonus, "", "Athletics"}}}
}

// Shove: Athletics vs Athletics; a tie keeps the status quo, so the
// initiator fails.
// covers: HB-CORE-04 AMB-11 HB-SPECIAL-05
func TestOpposedDefenderWinsTies(t *testing.T) {
	o := &Opposed{A: athletics(5), B: athletics(3), Tie: TieDefender}
	if r := opposed(t, o, 10, 12); r.Winner != Defender || r.How != ByTieRule || len(r.Rounds) != 1 {
		t.Fatalf("15 vs 15: %+v", r)
	}
	if r := opposed(t, o, 11, 12); r.Winner != Initiator || r.Margin != 1 || r.Last().A.Total != 16 {
		t.Fatalf("16 vs 15: %+v", r)
	}
	if r := opposed(t, o, 2, 12); r.Winner != Defender || r.Margin != 8 {
		t.Fatalf("7 vs 15: %+v", r)
	}
}

// Opposed checks with graded advantage on one side (a Huge target's
// Athletics against a trip gets 2 adv), and natural-face rules ignored.
// covers: HB-SPECIAL-07 (TV-28) HB-CORE-02
func TestOpposedWithAdvantage(t *testing.T) {
	b := athletics(2)
	b.AdvPolicy = AdvPolicy{Mode: AdvGraded}
	b.Adv = []AdvSource{{2, "two sizes larger"}}
	b.Naturals = Naturals{AutoFailure: Face(1), Threat: Face(20), ConfirmThreat: true}
	o := &Opposed{A: athletics(4), B: b, Tie: TieDefender}
	r := opposed(t, o, 14, 3, 20, 9)
	if r.Winner != Defender || r.Last().B.Natural != 20 || r.Last().B.Total != 22 || r.Last().B.ConfirmRolled {
		t.Fatalf("trip vs 3d20kh: %+v", r.Last().B)
	}
}

// covers: HB-INIT-03 (its tie chain: higher bonus, then re-roll)
func TestOpposedHigherModifierThenReroll(t *testing.T) {
	o := &Opposed{A: athletics(5), B: athletics(3), Tie: TieHigherModifier}
	if r := opposed(t, o, 10, 12); r.Winner != Initiator || r.How != ByModifier {
		t.Fatalf("tie, +5 beats +3: %+v", r)
	}
	same := &Opposed{A: athletics(4), B: athletics(4), Tie: TieHigherModifier}
	r := opposed(t, same, 9, 9, 6, 13)
	if r.Winner != Defender || r.How != ByTotals || len(r.Rounds) != 2 || r.Rounds[0].A.Total != 13 {
		t.Fatalf("tie on totals and modifiers, then re-roll: %+v", r)
	}
}

// covers: 1E-INIT-03
func TestOpposedRerollAndBoth(t *testing.T) {
	side := &Test{Sides: 6, Compare: NoTarget}
	rr := &Opposed{A: side, B: side, Tie: TieReroll}
	r := opposed(t, rr, 3, 3, 4, 4, 5, 2)
	if r.Winner != Initiator || len(r.Rounds) != 3 {
		t.Fatalf("re-roll: %+v", r)
	}
	// Side initiative ties: both act at once.
	both := &Opposed{A: side, B: side, Tie: TieBoth}
	if r := opposed(t, both, 4, 4); r.Winner != BothSides {
		t.Fatalf("simultaneous: %+v", r)
	}
	// A re-roll policy has a budget.
	src := rng.New(1)
	src.Force(2, 2, 5, 5)
	if _, err := (&Opposed{A: side, B: side, Tie: TieReroll, MaxRounds: 2}).Roll(src); err == nil {
		t.Fatal("two ties with a budget of two rounds: want an error")
	} else {
		kernelError(t, err, "tied")
	}
}

// covers: HB-CORE-05 HB-SPECIAL-05
func TestOpposedForcedFailure(t *testing.T) {
	incap := athletics(10)
	incap.Force = ForceFailure
	if r := opposed(t, &Opposed{A: athletics(0), B: incap}); r.Winner != Initiator || r.How != ByForced || len(r.Rounds) != 0 {
		t.Fatalf("shove vs incapacitated: %+v", r)
	}
	if r := opposed(t, &Opposed{A: incap, B: incap}); r.Winner != NeitherSide {
		t.Fatalf("both fail: %+v", r)
	}
}

// Defense roll variant: the attack hits if it beats the defence roll; a tie
// hits.
// covers: DMG-ATK-03 (TV-17)
func TestOpposedDefenseRoll(t *testing.T) {
	o := &Opposed{A: athletics(10), B: athletics(11), Tie: TieInitiator}
	if r := opposed(t, o, 13, 9); r.Winner != Initiator || r.Last().A.Total != 23 || r.Last().B.Total != 20 {
		t.Fatalf("23 vs 20: %+v", r)
	}
	if r := opposed(t, o, 10, 9); r.Winner != Initiator || r.How != ByTieRule {
		t.Fatalf("20 vs 20: %+v", r)
	}
}
