package combat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

// lossOf rolls a two-side surprise with forced dice and returns the
// segments each side loses.
func lossOf(t *testing.T, aOn, bOn, aDie, bDie int) (int, int) {
	t.Helper()
	e, src := sideParty(t)
	src.Force(aDie, bDie)
	res, err := e.RollSurprise([]SideSurprise{{Side: "party", SurprisedOn: aOn}, {Side: "monsters", SurprisedOn: bOn}})
	ok(t, err)
	drained(t, src)
	return res[0].Lost, res[1].Lost
}

// covers: 1E-SURP-01, 1E-SURP-02, 1E-SURP-03 with TV-01: side A surprised
// on 1-2, side B on 1.
func TestSurpriseSegmentsTV01(t *testing.T) {
	for _, c := range []struct{ a, b, lostA, lostB int }{
		{2, 1, 1, 0}, // both surprised, difference 1
		{2, 2, 2, 0}, // B not surprised: A loses its roll
		{1, 1, 0, 0}, // (derived) equal: no effect
	} {
		la, lb := lossOf(t, 2, 1, c.a, c.b)
		if la != c.lostA || lb != c.lostB {
			t.Errorf("A=%d B=%d: lost %d/%d, want %d/%d", c.a, c.b, la, lb, c.lostA, c.lostB)
		}
	}
}

// covers: 1E-SURP-04 with TV-02: A is surprised on 1-4 (the script has
// combined the chances), B on the normal 1-2.
func TestSurpriseSegmentsTV02(t *testing.T) {
	for b, want := range []int{1: 3, 2: 2, 3: 4, 4: 4, 5: 4, 6: 4} {
		if b == 0 {
			continue
		}
		la, lb := lossOf(t, 4, 2, 4, b)
		if la != want || lb != 0 {
			t.Errorf("A=4 B=%d: lost %d/%d, want %d/0", b, la, lb, want)
		}
	}
}

// covers: 1E-SURP-03, TBL-SURP-DIFF, AMB-01 and AMB-02 with TV-03: both
// sides surprised on 1-2; the higher roll is the more surprised and loses
// the difference (the printed table's last two rows are wrong).
func TestSurpriseSegmentsTV03(t *testing.T) {
	for p := 1; p <= 6; p++ {
		for m := 1; m <= 6; m++ {
			wantP, wantM := 0, 0
			switch {
			case p <= 2 && m <= 2 && p > m:
				wantP = p - m
			case p <= 2 && m <= 2 && m > p:
				wantM = m - p
			case p <= 2 && m > 2:
				wantP = p
			case m <= 2 && p > 2:
				wantM = m
			}
			lp, lm := lossOf(t, 2, 2, p, m)
			if lp != wantP || lm != wantM {
				t.Errorf("party %d monsters %d: lost %d/%d, want %d/%d", p, m, lp, lm, wantP, wantM)
			}
		}
	}
	// The two rows the printed table gets wrong.
	if lp, lm := lossOf(t, 2, 2, 1, 2); lp != 0 || lm != 1 {
		t.Fatalf("party 1 monsters 2: monsters must lose 1 segment, got %d/%d", lp, lm)
	}
	if lp, lm := lossOf(t, 2, 2, 2, 1); lp != 1 || lm != 0 {
		t.Fatalf("party 2 monsters 1: party must lose 1 segment, got %d/%d", lp, lm)
	}
	// AMB-02: no cap at 3.
	if got := SegmentLoss(6, true, 1, true); got != 5 {
		t.Fatalf("difference 5 gave %d", got)
	}
}

// covers: 1E-SURP-07 with TV-24: the individual adjustment adds or removes
// segments of the surprised only (never below 0).
func TestSurpriseSegmentsTV24(t *testing.T) {
	for _, c := range []struct{ side, adj, want int }{{3, +2, 1}, {3, -1, 4}, {2, +3, 0}} {
		e, _ := sideParty(t)
		ok(t, e.SetLostSegments("fighter", c.side))
		ok(t, e.AdjustLostSegments("fighter", -c.adj))
		wantEq(t, fmt.Sprintf("side %d, reaction %+d", c.side, c.adj), e.LostSegments("fighter"), c.want)
	}
	e, _ := sideParty(t)
	ok(t, e.AdjustLostSegments("orc1", 2))
	wantEq(t, "an unsurprised participant stays unsurprised", e.LostSegments("orc1"), 0)
}

