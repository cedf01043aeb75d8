package combat

import (
	"slices"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// sideConfig is what a script with side initiative declares: a d6 per
// side every round, ties acting at the same time, one-minute rounds of ten
// segments.
func sideConfig() Config {
	return Config{Mode: BySide, Die: Dice{Sides: 6}, Ties: []TieRule{TieSimultaneous},
		RerollEachRound: true, SegmentsPerRound: 10, RoundSeconds: 60, RoundsPerTurn: 10,
		SurpriseDie: Dice{Sides: 6}, Surprise: SurpriseLostSegments,
		Slots: []SlotDef{{Name: "routine", Count: 1}}}
}

func sideParty(t testing.TB) (*Encounter, *rng.Source) {
	e, src := newEnc(t, sideConfig())
	ok(t, e.AddSide(SideSpec{Name: "party"}))
	ok(t, e.AddSide(SideSpec{Name: "monsters", Hidden: true}))
	for _, s := range []Spec{{ID: "fighter", Side: "party"}, {ID: "cleric", Side: "party"},
		{ID: "orc1", Side: "monsters"}, {ID: "orc2", Side: "monsters"}, {ID: "orc3", Side: "monsters"}} {
		ok(t, e.Add(s))
	}
	return e, src
}

// covers: 1E-INIT-01 (a d6 per side each round, higher side first),
// 1E-INIT-03 (equal dice: both sides act at the same time), 1E-INIT-04
// (the winner's step comes wholly before the loser's), 1E-SEQ-01 (rounds of
// segments).
func TestSideInitiativeEachRoundWithTies(t *testing.T) {
	e, src := sideParty(t)
	r := rep(t)
	src.Force(5, 3) // party 5, monsters 3
	first := r(e.Begin())
	wantEq(t, "round 1 order", steps(e), "fighter cleric | orc1 orc2 orc3")
	wantEq(t, "begin", trans(first), "round start:1, segment start:1, turn start:fighter, turn start:cleric")
	wantEq(t, "current", strings.Join(e.Current(), " "), "fighter cleric")
	if n, _ := e.SideResult("party"); n != 5 {
		t.Fatalf("party result %d, want 5", n)
	}
	rolls := e.Rolls()
	wantEq(t, "rolls", len(rolls), 2)
	wantEq(t, "roll 1", rolls[0].Who+"/"+rolls[0].Kind.String(), "party/side")
	if rolls[1].Who != "monsters" || rolls[1].Total != 3 || !rolls[1].Hidden || rolls[1].Dice.Sides != 6 {
		t.Fatalf("monsters' roll %+v", rolls[1])
	}
	wantEq(t, "loser's step", trans(r(e.NextTurn())), "turn end:fighter, turn end:cleric, turn start:orc1, turn start:orc2, turn start:orc3")

	src.Force(2, 2) // round 2: tie
	r2 := r(e.NextTurn())
	wantEq(t, "tie order", steps(e), "fighter cleric orc1 orc2 orc3")
	wantEq(t, "round 2 start", trans(r2), "turn end:orc1, turn end:orc2, turn end:orc3, round end:1, round start:2, segment start:1, "+
		"turn start:fighter, turn start:cleric, turn start:orc1, turn start:orc2, turn start:orc3")
	wantEq(t, "clock after one round", e.Elapsed(), 10)

	ok(t, e.SetSideModifier("party", 1))
	ok(t, e.Deactivate("orc2"))
	src.Force(1, 6) // round 3: party 1+1, monsters 6
	r(e.NextTurn())
	wantEq(t, "round 3 order", steps(e), "orc1 orc3 | fighter cleric")
	wantEq(t, "active sides", strings.Join(e.ActiveSides(), ","), "party,monsters")
	ok(t, e.Deactivate("orc1"))
	ok(t, e.Deactivate("orc3"))
	wantEq(t, "active sides", strings.Join(e.ActiveSides(), ","), "party")
	drained(t, src)
}

// modifierTieConfig is a script with individual d20 initiative, ties broken by
// the higher modifier, advantage that cancels, and surprise as a
// disadvantage on initiative.
func modifierTieConfig() Config {
	return Config{Die: Dice{Sides: 20}, Ties: []TieRule{TieModifier}, Advantage: AdvantageCancel,
		Surprise: SurpriseInitiativeDisadvantage, RoundSeconds: 6,
		Slots: []SlotDef{{Name: "action", Count: 1}, {Name: "bonus", Count: 1},
			{Name: "reaction", Count: 1, OffTurn: true}, {Name: "move", Count: 1}}}
}

// covers: 5E-CMB-03 (initiative is a check: advantage applies), 5E-CMB-04
// and TV-42 (four identical goblins share one roll: d20 13 + 2 = 15 for
// all), 5E-CMB-05 (surprised: disadvantage, 2 dice keep the lower),
// 5E-CMB-06 (highest first, the order stays), 5E-CMB-07 (a tie broken by
// the higher modifier), TV-43 (surprised and invisible: one die).
func TestIndividualInitiativeTieByModifierAndGroup(t *testing.T) {
	e, src := newEnc(t, modifierTieConfig(),
		Spec{ID: "fighter", Side: "pcs", Modifier: 1},
		Spec{ID: "rogue", Side: "pcs", Modifier: 4},
		Spec{ID: "wizard", Side: "pcs", Modifier: 1, Surprised: true},
		Spec{ID: "gob1", Side: "goblins", Group: "goblins", Modifier: 2},
		Spec{ID: "gob2", Side: "goblins", Group: "goblins", Modifier: 2},
		Spec{ID: "gob3", Side: "goblins", Group: "goblins", Modifier: 2},
		Spec{ID: "gob4", Side: "goblins", Group: "goblins", Modifier: 2},
		Spec{ID: "cleric", Side: "pcs", Surprised: true, Advantage: 1},
	)
	// fighter 15, rogue 12, wizard 18 and 9, goblins 13, cleric 11.
	src.Force(15, 12, 18, 9, 13, 11)
	rep(t)(e.Begin())
	drained(t, src)
	wantEq(t, "order", steps(e), "rogue | fighter | gob1 | gob2 | gob3 | gob4 | cleric | wizard")
	for _, id := range []string{"gob1", "gob2", "gob3", "gob4"} {
		if n, _ := e.Count(id); n != 15 {
			t.Fatalf("%s at %d, want 15", id, n)
		}
	}
	if a, b := must2(e.Count("rogue")), must2(e.Count("fighter")); a != 16 || b != 16 {
		t.Fatalf("rogue %d fighter %d, want 16 and 16", a, b)
	}
	rolls := e.Rolls()
	wantEq(t, "roll count", len(rolls), 5)
	w := rolls[2]
	if w.Who != "wizard" || !slices.Equal(w.Faces, []int{18, 9}) || w.Natural != 9 || w.Total != 10 || w.Advantage != -1 {
		t.Fatalf("wizard's roll %+v", w)
	}
	g := rolls[3]
	if g.Who != "goblins" || g.Natural != 13 || g.Modifier != 2 || g.Total != 15 {
		t.Fatalf("goblins' roll %+v", g)
	}
	c := rolls[4]
	if c.Who != "cleric" || len(c.Faces) != 1 || c.Advantage != 0 {
		t.Fatalf("cleric's roll %+v (advantage and disadvantage must cancel)", c)
	}
	// The order does not change from round to round.
	for i := 0; i < 8; i++ {
		rep(t)(e.NextTurn())
	}
	wantEq(t, "round", e.Round(), 2)
	wantEq(t, "current", e.Current()[0], "rogue")
	drained(t, src)
}

func must2(n int, _ bool) int { return n }

// covers: 3E-INIT-03 (one roll per group of monsters; the group acting as
// one turn), 5E-CMB-04 (an initiative entry holding several creatures).
func TestGroupTurn(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.GroupTurn = true
	e, src := newEnc(t, cfg,
		Spec{ID: "pc", Side: "pcs", Modifier: 3},
		Spec{ID: "z1", Side: "undead", Group: "zombies", Modifier: -1},
		Spec{ID: "z2", Side: "undead", Group: "zombies", Modifier: -1},
		Spec{ID: "cleric", Side: "undead", Modifier: 1},
	)
	src.Force(10, 20, 2)
	rep(t)(e.Begin())
	wantEq(t, "order", steps(e), "z1 z2 | pc | cleric")
	wantEq(t, "current", strings.Join(e.Current(), " "), "z1 z2")
	// A zombie joining later shares the group's count and step.
	ok(t, e.Join([]Spec{{ID: "z3", Side: "undead", Group: "zombies", Modifier: -1}}, JoinNow))
	wantEq(t, "joined", steps(e), "z1 z2 z3 | pc | cleric")
	if n, _ := e.Count("z3"); n != 19 {
		t.Fatalf("z3 at %d, want the group's 19", n)
	}
	drained(t, src)
}

// covers: HB-INIT-01, HB-INIT-02, HB-INIT-03 and TV-17: ties go to the
// higher initiative bonus, then only the still-tied re-roll until the tie
// breaks (B 5, C 8, D 14 gives A, D, C, B); everyone keeps 15.
func TestTieModifierThenReroll(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Ties = []TieRule{TieModifier, TieReroll}
	e, src := newEnc(t, cfg,
		Spec{ID: "A", Side: "x", Modifier: 3},
		Spec{ID: "B", Side: "x", Modifier: 2},
		Spec{ID: "C", Side: "y", Modifier: 2},
		Spec{ID: "D", Side: "y", Modifier: 2},
	)
	src.Force(12, 13, 13, 13, 5, 8, 14)
	rep(t)(e.Begin())
	drained(t, src)
	wantEq(t, "order", steps(e), "A | D | C | B")
	for _, id := range []string{"A", "B", "C", "D"} {
		if n, _ := e.Count(id); n != 15 {
			t.Fatalf("%s at %d, want 15", id, n)
		}
	}
	var ties []string
	for _, r := range e.Rolls() {
		if r.Kind == RollTie {
			ties = append(ties, r.Who)
		}
	}
	wantEq(t, "roll-offs", strings.Join(ties, " "), "B C D")

	// Still tied after a roll-off: only those roll again.
	e2, src2 := newEnc(t, cfg,
		Spec{ID: "B", Side: "x", Modifier: 2},
		Spec{ID: "C", Side: "y", Modifier: 2},
		Spec{ID: "D", Side: "y", Modifier: 2},
	)
	src2.Force(10, 10, 10, 7, 7, 3, 4, 9)
	rep(t)(e2.Begin())
	drained(t, src2)
	wantEq(t, "order after two roll-offs", steps(e2), "C | B | D")
}

// covers: 3E-INIT-02 and B-32 (ties by the tie-break score, then a roll-off),
// 5E-CMB-07 (a caller-given tie order).
func TestTieScoreAndCaller(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Ties = []TieRule{TieScore, TieReroll}
	e, src := newEnc(t, cfg,
		Spec{ID: "slow", Side: "x", Modifier: 2, Score: 12},
		Spec{ID: "quick", Side: "y", Modifier: 2, Score: 15},
	)
	src.Force(9, 9)
	rep(t)(e.Begin())
	wantEq(t, "by score", steps(e), "quick | slow")
	drained(t, src)

	cfg.Ties = []TieRule{TieCaller}
	cfg.TieOrder = func(a, b string) int { // the monsters' side decides: players first
		pa, pb := strings.HasPrefix(a, "pc"), strings.HasPrefix(b, "pc")
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		}
		return 0
	}
	e, src = newEnc(t, cfg,
		Spec{ID: "ogre", Side: "m"}, Spec{ID: "pc-bard", Side: "p"}, Spec{ID: "pc-monk", Side: "p"})
	src.Force(11, 11, 11)
	rep(t)(e.Begin())
	wantEq(t, "by caller", steps(e), "pc-bard | pc-monk | ogre")
}

