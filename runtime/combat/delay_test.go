package combat

import (
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

// counted builds an encounter under cfg whose participants roll the given
// d20 faces with modifier 0 (so their counts are those faces), in order.
func counted(t *testing.T, cfg Config, ids []string, faces []int, mods ...int) *Encounter {
	t.Helper()
	e, src := newEnc(t, cfg)
	for i, id := range ids {
		s := Spec{ID: id, Side: id}
		if i < len(mods) {
			s.Modifier = mods[i]
		}
		ok(t, e.Add(s))
	}
	for i := range faces {
		if i < len(mods) {
			faces[i] -= mods[i]
		}
	}
	src.Force(faces...)
	rep(t)(e.Begin())
	drained(t, src)
	return e
}

// covers: 3E-ROUND-02 with EX-03 (a monk at 15 stuns for 1 round: the stun
// lasts through count 16 of the next round and ends just before count 15),
// HB-FLOW-02, HB-FLOW-03 with TV-33 (made at count 15 in round 1, lasting
// 2 rounds: ends in round 3 just before count 15 acts).
func TestDurationEndsOnInitiativeCount(t *testing.T) {
	e := counted(t, surpriseRoundConfig(), []string{"fast", "quick", "monk", "target"}, []int{20, 16, 15, 12})
	r := rep(t)
	turnTo(t, e, "monk")
	stun, err := e.RoundsFromNow(1)
	ok(t, err)
	ok(t, e.AddEffect(EffectSpec{ID: "stun", Owner: "monk", Target: "target", End: stun}))
	long, err := e.RoundsFromNow(2)
	ok(t, err)
	ok(t, e.AddEffect(EffectSpec{ID: "long", Owner: "monk", End: long}))
	// The rest of round 1 and the top of round 2 keep the stun.
	for !e.IsTurn("quick") || e.Round() != 2 {
		if got := r(e.NextTurn()); len(got.Expired) > 0 {
			t.Fatalf("expired early: %s", trans(got))
		}
	}
	wantEq(t, "at count 15 of round 2", trans(r(e.NextTurn())), "turn end:quick, expired:stun(initiative count), turn start:monk")
	for !e.IsTurn("quick") || e.Round() != 3 {
		if got := r(e.NextTurn()); len(got.Expired) > 0 {
			t.Fatalf("expired early: %s", trans(got))
		}
	}
	wantEq(t, "at count 15 of round 3", trans(r(e.NextTurn())), "turn end:quick, expired:long(initiative count), turn start:monk")
}

// covers: 3E-INIT-10 (delay: act later at a lower count, which becomes the
// new initiative), 3E-ROUND-02 and HB-FLOW-03 (a duration anchored to a
// count ends when the order passes that count, even though the one who
// held the count has delayed away from it).
func TestCountDurationAcrossDelay(t *testing.T) {
	e := counted(t, surpriseRoundConfig(), []string{"monk", "target", "other"}, []int{15, 12, 8})
	r := rep(t)
	end, err := e.RoundsFromNow(2) // made at count 15 in round 1: ends round 3, count 15
	ok(t, err)
	ok(t, e.AddEffect(EffectSpec{ID: "bless", Owner: "monk", End: end}))
	r(e.NextTurn())
	r(e.NextTurn())
	r2 := r(e.NextTurn())
	wantEq(t, "round 2 start", trans(r2), "turn end:other, round end:1, round start:2, turn start:monk")
	ok(t, e.Delay("monk"))
	wantEq(t, "monk waits", steps(e), "target | other")
	wantKernelErr(t, e.Resume("monk", 16), errs.Rule, "count 15 or lower")
	wantEq(t, "target", trans(r(e.NextTurn())), "turn start:target")
	r(e.NextTurn()) // other, at 8
	ok(t, e.Resume("monk", 5))
	wantEq(t, "monk re-enters", trans(r(e.NextTurn())), "turn end:other, turn resume:monk")
	if n, _ := e.Count("monk"); n != 5 {
		t.Fatalf("monk at %d, want 5", n)
	}
	r3 := r(e.NextTurn())
	wantEq(t, "round 3: nobody at 15, the order passes it", trans(r3),
		"turn end:monk, round end:2, round start:3, expired:bless(initiative count), turn start:target")
	wantEq(t, "round 3", steps(e), "target | other | monk")
}

// covers: 3E-INIT-10, 3E-INIT-13, 3E-INIT-14 with EX-10: Lidda (22)
// delays; the ogre (8) readies against anyone entering its reach; Tordek
// (6) moves past it and triggers it; Lidda acts at 5, which becomes her
// count. The ogre's count becomes the trigger's, just before Tordek.
func TestDelayAndReadyEX10(t *testing.T) {
	e := counted(t, surpriseRoundConfig(), []string{"lidda", "cleric", "ogre", "tordek"}, []int{22, 14, 8, 6}, 7)
	r := rep(t)
	ok(t, e.Delay("lidda"))
	wantEq(t, "lidda flat-footed still", e.HasActed("lidda"), false)
	r(e.NextTurn()) // cleric
	r(e.NextTurn()) // ogre
	ok(t, e.Ready("ogre", "enters reach"))
	r(e.NextTurn()) // tordek
	fired, err := e.Trigger("enters reach", "tordek")
	ok(t, err)
	wantEq(t, "fired", strings.Join(fired, " "), "ogre")
	ok(t, e.Resume("lidda", 5))
	wantEq(t, "next", trans(r(e.NextTurn())), "turn end:tordek, turn resume:lidda")
	wantEq(t, "lidda acted", e.HasActed("lidda"), true)
	r(e.NextTurn())
	wantEq(t, "round 2", steps(e), "cleric | ogre | tordek | lidda")
	for _, c := range []struct {
		id   string
		want int
	}{{"ogre", 6}, {"lidda", 5}, {"tordek", 6}} {
		if n, _ := e.Count(c.id); n != c.want {
			t.Fatalf("%s at %d, want %d", c.id, n, c.want)
		}
	}
}

// covers: 3E-INIT-11, 3E-INIT-12, B-31 and EX-11: the delay floor is
// -10 minus the initiative bonus (Lidda +7: -17); a delayer that never
// re-enters gives up its action and takes the floor as its count; two
// delayers at one count: the higher modifier first.
func TestDelayFloorAndDelayers(t *testing.T) {
	e := counted(t, surpriseRoundConfig(), []string{"lidda", "elf", "troll"}, []int{17, 12, 3}, 7, 9)
	r := rep(t)
	f, has := e.DelayFloor("lidda")
	if !has || f != -17 {
		t.Fatalf("floor %d %v, want -17", f, has)
	}
	ok(t, e.Delay("lidda"))
	r(e.NextTurn())
	ok(t, e.Delay("elf"))
	r(e.NextTurn()) // troll at 3
	wantKernelErr(t, e.Resume("lidda", -18), errs.Rule, "below count -17")
	ok(t, e.Resume("lidda", -5))
	ok(t, e.Resume("elf", -5)) // same count, higher modifier: before lidda
	wantEq(t, "delayers", steps(e), "troll | elf | lidda")

	// Round 2: lidda delays and never comes back.
	for e.Round() < 2 || !e.IsTurn("troll") {
		r(e.NextTurn())
	}
	r(e.NextTurn())
	ok(t, e.Delay("elf"))
	end := r(e.NextTurn())
	wantEq(t, "forfeit", trans(end), "turn start:lidda")
	ok(t, e.Delay("lidda"))
	end = r(e.NextTurn())
	wantEq(t, "forfeits", trans(end), "turn forfeited:elf, turn forfeited:lidda, round end:2, round start:3, turn start:troll")
	if n, _ := e.Count("lidda"); n != -17 {
		t.Fatalf("lidda at %d, want the floor -17", n)
	}
	wantEq(t, "round 3: by their floors", steps(e), "troll | lidda | elf")
	if n, _ := e.Count("elf"); n != -19 {
		t.Fatalf("elf at %d, want its floor -19", n)
	}
}

// covers: 3E-INIT-13, 3E-INIT-14 and EX-12: Mialee (14) readies a spell,
// Tordek (10) an attack; the hobgoblin (7) triggers both; both take count
// 7, just before it. A readied action not triggered by the next turn is
// lost.
func TestReadyMovesInitiativeEX12(t *testing.T) {
	e := counted(t, surpriseRoundConfig(), []string{"mialee", "tordek", "hob"}, []int{14, 10, 7})
	r := rep(t)
	ok(t, e.Ready("mialee", "enemy within 25 ft"))
	r(e.NextTurn())
	ok(t, e.Ready("tordek", "enemy enters reach"))
	wantKernelErr(t, e.Ready("mialee", "x"), errs.Rule, "own turn")
	r(e.NextTurn())
	for _, trig := range []string{"enemy within 25 ft", "enemy enters reach"} {
		fired, err := e.Trigger(trig, "hob")
		ok(t, err)
		if len(fired) != 1 {
			t.Fatalf("%s fired %v", trig, fired)
		}
	}
	wantEq(t, "order", steps(e), "mialee | tordek | hob")
	for _, id := range []string{"mialee", "tordek"} {
		if n, _ := e.Count(id); n != 7 {
			t.Fatalf("%s at %d, want 7", id, n)
		}
	}
	wantEq(t, "current", strings.Join(e.Current(), " "), "hob")
	r2 := r(e.NextTurn())
	wantEq(t, "round 2", trans(r2), "turn end:hob, round end:1, round start:2, turn start:mialee")
	ok(t, e.Ready("mialee", "never"))
	r(e.NextTurn())
	r(e.NextTurn())
	wantEq(t, "lost", trans(r(e.NextTurn())), "turn end:hob, round end:2, round start:3, ready lost:mialee, turn start:mialee")
}

// covers: 5E-ACT-05 and appendix A Ready (a readied action uses the
// reaction and does not move initiative).
func TestReadyWithReactionKeepsPlace(t *testing.T) {
	cfg := modifierTieConfig()
	cfg.ReadySlot = "reaction"
	e := counted(t, cfg, []string{"archer", "brute", "mage"}, []int{18, 12, 5})
	r := rep(t)
	ok(t, e.Ready("archer", "door opens"))
	r(e.NextTurn())
	ok(t, e.Spend("archer", "reaction")) // an opportunity attack first
	fired, err := e.Trigger("door opens", "brute")
	ok(t, err)
	wantEq(t, "no reaction left: does not fire", len(fired), 0)
	wantEq(t, "still readied", must3(e.Participant("archer")).Readied, "door opens")

	e = counted(t, cfg, []string{"archer", "brute", "mage"}, []int{18, 12, 5})
	ok(t, e.Ready("archer", "door opens"))
	r(e.NextTurn())
	fired, err = e.Trigger("door opens", "brute")
	ok(t, err)
	wantEq(t, "fired", strings.Join(fired, ","), "archer")
	wantEq(t, "order kept", steps(e), "archer | brute | mage")
	n, _ := e.Remaining("archer", "reaction")
	wantEq(t, "reaction spent", n, 0)
}

func must3(i Info, _ bool) Info { return i }

// TestDelayersResumeFromAnEmptiedStep: the last to act delays, leaving its
// step empty, and both delayers re-enter at one count from there: the
// higher modifier still goes first (an entry inserted at the end of an
// emptied step is after it, not before).
func TestDelayersResumeFromAnEmptiedStep(t *testing.T) {
	e := counted(t, surpriseRoundConfig(), []string{"lidda", "elf"}, []int{17, 12}, 7, 8)
	r := rep(t)
	ok(t, e.Delay("lidda"))
	r(e.NextTurn())
	ok(t, e.Delay("elf"))
	ok(t, e.Resume("lidda", -17))
	ok(t, e.Resume("elf", -17))
	wantEq(t, "delayers", steps(e), "elf | lidda")
	r(e.NextTurn())
	if !e.IsTurn("elf") {
		t.Fatalf("elf should act first, got %v", e.Current())
	}
}
