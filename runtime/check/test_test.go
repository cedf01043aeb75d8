package check

import (
	"errors"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// roll rolls tst with exactly the forced faces given: a face left over or
// a random draw is a failure.
func roll(t *testing.T, tst *Test, faces ...int) *Result {
	t.Helper()
	src := rng.New(1)
	src.Force(faces...)
	r, err := tst.Roll(src)
	if err != nil {
		t.Fatalf("roll: %v", err)
	}
	if err := src.Drained(); err != nil {
		t.Fatalf("forced %v: %v", faces, err)
	}
	if got := src.Draws(); got != uint64(len(faces)) {
		t.Fatalf("drew %d dice, forced %d", got, len(faces))
	}
	return r
}

// faces returns the faces of the dice of role in r that are in one of the
// given states.
func faces(r *Result, role DieRole, states ...DieState) []int {
	var out []int
	for _, d := range r.Dice {
		if d.Role != role {
			continue
		}
		for _, s := range states {
			if d.State == s {
				out = append(out, d.Face)
			}
		}
	}
	return out
}

func eqInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func kernelError(t *testing.T, err error, want string) {
	t.Helper()
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *errs.Error, got %T %v", err, err)
	}
	if e.Layer != "kernel" {
		t.Fatalf("layer %q, want kernel", e.Layer)
	}
	if want != "" && !strings.Contains(e.Error()+" "+e.Hint, want) {
		t.Fatalf("error %q (hint %q) does not mention %q", e.Error(), e.Hint, want)
	}
}

// covers: 5E-ADV-01 5E-ADV-04 (TV-07, TV-43, TV-44)
func TestOnOffAdvantageCancels(t *testing.T) {
	// One advantage and two disadvantages: a straight roll, one die.
	tst := &Test{Target: 15, Adv: []AdvSource{
		{Level: 1, Source: "Help"}, {Level: -1, Source: "Prone"}, {Level: -1, Source: "Poisoned"}}}
	r := roll(t, tst, 12)
	if r.Net != 0 || r.AdvUp != 1 || r.AdvDown != 2 || r.Natural != 12 || len(r.Dice) != 1 {
		t.Fatalf("1 adv + 2 dis: net %d up %d down %d natural %d dice %v", r.Net, r.AdvUp, r.AdvDown, r.Natural, r.Dice)
	}
	// TV-07: two advantage sources and one disadvantage: one d20 = 12.
	tst.Adv = []AdvSource{{Level: 1, Source: "Help"}, {Level: 1, Source: "Unseen"}, {Level: -1, Source: "Prone"}}
	if r := roll(t, tst, 12); r.Net != 0 || r.Total != 12 || len(r.Dice) != 1 {
		t.Fatalf("TV-07: net %d total %d dice %d", r.Net, r.Total, len(r.Dice))
	}
	// TV-43: Surprised (dis) and Invisible (adv) at initiative: one d20.
	ini := &Test{Compare: NoTarget, Mods: []Modifier{{Value: 2, Source: "Dex"}},
		Adv: []AdvSource{{Level: -1, Source: "Surprised"}, {Level: 1, Source: "Invisible"}}}
	if r := roll(t, ini, 9); r.Total != 11 || r.Success || r.Decided != ByNothing {
		t.Fatalf("TV-43 initiative: %+v", r)
	}
}

// covers: 5E-ADV-02 5E-ADV-03 (TV-06, TV-13)
func TestOnOffTwoDice(t *testing.T) {
	dis := &Test{Target: 10, Adv: []AdvSource{{Level: -1, Source: "Poisoned"}}}
	if r := roll(t, dis, 18, 3); r.Natural != 3 || r.Success || !eqInts(faces(r, Main, Dropped), []int{18}) {
		t.Fatalf("TV-06 disadvantage: natural %d dice %v", r.Natural, r.Dice)
	}
	// Three advantage sources are still two dice.
	adv := &Test{Target: 10, Adv: []AdvSource{{1, "Help"}, {1, "Unseen"}, {1, "Reckless"}}}
	if r := roll(t, adv, 18, 3); r.Natural != 18 || r.Net != 1 || r.AdvUp != 3 || len(r.Dice) != 2 {
		t.Fatalf("TV-06 advantage: natural %d net %d dice %v", r.Natural, r.Net, r.Dice)
	}
}