// covers: HB-CORE-02 and HB-CORE-03 (graded levels add up: 2 advantage
// rolls 3 dice and keeps the highest), DMG-INIT-13 (hidden rolls).
func TestGradedAdvantageOnInitiative(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Advantage = AdvantageNet
	cfg.Surprise = SurpriseNone
	e, src := newEnc(t, cfg, Spec{ID: "scout", Side: "a", Advantage: 3, Disadvantage: 1, Hidden: true})
	src.Force(4, 17, 9)
	rep(t)(e.Begin())
	r := e.Rolls()[0]
	if r.Natural != 17 || r.Advantage != 2 || len(r.Faces) != 3 || !r.Hidden {
		t.Fatalf("roll %+v", r)
	}
	cfg.MaxAdvantage = 1
	e, src = newEnc(t, cfg, Spec{ID: "scout", Side: "a", Disadvantage: 4})
	src.Force(4, 17)
	rep(t)(e.Begin())
	if r := e.Rolls()[0]; r.Natural != 4 || r.Advantage != -1 {
		t.Fatalf("capped roll %+v", r)
	}
	drained(t, src)
}

// Same seed, same fight: nothing depends on map order or the clock.
func TestDeterministic(t *testing.T) {
	run := func() string {
		cfg := modifierTieConfig()
		cfg.Ties = []TieRule{TieModifier, TieReroll}
		cfg.RerollEachRound = true
		e, _ := newEnc(t, cfg)
		for i := 0; i < 12; i++ {
			ok(t, e.Add(Spec{ID: string(rune('a' + i)), Side: []string{"x", "y", "z"}[i%3], Modifier: i % 4, Group: []string{"", "", "g"}[i%3]}))
		}
		var b strings.Builder
		rep(t)(e.Begin())
		for i := 0; i < 40; i++ {
			b.WriteString(steps(e) + ";")
			rep(t)(e.NextTurn())
		}
		return b.String()
	}
	if a, b := run(), run(); a != b {
		t.Fatalf("two runs differ:\n%s\n%s", a, b)
	}
}

