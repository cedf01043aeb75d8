package fight

import (
	"reflect"
	"testing"

	"github.com/dndsh/dndsh/runtime/internal/fill"
)

// TestAttackEventReset: reset leaves what a new AttackEvent literal would,
// but for the slices' storage and Roll.
func TestAttackEventReset(t *testing.T) {
	var e AttackEvent
	fill.NonZero(t, reflect.ValueOf(&e).Elem(), fill.Options{})
	x, tg, a := &Fighter{ID: "x"}, &Fighter{ID: "t"}, &Attack{Name: "a"}
	roll := e.Roll
	e.reset(x, tg, a)
	want := AttackEvent{Attacker: x, Target: tg, Attack: a, Roll: roll, Parts: e.Parts[:0], Why: e.Why[:0], Taken: e.Taken[:0]}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("reset left\n%+v\nwant\n%+v", e, want)
	}
	if cap(e.Parts) == 0 || cap(e.Why) == 0 || cap(e.Taken) == 0 {
		t.Error("reset dropped a slice's storage")
	}
}
