package fight

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/creature"
)

// TestEffectsNowFollowsConditions: the effects a fighter keeps between
// asks (effectsNow) are what f.effects works out afresh after every way its
// conditions change: added, raised, lowered, removed, reset for a trial.
func TestEffectsNowFollowsConditions(t *testing.T) {
	r := d20Rules()
	r.Conditions = map[string]*CondEffect{
		"stunned": {Name: "stunned", NoActions: true},
		"weary": {Name: "weary", SaveMod: -1, Levels: []LevelEffect{
			{Min: 3, Effect: &CondEffect{Name: "weary", NoActions: true}},
		}},
	}
	f, xs := table(t, r, "a", "b")
	a := xs[0]
	check := func(step string) {
		t.Helper()
		want := f.effects(a, nil)
		got := f.effectsNow(a)
		if len(got) != len(want) {
			t.Fatalf("%s: %d effects kept, %d worked out", step, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: effect %d kept %+v, worked out %+v", step, i, got[i], want[i])
			}
		}
		if able := f.canAct(a); able == anyNoActions(want) {
			t.Fatalf("%s: canAct %v", step, able)
		}
	}
	check("none")
	addCond(t, a, "weary", 1, "")
	check("weary 1")
	if !f.canAct(a) || f.saveMods(a) != -1 {
		t.Fatalf("weary 1: canAct %v, save mods %d", f.canAct(a), f.saveMods(a))
	}
	addCond(t, a, "weary", 2, "") // raised to 3 in place
	check("weary 3")
	if f.canAct(a) {
		t.Fatal("weary 3: can act")
	}
	if _, err := a.C.ReduceLevel("weary", "", 1); err != nil {
		t.Fatal(err)
	}
	check("weary 2")
	if !f.canAct(a) {
		t.Fatal("weary 2: cannot act")
	}
	if _, err := a.C.AddCondition(creature.Condition{Name: "stunned"}, creature.CondSpec{}); err != nil {
		t.Fatal(err)
	}
	check("stunned")
	if f.canAct(a) {
		t.Fatal("stunned: can act")
	}
	a.C.RemoveCondition("stunned")
	check("stunned removed")
	res, err := a.C.AddCondition(creature.Condition{Name: "stunned"}, creature.CondSpec{})
	if err != nil {
		t.Fatal(err)
	}
	check("stunned again")
	a.C.RemoveConditionID(res.ID)
	check("stunned removed by its id")
	if !f.canAct(a) {
		t.Fatal("stunned removed by its id: cannot act")
	}
	a.C.CopyFrom(a.Base)
	check("reset")
	if !f.canAct(a) || f.saveMods(a) != 0 {
		t.Fatal("reset: effects left over")
	}
}

func anyNoActions(effs []inForce) bool {
	for _, in := range effs {
		if in.ef.NoActions {
			return true
		}
	}
	return false
}