// covers: HB-CORE-02 HB-CORE-03 AMB-01 AMB-12
func TestGradedAdvantage(t *testing.T) {
	graded := AdvPolicy{Mode: AdvGraded}
	// 2 adv + 1 dis = net +1: roll 1+1 d20, keep the highest (the default
	// resolve_d20 of HB-CORE-03).
	tst := &Test{Target: 15, AdvPolicy: graded, Adv: []AdvSource{
		{Level: 1, Source: "Help"}, {Level: 1, Source: "prone target within 5 ft"}, {Level: -1, Source: "frightened"}}}
	r := roll(t, tst, 7, 15)
	if r.Net != 1 || r.Natural != 15 || !r.Success || len(r.Dice) != 2 || r.Keep != KeepHighest {
		t.Fatalf("net +1: net %d natural %d dice %v", r.Net, r.Natural, r.Dice)
	}
	// Incapacitated target (2 adv) + Help (1 adv): 4d20 keep highest.
	tst.Adv = []AdvSource{{2, "incapacitated"}, {1, "Help"}}
	if r := roll(t, tst, 2, 9, 14, 6); r.Net != 3 || r.Natural != 14 || len(r.Dice) != 4 {
		t.Fatalf("net +3: %+v", r)
	}
	// Exhaustion 5 (2 dis) + poisoned (1 dis): 4d20 keep lowest.
	tst.Adv = []AdvSource{{-2, "exhaustion 5"}, {-1, "poisoned"}}
	if r := roll(t, tst, 19, 12, 8, 17); r.Net != -3 || r.Natural != 8 || r.Keep != KeepLowest {
		t.Fatalf("net -3: %+v", r)
	}
	// A cap in config (AMB-01): at most 2 levels.
	capped := *tst
	capped.AdvPolicy.Cap = 2
	if r := roll(t, &capped, 19, 12, 8); r.Net != -2 || r.Natural != 8 {
		t.Fatalf("capped: %+v", r)
	}

	// The other style named by HB-CORE-03: 2d20, plus a flat ±2 for each
	// further level.
	alt := &Test{Target: 15, AdvPolicy: AdvPolicy{Mode: AdvGraded, MaxDice: 2, Step: 2},
		Adv: []AdvSource{{3, "three sources"}}}
	if r := roll(t, alt, 4, 11); r.Natural != 11 || r.AdvBonus != 4 || r.Total != 15 || !r.Success {
		t.Fatalf("2d20 + 2 per further level at +3: %+v", r)
	}
	alt.Adv = []AdvSource{{-2, "two sources"}}
	if r := roll(t, alt, 4, 11); r.Natural != 4 || r.AdvBonus != -2 || r.Total != 2 {
		t.Fatalf("2d20 + 2 per further level at -2: %+v", r)
	}
	// "+/-N per level" style: one die, flat bonus.
	flat := &Test{Target: 15, AdvPolicy: AdvPolicy{Mode: AdvGraded, MaxDice: 1, Step: 2},
		Adv: []AdvSource{{1, "a"}, {1, "b"}, {-1, "c"}, {1, "d"}}}
	if r := roll(t, flat, 10); r.Net != 2 || r.AdvBonus != 4 || r.Total != 14 || len(r.Dice) != 1 {
		t.Fatalf("flat per level: %+v", r)
	}
	// A table (a script's small table from net level to dice).
	table := &Test{Target: 15, AdvPolicy: AdvPolicy{Mode: AdvGraded, Table: []AdvRow{
		{Level: 1, Roll: AdvRoll{Dice: 2, Keep: KeepHighest}},
		{Level: 2, Roll: AdvRoll{Dice: 2, Keep: KeepHighest, Bonus: 3}},
		{Level: -1, Roll: AdvRoll{Dice: 2, Keep: KeepLowest}},
	}}, Adv: []AdvSource{{4, "lots"}}}
	if r := roll(t, table, 5, 9); r.Natural != 9 || r.AdvBonus != 3 || r.Total != 12 {
		t.Fatalf("table beyond its last row: %+v", r)
	}
	table.Adv = []AdvSource{{-3, "lots"}}
	if r := roll(t, table, 5, 9); r.Natural != 5 || r.AdvBonus != 0 {
		t.Fatalf("table, negative beyond: %+v", r)
	}
	// A function (the resolve_d20 hook), here ±5 per level on one die.
	fn := &Test{Target: 15, AdvPolicy: AdvPolicy{Mode: AdvGraded,
		Func: func(n int) AdvRoll { return AdvRoll{Dice: 1, Bonus: 5 * n} }},
		Adv: []AdvSource{{-1, "light obscurement"}}}
	if r := roll(t, fn, 16); r.Total != 11 || r.Success {
		t.Fatalf("func rule: %+v", r)
	}
	// Too many dice is a budget error.
	huge := &Test{AdvPolicy: graded, Adv: []AdvSource{{MaxDice, "absurd"}}}
	if _, err := huge.Roll(rng.New(1)); err == nil {
		t.Fatal("65 dice: want a budget error")
	} else {
		kernelError(t, err, "dice")
	}
}

