package fight

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/dndsh/dndsh/runtime/grid"
)

// TestTowardIsAnyWithin checks toward, greedy's set of neighbours worth
// asking when counting squares, against asking anyWithin of each
// neighbour: for lists of up to four squares around p (none, one, ties),
// and distances from below 0 to beyond the squares' offsets.
func TestTowardIsAnyWithin(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	p := grid.Pos{X: 20, Y: 20}
	for round := 0; round < 20000; round++ {
		l := squaresAround(r, p, 4)
		k := r.Intn(10) - 2
		got := toward(l, p, k)
		for i, d := range neighbours {
			q := grid.Pos{X: p.X + d[0], Y: p.Y + d[1]}
			if want := anyWithin(l, q, k); (got>>i&1 != 0) != want {
				t.Fatalf("toward(%v, %v, %d) = %08b: neighbour %v is %v, anyWithin says %v", l, p, k, got, d, got>>i&1 != 0, want)
			}
		}
	}
}

// anyWithin reports whether some square of l is at most k squares from p
// (each diagonal one square): the rule toward answers for each neighbour.
func anyWithin(l []grid.Pos, p grid.Pos, k int) bool {
	for _, q := range l {
		if squaresOff(q, p) <= k {
			return true
		}
	}
	return false
}

// TestTowardKeep checks towardKeep against keepWithin, then toward of what
// it kept with one square less.
func TestTowardKeep(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	p := grid.Pos{X: 20, Y: 20}
	for round := 0; round < 20000; round++ {
		l := squaresAround(r, p, 6)
		k := r.Intn(10) - 1
		want := keepWithin(append([]grid.Pos(nil), l...), p, k)
		wantSet := toward(want, p, k-1)
		got, set := towardKeep(l, p, k)
		if !slices.Equal(got, want) || set != wantSet {
			t.Fatalf("towardKeep(%v, %v, %d) = %v %08b, want %v %08b", l, p, k, got, set, want, wantSet)
		}
	}
}

// squaresAround is a list of up to most squares within 7 of p on each
// axis, drawn from r (ties and repeats among them).
func squaresAround(r *rand.Rand, p grid.Pos, most int) []grid.Pos {
	var l []grid.Pos
	for n := r.Intn(most + 1); n > 0; n-- {
		l = append(l, grid.Pos{X: p.X + r.Intn(15) - 7, Y: p.Y + r.Intn(15) - 7})
	}
	return l
}

// toward is the neighbour set of towardKeep for every square of l, without
// narrowing l: the set's rule, read from towardSets as towardKeep reads it.
func toward(l []grid.Pos, p grid.Pos, k int) uint8 {
	var set uint8
	for _, q := range l {
		set |= towardSets[axisSteps(q.X-p.X, k)][axisSteps(q.Y-p.Y, k)]
	}
	return set
}

// keepWithin keeps, in place, the squares of l at most k squares from p:
// towardKeep's narrowing, asked square by square.
func keepWithin(l []grid.Pos, p grid.Pos, k int) []grid.Pos {
	n := 0
	for _, q := range l {
		if squaresOff(q, p) <= k {
			l[n] = q
			n++
		}
	}
	return l[:n]
}
