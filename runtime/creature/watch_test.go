package creature

import "testing"

// TestWatchHP: every change of current hit points is counted, through
// a copy and a clone too, under the creature's own name.
func TestWatchHP(t *testing.T) {
	c, err := New("c", "C", 10)
	if err != nil {
		t.Fatal(err)
	}
	var w HPWatch
	c.WatchHP(&w, 7)
	last := 0
	step := func(what string, f func() error) {
		t.Helper()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if w.N == last {
			t.Errorf("%s: hit points %d, no change counted", what, c.HP())
		}
		if w.Last != 7 {
			t.Errorf("%s: the change is counted as %d's, want 7's", what, w.Last)
		}
		last, w.Last = w.N, 0
	}
	step("damage", func() error { _, err := c.ApplyDamage([]Damage{{Type: "fire", Amount: 3}}, nil); return err })
	step("heal", func() error { _, err := c.Heal(1); return err })
	step("set", func() error { return c.SetHP(2) })
	step("boost", func() error { return c.Boost(1) })
	step("max", func() error { return c.SetMaxHP(1) })
	step("adjust", func() error { return c.AdjustMaxHP(5, true) })
	if err := c.SetFloor(-3); err != nil {
		t.Fatal(err)
	}
	step("set below 0", func() error { return c.SetHP(-2) })
	step("floor", func() error { return c.SetFloor(0) })
	base, _ := New("b", "B", 7)
	step("copy", func() error { c.CopyFrom(base); return nil })
	step("unmarshal", func() error { return c.UnmarshalJSON([]byte(`{"id":"c","name":"C","hp":4,"max_hp":9}`)) })
	d := c.Clone()
	step("clone's damage", func() error { _, err := d.ApplyDamage([]Damage{{Type: "fire", Amount: 1}}, nil); return err })
}