// covers: 5E-ADV-05 5E-ADV-06 (TV-08)
func TestRerollOneDie(t *testing.T) {
	adv := &Test{Target: 10, RerollLimit: 1, Adv: []AdvSource{{1, "Help"}}}
	src := rng.New(1)
	src.Force(3, 18, 11)
	r, err := adv.Roll(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Reroll(src, 0); err != nil { // Heroic Inspiration on the 3
		t.Fatal(err)
	}
	if r.Natural != 18 || !eqInts(faces(r, Main, Kept, Dropped), []int{18, 11}) ||
		!eqInts(faces(r, Main, Replaced), []int{3}) || r.Rerolls != 1 {
		t.Fatalf("advantage after reroll: natural %d dice %v", r.Natural, r.Dice)
	}
	// Rerolling the other die too is not allowed here.
	if err := r.Reroll(src, 1); err == nil {
		t.Fatal("second reroll beyond the limit must fail")
	} else {
		kernelError(t, err, "reroll")
	}

	dis := &Test{Target: 10, Adv: []AdvSource{{-1, "Poisoned"}}}
	src.Force(3, 18, 11)
	r, err = dis.Roll(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Reroll(src, 0); err != nil {
		t.Fatal(err)
	}
	if r.Natural != 11 || !r.Success {
		t.Fatalf("disadvantage after reroll: natural %d", r.Natural)
	}
	if err := r.Reroll(src, 2); err == nil {
		t.Fatal("there is no slot 2")
	}
	// Replace puts a number in place of one die (only that die).
	src.Force(3, 18)
	r, _ = dis.Roll(src)
	if err := r.Replace(src, 1, 20); err != nil || r.Natural != 3 {
		t.Fatalf("replace the 18 by 20 under disadvantage: natural %d, %v", r.Natural, err)
	}
	if err := r.Replace(src, 0, 21); err == nil {
		t.Fatal("21 does not fit a d20")
	}
	if err := src.Drained(); err != nil {
		t.Fatal(err)
	}
}

// A listener on the roll (a reroll feature such as "reroll a natural 1
// once") runs before confirmation.
// covers: 5E-ADV-06
func TestOnRolledListener(t *testing.T) {
	tst := &Test{Target: 12, Mods: []Modifier{{Value: 3, Source: "Str"}},
		OnRolled: func(r *Result, src *rng.Source) error {
			if r.Natural == 1 {
				return r.Reroll(src, r.Dice[r.KeptIndex].Slot)
			}
			return nil
		}}
	r := roll(t, tst, 1, 14)
	if r.Natural != 14 || r.Total != 17 || !r.Success || r.Rerolls != 1 {
		t.Fatalf("listener reroll: %+v", r)
	}
}

// covers: 3E-ATK-24 3E-AC-10 (EX-07) 5E-PROF-02 (TV-10, TV-13) DMG-DAM-04 (TV-24)
func TestTypedStacking(t *testing.T) {
	typed := Typed("dodge", "untyped", "circumstance")
	mods := []Modifier{
		{Value: 1, Type: "enhancement", Source: "masterwork"},
		{Value: 2, Type: "enhancement", Source: "+2 longsword"},
		{Value: 1, Type: "morale", Source: "Bless"},
		{Value: 2, Type: "morale", Source: "bard song"},
		{Value: 4, Type: "dodge", Source: "dwarf vs giant"},
		{Value: 2, Type: "dodge", Source: "fighting defensively"},
		{Value: 1, Type: "untyped", Source: "Weapon Focus"},
		{Value: 1, Type: "untyped", Source: "flanking"},
		{Value: -2, Type: "morale", Source: "shaken"},
		{Value: -2, Type: "morale", Source: "fear aura"},
	}
	total, applied := typed.Apply(mods, nil)
	// +2 enh, +2 morale, +4 +2 dodge, +1 +1 untyped, -2 -2 penalties.
	if total != 8 {
		t.Fatalf("typed total %d, want 8", total)
	}
	want := []bool{false, true, false, true, true, true, true, true, true, true}
	for i, a := range applied {
		if a.Counted != want[i] {
			t.Fatalf("modifier %d (%s) counted=%v, want %v", i, a.Source, a.Counted, want[i])
		}
	}
	if got := applied[0].Reason(); got != "stacking: lower enhancement" || applied[0].By != 1 {
		t.Fatalf("reason %q by %d", got, applied[0].By)
	}
	if got := applied[2].Reason(); got != "stacking: lower morale" {
		t.Fatalf("reason %q", got)
	}
	// EX-07: dodge bonuses stack, +4 + 2 = +6.
	if tot, _ := typed.Apply(mods[4:6], nil); tot != 6 {
		t.Fatalf("EX-07 dodge total %d", tot)
	}
	// Equal bonuses of one type: the first listed counts.
	_, eq := typed.Apply([]Modifier{{2, "luck", "a"}, {2, "luck", "b"}}, nil)
	if !eq[0].Counted || eq[1].Counted || eq[1].Drop != DropEqual || eq[1].Reason() != "stacking: equal luck" {
		t.Fatalf("equal bonuses: %+v", eq)
	}
	// "Everything adds".
	var all StackPolicy
	if tot, _ := all.Apply(mods, nil); tot != 10 {
		t.Fatalf("everything adds: %d", tot)
	}

	// 5E-PROF-02 TV-10: Cha +3, PB +2 via two proficiencies, d20 = 10 -> 15.
	pb := StackPolicy{Rules: []TypeRule{{Type: "proficiency", Rule: StackHighest}}}
	tst := &Test{Target: 15, Stacking: pb, Mods: []Modifier{
		{3, "ability", "Cha"}, {2, "proficiency", "Deception"}, {2, "proficiency", "Persuasion"}}}
	if r := roll(t, tst, 10); r.Total != 15 || r.Mods[2].Counted {
		t.Fatalf("TV-10: total %d", r.Total)
	}
	// TV-13: tool and skill proficiency, mod +2, PB +2, Advantage 5, 14 -> 18.
	tool := &Test{Stacking: pb, Compare: NoTarget, Adv: []AdvSource{{1, "tool+skill"}},
		Mods: []Modifier{{2, "ability", "Dex"}, {2, "proficiency", "thieves' tools"}, {2, "proficiency", "Sleight of Hand"}}}
	if r := roll(t, tool, 5, 14); r.Total != 18 {
		t.Fatalf("TV-13: total %d", r.Total)
	}

	// DMG-DAM-04 TV-24: two injured hands are still -2 (a type whose
	// penalties count once).
	injury := StackPolicy{Rules: []TypeRule{{Type: "injury", Rule: StackOnce}}}
	tot, ap := injury.Apply([]Modifier{{-2, "injury", "left hand"}, {-2, "injury", "right hand"}, {-1, "", "other"}}, nil)
	if tot != -3 || ap[1].Counted || ap[1].Reason() != "stacking: equal injury penalty" {
		t.Fatalf("TV-24: total %d %+v", tot, ap)
	}
	_, ap = injury.Apply([]Modifier{{-1, "injury", "finger"}, {-4, "injury", "leg"}}, nil)
	if ap[0].Counted || ap[0].Reason() != "stacking: milder injury penalty" || !ap[1].Counted {
		t.Fatalf("milder penalty: %+v", ap)
	}
}

// The worked fight of the 3.0 PHB: Tordek's natural 20 and its
// confirmation; Lidda's and the orcs' plain hits.
// covers: 3E-ATK-01 3E-ATK-08 3E-ATK-09 3E-ATK-10 DMG-ATK-01 DMG-ATK-04
func TestThreatAndConfirmation(t *testing.T) {
	nat := Naturals{AutoSuccess: Face(20), AutoFailure: Face(1),
		Threat: Face(20), ConfirmThreat: true}
	waraxe := &Test{Target: 16, Naturals: nat, Mods: []Modifier{
		{1, "base", "BAB"}, {2, "ability", "Str"}, {1, "untyped", "Weapon Focus"}}}
	// 3b/3c: d20 = 20 -> threat; confirmation d20 = 13 -> 17 >= 16: confirmed.
	r := roll(t, waraxe, 20, 13)
	if !r.Success || !r.Threat || !r.ConfirmRolled || r.ConfirmNatural != 13 || r.ConfirmTotal != 17 || !r.Confirmed || !r.Crit {
		t.Fatalf("3b/3c: %+v", r)
	}
	if got := faces(r, Confirm, Kept); !eqInts(got, []int{13}) {
		t.Fatalf("confirmation dice %v", got)
	}
	// A confirmation that misses leaves a normal hit.
	if r := roll(t, waraxe, 20, 5); !r.Success || !r.Threat || r.Crit || r.Confirmed {
		t.Fatalf("unconfirmed: %+v", r)
	}
	// Longsword 19-20: a 19 that hits threatens; a 19 that misses does not,
	// and rolls no confirmation (3E-ATK-10).
	ls := *waraxe
	ls.Naturals.Threat = Faces(19, 20)
	if r := roll(t, &ls, 19, 12); !r.Threat || !r.Crit {
		t.Fatalf("19 vs AC 16: %+v", r)
	}
	ls.Target = 25
	if r := roll(t, &ls, 19); r.Success || r.Threat || r.ConfirmRolled {
		t.Fatalf("19 vs AC 25 is a miss, never a threat: %+v", r)
	}
	// A natural 20 still hits AC 25 and threatens; the confirmation needs 25.
	if r := roll(t, &ls, 20, 19); !r.Success || r.Decided != ByAutoSuccess || !r.Threat || r.Crit {
		t.Fatalf("natural 20 vs AC 25, confirm 19+4=23: %+v", r)
	}
	// A reroll after the confirmation voids it and confirms afresh.
	src := rng.New(1)
	src.Force(20, 5)
	ls.Target = 16
	r, err := ls.Roll(src)
	if err != nil || !r.Threat || r.Crit {
		t.Fatalf("20, confirm 5: %+v %v", r, err)
	}
	src.Force(19, 12)
	if err := r.Reroll(src, 0); err != nil {
		t.Fatal(err)
	}
	if !r.Crit || r.Natural != 19 || r.ConfirmNatural != 12 ||
		!eqInts(faces(r, Confirm, Voided), []int{5}) || !eqInts(faces(r, Confirm, Kept), []int{12}) {
		t.Fatalf("reroll then confirm: %+v", r)
	}
	// S1: Lidda's crossbow +4, d20 = 17 -> 21 vs AC 16: hit.
	xbow := &Test{Target: 16, Naturals: nat, Mods: []Modifier{{3, "ability", "Dex"}, {1, "size", "Small"}}}
	if r := roll(t, xbow, 17); !r.Success || r.Total != 21 {
		t.Fatalf("S1: %+v", r)
	}
	// S2: javelins at flat-footed Mialee (AC 10) with a -2 range penalty.
	jav := &Test{Target: 10, Naturals: nat, Mods: []Modifier{{-2, "range", "one increment"}}}
	for _, c := range []struct{ face, total int }{{18, 16}, {13, 11}} {
		if r := roll(t, jav, c.face); !r.Success || r.Total != c.total {
			t.Fatalf("S2 %d: %+v", c.face, r)
		}
	}
	// A natural 1 misses whatever the bonus.
	big := &Test{Target: 16, Naturals: nat, Mods: []Modifier{{20, "", "huge bonus"}}}
	if r := roll(t, big, 1); r.Success || r.Decided != ByAutoFailure {
		t.Fatalf("natural 1: %+v", r)
	}
}

// covers: 5E-D20-01 5E-D20-09 5E-D20-13 (TV-14) 5E-D20-14 HB-ATTACK-03 HB-ATTACK-08 HB-ATTACK-09
func TestNaturalTwentyAndOne(t *testing.T) {
	attack := Naturals{AutoSuccess: Face(20), AutoFailure: Face(1), Threat: Face(20)}
	cases := []struct {
		bonus, ac, face int
		hit, crit       bool
	}{
		{0, 30, 20, true, true},
		{15, 5, 1, false, false},
		{5, 15, 10, true, false}, // 15 >= 15
	}
	for _, c := range cases {
		tst := &Test{Target: c.ac, Naturals: attack, Mods: []Modifier{{c.bonus, "", "attack"}}}
		if r := roll(t, tst, c.face); r.Success != c.hit || r.Crit != c.crit {
			t.Fatalf("TV-14 %+v: hit %v crit %v", c, r.Success, r.Crit)
		}
	}
	// 5E-D20-14: an ability check has no natural-face rule.
	chk := &Test{Target: 25, Mods: []Modifier{{3, "", "mod"}}}
	if r := roll(t, chk, 20); r.Success || r.Crit {
		t.Fatalf("natural 20 on a check: %+v", r)
	}
}

// covers: HB-CORE-08 (TV-32) HB-CORE-05
func TestSaveNaturalsAndForcedFailure(t *testing.T) {
	save := Naturals{AutoSuccess: Face(20), AutoFailure: Face(1)}
	if r := roll(t, &Test{Target: 20, Naturals: save, Mods: []Modifier{{25, "", "Reflex"}}}, 1); r.Success {
		t.Fatal("TV-32: natural 1 must fail")
	}
	if r := roll(t, &Test{Target: 30, Naturals: save, Mods: []Modifier{{-5, "", "Reflex"}}}, 20); !r.Success {
		t.Fatal("TV-32: natural 20 must succeed")
	}
	// Incapacitated: a Dex save fails automatically, natural 20 or not.
	forced := &Test{Target: 5, Naturals: save, Force: ForceFailure}
	if r := roll(t, forced, 20); r.Success || r.Decided != ByForce {
		t.Fatalf("forced failure: %+v", r)
	}
}

// covers: DMG-CHK-07 (TV-71) HB-MOVE-13 AMB-09
func TestDegrees(t *testing.T) {
	listen := &Test{Target: 17, DegreeStep: 10}
	for _, c := range []struct{ face, mod, degree int }{{18, 0, 0}, {18, 10, 1}, {18, 20, 2}, {16, 0, -1}} {
		listen.Mods = []Modifier{{c.mod, "", "Listen"}}
		if r := roll(t, listen, c.face); r.Degree != c.degree {
			t.Fatalf("TV-71 total %d: degree %d, want %d", r.Total, r.Degree, c.degree)
		}
	}
	// Failing "by 5 or more" with steps of 5: by 4 is -1, by 5 is -2.
	swim := &Test{Target: 10, DegreeStep: 5}
	if r := roll(t, swim, 6); r.Degree != -1 || r.Margin != -4 {
		t.Fatalf("fail by 4: degree %d margin %d", r.Degree, r.Margin)
	}
	if r := roll(t, swim, 5); r.Degree != -2 {
		t.Fatalf("fail by 5: degree %d", r.Degree)
	}
	// HB-MOVE-13 TV-20: 10 ft + 5 ft per full 5 points over DC 10.
	for _, c := range []struct{ face, degree int }{{10, 0}, {14, 0}, {15, 1}} {
		if r := roll(t, swim, c.face); r.Degree != c.degree {
			t.Fatalf("TV-20 total %d: degree %d", c.face, r.Degree)
		}
	}
	// Without a step: 0 on a success, -1 on a failure.
	if r := roll(t, &Test{Target: 10}, 3); r.Degree != -1 {
		t.Fatalf("no step: degree %d", r.Degree)
	}
}

// covers: DMG-ATK-02 (TV-16)
func TestFaceValues(t *testing.T) {
	variant := Naturals{Count: []FaceValue{{Face: 1, Value: -10}, {Face: 20, Value: 30}}}
	cases := []struct{ bonus, face, ac, total int }{{6, 1, -100, -4}, {23, 1, 13, 13}, {-2, 20, 28, 28}}
	for _, c := range cases {
		tst := &Test{Target: c.ac, Naturals: variant, Mods: []Modifier{{c.bonus, "", "attack"}}}
		if r := roll(t, tst, c.face); r.Total != c.total || !r.Success || r.Natural != c.face || r.Value == c.face {
			t.Fatalf("TV-16 %+v: %+v", c, r)
		}
	}
	if r := roll(t, &Test{Target: 29, Naturals: variant, Mods: []Modifier{{-2, "", "attack"}}}, 20); r.Success {
		t.Fatal("TV-16: 28 misses AC 29")
	}
}

// covers: DMG-CHK-11 (TV-73)
func TestCriticalSuccessAndFailureOnChecks(t *testing.T) {
	climb := &Test{Target: 15, Mods: []Modifier{{8, "", "Climb"}}, Naturals: Naturals{
		Threat: Face(20), Fumble: Face(1), ConfirmThreat: true, ConfirmFumble: true}}
	if r := roll(t, climb, 20, 9); !r.Crit || r.ConfirmTotal != 17 {
		t.Fatalf("critical success: %+v", r)
	}
	if r := roll(t, climb, 1, 4); !r.Fumble || !r.FumbleThreat || r.ConfirmTotal != 12 || r.Success {
		t.Fatalf("critical failure: %+v", r)
	}
	// A natural 1 confirmed by a success is a plain failure.
	if r := roll(t, climb, 1, 10); r.Fumble || !r.FumbleThreat || r.Confirmed {
		t.Fatalf("fumble not confirmed: %+v", r)
	}
}

// A roll-under test keeps the lowest die under advantage.
func TestRollUnderTest(t *testing.T) {
	tst := &Test{Target: 12, Compare: AtMost, Adv: []AdvSource{{1, "favoured"}}}
	r := roll(t, tst, 15, 9)
	if r.Natural != 9 || !r.Success || r.Keep != KeepLowest || r.Margin != 3 {
		t.Fatalf("roll-under with advantage: %+v", r)
	}
	g := &Test{Target: 12, Compare: AtMost, AdvPolicy: AdvPolicy{Mode: AdvGraded, MaxDice: 1, Step: 2},
		Adv: []AdvSource{{1, "favoured"}}}
	if r := roll(t, g, 14); r.Total != 12 || !r.Success {
		t.Fatalf("roll-under flat advantage lowers the roll: %+v", r)
	}
	above := &Test{Target: 12, Compare: Above}
	if r := roll(t, above, 12); r.Success || r.Margin != -1 {
		t.Fatalf("> comparison: %+v", r)
	}
}

// covers: 5E-D20-01 (TV-38)
func TestPenaltyExhaustion(t *testing.T) {
	tst := &Test{Target: 15, Mods: []Modifier{{5, "", "mod"}, {-6, "exhaustion", "Exhaustion 3"}}}
	if r := roll(t, tst, 15); r.Total != 14 || r.Success {
		t.Fatalf("TV-38: %+v", r)
	}
}

func TestTestErrors(t *testing.T) {
	src := rng.New(1)
	src.Force(25)
	_, err := (&Test{Target: 10}).Roll(src)
	kernelError(t, err, "does not fit")
	_, err = (&Test{Sides: 1}).Roll(rng.New(1))
	kernelError(t, err, "sides")
	_, err = (&Test{Naturals: Naturals{Threat: Faces(19, 20), Fumble: Faces(1, 19)}}).Roll(rng.New(1))
	kernelError(t, err, "overlaps")
	var r Result
	kernelError(t, r.Reroll(rng.New(1), 0), "not rolled")
}

func TestResultReuseAndString(t *testing.T) {
	typed := Typed("dodge")
	tst := &Test{Target: 16, Stacking: typed, Naturals: Naturals{AutoSuccess: Face(20),
		Threat: Face(20), ConfirmThreat: true}, Adv: []AdvSource{{1, "flank"}},
		Mods: []Modifier{{2, "morale", "Bless"}, {4, "enhancement", "+4 sword"}, {1, "enhancement", "masterwork"}}}
	src := rng.New(1)
	src.Force(20, 3, 13)
	var r Result
	if err := tst.RollInto(src, &r); err != nil {
		t.Fatal(err)
	}
	keep := r.Clone()
	s := r.String()
	for _, want := range []string{"2d20 [20 ~3~]", "+6", "stacking: lower enhancement", ">= 16: success", "crit", "confirm 13 -> 19"} {
		if !strings.Contains(s, want) {
			t.Fatalf("String() = %q, missing %q", s, want)
		}
	}
	src.Force(2, 4)
	if err := tst.RollInto(src, &r); err != nil {
		t.Fatal(err)
	}
	if r.Crit || r.ConfirmRolled || len(r.Dice) != 2 || !keep.Crit || len(keep.Dice) != 3 || keep.Dice[0].Face != 20 {
		t.Fatalf("reuse: %+v / clone %+v", r, keep)
	}
}
