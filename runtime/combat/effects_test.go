package combat

import (
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

func expiredIDs(xs []Expiry) string {
	var ids []string
	for _, x := range xs {
		ids = append(ids, x.ID+"("+x.Cause.String()+")")
	}
	return strings.Join(ids, " ")
}

// covers: 5E-CND-01 and HB-COND-00 (a condition lasts as long as the
// effect that imposed it), appendix A Concentration (losing it ends the
// effect), DMG-SA-04 (a reduction ends with its duration): linked effects
// end together, children after their parent, in creation order.
func TestLinkedEffectsEndTogether(t *testing.T) {
	e := counted(t, modifierTieConfig(), []string{"wizard", "ogre", "troll"}, []int{15, 10, 5})
	ok(t, e.AddEffect(EffectSpec{ID: "conc", Owner: "wizard"}))
	ok(t, e.AddEffect(EffectSpec{ID: "held-ogre", Owner: "wizard", Target: "ogre", Parent: "conc", SaveEnds: true}))
	ok(t, e.AddEffect(EffectSpec{ID: "unrelated", Owner: "troll"}))
	ok(t, e.AddEffect(EffectSpec{ID: "held-troll", Owner: "wizard", Target: "troll", Parent: "conc", SaveEnds: true}))
	ok(t, e.AddEffect(EffectSpec{ID: "incap-troll", Target: "troll", Parent: "held-troll"}))
	wantKernelErr(t, e.AddEffect(EffectSpec{ID: "x", Parent: "nope"}), errs.Rule, "no live parent")
	wantKernelErr(t, e.AddEffect(EffectSpec{ID: "conc"}), errs.Rule, "already exists")

	// The troll saves: its hold and what hangs on it end; the rest stays.
	out, err := e.EndBySave("held-troll")
	ok(t, err)
	wantEq(t, "save", expiredIDs(out), "held-troll(save) incap-troll(parent ended)")
	_, err = e.EndBySave("conc")
	wantKernelErr(t, err, errs.Rule, "does not end on a save")

	ok(t, e.AddEffect(EffectSpec{ID: "held-troll", Target: "troll", Parent: "conc"}))
	ok(t, e.AddEffect(EffectSpec{ID: "slow-troll", Target: "troll", Parent: "held-troll"}))
	out, err = e.EndEffect("conc")
	ok(t, err)
	wantEq(t, "concentration lost", expiredIDs(out), "conc(ended) held-ogre(parent ended) held-troll(parent ended) slow-troll(parent ended)")
	wantEq(t, "left", len(e.Effects()), 1)
	if _, live := e.Effect("unrelated"); !live {
		t.Fatal("unrelated effect ended")
	}

	// A parent ending on time takes its children along in the same report.
	ok(t, e.AddEffect(EffectSpec{ID: "aura", End: After(1, UnitRound)}))
	ok(t, e.AddEffect(EffectSpec{ID: "aura-ogre", Parent: "aura", End: AtTurnEnd("troll", 5)}))
	r := rep(t)
	r(e.NextTurn())
	r(e.NextTurn())
	wantEq(t, "round 2", trans(r(e.NextTurn())), "turn end:troll, round end:1, round start:2, expired:aura(time), expired:aura-ogre(parent ended), turn start:wizard")
}

// covers: 5E-ACT-05 and appendix A Dodge ("until the start of your next
// turn"), HB-ACT-05, B-12 and B-15 ("until the start of the owner's next
// turn"), 3E-ROUND-02 B-11 (a charge penalty until the charger's next turn),
// and the end-of-turn form.
func TestTurnBoundaryEffects(t *testing.T) {
	e := counted(t, modifierTieConfig(), []string{"a", "b"}, []int{15, 10})
	r := rep(t)
	ok(t, e.AddEffect(EffectSpec{ID: "dodge", Owner: "a", End: AtTurnStart("a", 1)}))
	ok(t, e.AddEffect(EffectSpec{ID: "this-turn", Owner: "a", End: AtTurnEnd("a", 1)}))
	ok(t, e.AddEffect(EffectSpec{ID: "next-turn-end", Owner: "a", End: AtTurnEnd("a", 2)}))
	wantEq(t, "end of a's turn", trans(r(e.NextTurn())), "turn end:a, expired:this-turn(turn end), turn start:b")
	wantEq(t, "start of a's next turn", trans(r(e.NextTurn())),
		"turn end:b, round end:1, round start:2, turn start:a, expired:dodge(turn start)")
	wantEq(t, "end of a's next turn", trans(r(e.NextTurn())), "turn end:a, expired:next-turn-end(turn end), turn start:b")
	wantKernelErr(t, e.AddEffect(EffectSpec{ID: "x", End: AtTurnStart("nobody", 1)}), errs.Rule, "unknown participant")
}

// covers: 1E-SEQ-01 (segment, round, turn; durations in any of them),
// 3E-ROUND-01 and 5E-CMB-01 (a 6-second round: a minute is 10 rounds),
// 1E-SEQ-03 (a multi-segment task timed on the segment clock).
func TestTimeUnits(t *testing.T) {
	seg := sideConfig() // 10 segments, 60-second rounds, 10-round turns
	for _, c := range []struct {
		n    int
		u    Unit
		want int
	}{{1, UnitMinute, 10}, {1, UnitRound, 10}, {1, UnitTurn, 100}, {6, UnitSecond, 1}, {1, UnitHour, 600}, {3, UnitSegment, 3}} {
		got, err := seg.Ticks(c.n, c.u)
		ok(t, err)
		wantEq(t, c.u.String(), got, c.want)
	}
	six := modifierTieConfig() // no segments, 6-second rounds
	got, err := six.Ticks(1, UnitMinute)
	ok(t, err)
	wantEq(t, "minute in rounds", got, 10)
	got, err = six.Convert(30, UnitRound, UnitMinute)
	ok(t, err)
	wantEq(t, "30 rounds", got, 3)
	_, err = six.Ticks(5, UnitSecond)
	wantKernelErr(t, err, errs.Rule, "not a whole number")
	_, err = six.Ticks(1, UnitTurn)
	wantKernelErr(t, err, errs.Rule, "no turn as a span of time")
	_, err = six.Ticks(1, UnitSegment)
	wantKernelErr(t, err, errs.Rule, "no segments")
	for _, c := range []struct {
		s string
		u Unit
	}{{"rounds", UnitRound}, {"Minute", UnitMinute}, {"segments", UnitSegment}, {"turn", UnitTurn}} {
		got, err := ParseUnit(c.s)
		ok(t, err)
		wantEq(t, c.s, got, c.u)
	}
	_, err = ParseUnit("fortnight")
	wantKernelErr(t, err, errs.Rule, "unknown time unit")

	// Segment durations on the clock, across a round boundary.
	e, src := sideParty(t)
	r := rep(t)
	src.Force(4, 2)
	r(e.Begin())
	for i := 0; i < 7; i++ {
		r(e.NextSegment())
	}
	wantEq(t, "segment", e.Segment(), 8)
	ok(t, e.AddEffect(EffectSpec{ID: "potion", Owner: "fighter", End: After(4, UnitSegment)}))
	ok(t, e.AddEffect(EffectSpec{ID: "minute", Owner: "cleric", End: After(1, UnitMinute)}))
	r(e.NextSegment())
	r(e.NextSegment())
	src.Force(1, 1)
	wantEq(t, "round 2", trans(r(e.NextSegment())), "turn end:fighter, turn end:cleric, round end:1, round start:2, segment start:1, "+
		"turn start:fighter, turn start:cleric, turn start:orc1, turn start:orc2, turn start:orc3")
	wantEq(t, "potion", trans(r(e.NextSegment())), "segment start:2, expired:potion(time)")
	for e.Segment() < 7 {
		wantEq(t, "quiet", len(r(e.NextSegment()).Expired), 0)
	}
	wantEq(t, "a minute later", trans(r(e.NextSegment())), "segment start:8, expired:minute(time)")
	drained(t, src)
}
