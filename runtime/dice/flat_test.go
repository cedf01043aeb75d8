package dice

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

// TestFlatTotalMatchesTreeWalk checks that Total's flat sum gives what the
// tree walk gives, die for die: the same totals from the same stream, the
// same errors (a forced face that does not fit, the dice budget), and
// that expressions it cannot take are left to the walk.
func TestFlatTotalMatchesTreeWalk(t *testing.T) {
	flat := []string{"1d8+3", "1d6+2", "2d6+1d4-1", "d20", "3", "4d6-2", "1d8-1d4", "d%+5", "4dF+1", "0d6+2", "(1d4)+2", "1d8 + 3 - 2d4 + 7", "d2", "1d6-2", "dF-1", "d%"}
	walked := []string{"2d6k1+3", "-1d4+2", "1d(4+2)", "1d4*2", "1d4-(2+1)", "1d6!+1", "1d4+1d4+1d4+1d4+1", "{1d4,2}kh1", "100d6", "1d6r1"}
	for _, s := range flat {
		e := MustParse(s)
		if e.flat.n == 0 {
			t.Errorf("%s: not taken as a flat sum", s)
		}
	}
	for _, s := range walked {
		e, err := Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if e.flat.n != 0 {
			t.Errorf("%s: taken as a flat sum", s)
		}
	}
	for _, s := range append(flat, walked...) {
		e := MustParse(s)
		for _, x := range []*Expr{e, e.DiceTimes(2)} {
			a, b := rng.New(7), rng.New(7)
			for i := 0; i < 300; i++ {
				got, err1 := x.Total(a)
				ev := evaluator{src: b, b: &x.Budget}
				want, _, err2 := ev.eval(x.Root)
				if got != want || (err1 == nil) != (err2 == nil) {
					t.Fatalf("%s roll %d: flat %d (%v), walk %d (%v)", x.Source, i, got, err1, want, err2)
				}
			}
			if a.Uint64() != b.Uint64() {
				t.Fatalf("%s: the streams parted", x.Source)
			}
		}
	}
	// errors: a forced face that does not fit, a dice budget broken
	e := MustParse("1d6+2")
	a, b := rng.New(1), rng.New(1)
	a.Force(9)
	b.Force(9)
	_, err1 := e.Total(a)
	ev := evaluator{src: b, b: &e.Budget}
	_, _, err2 := ev.eval(e.Root)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Fatalf("forced face: flat %v, walk %v", err1, err2)
	}
	e = MustParse("3d6+1d4")
	e.Budget.MaxDice = 3
	_, err1 = e.Total(rng.New(1))
	ev = evaluator{src: rng.New(1), b: &e.Budget}
	_, _, err2 = ev.eval(e.Root)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Fatalf("budget: flat %v, walk %v", err1, err2)
	}
	// one die within a budget of one die (total's path for one die)
	e = MustParse("1d6+2")
	e.Budget.MaxDice = 1
	got, err1 := e.Total(rng.New(1))
	ev = evaluator{src: rng.New(1), b: &e.Budget}
	want, _, err2 := ev.eval(e.Root)
	if got != want || err1 != nil || err2 != nil {
		t.Fatalf("budget of one die: flat %d (%v), walk %d (%v)", got, err1, want, err2)
	}
}
