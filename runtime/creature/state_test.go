package creature

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/grid"
	"github.com/dndsh/dndsh/runtime/rng"
)

// covers: 3E-AOO-05 5E-ACT-05
func TestResources(t *testing.T) {
	c := mustNew(t, 10)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(c.SetResource(Resource{Name: "slot1", Current: 2, Max: 2, Recharge: Recharge{Kind: RechargeRest, Rest: "long"}}))
	must(c.SetResource(Resource{Name: "ki", Current: 3, Max: 3, Recharge: Recharge{Kind: RechargeRest, Rest: "short"}}))
	// 5E-ACT-05: the reaction comes back at the start of the owner's turn.
	must(c.SetResource(Resource{Name: "reaction", Current: 1, Max: 1, Recharge: Recharge{Kind: RechargeTurn}}))
	// 3E-AOO-05: one attack of opportunity per round.
	must(c.SetResource(Resource{Name: "aoo", Current: 1, Max: 1, Recharge: Recharge{Kind: RechargeRound}}))
	must(c.SetResource(Resource{Name: "breath", Current: 1, Max: 1, Recharge: Recharge{Kind: RechargeRoll, Die: 6, Min: 5}}))

	// Spending more than is there fails and changes nothing.
	must(c.Spend("slot1", 2))
	err := c.Spend("slot1", 1)
	assertKernel(t, err, errs.Rule)
	if r, _ := c.Resource("slot1"); r.Current != 0 {
		t.Fatalf("failed spend changed the resource: %+v", r)
	}
	assertKernel(t, c.Spend("nope", 1), errs.Rule)
	assertKernel(t, c.Spend("ki", -1), errs.Rule)
	if g, err := c.Restore("slot1", 5); err != nil || g != 2 {
		t.Fatalf("restore capped at max: %d %v", g, err)
	}
	must(c.Spend("slot1", 1))
	must(c.Spend("ki", 3))
	if n := c.Rest("short"); n != 1 {
		t.Fatalf("short rest refilled %d, want 1", n)
	}
	if r, _ := c.Resource("slot1"); r.Current != 1 {
		t.Fatal("short rest refilled a long-rest resource")
	}
	if n := c.Rest("long"); n != 1 {
		t.Fatalf("long rest refilled %d, want 1", n)
	}

	// 5E-ACT-05 TV-52: a reaction used on an enemy's turn is back only at the
	// start of the owner's next turn, not at the start of the round.
	must(c.Spend("reaction", 1))
	must(c.Spend("aoo", 1))
	if n := c.StartRound(); n != 1 {
		t.Fatalf("StartRound refilled %d, want 1 (aoo)", n)
	}
	if r, _ := c.Resource("reaction"); r.Current != 0 {
		t.Fatal("TV-52 reaction refilled by the round")
	}
	src := rng.New(1)
	rolls, err := c.StartTurn(src, nil)
	must(err)
	if r, _ := c.Resource("reaction"); r.Current != 1 || len(rolls) != 0 || src.Draws() != 0 {
		t.Fatalf("TV-52 reaction at turn start: %+v, rolls %v, draws %d", r, rolls, src.Draws())
	}

	// Recharge on 5-6 of a d6, rolled at the start of the owner's turn only
	// while spent.
	must(c.Spend("breath", 1))
	src.Force(4, 5)
	rolls, err = c.StartTurn(src, rolls[:0])
	must(err)
	if len(rolls) != 1 || rolls[0] != (Roll{Name: "breath", Face: 4}) {
		t.Fatalf("recharge roll 4: %+v", rolls)
	}
	rolls, err = c.StartTurn(src, rolls[:0])
	must(err)
	if len(rolls) != 1 || !rolls[0].Recharged || rolls[0].Face != 5 {
		t.Fatalf("recharge roll 5: %+v", rolls)
	}
	if r, _ := c.Resource("breath"); r.Current != 1 {
		t.Fatal("breath not recharged")
	}
	rolls, _ = c.StartTurn(src, rolls[:0])
	if len(rolls) != 0 || src.Drained() != nil {
		t.Fatal("a full resource must not roll")
	}
	// A forced face that does not fit the die is an error.
	must(c.Spend("breath", 1))
	src.Force(9)
	_, err = c.StartTurn(src, nil)
	assertKernel(t, err, errs.Rule)
	_, err = c.StartTurn(nil, nil)
	assertKernel(t, err, errs.Rule)

	// Partial recharge amounts.
	must(c.SetResource(Resource{Name: "charges", Current: 0, Max: 7, Recharge: Recharge{Kind: RechargeRest, Rest: "dawn", Amount: 3}}))
	c.Rest("dawn")
	c.Rest("dawn")
	c.Rest("dawn")
	if r, _ := c.Resource("charges"); r.Current != 7 {
		t.Fatalf("partial recharge: %d, want 7", r.Current)
	}

	for _, bad := range []Resource{
		{},
		{Name: "x", Current: 3, Max: 2},
		{Name: "x", Recharge: Recharge{Kind: RechargeRest}},
		{Name: "x", Recharge: Recharge{Kind: RechargeRoll, Die: 6, Min: 7}},
		{Name: "x", Recharge: Recharge{Kind: 42}},
	} {
		assertKernel(t, c.SetResource(bad), errs.Rule)
	}
	var names []string
	for _, r := range c.Resources(nil) {
		names = append(names, r.Name)
	}
	if want := []string{"aoo", "breath", "charges", "ki", "reaction", "slot1"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("resources not sorted: %v", names)
	}
	if !c.RemoveResource("charges") || c.RemoveResource("charges") {
		t.Fatal("RemoveResource")
	}
}

