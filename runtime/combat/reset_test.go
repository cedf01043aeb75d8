package combat

import (
	"reflect"
	"testing"

	"github.com/dndsh/dndsh/runtime/internal/fill"
)

// TestInitParticipant: initParticipant leaves what a new participant
// literal would, but for the roll-offs' storage.
func TestInitParticipant(t *testing.T) {
	for _, hasCount := range []bool{false, true} {
		var e Encounter
		var p participant
		fill.NonZero(t, reflect.ValueOf(&p).Elem(), fill.Options{Unexported: true})
		var s Spec
		fill.NonZero(t, reflect.ValueOf(&s).Elem(), fill.Options{Unexported: true})
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
