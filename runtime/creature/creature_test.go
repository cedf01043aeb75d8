package creature

import "testing"

func TestCopyFromResetsWithoutSharingState(t *testing.T) {
	base, _ := New("g", "Goblin", 7)
	_ = base.SetResource(Resource{Name: "uses", Current: 1, Max: 1})
	c := base.Clone()
	if _, _, err := c.ApplyDamageOne("slashing", 5, nil); err != nil {
		t.Fatal(err)
	}
	_ = c.Spend("uses", 1)
	c.AddTag("bloodied")
	c.CopyFrom(base)
	if c.HP() != 7 || c.HasTag("bloodied") {
		t.Fatalf("not reset: hp %d", c.HP())
	}
	if r, _ := c.Resource("uses"); r.Current != 1 {
		t.Fatal("resource not reset")
	}
	_ = c.Spend("uses", 1)
	if r, _ := base.Resource("uses"); r.Current != 1 {
		t.Fatal("CopyFrom shares resource storage with its source")
	}
	if n := testing.AllocsPerRun(100, func() { c.CopyFrom(base) }); n != 0 {
		t.Fatalf("CopyFrom allocates %.0f times", n)
	}
}