// covers: 1E-SURP-02 and 1E-SURP-05 (the surprised cannot act for the lost
// segments; in each the surprisers get a full round's routine), 1E-INIT-02
// (initiative is rolled after the surprise segments), 1E-SURP-07
// (per-individual loss), 1E-SEQ-01 (segments on the clock).
func TestSurpriseSegmentPhase(t *testing.T) {
	e, src := sideParty(t)
	r := rep(t)
	src.Force(3, 2) // party not surprised, monsters surprised: 2 segments
	_, err := e.RollSurprise([]SideSurprise{{Side: "party", SurprisedOn: 2}, {Side: "monsters", SurprisedOn: 2}})
	ok(t, err)
	ok(t, e.AdjustLostSegments("orc3", -1)) // a quick orc loses only one
	first := r(e.Begin())
	wantEq(t, "segment 1", trans(first), "round start:0, segment start:1, turn start:fighter, turn start:cleric")
	wantEq(t, "in surprise", e.InSurprise(), true)
	ok(t, e.Spend("fighter", "routine"))
	wantKernelErr(t, e.Spend("orc1", "routine"), errs.Rule, "surprised this segment")
	wantEq(t, "orc can act", e.CanAct("orc1"), false)

	seg2 := r(e.NextTurn())
	wantEq(t, "segment 2", trans(seg2), "turn end:fighter, turn end:cleric, segment start:2, turn start:fighter, turn start:cleric, turn start:orc3")
	ok(t, e.Spend("fighter", "routine")) // a full round's routine again
	wantEq(t, "clock", e.Elapsed(), 1)

	src.Force(4, 6)
	round1 := r(e.NextTurn())
	wantEq(t, "round 1", trans(round1), "turn end:fighter, turn end:cleric, turn end:orc3, round end:0, "+
		"round start:1, segment start:1, turn start:orc1, turn start:orc2, turn start:orc3")
	wantEq(t, "order", steps(e), "orc1 orc2 orc3 | fighter cleric")
	wantEq(t, "clock", e.Elapsed(), 2)
	wantEq(t, "segment", e.Segment(), 1)
	wantEq(t, "orc can act", e.CanAct("orc1"), true)
	var kinds []string
	for _, r := range e.Rolls() {
		kinds = append(kinds, r.Kind.String()+":"+r.Who)
	}
	wantEq(t, "rolls", strings.Join(kinds, " "), "surprise:party surprise:monsters side:party side:monsters")
	drained(t, src)
}

// covers: 1E-SURP-06 (one-sided surprise: only the side that can be
// surprised rolls), AMB-04 (a surprise chance in eighths rolls a d8).
func TestOneSidedSurpriseOnD8(t *testing.T) {
	e, src := sideParty(t)
	src.Force(1)
	res, err := e.RollSurprise([]SideSurprise{{Side: "party", CannotBeSurprised: true},
		{Side: "monsters", Die: Dice{Sides: 8}, SurprisedOn: 1}})
	ok(t, err)
	if res[0].Rolled || res[1].Lost != 1 || len(e.Rolls()) != 1 || e.Rolls()[0].Dice.Sides != 8 {
		t.Fatalf("results %+v, rolls %+v", res, e.Rolls())
	}
	drained(t, src)
}

// surpriseRoundConfig is a script with individual d20 initiative, ties by the
// tie-break score then a roll-off, a surprise round of one partial action,
// and standard + move actions with a full-round composite.
func surpriseRoundConfig() Config {
	return Config{Die: Dice{Sides: 20}, Ties: []TieRule{TieScore, TieReroll},
		Surprise: SurpriseRound, AwareNewcomersFirst: true, RoundSeconds: 6,
		SurpriseSlots:        []SlotCount{{Name: "standard", Count: 0}, {Name: "move", Count: 0}, {Name: "partial", Count: 1}},
		Delay:                DelayRule{HasFloor: true, Floor: -10, FloorMinusModifier: true},
		ReadyMovesInitiative: true,
		Slots: []SlotDef{{Name: "standard", Count: 1}, {Name: "move", Count: 1}, {Name: "partial", Count: 0},
			{Name: "aoo", Count: 1, Reset: ResetTurnStart, OffTurn: true}, {Name: "free", Count: Unlimited}},
		Composites: []Composite{{Name: "full", Parts: []string{"standard", "move"}}}}
}