func TestConfigErrors(t *testing.T) {
	src := rng.New(1)
	for _, c := range []struct {
		cfg Config
		sub string
	}{
		{Config{}, "initiative die"},
		{Config{Die: Dice{Sides: 20}, Ties: []TieRule{TieCaller}}, "TieOrder"},
		{Config{Die: Dice{Sides: 20}, Ties: []TieRule{TieReroll, TieModifier}}, "must end the chain"},
		{Config{Die: Dice{Sides: 20}, Slots: []SlotDef{{Name: "a", Count: 1}, {Name: "a", Count: 1}}}, "declared twice"},
		{Config{Die: Dice{Sides: 20}, Composites: []Composite{{Name: "full", Parts: []string{"std"}}}}, "unknown slot"},
		{Config{Die: Dice{Sides: 20}, Surprise: SurpriseLostSegments}, "SegmentsPerRound"},
		{Config{Die: Dice{Sides: 20}, ReadySlot: "reaction"}, "ReadySlot"},
	} {
		_, err := New(c.cfg, src)
		wantKernelErr(t, err, errs.Data, c.sub)
	}
	e, _ := newEnc(t, modifierTieConfig(), Spec{ID: "a", Side: "x"})
	wantKernelErr(t, e.Add(Spec{ID: "a", Side: "x"}), errs.Rule, "added twice")
	wantKernelErr(t, e.Add(Spec{ID: "b"}), errs.Rule, "needs a side")
	_, err := e.NextTurn()
	wantKernelErr(t, err, errs.Rule, "not begun")
	src2 := rng.New(1)
	e2, _ := New(modifierTieConfig(), src2)
	ok(t, e2.Add(Spec{ID: "a", Side: "x"}))
	src2.Force(21)
	_, err = e2.Begin()
	wantKernelErr(t, err, errs.Usage, "does not fit")
}

