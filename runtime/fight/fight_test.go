package fight

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/check"
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/rng"
)

// d20Rules is an ascending-armour-class d20 system: natural 20 hits and is
// critical (dice doubled), natural 1 misses, individual initiative with
// ties broken by modifier; players go down, monsters die.
func d20Rules() *Rules {
	return &Rules{
		Combat: combat.Config{Mode: combat.Individual, Die: combat.Dice{Sides: 20}, Ties: []combat.TieRule{combat.TieModifier}},
		Attack: AttackRule{
			Test: check.Test{Sides: 20, Naturals: check.Naturals{AutoSuccess: check.Face(20), AutoFailure: check.Face(1), Threat: check.Face(20)}},
			Crit: CritDoubleDice,
		},
		Players: DownDying, Monsters: DownDead, MaxRounds: 100,
	}
}

func fighter(t testing.TB, id string, side int, hp, ac, init, bonus int, dmg string, player bool) *Fighter {
	c, err := creature.New(id, id, hp)
	if err != nil {
		t.Fatal(err)
	}
	c.AC.Value = ac
	return &Fighter{ID: id, Side: side, Player: player, Base: c, Init: init,
		Attacks: []Attack{{Name: "weapon", Bonus: bonus, Damage: dice.MustParse(dmg), Type: "slashing"}}}
}