// covers: 3E-INIT-07 and DMG-INIT-06 (only the aware roll and act in the
// surprise round), 3E-ACTION-22 (one partial action each), 3E-INIT-08 and
// 3E-INIT-04 (the unaware cannot act and stay flat-footed until their first
// turn), 3E-INIT-09 (those who did not act roll at the start of round 1 and
// join the order; the surprise actors keep their results), 3E-INIT-03 (one
// roll for the orcs). Test vector: the worked fight, steps S0 and round 1
// (Lidda 12+7 = 19, orcs 11, Jozan 8-1 = 7, then Tordek 13+1 = 14; Mialee,
// unconscious, does not roll).
func TestSurpriseRoundThenLateRollers(t *testing.T) {
	e, src := newEnc(t, surpriseRoundConfig(),
		Spec{ID: "lidda", Side: "party", Modifier: 7, Aware: true},
		Spec{ID: "tordek", Side: "party", Modifier: 1},
		Spec{ID: "jozan", Side: "party", Modifier: -1, Aware: true},
		Spec{ID: "mialee", Side: "party", Modifier: 3},
		Spec{ID: "orcA", Side: "orcs", Group: "orcs", Aware: true},
		Spec{ID: "orcB", Side: "orcs", Group: "orcs", Aware: true},
		Spec{ID: "orcC", Side: "orcs", Group: "orcs", Aware: true},
		Spec{ID: "orcD", Side: "orcs", Group: "orcs", Aware: true},
	)
	r := rep(t)
	src.Force(12, 8, 11)
	r(e.Begin())
	wantEq(t, "surprise round", e.Round(), 0)
	wantEq(t, "surprise order", steps(e), "lidda | orcA | orcB | orcC | orcD | jozan")
	ok(t, e.Spend("lidda", "partial"))
	wantKernelErr(t, e.Spend("lidda", "standard"), errs.Rule, `no "standard" left`)
	wantKernelErr(t, e.Spend("tordek", "aoo"), errs.Rule, "unaware during the surprise round")
	wantEq(t, "tordek flat-footed", e.HasActed("tordek"), false)

	turnTo(t, e, "jozan") // the javelins drop Mialee; she does not act
	ok(t, e.Deactivate("mialee"))
	src.Force(13)
	r(e.NextTurn())
	wantEq(t, "round", e.Round(), 1)
	wantEq(t, "round 1 order", steps(e), "lidda | tordek | orcA | orcB | orcC | orcD | jozan")
	if n, _ := e.Count("tordek"); n != 14 {
		t.Fatalf("tordek at %d", n)
	}
	ok(t, e.Spend("lidda", "standard")) // full budget again
	r(e.NextTurn())
	wantEq(t, "tordek acted", e.HasActed("tordek"), true)
	drained(t, src)

	// Mialee wakes later: she rolls and joins (3E-INIT-09's recommendation).
	src.Force(5)
	ok(t, e.Reactivate("mialee"))
	wantEq(t, "with mialee", steps(e), "lidda | tordek | orcA | orcB | orcC | orcD | mialee | jozan")
	drained(t, src)
}

// covers: DMG-INIT-06 with TV-06 (Lidda and the gargoyle alone are aware:
// they roll first and act; the others roll after), DMG-INIT-08,
// DMG-INIT-09 and TV-07 (aware newcomers act first by Dexterity, at the
// highest count + 1; unaware ones roll and slot in, flat-footed until they
// act; the same order holds afterwards).
func TestSurpriseRoundThenNewcomers(t *testing.T) {
	e, src := newEnc(t, surpriseRoundConfig(),
		Spec{ID: "lidda", Side: "party", Modifier: 0, Aware: true},
		Spec{ID: "tordek", Side: "party"},
		Spec{ID: "mialee", Side: "party"},
		Spec{ID: "jozan", Side: "party"},
		Spec{ID: "gargoyle", Side: "naga", Aware: true},
	)
	r := rep(t)
	src.Force(18, 4) // Lidda 18, gargoyle (the naga of the later example) 4
	r(e.Begin())
	wantEq(t, "surprise round", steps(e), "lidda | gargoyle")
	r(e.NextTurn())
	src.Force(15, 12, 9) // the others roll after the partial actions
	r(e.NextTurn())
	wantEq(t, "round 1", steps(e), "lidda | tordek | mialee | jozan | gargoyle")
	drained(t, src)

	// End of round 3: two aware nagas (Dex 15 and 13) and unaware orcs arrive.
	for e.Round() < 3 || !e.IsTurn("gargoyle") {
		r(e.NextTurn())
	}
	ok(t, e.Join([]Spec{
		{ID: "naga13", Side: "naga", Score: 13, Aware: true},
		{ID: "naga15", Side: "naga", Score: 15, Aware: true},
		{ID: "orc1", Side: "orcs", Group: "orcs"},
		{ID: "orc2", Side: "orcs", Group: "orcs"},
	}, JoinRoundStart))
	wantEq(t, "newcomers wait", steps(e), "lidda | tordek | mialee | jozan | gargoyle")
	wantEq(t, "waiting sides", strings.Join(e.ActiveSides(), ","), "party,naga")
	src.Force(2)
	round4 := r(e.NextTurn())
	drained(t, src)
	wantEq(t, "round 4 start", trans(round4), "turn end:gargoyle, round end:3, round start:4, turn start:naga15")
	want := "naga15 | naga13 | lidda | tordek | mialee | jozan | gargoyle | orc1 | orc2"
	wantEq(t, "round 4", steps(e), want)
	for _, id := range []string{"naga15", "naga13"} {
		if n, _ := e.Count(id); n != 19 {
			t.Fatalf("%s at %d, want 19", id, n)
		}
	}
	wantEq(t, "orcs flat-footed", e.HasActed("orc1"), false)
	turnTo(t, e, "orc1")
	wantEq(t, "orcs acted", e.HasActed("orc1"), true)
	for e.Round() < 5 {
		r(e.NextTurn())
	}
	wantEq(t, "round 5", steps(e), want)
}

