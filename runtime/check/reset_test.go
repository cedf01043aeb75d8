package check

import (
	"reflect"
	"testing"

	"github.com/dndsh/dndsh/runtime/internal/fill"
)

// TestResultReset: reset leaves what a new Result of the test would, but
// for the slices' storage.
func TestResultReset(t *testing.T) {
	var r Result
	fill.NonZero(t, reflect.ValueOf(&r).Elem(), fill.Options{Unexported: true})
	var tt Test
	fill.NonZero(t, reflect.ValueOf(&tt).Elem(), fill.Options{Unexported: true})
	r.reset(&tt, AtLeast)
	want := Result{Dice: r.Dice[:0], Mods: r.Mods[:0], Sides: tt.sides(), Compare: AtLeast, Target: tt.Target,
		rules: rules{nat: tt.Naturals, force: tt.Force, step: tt.DegreeStep, limit: tt.RerollLimit}}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("reset left\n%+v\nwant\n%+v", r, want)
	}
	if cap(r.Dice) == 0 || cap(r.Mods) == 0 {
		t.Error("reset dropped a slice's storage")
	}
}
