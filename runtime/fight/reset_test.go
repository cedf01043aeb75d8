package fight

import (
	"reflect"
	"testing"
)

// fillNonZero sets every settable field of v (a struct) to a non-zero
// value, so a reset that forgets one is seen.
func fillNonZero(t *testing.T, v reflect.Value) {
	t.Helper()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(3)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f.SetUint(3)
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 2))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Struct:
			fillNonZero(t, f)
		default:
			t.Fatalf("fillNonZero: field %s of kind %s", v.Type().Field(i).Name, f.Kind())
		}
	}
}

// TestAttackEventReset: reset leaves what a new AttackEvent literal would,
// but for the slices' storage and Roll.
func TestAttackEventReset(t *testing.T) {
	var e AttackEvent
	fillNonZero(t, reflect.ValueOf(&e).Elem())
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