// covers: 5E-CND-02 5E-CND-04 5E-CND-06 5E-DMG-10 5E-HAZ-06 HB-COND-00
func TestConditions(t *testing.T) {
	c := mustNew(t, 10)
	keep := CondSpec{Stacking: StackKeep}
	indep := CondSpec{Stacking: StackIndependent}
	add := func(cond Condition, spec CondSpec) AddResult {
		t.Helper()
		r, err := c.AddCondition(cond, spec)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	// 5E-CND-02: a condition does not stack with itself.
	r1 := add(Condition{Name: "prone"}, keep)
	r2 := add(Condition{Name: "prone", Source: "trip"}, keep)
	if !r1.Added || r2.Added || r2.ID != r1.ID || len(c.ConditionsNamed("prone", nil)) != 1 {
		t.Fatalf("5E-CND-02 keep: %+v %+v", r1, r2)
	}
	// Refresh: the newer duration replaces the old, same instance.
	refresh := CondSpec{Stacking: StackRefresh}
	a := add(Condition{Name: "dazed", Duration: 7}, refresh)
	b := add(Condition{Name: "dazed", Duration: 9, Source: "x"}, refresh)
	if got, _ := c.Condition(a.ID); !b.Changed || b.ID != a.ID || got.Duration != 9 || got.Source != "x" {
		t.Fatalf("refresh: %+v %+v", b, got)
	}
	// 5E-CND-02 [DER] / HB-COND-00: independent instances keep their own
	// durations; the condition lasts until the last one ends.
	p1 := add(Condition{Name: "poisoned", Source: "spider", Duration: 11}, indep)
	add(Condition{Name: "poisoned", Source: "dart", Duration: 12}, indep)
	if ex := c.ExpireDuration(11, nil); len(ex) != 1 || ex[0].ID != p1.ID || !c.HasCondition("poisoned") {
		t.Fatalf("HB-COND-00 first expiry: %+v", ex)
	}
	c.ExpireDuration(12, nil)
	if c.HasCondition("poisoned") {
		t.Fatal("HB-COND-00 condition outlived its instances")
	}
	if ex := c.ExpireDuration(0, nil); len(ex) != 0 {
		t.Fatal("handle 0 expired something")
	}

	// 5E-CND-06 / TV-38: exhaustion levels; a long rest removes one.
	lv := CondSpec{Stacking: StackLevels, MaxLevel: 6}
	for i := 0; i < 3; i++ {
		add(Condition{Name: "exhaustion"}, lv)
	}
	if c.Level("exhaustion") != 3 {
		t.Fatalf("5E-CND-06 three levels: %d", c.Level("exhaustion"))
	}
	if n, _ := c.ReduceLevel("exhaustion", "", 1); n != 1 || c.Level("exhaustion") != 2 {
		t.Fatalf("TV-38 (5E) long rest: level %d", c.Level("exhaustion"))
	}
	// 5E-CND-06 kernel need 8 / 5E-HAZ-06: source-tagged levels; suffocation
	// levels all go when breathing resumes, others stay.
	add(Condition{Name: "exhaustion", Source: "suffocation", Level: 3}, lv)
	if c.Level("exhaustion") != 5 || len(c.ConditionsNamed("exhaustion", nil)) != 2 {
		t.Fatalf("source-tagged levels: %d", c.Level("exhaustion"))
	}
	// The cap holds across sources: 5 + 4 is held at 6.
	if r := add(Condition{Name: "exhaustion", Source: "dehydration", Level: 4}, lv); r.Level != 6 {
		t.Fatalf("5E-CND-06 cap: %+v", r)
	}
	if r := add(Condition{Name: "exhaustion"}, lv); r.Added || r.Changed || r.Level != 6 {
		t.Fatalf("add at the cap: %+v", r)
	}
	if n, _ := c.ReduceLevel("exhaustion", "suffocation", 99); n != 3 || c.Level("exhaustion") != 3 {
		t.Fatalf("5E-HAZ-06 remove suffocation levels: removed %d, level %d", n, c.Level("exhaustion"))
	}
	// HB-COND-00 / HB exhaustion (7 levels): a different cap from a
	// different script.
	h := mustNew(t, 10)
	for i := 0; i < 9; i++ {
		h.AddCondition(Condition{Name: "exhaustion"}, CondSpec{Stacking: StackLevels, MaxLevel: 7})
	}
	if h.Level("exhaustion") != 7 {
		t.Fatalf("seven-level cap: %d", h.Level("exhaustion"))
	}

	// 5E-CND-04: the charmer is recorded as the source; removal by source.
	add(Condition{Name: "charmed", Source: "vampire"}, keep)
	add(Condition{Name: "frightened", Source: "vampire"}, keep)
	add(Condition{Name: "frightened", Source: "dragon"}, indep)
	gone := c.RemoveConditionsBySource("vampire", nil)
	if len(gone) != 2 || c.HasCondition("charmed") || !c.HasCondition("frightened") {
		t.Fatalf("remove by source: %+v", gone)
	}

	// 5E-DMG-10: immunity to a condition: treated as never applied.
	c.SetConditionImmune("poisoned", true)
	if r := add(Condition{Name: "poisoned"}, keep); !r.Immune || r.Added || c.HasCondition("poisoned") {
		t.Fatalf("5E-DMG-10 condition immunity: %+v", r)
	}
	c.SetConditionImmune("poisoned", false)
	if r := add(Condition{Name: "poisoned"}, keep); !r.Added {
		t.Fatal("immunity not lifted")
	}

	if n := c.RemoveCondition("poisoned"); n != 1 {
		t.Fatalf("RemoveCondition removed %d", n)
	}
	if !c.RemoveConditionID(r1.ID) || c.RemoveConditionID(r1.ID) {
		t.Fatal("RemoveConditionID")
	}
	// IDs are never reused and instances stay in insertion order.
	all := c.Conditions(nil)
	for i := 1; i < len(all); i++ {
		if all[i-1].ID >= all[i].ID {
			t.Fatalf("conditions out of order: %+v", all)
		}
	}
	if _, err := c.AddCondition(Condition{}, keep); err == nil {
		t.Fatal("nameless condition accepted")
	}
	_, err := c.AddCondition(Condition{Name: "x", Level: -1}, keep)
	assertKernel(t, err, errs.Rule)
	_, err = c.AddCondition(Condition{Name: "x"}, CondSpec{Stacking: 9})
	assertKernel(t, err, errs.Rule)
}

// covers: HB-MOVE-10
func TestCollections(t *testing.T) {
	c := mustNew(t, 10)
	for _, s := range []Score{{"wis", 12}, {"str", 16}, {"dex", 9}} {
		if err := c.SetAbility(s.Name, s.Value); err != nil {
			t.Fatal(err)
		}
	}
	c.SetAbility("str", 18)
	if v, ok := c.Ability("str"); !ok || v != 18 {
		t.Fatal("ability update")
	}
	if got := c.Abilities(nil); !reflect.DeepEqual(got, []Score{{"dex", 9}, {"str", 18}, {"wis", 12}}) {
		t.Fatalf("abilities not sorted: %v", got)
	}
	// HB-MOVE-10: five movement modes, any names, sorted.
	for _, m := range []string{"walk", "fly", "swim", "climb", "burrow"} {
		c.SetSpeed(m, 30)
	}
	c.SetSpeed("fly", 60)
	var modes []string
	for _, s := range c.Speeds(nil) {
		modes = append(modes, s.Mode)
	}
	if !reflect.DeepEqual(modes, []string{"burrow", "climb", "fly", "swim", "walk"}) || c.Speed("fly") != 60 || c.Speed("teleport") != 0 {
		t.Fatalf("speeds: %v", c.Speeds(nil))
	}
	assertKernel(t, c.SetSpeed("walk", -5), errs.Rule)
	c.SetSense("darkvision", 60)
	c.SetSense("blindsight", 10)
	if r, ok := c.Sense("darkvision"); !ok || r != 60 || c.Senses(nil)[0].Name != "blindsight" {
		t.Fatal("senses")
	}
	// Tags are an ordered set.
	c.AddTag("undead")
	c.AddTag("evil")
	if c.AddTag("undead") || !c.HasTag("evil") || !reflect.DeepEqual(c.Tags(nil), []string{"undead", "evil"}) {
		t.Fatalf("tags: %v", c.Tags(nil))
	}
	c.RemoveTag("undead")
	if c.HasTag("undead") {
		t.Fatal("RemoveTag")
	}
	c.Space, c.Reach, c.Pos = grid.Square(2), 10, grid.Pos{X: 3, Y: 4}
	if b := c.Body(); b.Space.W != 2 || b.Reach != 10 || b.Pos.X != 3 {
		t.Fatalf("Body: %+v", b)
	}
	if !c.RemoveAbility("dex") || !c.RemoveSpeed("swim") || !c.RemoveSense("blindsight") {
		t.Fatal("removals")
	}
}

// rich builds a creature with every kind of state.
func rich(t *testing.T) *Creature {
	c := mustNew(t, 45)
	c.Side, c.Size, c.Space, c.Reach = "monsters", Size{Name: "large", Rank: 3}, grid.Square(2), 10
	c.Pos = grid.Pos{X: 4, Y: -2, Z: 1}
	c.AC = AC{Value: 4, Descending: true} // 1E-TOHIT-07: lower is better
	c.SetFloor(-10)
	c.SetHP(30)
	c.GainTemp(5, false)
	c.AddNonlethal(3)
	c.AddTag("giant")
	c.AddTag("evil")
	c.SetAbility("str", 21)
	c.SetAbility("con", 19)
	c.SetSpeed("walk", 40)
	c.SetSense("darkvision", 60)
	mustTrait(t, c,
		Trait{Kind: StepResistFlat, Type: AllTypes, Except: []string{"psychic"}, Amount: 10, Pool: true, Used: 4, Key: "dr", Source: "skin"},
		Trait{Kind: StepVuln, Type: "fire", Source: "nature"},
	)
	c.SetResource(Resource{Name: "rock", Current: 2, Max: 3, Recharge: Recharge{Kind: RechargeRoll, Die: 6, Min: 5}})
	c.SetResource(Resource{Name: "reaction", Current: 1, Max: 1, Recharge: Recharge{Kind: RechargeTurn}})
	c.AddCondition(Condition{Name: "exhaustion", Level: 2, Source: "march"}, CondSpec{Stacking: StackLevels})
	c.AddCondition(Condition{Name: "grappled", Source: "c9", Duration: 17}, CondSpec{})
	c.SetConditionImmune("charmed", true)
	return c
}

func TestCloneAndJSON(t *testing.T) {
	c := rich(t)
	d := c.Clone()
	if !reflect.DeepEqual(c, d) {
		t.Fatal("clone differs")
	}
	// Changing the clone leaves the original alone.
	d.Spend("rock", 1)
	d.AddCondition(Condition{Name: "prone"}, CondSpec{})
	d.AddTag("x")
	d.traits[0].Except[0] = "fire"
	d.ApplyDamageOne("fire", 7, &DamageOptions{Steps: orderFlat})
	if r, _ := c.Resource("rock"); r.Current != 2 || c.HasCondition("prone") || c.HasTag("x") ||
		c.traits[0].Except[0] != "psychic" || c.traits[0].Used != 4 || c.HP() != 30 {
		t.Fatal("clone shares state with the original")
	}

	b1, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var e Creature
	if err := json.Unmarshal(b1, &e); err != nil {
		t.Fatal(err)
	}
	if e.condGen == 0 {
		t.Fatal("decoding left the change count of conditions behind")
	}
	e.condGen = c.condGen // a count of changes, not state that is saved
	if !reflect.DeepEqual(c, &e) {
		t.Fatalf("round trip differs:\n%+v\n%+v", c, &e)
	}
	b2, _ := json.Marshal(&e)
	if !bytes.Equal(b1, b2) {
		t.Fatalf("re-encoding differs:\n%s\n%s", b1, b2)
	}
	// Stable field order: the keys come out in declaration order.
	wantPrefix := `{"id":"c1","name":"Test","side":"monsters","tags":["giant","evil"],"abilities":[{"name":"con","value":19},{"name":"str","value":21}],"hp":30,"max_hp":45,"temp_hp":5,"nonlethal":3,"hp_floor":-10,"ac":{"value":4,"descending":true}`
	if !strings.HasPrefix(string(b1), wantPrefix) {
		t.Fatalf("unexpected encoding:\n%s", b1)
	}
	if !strings.Contains(string(b1), `"kind":"resist_flat"`) || !strings.Contains(string(b1), `"kind":"roll"`) {
		t.Fatalf("enums not encoded by name:\n%s", b1)
	}
	// The decoded creature keeps working: IDs continue.
	r, _ := e.AddCondition(Condition{Name: "prone"}, CondSpec{})
	if r.ID != 3 {
		t.Fatalf("condition ids after load: %d, want 3", r.ID)
	}

	for _, bad := range []string{
		`{"id":"x","hp":5,"max_hp":3,"bogus":1}`,
		`{"id":"x","hp":-1,"max_hp":3,"next_condition":1}`,
		`{"id":"x","hp":1,"max_hp":3,"abilities":[{"name":"str","value":1},{"name":"dex","value":1}]}`,
		`{"id":"x","hp":1,"max_hp":3,"tags":["a","a"]}`,
		`{"id":"x","hp":1,"max_hp":3,"traits":[{"kind":"sideways","type":"fire"}]}`,
		`{"id":"x","hp":1,"max_hp":3,"resources":[{"name":"r","current":2,"max":1,"recharge":{"kind":"none"}}]}`,
		`{"id":"x","hp":1,"max_hp":3,"conditions":[{"id":5,"name":"prone"}],"next_condition":2}`,
		`[1,2]`,
	} {
		var x Creature
		err := json.Unmarshal([]byte(bad), &x)
		assertKernel(t, err, errs.Data)
	}
}
