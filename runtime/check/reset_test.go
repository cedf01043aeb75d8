package check

import (
	"reflect"
	"testing"
)

// fillNonZero sets every field of v (a struct) to a non-zero value, so a
// reset that forgets one is seen.
func fillNonZero(t *testing.T, v reflect.Value) {
	t.Helper()
	for i := 0; i < v.NumField(); i++ {
		f := reflect.NewAt(v.Field(i).Type(), v.Field(i).Addr().UnsafePointer()).Elem()
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(3)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f.SetUint(3)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 2))
		case reflect.Func:
		case reflect.Struct:
			fillNonZero(t, f)
		default:
			t.Fatalf("fillNonZero: field %s of kind %s", v.Type().Field(i).Name, f.Kind())
		}
	}
}

// TestResultReset: reset leaves what a new Result of the test would, but
// for the slices' storage.
func TestResultReset(t *testing.T) {
	var r Result
	fillNonZero(t, reflect.ValueOf(&r).Elem())
	var tt Test
	fillNonZero(t, reflect.ValueOf(&tt).Elem())
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
