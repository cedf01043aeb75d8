package combat

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

// TestInitParticipant: initParticipant leaves what a new participant
// literal would, but for the roll-offs' storage.
func TestInitParticipant(t *testing.T) {
	for _, hasCount := range []bool{false, true} {
		var e Encounter
		var p participant
		fillNonZero(t, reflect.ValueOf(&p).Elem())
		var s Spec
		fillNonZero(t, reflect.ValueOf(&s).Elem())
		s.HasCount = hasCount
		slots, refill := []int{7, 8}, []int{1, 2}
		ties := p.own.ties
		e.initParticipant(&p, &s, 5, slots, refill)
		want := participant{
			spec: s, id: s.ID, side: s.Side, group: s.Group, seq: 5,
			mod: s.Modifier, score: s.Score, adv: s.Advantage, dis: s.Disadvantage,
			aware: s.Aware, surprised: s.Surprised, hidden: s.Hidden, active: true,
			slots: []int{1, 2}, refill: []int{1, 2}, own: rank{ties: ties[:0]},
		}
		if hasCount {
			want.fixed = true
			want.own = rank{name: s.ID, count: s.Count, mod: s.Modifier, score: s.Score, hidden: s.Hidden, ties: ties[:0]}
		}
		if hasCount != (p.rk == &p.own) {
			t.Errorf("hasCount %v: rk %p, own at %p", hasCount, p.rk, &p.own)
		}
		p.rk, want.rk = nil, nil
		if !reflect.DeepEqual(p, want) {
			t.Errorf("hasCount %v: initParticipant left\n%+v\nwant\n%+v", hasCount, p, want)
		}
	}
}