// covers: 1E-SEQ-02, 1E-INIT-01 (the next round's initiative is rolled when
// that round begins, after what the round's end holds).
func TestEndStepHoldsTheRoundOpen(t *testing.T) {
	e, src := sideParty(t)
	src.Force(5, 3)
	if _, err := e.Begin(); err != nil {
		t.Fatal(err)
	}
	more, err := e.EndStep()
	ok(t, err)
	wantEq(t, "the loser's step follows", more, true)
	wantEq(t, "current", strings.Join(e.Current(), " "), "orc1 orc2 orc3")
	draws := src.Draws()
	more, err = e.EndStep()
	ok(t, err)
	wantEq(t, "the round's order is done", more, false)
	wantEq(t, "between rounds", e.BetweenRounds(), true)
	wantEq(t, "still round 1", e.Round(), 1)
	wantEq(t, "no step running", len(e.Current()), 0)
	wantEq(t, "no initiative rolled yet", src.Draws(), draws)
	more, err = e.EndStep()
	ok(t, err)
	wantEq(t, "EndStep between rounds stays there", more, false)
	src.Force(2, 6)
	r := rep(t)(e.NextTurn())
	wantEq(t, "round 2 opens", trans(r), "round end:1, round start:2, segment start:1, turn start:orc1, turn start:orc2, turn start:orc3")
	wantEq(t, "round 2 order", steps(e), "orc1 orc2 orc3 | fighter cleric")
	wantEq(t, "no longer between rounds", e.BetweenRounds(), false)
	drained(t, src)
}

// A phase of surprise segments held open by EndStep ends into round 1 only
// at NextTurn, which rolls round 1's initiative (1E-INIT-02).
func TestEndStepHoldsSurpriseSegments(t *testing.T) {
	e, src := sideParty(t)
	ok(t, e.SetLostSegments("orc1", 1))
	ok(t, e.SetLostSegments("orc2", 1))
	ok(t, e.SetLostSegments("orc3", 1))
	if _, err := e.Begin(); err != nil {
		t.Fatal(err)
	}
	wantEq(t, "round 0", e.Round(), 0)
	wantEq(t, "segment 1: the party", strings.Join(e.Current(), " "), "fighter cleric")
	more, err := e.EndStep()
	ok(t, err)
	wantEq(t, "one segment only", more, false)
	wantEq(t, "still round 0", e.Round(), 0)
	wantEq(t, "no die yet", src.Draws(), uint64(0))
	src.Force(4, 1)
	rep(t)(e.NextTurn())
	wantEq(t, "round 1", e.Round(), 1)
	wantEq(t, "round 1 order", steps(e), "fighter cleric | orc1 orc2 orc3")
	drained(t, src)
}
