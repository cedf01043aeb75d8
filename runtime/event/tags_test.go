package event

import (
	"fmt"
	"slices"
	"testing"
)

// A handler registered with Needs is called for untagged events and for
// tagged ones that carry every tag it needs, and for no other; HasPhaseFor
// says whether a tagged event calls any handler at all.
func TestNeedsSparesEventsWithoutTheTags(t *testing.T) {
	b := New()
	melee, ranged, unarmed := b.Tag("melee"), b.Tag("ranged"), b.Tag("group:unarmed")
	if melee == ranged || melee == 0 || unarmed == 0 || b.Tag("melee") != melee || b.TagCount() != 3 {
		t.Fatalf("tags %b %b %b, count %d: not three distinct bits named once", melee, ranged, unarmed, b.TagCount())
	}
	if b.LookupTag("thrown") != 0 || b.TagCount() != 3 {
		t.Fatal("LookupTag named a tag")
	}
	id := mustID(t, b, "attack.declare")
	var r recorder
	mustOn(t, b, "attack.declare", Declare, Options{Needs: ranged}, r.h("ranged"))
	mustOn(t, b, "attack.declare", Declare, Options{Needs: melee | unarmed}, r.h("melee unarmed"))
	for _, c := range []struct {
		tags Tags
		want []string
	}{
		{0, []string{"ranged", "melee unarmed"}},
		{melee, nil},
		{melee | unarmed, []string{"melee unarmed"}},
		{ranged | unarmed, []string{"ranged"}},
		{ranged, []string{"ranged"}},
	} {
		r.got = nil
		ev := Event{ID: id, Tags: c.tags}
		if err := b.Dispatch(&ev, Declare); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.got, c.want) {
			t.Errorf("tags %b: called %v, want %v", c.tags, r.got, c.want)
		}
		if got := b.HasPhaseFor(id, Declare, c.tags); got != (len(c.want) > 0) {
			t.Errorf("tags %b: HasPhaseFor %v, but %d handlers are called", c.tags, got, len(c.want))
		}
	}
	if b.HasPhaseFor(id, Roll, 0) {
		t.Error("HasPhaseFor of a phase with no handler")
	}
}

// Past 64 tags Tag gives no bit: a handler that needs such a tag needs
// nothing the bus can tell, and is called for every event.
func TestTagsRunOut(t *testing.T) {
	b := New()
	seen := map[Tags]bool{}
	for i := 0; i < 64; i++ {
		tg := b.Tag(fmt.Sprint("t", i))
		if tg == 0 || seen[tg] || tg&(tg-1) != 0 {
			t.Fatalf("tag %d: bit %b is not a new single bit", i, tg)
		}
		seen[tg] = true
	}
	if b.Tag("one more") != 0 || b.TagCount() != 64 {
		t.Fatal("a 65th tag got a bit")
	}
}