// r1 is 4 fighters (HP 28, AC 18, init +1, +5, 1d8+3) against 8 goblins
// (HP 7, AC 15, init +2, +4, 1d6+2).
func r1(t testing.TB, seed uint64) *Fight {
	var fs []*Fighter
	for i := 1; i <= 4; i++ {
		fs = append(fs, fighter(t, fmt.Sprintf("fighter%d", i), 0, 28, 18, 1, 5, "1d8+3", true))
	}
	for i := 1; i <= 8; i++ {
		fs = append(fs, fighter(t, fmt.Sprintf("goblin%d", i), 1, 7, 15, 2, 4, "1d6+2", false))
	}
	f, err := New(d20Rules(), event.New(), rng.New(seed), fs, []string{"party", "goblins"})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFightPlaysToAnEnd(t *testing.T) {
	f := r1(t, 7)
	wins := [2]int{}
	for i := uint64(0); i < 2000; i++ {
		f.Src.Reset(7, i)
		out, err := f.Run()
		if err != nil {
			t.Fatal(err)
		}
		if out.Winner < 0 || out.Rounds < 1 {
			t.Fatalf("trial %d: %+v", i, out)
		}
		wins[out.Winner]++
		for _, x := range f.Fighters {
			if x.Side != out.Winner && !x.Out {
				t.Fatalf("trial %d: loser %s still standing", i, x.ID)
			}
		}
	}
	if wins[0] < 1500 {
		t.Fatalf("the party won %d of 2000; expected a clear majority", wins[0])
	}
}

func TestSameSeedSameFight(t *testing.T) {
	run := func() string {
		f := r1(t, 3)
		var b strings.Builder
		f.Trace = func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
		out, err := f.Run()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%+v\n", out)
		return b.String()
	}
	a, b := run(), run()
	if a != b || !strings.Contains(a, "round 1") {
		t.Fatalf("two runs of one seed differ or are empty:\n%s\n---\n%s", a, b)
	}
}

func TestCriticalDoublesDiceNotModifiers(t *testing.T) {
	f := r1(t, 1)
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	x, g := f.Fighter("fighter1"), f.Fighter("goblin1")
	g.Base.SetMaxHP(100)
	g.C.SetMaxHP(100)
	g.C.SetHP(100)
	f.Src.Force(20, 8, 8) // natural 20, then two d8s for 1d8 doubled
	e, err := f.Strike(x, g, &x.Attacks[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	if !e.Crit || e.Damage != 19 {
		t.Fatalf("crit %v damage %d, want a critical of 8+8+3 = 19", e.Crit, e.Damage)
	}
	f.Src.Force(1)
	if e, _ = f.Strike(x, g, &x.Attacks[0], 0); e.Hit {
		t.Fatal("a natural 1 must miss")
	}
	f.Src.Force(10, 4) // 10+5 = 15 < 18? goblin AC is 15: hits
	if e, _ = f.Strike(x, g, &x.Attacks[0], 0); !e.Hit || e.Damage != 7 {
		t.Fatalf("10+5 vs AC 15: hit %v damage %d", e.Hit, e.Damage)
	}
}

func TestHooksChangeTheFight(t *testing.T) {
	f := r1(t, 1)
	id, _ := f.Bus.Intern("attack.roll")
	_ = id
	// A hook that gives every goblin attack disadvantage (a level of -1).
	goblins := 0
	_, err := f.Bus.On("attack.roll", event.Modify, event.Options{}, func(ev *event.Event) error {
		a := ev.Data.(*AttackEvent)
		if a.Attacker.Side == 1 {
			a.Adv--
			goblins++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(); err != nil {
		t.Fatal(err)
	}
	if goblins == 0 {
		t.Fatal("the hook never ran")
	}
}

func BenchmarkR1Trial(b *testing.B) {
	f := r1(b, 1)
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		f.Src.Reset(1, i)
		i++
		if _, err := f.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDyingSaveTrack drives a downed player through the kernel's dying
// save track with forced faces: a success, a natural 1 (two failures), a
// failure: dead. Another revives on a natural 20.
func TestDyingSaveTrack(t *testing.T) {
	f := r1(t, 1)
	f.Rules.DownCondition = "unconscious"
	f.Rules.Dying = &DyingSave{Die: 20, DC: 10, Successes: 3, Failures: 3, DoubleFail: check.Face(1),
		Revive: check.Face(20), ReviveHP: 1, DamageFailures: 1, CritFailures: 2, Massive: true}
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	x := f.Fighter("fighter1")
	x.C.SetHP(0)
	if err := f.Down(x, nil); err != nil {
		t.Fatal(err)
	}
	if !x.Out || x.Dead || !x.C.HasCondition("unconscious") {
		t.Fatalf("down: out %v dead %v", x.Out, x.Dead)
	}
	f.Src.Force(12, 1, 5)
	for i := 0; i < 3; i++ {
		if err := f.dyingSave(x); err != nil {
			t.Fatal(err)
		}
	}
	if !x.Dead || x.SaveSuccesses != 1 || x.SaveFailures != 3 {
		t.Fatalf("dead %v successes %d failures %d", x.Dead, x.SaveSuccesses, x.SaveFailures)
	}
	y := f.Fighter("fighter2")
	y.C.SetHP(0)
	_ = f.Down(y, nil)
	f.Src.Force(20)
	_ = f.dyingSave(y)
	if y.Out || y.C.HP() != 1 || y.C.HasCondition("unconscious") {
		t.Fatalf("natural 20: out %v hp %d", y.Out, y.C.HP())
	}
	z := f.Fighter("fighter3")
	z.C.SetHP(0)
	_ = f.Down(z, nil)
	f.Src.Force(10, 11, 19)
	for i := 0; i < 3; i++ {
		_ = f.dyingSave(z)
	}
	if !z.Stable || z.Dead {
		t.Fatalf("three successes: stable %v dead %v", z.Stable, z.Dead)
	}
}

// BenchmarkStrike is one whole attack in Go with no listeners: declare,
// roll, hit, damage, apply (the target is healed back between attacks).
func BenchmarkStrike(b *testing.B) {
	f := r1(b, 1)
	if err := f.Reset(); err != nil {
		b.Fatal(err)
	}
	x, g := f.Fighter("fighter1"), f.Fighter("goblin1")
	g.Base.SetMaxHP(1 << 30)
	g.C.SetMaxHP(1 << 30)
	g.C.SetHP(1 << 30)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Strike(x, g, &x.Attacks[0], 0); err != nil {
			b.Fatal(err)
		}
	}
}

func TestTableFight(t *testing.T) {
	f, err := NewTable(d20Rules(), event.New(), rng.New(4))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Begin(); err == nil {
		t.Fatal("Begin with no creatures must fail")
	}
	a := fighter(t, "hero", 0, 20, 15, 3, 5, "1d8+3", true)
	g := fighter(t, "goblin", 0, 7, 15, 2, 4, "1d6+2", false)
	if err := f.Add(a, "party"); err != nil {
		t.Fatal(err)
	}
	if err := f.Add(g, "foes"); err != nil {
		t.Fatal(err)
	}
	if err := f.Add(fighter(t, "hero", 0, 1, 1, 0, 0, "1", true), "party"); err == nil {
		t.Fatal("duplicate names must fail")
	}
	if err := f.Begin(); err != nil {
		t.Fatal(err)
	}
	first := f.Current()
	if len(first) != 1 {
		t.Fatalf("current: %v", first)
	}
	f.Src.Force(20, 8, 8)
	e, err := f.Strike(a, g, &a.Attacks[0], 0)
	if err != nil || !e.Crit || !g.Dead {
		t.Fatalf("crit %v dead %v err %v", e.Crit, g.Dead, err)
	}
	next, err := f.Next()
	if err != nil || len(next) != 1 || next[0] == first[0] {
		t.Fatalf("next: %v %v", next, err)
	}
	late := fighter(t, "ogre", 0, 30, 11, -1, 6, "2d8+4", false)
	if err := f.Add(late, "foes"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(); err == nil {
		t.Fatal("a table fight must refuse Run")
	}
}

// TestNestedStrike: a hook that strikes back while an attack is being
// resolved (a riposte) gets its own record; the outer attack's is intact.
func TestNestedStrike(t *testing.T) {
	f := r1(t, 1)
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	x, g := f.Fighter("fighter1"), f.Fighter("goblin1")
	g.C.SetMaxHP(100)
	g.C.SetHP(100)
	ripostes := 0
	_, err := f.Bus.On("attack.roll", event.Result, event.Options{}, func(ev *event.Event) error {
		a := ev.Data.(*AttackEvent)
		if a.Attacker == x && ripostes == 0 {
			ripostes++
			r, err := f.Strike(g, x, &g.Attacks[0], 0)
			if err != nil {
				return err
			}
			if r.Attacker != g || r.Target != x {
				t.Errorf("inner record: %s -> %s", r.Attacker.ID, r.Target.ID)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.Src.Force(15, 4, 3) // outer d20 15 (hit); the riposte's d20 4 (miss); the outer d8 3
	e, err := f.Strike(x, g, &x.Attacks[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	if ripostes != 1 || e.Attacker != x || e.Target != g || !e.Hit {
		t.Fatalf("outer record after the riposte: %s -> %s hit %v", e.Attacker.ID, e.Target.ID, e.Hit)
	}
	if f.depth != 0 || e.Damage != 6 {
		t.Fatalf("frame depth %d, damage %d after the strike", f.depth, e.Damage)
	}
	if err := f.Src.Drained(); err != nil {
		t.Fatal(err)
	}
}

func TestScaleParts(t *testing.T) {
	parts := []creature.Damage{{Type: "slashing", Amount: 7}, {Type: "fire", Amount: 4}}
	scaleParts(parts, 5) // halved, rounded down
	if parts[0].Amount+parts[1].Amount != 5 || parts[1].Amount != 1 {
		t.Fatalf("halved: %+v", parts)
	}
	one := []creature.Damage{{Type: "x", Amount: 3}}
	scaleParts(one, 9)
	if one[0].Amount != 9 {
		t.Fatalf("one part: %+v", one)
	}
}

// TestDyingSaveModifiers: a condition's save modifiers count on the dying
// save (an exhaustion-like -2 per level turns a 11 into a failure).
func TestDyingSaveModifiers(t *testing.T) {
	f := r1(t, 1)
	f.Rules.Conditions = map[string]*CondEffect{"tired": {SaveModPerLevel: -2}}
	f.Rules.Dying = &DyingSave{Die: 20, DC: 10, Successes: 3, Failures: 3}
	f.Rules.ReviveCondition = "dazed"
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	x := f.Fighter("fighter1")
	if _, err := x.C.AddCondition(creature.Condition{Name: "tired", Level: 1}, creature.CondSpec{}); err != nil {
		t.Fatal(err)
	}
	x.C.SetHP(0)
	_ = f.Down(x, nil)
	f.Src.Force(11)
	_ = f.dyingSave(x)
	if x.SaveFailures != 1 || x.SaveSuccesses != 0 {
		t.Fatalf("11 - 2 vs 10: successes %d failures %d", x.SaveSuccesses, x.SaveFailures)
	}
	f.Revive(x)
	if !x.C.HasCondition("dazed") || x.Out {
		t.Fatal("revive: want back in the fight with the revive condition")
	}
}

// TestKillByAndTally: a creature slain by another counts the hit points it
// had as damage dealt and taken; a spell's target counts in the caster's
// hit rate, a hit only when it struck home.
func TestKillByAndTally(t *testing.T) {
	f, err := NewTable(d20Rules(), event.New(), rng.New(1))
	if err != nil {
		t.Fatal(err)
	}
	a := fighter(t, "a", 0, 10, 10, 0, 0, "1", true)
	b := fighter(t, "b", 0, 7, 10, 0, 0, "1", false)
	if err := f.Add(a, "x"); err != nil {
		t.Fatal(err)
	}
	if err := f.Add(b, "y"); err != nil {
		t.Fatal(err)
	}
	f.KillBy(b, a)
	if !b.Dead || a.DamageDealt != 7 || b.DamageTaken != 7 {
		t.Fatalf("dead %v, dealt %d, taken %d; want true, 7, 7", b.Dead, a.DamageDealt, b.DamageTaken)
	}
	f.KillBy(b, a)
	if a.DamageDealt != 7 {
		t.Fatalf("killing the dead again counts %d", a.DamageDealt)
	}
	f.Tally(a, true)
	f.Tally(a, false)
	if a.Attacks0 != 2 || a.Hits != 1 {
		t.Fatalf("attacks %d, hits %d; want 2, 1", a.Attacks0, a.Hits)
	}
}

// TestEnemiesFollowTheFight: the kept lists of who is still in the fight
// lose a fighter that goes down, flees or dies and take back one that is
// revived, and a new trial starts with everyone; the list is the same as a
// scan of every fighter, in fight order, at every step; winner agrees.
func TestEnemiesFollowTheFight(t *testing.T) {
	f := r1(t, 3)
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	scan := func(x *Fighter) string {
		var ids []string
		for _, y := range f.Fighters {
			if !y.Out && y.Side != x.Side {
				ids = append(ids, y.ID)
			}
		}
		return strings.Join(ids, " ")
	}
	got := func(x *Fighter) string {
		var ids []string
		for _, y := range f.Enemies(x) {
			ids = append(ids, y.ID)
		}
		return strings.Join(ids, " ")
	}
	hero, gob := f.Fighters[0], f.Fighters[4]
	check := func(step string) {
		t.Helper()
		for _, x := range []*Fighter{hero, gob} {
			if g, w := got(x), scan(x); g != w {
				t.Fatalf("%s: enemies of %s are %q, want %q", step, x.ID, g, w)
			}
		}
	}
	check("start")
	f.Kill(f.Fighters[6])
	check("a goblin killed")
	f.Kill(f.Fighters[6])
	check("the dead goblin killed again")
	f.Kill(f.Fighters[5])
	f.Kill(f.Fighters[5])
	check("a goblin killed twice")
	if err := f.Down(f.Fighters[1], nil); err != nil {
		t.Fatal(err)
	}
	check("a fighter down")
	f.Revive(f.Fighters[1])
	check("the fighter revived")
	for _, g := range f.Fighters[4:] {
		f.Kill(g)
	}
	check("every goblin killed")
	if w, over := f.winner(); !over || w != 0 {
		t.Fatalf("winner %d %v, want the party", w, over)
	}
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	check("a new trial")
	if _, over := f.winner(); over {
		t.Fatal("a new trial is over before it starts")
	}
}

// TestFledAndRevivedPlaysAgain: a fighter that flees in round 1 and is
// revived in round 2 (fight.revive) takes its turns again: fleeing marks it
// dormant for the encounter, and reviving wakes it and brings it back.
func TestFledAndRevivedPlaysAgain(t *testing.T) {
	f := r1(t, 1)
	f.Rules.MaxRounds = 3
	gob := f.Fighters[4]
	turns := map[int]int{}
	if _, err := f.Bus.On("turn.start", event.Declare, event.Options{}, func(ev *event.Event) error {
		if te := ev.Data.(*TurnEvent); te.Fighter == gob {
			turns[te.Round]++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Bus.On("round.start", event.Declare, event.Options{}, func(ev *event.Event) error {
		switch ev.Data.(*TurnEvent).Round {
		case 1:
			return f.Flee(gob)
		case 2:
			f.Revive(gob)
			if _, err := gob.C.Heal(7); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, y := range f.Fighters {
		if i < 4 {
			y.Attacks = nil // the party stands idle: the goblins live to round 3
		}
	}
	if _, err := f.Run(); err != nil {
		t.Fatal(err)
	}
	if gob.Fled || turns[1] != 0 || turns[2] != 1 || turns[3] != 1 {
		t.Fatalf("fled %v, turns by round %v: want none in round 1 and one in each of rounds 2 and 3", gob.Fled, turns)
	}
}
