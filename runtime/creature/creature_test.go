package creature

import (
	"reflect"
	"testing"

	"github.com/dndsh/dndsh/runtime/internal/fill"
)

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

// TestCopyFromCopiesEveryField: CopyFrom, which copies field by field,
// leaves a copy of every field of its source in storage of its own, but
// for the hit-point watch (c's) and the condition generation (one more
// than c's).
func TestCopyFromCopiesEveryField(t *testing.T) {
	var src Creature
	fill.NonZero(t, reflect.ValueOf(&src).Elem(), fill.Options{Unexported: true})
	var c Creature
	watch := &HPWatch{}
	c.hpWatch, c.hpWho, c.condGen = watch, 5, 8
	c.CopyFrom(&src)
	want := src
	want.hpWatch, want.hpWho, want.condGen = watch, 5, 9
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("CopyFrom left\n%+v\nwant\n%+v", c, want)
	}
	if &c.tags[0] == &src.tags[0] || &c.conds[0] == &src.conds[0] || &c.condImmune[0] == &src.condImmune[0] {
		t.Fatal("CopyFrom shares a list's storage with its source")
	}
}
