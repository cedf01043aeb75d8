package fight

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/grid"
	"github.com/dndsh/dndsh/runtime/rng"
)

// table returns a table fight of the rules with fighters a (side "a") and
// b (side "b"), each with one melee attack.
func table(t *testing.T, rules *Rules, ids ...string) (*Fight, []*Fighter) {
	t.Helper()
	f, err := NewTable(rules, nil, rng.New(1))
	if err != nil {
		t.Fatal(err)
	}
	var out []*Fighter
	for i, id := range ids {
		c, err := creature.New(id, id, 20)
		if err != nil {
			t.Fatal(err)
		}
		c.AC.Value = 10
		x := &Fighter{ID: id, Base: c, Attacks: []Attack{{Name: "sword", Damage: dice.MustParse("1d8"), Reach: 5}}}
		if err := f.Add(x, []string{"a", "b", "a", "b"}[i%4]); err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return f, out
}

func addCond(t *testing.T, x *Fighter, name string, level int, source string) {
	t.Helper()
	if _, err := x.C.AddCondition(creature.Condition{Name: name, Level: level, Source: source}, creature.CondSpec{Stacking: creature.StackLevels}); err != nil {
		t.Fatal(err)
	}
}

// TestLevelEffects: effects that join a condition from a level on add to
// each other and to the condition's own.
func TestLevelEffects(t *testing.T) {
	r := d20Rules()
	r.Conditions = map[string]*CondEffect{"weary": {Name: "weary", Levels: []LevelEffect{
		{Min: 3, Effect: &CondEffect{Name: "weary", AttackAdv: -1}},
		{Min: 5, Effect: &CondEffect{Name: "weary", AttackAdv: -2}},
		{Min: 2, Effect: &CondEffect{Name: "weary", SpeedHalvings: 1}},
	}}}
	f, xs := table(t, r, "a", "b")
	a, b := xs[0], xs[1]
	a.C.SetSpeed("walk", 30)
	for _, tc := range []struct{ level, dis, speed int }{{1, 0, 30}, {2, 0, 15}, {3, 1, 15}, {4, 1, 15}, {5, 3, 15}} {
		a.C.RemoveCondition("weary")
		addCond(t, a, "weary", tc.level, "")
		as, _, _ := f.Assess(a, b, &a.Attacks[0], nil)
		if as.Dis != tc.dis || f.Speed(a) != tc.speed {
			t.Errorf("level %d: dis %d speed %d, want %d and %d", tc.level, as.Dis, f.Speed(a), tc.dis, tc.speed)
		}
	}
}

// TestSpeedHalvingsMultiply: two halvings quarter the speed, rounded down
// to whole squares.
func TestSpeedHalvingsMultiply(t *testing.T) {
	r := d20Rules()
	r.Conditions = map[string]*CondEffect{"slow": {Name: "slow", SpeedHalvings: 1}, "dazed": {Name: "dazed", SpeedHalvings: 1}}
	f, xs := table(t, r, "a")
	a := xs[0]
	a.C.SetSpeed("walk", 25)
	addCond(t, a, "slow", 1, "")
	if got := f.Speed(a); got != 10 {
		t.Fatalf("25 halved: %d, want 10 (12.5 rounded down to 5 ft)", got)
	}
	a.C.SetSpeed("walk", 30)
	addCond(t, a, "dazed", 1, "")
	if got := f.Speed(a); got != 5 {
		t.Fatalf("30 halved twice: %d, want 5 (7.5 rounded down)", got)
	}
}

// TestUnseenBySourceAndObscurement: a condition hides its bearer from its
// source alone; obscurement makes a target seen but obscured (level 1) or
// unseen (2), and the sight rule turns that into advantage levels, the
// target's poor view counting only when the attacker sees clearly.
func TestUnseenBySourceAndObscurement(t *testing.T) {
	r := d20Rules()
	r.Space.Sight = SightRule{TargetUnseen: -2, AttackerUnseen: 2, TargetObscured: -1, AttackerObscured: 1, BonusNeedsClear: true}
	r.Conditions = map[string]*CondEffect{
		"hidden": {Name: "hidden", UnseenBySource: true},
		"fog":    {Name: "fog", Obscured: 1, ObscuresView: 1},
		"blur":   {Name: "blur", Obscured: 1},
		"murk":   {Name: "murk", Obscured: 2},
	}
	f, xs := table(t, r, "a", "b", "c")
	a, b, c := xs[0], xs[1], xs[2]
	addCond(t, a, "hidden", 1, "b")
	if f.Sees(b, a, nil) || !f.Sees(c, a, nil) {
		t.Fatalf("hidden from b alone: b sees %v, c sees %v", f.Sees(b, a, nil), f.Sees(c, a, nil))
	}
	a.C.RemoveCondition("hidden")
	net := func(x, y *Fighter) int {
		as, _, _ := f.Assess(x, y, &x.Attacks[0], nil)
		return as.Adv - as.Dis
	}
	addCond(t, a, "fog", 1, "")
	addCond(t, b, "fog", 1, "")
	if net(a, b) != -1 || net(b, a) != -1 {
		t.Fatalf("both in fog: %d and %d, want -1 each", net(a, b), net(b, a))
	}
	a.C.RemoveCondition("fog")
	b.C.RemoveCondition("fog")
	addCond(t, a, "blur", 1, "")
	if net(a, b) != 1 || net(b, a) != -1 {
		t.Fatalf("a blurred: %d and %d, want +1 and -1", net(a, b), net(b, a))
	}
	a.C.RemoveCondition("blur")
	addCond(t, b, "murk", 1, "")
	if net(a, b) != -2 || f.Sees(a, b, nil) {
		t.Fatalf("heavily obscured: %d, seen %v; want -2, not seen", net(a, b), f.Sees(a, b, nil))
	}
}

// TestAttackAdvUnlessTag: a condition that hampers every attack but melee
// attacks carrying one of its tags.
func TestAttackAdvUnlessTag(t *testing.T) {
	r := d20Rules()
	r.Conditions = map[string]*CondEffect{"held": {Name: "held", AttackAdvUnlessTag: -1, UnlessTags: []string{"light", "unarmed"}}}
	f, xs := table(t, r, "a", "b")
	a, b := xs[0], xs[1]
	addCond(t, a, "held", 1, "")
	for _, tc := range []struct {
		a   Attack
		dis int
	}{
		{Attack{Name: "greatsword", Reach: 5}, 1},
		{Attack{Name: "dagger", Reach: 5, Tags: []string{"light"}}, 0},
		{Attack{Name: "fist", Reach: 5, Tags: []string{"unarmed"}}, 0},
		{Attack{Name: "thrown dagger", Ranged: true, Range: []int{20}, Tags: []string{"light"}}, 1},
	} {
		as, _, _ := f.Assess(a, b, &tc.a, nil)
		if as.Dis != tc.dis {
			t.Errorf("%s: dis %d, want %d", tc.a.Name, as.Dis, tc.dis)
		}
	}
}

// TestAllDifficultAndSpaces: a condition that makes all terrain difficult;
// an ally's space costs extra when the rules say so; a move may end in the
// space of a creature enough sizes apart.
func TestAllDifficultAndSpaces(t *testing.T) {
	r := d20Rules()
	r.Space = DefaultSpaceRules()
	r.Space.DifficultExtra, r.Space.DifficultMul = 0, 2
	r.Space.AllySpaceDifficult = true
	r.Space.EndSizeDiff = 2
	r.Space.Sizes = map[string]SizeRule{"medium": {Rank: 3, Space: grid.Square(1)}, "huge": {Rank: 5, Space: grid.Footprint{W: 3, H: 3}}}
	r.Conditions = map[string]*CondEffect{"blind": {Name: "blind", AllDifficult: true}}
	f, xs := table(t, r, "a", "b", "ally")
	a, b, ally := xs[0], xs[1], xs[2]
	m, err := grid.NewMap(r.Space.Grid, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	f.SetSpace(NewSpace(m))
	a.C.Pos, b.C.Pos, ally.C.Pos = grid.Pos{X: 0, Y: 0}, grid.Pos{X: 5, Y: 3}, grid.Pos{X: 1, Y: 0}
	a.C.Size.Name, ally.C.Size.Name, b.C.Size.Name = "medium", "medium", "medium"
	f.ResetSpace()
	path := []grid.Pos{{X: 1, Y: 0}, {X: 2, Y: 0}}
	pp, err := f.PricePath(a, path)
	if err != nil || pp.Cost != 15 || pp.Steps != 2 {
		t.Fatalf("through the ally's space: %+v %v, want 10 + 5", pp, err)
	}
	addCond(t, a, "blind", 1, "")
	if pp, _ := f.PricePath(a, path); pp.Cost != 20 {
		t.Fatalf("blinded: %d, want 10 a square", pp.Cost)
	}
	if pp, _ := f.PricePath(a, path[:1]); pp.EndFree {
		t.Fatalf("ending in the ally's space of the same size is allowed")
	}
	ally.C.Size.Name = "huge"
	ally.C.Space = grid.Footprint{W: 3, H: 3}
	f.ResetSpace()
	if pp, _ := f.PricePath(a, path[:1]); !pp.EndFree {
		t.Fatalf("ending in a Huge ally's space is refused")
	}
}

// TestDamageMod: the attacker's conditions change its damage: DamageMod
// every weapon attack's, DamageModMelee its melee ones'; at least 1 point
// is left.
func TestDamageMod(t *testing.T) {
	r := d20Rules()
	r.Conditions = map[string]*CondEffect{"weak": {Name: "weak", DamageMod: -2, DamageModMelee: -3}}
	f, xs := table(t, r, "a", "b")
	a, b := xs[0], xs[1]
	a.Attacks = append(a.Attacks, Attack{Name: "bow", Damage: dice.MustParse("1d8"), Ranged: true, Range: []int{60}})
	addCond(t, a, "weak", 1, "")
	melee, _, _ := f.Assess(a, b, &a.Attacks[0], nil)
	ranged, _, _ := f.Assess(a, b, &a.Attacks[1], nil)
	if melee.DamageMod != -5 || ranged.DamageMod != -2 {
		t.Fatalf("damage mod melee %d ranged %d, want -5 and -2", melee.DamageMod, ranged.DamageMod)
	}
	if err := b.C.SetMaxHP(1000); err != nil {
		t.Fatal(err)
	}
	if err := b.C.SetHP(1000); err != nil {
		t.Fatal(err)
	}
	low := 0
	for i := 0; i < 60; i++ {
		e, err := f.StrikeWith(a, b, &a.Attacks[0], StrikeOpts{Sure: true})
		if err != nil {
			t.Fatal(err)
		}
		if e.Damage < 1 || e.Damage > 2*8-5 {
			t.Fatalf("damage %d outside 1..11 (2d8 - 5, at least 1)", e.Damage)
		}
		if e.Damage == 1 {
			low++
		}
	}
	if low == 0 {
		t.Fatalf("60 rolls of 2d8 - 5 never at the floor of 1")
	}
}
