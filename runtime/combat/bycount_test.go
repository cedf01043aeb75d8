package combat

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestByCountIsTheStableSort: the counting sort gives the stable sort's
// order, ties in their first order, for small and wide ranges of counts.
func TestByCountIsTheStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	e := &Encounter{}
	for _, n := range []int{0, 1, 5, 23, 24, 40, 120, 500} {
		for _, span := range []int{1, 3, 25, 60, 100000} {
			us := make([]*unit, n)
			for i := range us {
				us[i] = &unit{rk: &rank{}}
				us[i].rk.count = r.IntN(span) - span/3
				us[i].rk.mod = i // the first order, to compare ties by
			}
			want := slices.Clone(us)
			slices.SortStableFunc(want, func(a, b *unit) int { return cmp.Compare(b.rk.count, a.rk.count) })
			e.byCount(us)
			for i := range us {
				if us[i] != want[i] {
					t.Fatalf("n %d span %d: at %d got count %d (was %d), want count %d (was %d)",
						n, span, i, us[i].rk.count, us[i].rk.mod, want[i].rk.count, want[i].rk.mod)
				}
			}
		}
	}
}