// covers: DMG-INIT-02 and TV-03 (the aware act before anyone rolls; then
// everyone rolls), DMG-INIT-07 (variant: the first round is always a
// surprise round, even when everyone is aware; A-10).
func TestUnorderedAndAlwaysSurpriseRound(t *testing.T) {
	cfg := surpriseRoundConfig()
	cfg.SurpriseUnordered = true
	e, src := newEnc(t, cfg,
		Spec{ID: "party1", Side: "party"}, Spec{ID: "kobold", Side: "kobolds", Aware: true})
	rep(t)(e.Begin())
	wantEq(t, "no roll yet", len(e.Rolls()), 0)
	wantEq(t, "surprise step", steps(e), "kobold")
	src.Force(5, 15)
	rep(t)(e.NextTurn())
	wantEq(t, "round 1", steps(e), "kobold | party1")
	drained(t, src)

	cfg = surpriseRoundConfig()
	cfg.SurpriseAlways = true
	e, src = newEnc(t, cfg, Spec{ID: "a", Side: "x", Aware: true}, Spec{ID: "b", Side: "y", Aware: true})
	src.Force(3, 4)
	rep(t)(e.Begin())
	wantEq(t, "everyone aware, still a surprise round", e.Round(), 0)
	wantEq(t, "partial actions only", steps(e), "b | a")
	wantKernelErr(t, e.Spend("b", "standard"), errs.Rule, `no "standard" left`)
	wantKernelErr(t, e.Spend("a", "partial"), errs.Rule, "own turn")
	ok(t, e.Spend("b", "partial"))
	drained(t, src)
}

// covers: surprise as a lost first round (the surprised skip round 1 and
// cannot act in it).
func TestLostRound(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.Surprise = SurpriseLostRound
	e, src := newEnc(t, cfg, Spec{ID: "ambusher", Side: "a"}, Spec{ID: "victim", Side: "b", Surprised: true})
	src.Force(5, 15)
	first := rep(t)(e.Begin())
	wantEq(t, "begin", trans(first), "round start:1, turn skipped:victim, turn start:ambusher")
	wantEq(t, "victim idle", e.CanAct("victim"), false)
	wantKernelErr(t, e.Spend("victim", "reaction"), errs.Rule, "loses the first round")
	wantEq(t, "round 2", trans(rep(t)(e.NextTurn())), "turn end:ambusher, round end:1, round start:2, turn start:victim")
	drained(t, src)
}

// covers: 1E-INIT-02, 1E-SURP-07: in a segment the surprised side lost,
// those who lost none act first, whatever the order the participants were
// added in; a surprised one whose own loss was cut short follows them.
func TestSurpriseSegmentOrder(t *testing.T) {
	e, _ := sideParty(t) // the party (fighter, cleric) was added first
	ok(t, e.SetLostSegments("fighter", 2))
	ok(t, e.SetLostSegments("cleric", 1)) // Dexterity cut his loss short
	r := rep(t)
	first := r(e.Begin())
	wantEq(t, "segment 1", trans(first), "round start:0, segment start:1, turn start:orc1, turn start:orc2, turn start:orc3")
	seg2 := r(e.NextTurn())
	wantEq(t, "segment 2: the orcs before the cleric", trans(seg2),
		"turn end:orc1, turn end:orc2, turn end:orc3, segment start:2, turn start:orc1, turn start:orc2, turn start:orc3, turn start:cleric")
}
