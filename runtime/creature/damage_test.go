package creature

import (
	"errors"
	"reflect"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Pipeline orders the scripts of the four systems would configure.
var (
	// T-22 (5E): immunity, adjustments, resistance, vulnerability.
	orderMult = []DamageStep{StepImmune, StepAdjust, StepResist, StepVuln}
	// HB-DMG-09 full pipeline: multipliers, immunity, flat resistance,
	// flat vulnerability.
	orderFlat = []DamageStep{StepAdjust, StepImmune, StepResistFlat, StepVulnFlat}
)

func mustNew(t testing.TB, maxHP int) *Creature {
	t.Helper()
	c, err := New("c1", "Test", maxHP)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustTrait(t testing.TB, c *Creature, tr ...Trait) {
	t.Helper()
	for _, x := range tr {
		if err := c.AddTrait(x); err != nil {
			t.Fatal(err)
		}
	}
}

func assertKernel(t *testing.T, err error, kind errs.Kind) {
	t.Helper()
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *errs.Error, got %v", err)
	}
	if e.Layer != "kernel" || e.Kind != kind {
		t.Fatalf("error %q: layer %q kind %v, want kernel %v", e.Error(), e.Layer, e.Kind, kind)
	}
}

// covers: 5E-DMG-01 5E-DMG-04 5E-DMG-05 5E-DMG-06 5E-DMG-07 5E-DMG-08
// covers: 5E-DMG-10 DMG-SA-13 DMG-SA-14 HB-DMG-03 HB-DMG-04 HB-DMG-05
// covers: HB-DMG-07 HB-DMG-08 HB-DMG-09
func TestDamagePipeline(t *testing.T) {
	resist := func(typ string) Trait { return Trait{Kind: StepResist, Type: typ} }
	vuln := func(typ string) Trait { return Trait{Kind: StepVuln, Type: typ} }
	immune := func(typ string) Trait { return Trait{Kind: StepImmune, Type: typ} }
	rflat := func(typ string, x int) Trait { return Trait{Kind: StepResistFlat, Type: typ, Amount: x} }
	vflat := func(typ string, x int) Trait { return Trait{Kind: StepVulnFlat, Type: typ, Amount: x} }
	half := []Adjustment{{Type: AllTypes, Num: 1, Den: 2, Source: "save"}}
	cases := []struct {
		name   string
		traits []Trait
		parts  []Damage
		opt    DamageOptions
		finals []int
		total  int
	}{
		{"5E-DMG-07 TV-27 resistance halves, rounding down", []Trait{resist("cold")}, []Damage{{"cold", 7}}, DamageOptions{Steps: orderMult}, []int{3}, 3},
		{"5E-DMG-07 TV-27 vulnerability doubles", []Trait{vuln("cold")}, []Damage{{"cold", 7}}, DamageOptions{Steps: orderMult}, []int{14}, 14},
		{"5E-DMG-08 TV-25 two resistances count once", []Trait{resist("necrotic"), resist(AllTypes)}, []Damage{{"necrotic", 20}}, DamageOptions{Steps: orderMult}, []int{10}, 10},
		{"5E-DMG-10 immunity", []Trait{immune("poison"), vuln("poison")}, []Damage{{"poison", 12}}, DamageOptions{Steps: orderMult}, []int{0}, 0},
		{"5E-DMG-05 TV-24 save for half rounds down", nil, []Damage{{"fire", 25}}, DamageOptions{Steps: orderMult, Adjust: half}, []int{12}, 12},
		{"5E-DMG-04 TV-23 fireball, failed save", nil, []Damage{{"fire", 28}}, DamageOptions{Steps: orderMult}, []int{28}, 28},
		{"5E-DMG-04 TV-23 fireball, saved", nil, []Damage{{"fire", 28}}, DamageOptions{Steps: orderMult, Adjust: half}, []int{14}, 14},
		{"5E-DMG-04 TV-23 fireball, saved, resistant", []Trait{resist("fire")}, []Damage{{"fire", 28}}, DamageOptions{Steps: orderMult, Adjust: half}, []int{7}, 7},
		{"5E-DMG-01 TV-28 penalties stop at 0", nil, []Damage{{"piercing", 1}}, DamageOptions{Steps: orderMult, Adjust: []Adjustment{{Type: AllTypes, Add: -3}}}, []int{0}, 0},
		{"5E-DMG-06 several types, each with its own traits", []Trait{resist("fire")}, []Damage{{"slashing", 9}, {"fire", 9}}, DamageOptions{Steps: orderMult}, []int{9, 4}, 13},
		{"HB-DMG-04 TV-11 same type summed before flat resistance", []Trait{rflat("fire", 5)},
			[]Damage{{"slashing", 6}, {"fire", 4}, {"fire", 3}}, DamageOptions{Steps: orderFlat}, []int{6, 2}, 8},
		{"HB-DMG-05 TV-12 resistance to all damage of this attack, per type", nil,
			[]Damage{{"slashing", 6}, {"fire", 4}, {"fire", 3}}, DamageOptions{Steps: orderFlat, Traits: []Trait{rflat(AllTypes, 5)}}, []int{1, 2}, 3},
		{"HB-DMG-08 TV-13 multiplier before flat vulnerability (28)", []Trait{vflat("fire", 5)}, []Damage{{"fire", 28}}, DamageOptions{Steps: orderFlat, Adjust: half}, []int{19}, 19},
		{"HB-DMG-08 TV-13 multiplier before flat vulnerability (27)", []Trait{vflat("fire", 5)}, []Damage{{"fire", 27}}, DamageOptions{Steps: orderFlat, Adjust: half}, []int{18}, 18},
		{"HB-DMG-09 TV-14 immunity overrides vulnerability", []Trait{immune("fire"), vflat("fire", 5)}, []Damage{{"fire", 20}}, DamageOptions{Steps: orderFlat}, []int{0}, 0},
		{"HB-DMG-07 TV-15 resistance then vulnerability", []Trait{vflat("fire", 5), rflat("fire", 5)}, []Damage{{"fire", 3}}, DamageOptions{Steps: orderFlat}, []int{5}, 5},
		{"HB-DMG-03 TV-16 only the highest flat resistance", []Trait{rflat("fire", 5), rflat("fire", 10)}, []Damage{{"fire", 12}}, DamageOptions{Steps: orderFlat}, []int{2}, 2},
		{"DMG-SA-14 TV-33 damage reduction 5 vs 8", []Trait{{Kind: StepResistFlat, Type: AllTypes, Amount: 5, Key: "dr"}}, []Damage{{"slashing", 8}}, DamageOptions{Steps: orderFlat}, []int{3}, 3},
		{"DMG-SA-14 TV-33 bypassed reduction", []Trait{{Kind: StepResistFlat, Type: AllTypes, Amount: 15, Key: "dr/silver"}}, []Damage{{"slashing", 12}}, DamageOptions{Steps: orderFlat, Bypass: []string{"dr/silver"}}, []int{12}, 12},
		{"DMG-SA-14 TV-33 reduction absorbs the whole hit", []Trait{{Kind: StepResistFlat, Type: AllTypes, Amount: 15, Key: "dr/silver"}}, []Damage{{"slashing", 12}}, DamageOptions{Steps: orderFlat}, []int{0}, 0},
		{"DMG-SA-13 half on a save, then double (cold subtype)", []Trait{vuln("fire")}, []Damage{{"fire", 15}}, DamageOptions{Steps: orderMult, Adjust: half}, []int{14}, 14},
		{"no damage of a type: no step", []Trait{vflat("fire", 5)}, []Damage{{"fire", 0}}, DamageOptions{Steps: orderFlat}, []int{0}, 0},
		{"default order, untyped damage", nil, []Damage{{"", 4}}, DamageOptions{}, []int{4}, 4},
		{"custom factor: resistance to a third", []Trait{{Kind: StepResist, Type: "acid", Num: 1, Den: 3}}, []Damage{{"acid", 10}}, DamageOptions{}, []int{3}, 3},
	}
	for _, c := range cases {
		cr := mustNew(t, 100)
		mustTrait(t, cr, c.traits...)
		rec, err := cr.ApplyDamage(c.parts, &c.opt)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var finals []int
		for _, tr := range rec.Types {
			finals = append(finals, tr.Final)
		}
		if !reflect.DeepEqual(finals, c.finals) || rec.Total != c.total || cr.HP() != 100-c.total {
			t.Errorf("%s: finals %v total %d hp %d; want %v %d %d", c.name, finals, rec.Total, cr.HP(), c.finals, c.total, 100-c.total)
		}
	}
}

// TestWorkedExampleOrder reproduces 5E-DMG-09 and its test vector TV-26
// step by step: 28 fire; an aura reduces all damage by 5; resistance to all
// damage; vulnerability to fire. 28 -> 23 -> 11 -> 22.
//
// covers: 5E-DMG-09
func TestWorkedExampleOrder(t *testing.T) {
	c := mustNew(t, 50)
	mustTrait(t, c,
		Trait{Kind: StepResist, Type: AllTypes, Source: "stoneskin"},
		Trait{Kind: StepVuln, Type: "fire", Source: "curse"},
	)
	tr, out, err := c.ApplyDamageOne("fire", 28, &DamageOptions{
		Steps:  orderMult,
		Adjust: []Adjustment{{Type: AllTypes, Add: -5, Source: "aura"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []StepResult{
		{Step: StepAdjust, Before: 28, After: 23, Source: "aura"},
		{Step: StepResist, Before: 23, After: 11, Source: "stoneskin"},
		{Step: StepVuln, Before: 11, After: 22, Source: "curse"},
	}
	if !reflect.DeepEqual(tr.StepList(), want) || tr.Raw != 28 || tr.Final != 22 {
		t.Fatalf("5E-DMG-09 TV-26: raw %d final %d steps %+v; want 28, 22, %+v", tr.Raw, tr.Final, tr.StepList(), want)
	}
	if out.Total != 22 || out.HPBefore != 50 || out.HPLost != 22 || out.HPAfter != 28 {
		t.Fatalf("5E-DMG-09 TV-26 outcome %+v", out)
	}
	// The same through the multi-part entry point.
	c2 := mustNew(t, 50)
	mustTrait(t, c2, Trait{Kind: StepResist, Type: AllTypes}, Trait{Kind: StepVuln, Type: "fire"})
	rec, err := c2.ApplyDamage([]Damage{{"fire", 20}, {"fire", 8}}, &DamageOptions{Steps: orderMult, Adjust: []Adjustment{{Type: AllTypes, Add: -5}}})
	if err != nil || rec.Total != 22 || len(rec.Types) != 1 || rec.Types[0].Raw != 28 {
		t.Fatalf("5E-DMG-09 TV-26 via ApplyDamage: %+v %v", rec, err)
	}
}

// covers: HB-COND-12
func TestPetrifiedTraits(t *testing.T) {
	// HB-COND-12 TV-19: resistance 10 to all but psychic and sonic,
	// bludgeoning vulnerability 10, poison immunity.
	cases := []struct {
		typ    string
		amount int
		want   int
	}{
		{"bludgeoning", 4, 10},
		{"bludgeoning", 15, 15},
		{"fire", 15, 5},
		{"psychic", 15, 15},
		{"poison", 15, 0},
	}
	for _, k := range cases {
		c := mustNew(t, 100)
		mustTrait(t, c,
			Trait{Kind: StepResistFlat, Type: AllTypes, Except: []string{"psychic", "sonic"}, Amount: 10, Source: "petrified"},
			Trait{Kind: StepVulnFlat, Type: "bludgeoning", Amount: 10, Source: "petrified"},
			Trait{Kind: StepImmune, Type: "poison", Source: "petrified"},
		)
		tr, _, err := c.ApplyDamageOne(k.typ, k.amount, &DamageOptions{Steps: orderFlat})
		if err != nil || tr.Final != k.want {
			t.Errorf("HB-COND-12 TV-19 %s %d: got %d (%v), want %d", k.typ, k.amount, tr.Final, err, k.want)
		}
		if n := c.RemoveTraits("petrified"); n != 3 {
			t.Errorf("RemoveTraits removed %d, want 3", n)
		}
	}
}

// covers: DMG-SA-38
func TestPooledResistance(t *testing.T) {
	// DMG-SA-38 TV-43: fire resistance 30 ignores the first 30 fire
	// damage each round.
	c := mustNew(t, 60)
	mustTrait(t, c, Trait{Kind: StepResistFlat, Type: "fire", Amount: 30, Pool: true})
	half := &DamageOptions{Steps: orderFlat, Adjust: []Adjustment{{Type: AllTypes, Num: 1, Den: 2}}}
	tr, _, _ := c.ApplyDamageOne("fire", 18, half)
	if tr.Final != 0 || c.Traits(nil)[0].Used != 9 {
		t.Fatalf("TV-43 fireball saved: final %d used %d", tr.Final, c.Traits(nil)[0].Used)
	}
	tr, _, _ = c.ApplyDamageOne("fire", 25, &DamageOptions{Steps: orderFlat})
	if tr.Final != 4 || c.HP() != 56 {
		t.Fatalf("TV-43 second effect: final %d hp %d, want 4, 56", tr.Final, c.HP())
	}
	c.ResetTraitPools()
	tr, _, _ = c.ApplyDamageOne("fire", 25, &DamageOptions{Steps: orderFlat})
	if tr.Final != 0 {
		t.Fatalf("TV-43 next round: final %d, want 0", tr.Final)
	}
}

// covers: 5E-THP-01 5E-THP-03 5E-THP-04 HB-HP-10 HB-HP-11 HB-HP-12
func TestTempHP(t *testing.T) {
	// 5E-THP-01 TV-31: 5 THP, 7 damage -> 0 THP, 2 HP lost.
	c := mustNew(t, 20)
	if _, err := c.GainTemp(5, false); err != nil {
		t.Fatal(err)
	}
	_, out, err := c.ApplyDamageOne("slashing", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.TempBefore != 5 || out.TempAbsorbed != 5 || out.TempAfter != 0 || out.HPLost != 2 || c.HP() != 18 || c.TempHP() != 0 {
		t.Fatalf("5E-THP-01 TV-31: %+v", out)
	}
	// HB-HP-10: temporary hit points soak all of a small hit.
	c.GainTemp(8, false)
	_, out, _ = c.ApplyDamageOne("fire", 3, nil)
	if out.TempAbsorbed != 3 || out.HPLost != 0 || c.TempHP() != 5 {
		t.Fatalf("HB-HP-10 partial soak: %+v", out)
	}
	// 5E-THP-03 TV-32 / HB-HP-11: they do not stack.
	c.GainTemp(10, true)
	if got, _ := c.GainTemp(12, false); got != 12 {
		t.Fatalf("5E-THP-03 keep the higher: got %d, want 12", got)
	}
	if got, _ := c.GainTemp(10, false); got != 12 {
		t.Fatalf("5E-THP-03 lower amount ignored: got %d, want 12", got)
	}
	if got, _ := c.GainTemp(10, true); got != 10 {
		t.Fatalf("5E-THP-03 replace on request: got %d, want 10", got)
	}
	// 5E-THP-04 / HB-HP-12: healing never restores THP, gaining THP is not
	// healing, and works at full HP or at 0 HP.
	c.SetHP(14)
	if g, _ := c.Heal(3); g != 3 || c.TempHP() != 10 || c.HP() != 17 {
		t.Fatalf("5E-THP-04 healing touched temporary hit points: hp %d temp %d", c.HP(), c.TempHP())
	}
	c.SetHP(0)
	c.GainTemp(15, true)
	if c.HP() != 0 {
		t.Fatal("5E-THP-04 gaining temporary hit points changed hit points")
	}
	// IgnoreTemp: damage that goes straight to hit points.
	c.SetHP(10)
	_, out, _ = c.ApplyDamageOne("psychic", 4, &DamageOptions{IgnoreTemp: true})
	if out.TempAbsorbed != 0 || c.HP() != 6 || c.TempHP() != 15 {
		t.Fatalf("IgnoreTemp: %+v", out)
	}
}

// covers: 1E-UNARMED-02 3E-HP-02 3E-HP-07 3E-HP-09 3E-HP-15 3E-HP-17 3E-HP-18
// covers: 5E-HEAL-02 5E-HP-01 5E-ZERO-03 5E-ZERO-04 5E-ZERO-11 HB-HP-01
// covers: HB-HP-02
func TestHPBookkeeping(t *testing.T) {
	// 5E-HEAL-02 TV-29: 14/20 healed 8 -> 20; 6 regained.
	c := mustNew(t, 20)
	c.SetHP(14)
	if g, err := c.Heal(8); err != nil || g != 6 || c.HP() != 20 {
		t.Fatalf("5E-HEAL-02 TV-29: regained %d hp %d (%v)", g, c.HP(), err)
	}
	// 3E-HP-15: healing never exceeds the maximum.
	if g, _ := c.Heal(5); g != 0 || c.HP() != 20 {
		t.Fatalf("3E-HP-15: regained %d at full", g)
	}

	overflow := []struct {
		name                 string
		max, cur, dmg, temp  int
		lost, pastZero, over int
	}{
		{"5E-ZERO-04 TV-30 max 12 at 6 takes 18: leftover 12", 12, 6, 18, 0, 6, 12, 12},
		{"5E-ZERO-04 TV-30 max 12 at 6 takes 17: leftover 11", 12, 6, 17, 0, 6, 11, 11},
		{"5E-ZERO-04 AMB-10 leftover counts after temporary hit points", 12, 6, 18, 5, 6, 7, 7},
		{"HB-HP-01 TV-18 max 20 at 6 takes 25: overflow 19", 20, 6, 25, 0, 6, 19, 19},
		{"HB-HP-02 TV-18 max 20 at 6 takes 26: overflow 20", 20, 6, 26, 0, 6, 20, 20},
		{"5E-HP-01 damage stops at 0", 20, 3, 2, 0, 2, 0, 0},
		{"5E-ZERO-11 damage at 0 HP", 30, 0, 4, 0, 0, 4, 4},
	}
	for _, k := range overflow {
		c := mustNew(t, k.max)
		c.SetHP(k.cur)
		c.GainTemp(k.temp, true)
		_, out, _ := c.ApplyDamageOne("bludgeoning", k.dmg, nil)
		if out.HPLost != k.lost || out.PastZero != k.pastZero || out.Overflow != k.over || out.HPBefore != k.cur || out.HPAfter != k.cur-k.lost {
			t.Errorf("%s: %+v", k.name, out)
		}
	}

	// 3E-HP-02: hit points go negative down to a floor set by the script.
	c = mustNew(t, 10)
	if err := c.SetFloor(-10); err != nil {
		t.Fatal(err)
	}
	_, out, _ := c.ApplyDamageOne("slashing", 13, nil)
	if c.HP() != -3 || out.PastZero != 3 || out.Overflow != 0 {
		t.Fatalf("3E-HP-02 dying at -3: hp %d %+v", c.HP(), out)
	}
	_, out, _ = c.ApplyDamageOne("slashing", 9, nil)
	if c.HP() != -10 || out.HPLost != 7 || out.Overflow != 2 || out.PastZero != 9 {
		t.Fatalf("3E-HP-07 below the floor: hp %d %+v", c.HP(), out)
	}
	// 3E-HP-09: healing from negative hit points.
	if g, _ := c.Heal(4); g != 4 || c.HP() != -6 {
		t.Fatalf("3E-HP-09 heal from -10 by 4: got %d, hp %d", g, c.HP())
	}

	// 1E-UNARMED-02 TV-14: a blow to -4 hp; unconscious 1 + 4 rounds.
	c = mustNew(t, 8)
	c.SetFloor(-10)
	c.SetHP(3)
	_, out, _ = c.ApplyDamageOne("", 7, nil)
	if out.HPAfter != -4 || 1-out.HPAfter != 5 {
		t.Fatalf("1E-UNARMED-02 TV-14: hp after %d", out.HPAfter)
	}

	// 3E-HP-17: the 3.0 "recorded value" temporary hit points.
	c = mustNew(t, 10)
	rec := c.HP()
	c.Boost(5)
	c.ApplyDamageOne("", 3, nil)
	if c.HP() > rec {
		c.SetHP(rec)
	}
	if c.HP() != 10 {
		t.Fatalf("3E-HP-17 effect ends above the record: hp %d, want 10", c.HP())
	}
	c.Boost(5)
	c.ApplyDamageOne("", 8, nil)
	if c.HP() > rec {
		c.SetHP(rec)
	}
	if c.HP() != 7 {
		t.Fatalf("3E-HP-17 effect ends below the record: hp %d, want 7", c.HP())
	}

	// 3E-HP-18: a Constitution increase raises maximum and current, and
	// takes both back.
	c = mustNew(t, 30)
	c.SetHP(12)
	c.AdjustMaxHP(6, true)
	if c.MaxHP() != 36 || c.HP() != 18 {
		t.Fatalf("3E-HP-18 raise: %d/%d", c.HP(), c.MaxHP())
	}
	c.AdjustMaxHP(-6, true)
	if c.MaxHP() != 30 || c.HP() != 12 {
		t.Fatalf("3E-HP-18 lower: %d/%d", c.HP(), c.MaxHP())
	}
	// 5E-ZERO-03 / AMB-23 (HB): lowering the maximum clamps current HP.
	c.SetHP(30)
	c.SetMaxHP(25)
	if c.HP() != 25 {
		t.Fatalf("5E-ZERO-03 clamp: hp %d", c.HP())
	}
}

// covers: 1E-SUBDUE-01 3E-SUBD-01 3E-SUBD-02 3E-SUBD-03 3E-SUBD-06
// covers: DMG-COND-37
func TestNonlethal(t *testing.T) {
	// DMG-COND-37/40 TV-53 (3E-SUBD-02/03): current hp 12; subdual 12
	// staggers, 13 knocks out.
	c := mustNew(t, 20)
	c.SetHP(12)
	_, out, err := c.ApplyDamageOne("bludgeoning", 12, &DamageOptions{Nonlethal: true})
	if err != nil || out.NonlethalAdded != 12 || c.HP() != 12 || c.Nonlethal() != 12 {
		t.Fatalf("3E-SUBD-01 separate track: %+v hp %d nl %d", out, c.HP(), c.Nonlethal())
	}
	if !c.NonlethalAtLeastHP() || c.NonlethalExceedsHP() {
		t.Fatal("TV-53 (DMG) subdual 12 = hp 12: staggered, not unconscious")
	}
	c.AddNonlethal(1)
	if !c.NonlethalExceedsHP() {
		t.Fatal("TV-53 (DMG) subdual 13 > hp 12: unconscious")
	}
	// 3E-SUBD-03: lethal damage lowering hp can also cross the line.
	c.HealNonlethal(1)
	c.ApplyDamageOne("slashing", 1, nil)
	if !c.NonlethalExceedsHP() {
		t.Fatal("3E-SUBD-03 hp falling below subdual")
	}
	// 3E-SUBD-06: magical healing removes the same amount of subdual.
	g, _ := c.Heal(5)
	r, _ := c.HealNonlethal(5)
	if g != 5 || r != 5 || c.HP() != 16 || c.Nonlethal() != 7 {
		t.Fatalf("3E-SUBD-06: healed %d, removed %d, hp %d, nl %d", g, r, c.HP(), c.Nonlethal())
	}
	// No nonlethal damage: neither query fires, even at 0 hp.
	z := mustNew(t, 5)
	z.SetHP(0)
	if z.NonlethalAtLeastHP() || z.NonlethalExceedsHP() {
		t.Fatal("no nonlethal damage must not stagger")
	}
	// 1E-SUBDUE-01 TV-13: 40 subduing damage is 10 real and 30 temporary;
	// the script splits it into two applications.
	m := mustNew(t, 60)
	m.ApplyDamageOne("bludgeoning", 40/4, nil)
	m.ApplyDamageOne("bludgeoning", 40-40/4, &DamageOptions{Nonlethal: true})
	if m.HP() != 50 || m.Nonlethal() != 30 {
		t.Fatalf("1E-SUBDUE-01 TV-13: hp %d nl %d", m.HP(), m.Nonlethal())
	}
}

func TestDamageErrors(t *testing.T) {
	c := mustNew(t, 10)
	bad := []struct {
		name  string
		parts []Damage
		opt   DamageOptions
	}{
		{"negative amount", []Damage{{"fire", -1}}, DamageOptions{}},
		{"unknown step", []Damage{{"fire", 1}}, DamageOptions{Steps: []DamageStep{99}}},
		{"half a factor", []Damage{{"fire", 1}}, DamageOptions{Adjust: []Adjustment{{Num: 1}}}},
		{"bad per-call trait", []Damage{{"fire", 1}}, DamageOptions{Traits: []Trait{{Kind: StepAdjust, Type: "fire"}}}},
	}
	for _, b := range bad {
		_, err := c.ApplyDamage(b.parts, &b.opt)
		assertKernel(t, err, errs.Rule)
		if c.HP() != 10 {
			t.Fatalf("%s: creature changed on error", b.name)
		}
	}
	_, _, err := c.ApplyDamageOne("fire", -2, nil)
	assertKernel(t, err, errs.Rule)
	for _, tr := range []Trait{{Kind: StepResist}, {Kind: StepAdjust, Type: "x"}, {Kind: StepResist, Type: "x", Num: 1}, {Kind: StepResistFlat, Type: "x", Amount: -1}} {
		assertKernel(t, c.AddTrait(tr), errs.Rule)
	}
	for _, f := range []func() error{
		func() error { _, err := c.Heal(-1); return err },
		func() error { _, err := c.GainTemp(-1, false); return err },
		func() error { return c.SetHP(11) },
		func() error { return c.SetMaxHP(-1) },
		func() error { return c.SetFloor(1) },
		func() error { return c.AddNonlethal(-1) },
		func() error { return c.Boost(-1) },
		func() error { return c.AdjustMaxHP(-11, false) },
	} {
		assertKernel(t, f(), errs.Rule)
	}
	if _, err := New("x", "x", -1); err == nil {
		t.Fatal("negative maximum accepted")
	}
}

func BenchmarkApplyDamageOne(b *testing.B) {
	c := mustNew(b, 1<<30)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := c.ApplyDamageOne("slashing", 7, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyDamageOneTraits(b *testing.B) {
	c := mustNew(b, 1<<30)
	mustTrait(b, c, Trait{Kind: StepResist, Type: AllTypes}, Trait{Kind: StepVuln, Type: "fire"}, Trait{Kind: StepImmune, Type: "poison"})
	opt := &DamageOptions{Steps: orderMult, Adjust: []Adjustment{{Type: AllTypes, Add: -5}}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := c.ApplyDamageOne("fire", 28, opt); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyDamageInto(b *testing.B) {
	c := mustNew(b, 1<<30)
	mustTrait(b, c, Trait{Kind: StepResistFlat, Type: AllTypes, Amount: 5}, Trait{Kind: StepVulnFlat, Type: "cold", Amount: 2})
	parts := []Damage{{"slashing", 9}, {"fire", 4}, {"fire", 3}, {"cold", 6}}
	opt := &DamageOptions{Steps: orderFlat}
	var rec DamageRecord
	b.ReportAllocs()
	for b.Loop() {
		if err := c.ApplyDamageInto(&rec, parts, opt); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyDamage(b *testing.B) {
	c := mustNew(b, 1<<30)
	parts := []Damage{{"slashing", 9}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.ApplyDamage(parts, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPipelineNoTraits checks that damage with no trait and no adjustment
// (pipeline's early return) is recorded as the full steps record it when a
// trait is there that covers none of the types.
func TestPipelineNoTraits(t *testing.T) {
	parts := []Damage{{"slashing", 9}, {"fire", 4}, {"", 3}}
	for _, steps := range [][]DamageStep{nil, orderMult, orderFlat} {
		bare, other := mustNew(t, 100), mustNew(t, 100)
		mustTrait(t, other, Trait{Kind: StepResist, Type: "psychic"}, Trait{Kind: StepResistFlat, Type: "acid", Amount: 5})
		o := DamageOptions{Steps: steps}
		a, err := bare.ApplyDamage(parts, &o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := other.ApplyDamage(parts, &o)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) || bare.HP() != other.HP() {
			t.Errorf("steps %v: no traits %+v (hp %d), unrelated traits %+v (hp %d)", steps, a, bare.HP(), b, other.HP())
		}
	}
}
