package fight

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/event"
)

// An attack event is tagged melee or ranged and with its group, those of
// the tags some handler needs (a bus that names none tags nothing); the
// memo follows the bus, the tags it names later and the attack's fields.
func TestAttackTags(t *testing.T) {
	b := event.New()
	var m tagsMemo
	club := &Attack{Name: "Club", Group: "club"}
	if got := attackTags(b, &m, club); got != 0 {
		t.Fatalf("no tag named: tags %b", got)
	}
	melee, unarmed := b.Tag(event.TagMelee), b.Tag(event.GroupTag("unarmed"))
	if got := attackTags(b, &m, club); got != melee {
		t.Fatalf("club after melee was named: %b, want %b", got, melee)
	}
	club.Group = "unarmed"
	if got := attackTags(b, &m, club); got != melee|unarmed {
		t.Fatalf("unarmed club: %b, want %b", got, melee|unarmed)
	}
	club.Ranged = true
	ranged := b.Tag(event.TagRanged)
	if got := attackTags(b, &m, club); got != ranged|unarmed {
		t.Fatalf("ranged unarmed: %b, want %b", got, ranged|unarmed)
	}
	if got := attackTags(b, &m, nil); got != melee {
		t.Fatalf("no attack: %b, want melee %b (IsRanged is false)", got, melee)
	}
	other := event.New()
	if got := attackTags(other, &m, club); got != 0 {
		t.Fatalf("another bus, naming nothing: %b", got)
	}
}
