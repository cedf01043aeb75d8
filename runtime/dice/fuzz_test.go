package dice_test

import (
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// fuzzBudget keeps one fuzz input cheap: few dice, shallow chains, short
// sources.
var fuzzBudget = dice.Budget{MaxDice: 500, MaxDepth: 20, MaxLen: 256, MaxNest: 24, MaxStates: 10000}

// FuzzParseRoll checks, for any input:
//   - Parse does not panic, and a refusal is an *errs.Error whose column lies
//     within the input (1 .. characters+1);
//   - an accepted expression rolls without panicking, within the dice and
//     depth budgets, or fails with an *errs.Error;
//   - Total and Roll agree for the same seed (value or error);
//   - the canonical form parses, is its own canonical form, and rolls the
//     same totals as the expression for the same seeds;
//   - label subtotals add up to the total; Text and JSON do not panic.
//
// The seeds are every expression of the corpus (spec/dice/*.tsv).
func FuzzParseRoll(f *testing.F) {
	for _, c := range loadCorpus(f) {
		f.Add(c.expr())
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkExpr(t, src, fuzzBudget)
	})
}

func checkExpr(t *testing.T, src string, b dice.Budget) {
	e, err := dice.ParseBudget(src, b)
	if err != nil {
		var ee *errs.Error
		if !errors.As(err, &ee) {
			t.Fatalf("%q: parse error %T is not *errs.Error: %v", src, err, err)
		}
		if n := utf8.RuneCountInString(src); ee.Col < 1 || ee.Col > n+1 {
			t.Fatalf("%q: parse error column %d outside 1..%d: %v", src, ee.Col, n+1, err)
		}
		return
	}

	// Roll and Total with the same seed.
	const seed = 1
	s1 := rng.New(seed)
	r, rerr := e.Roll(s1)
	total, terr := e.Total(rng.New(seed))
	if (rerr == nil) != (terr == nil) || rerr != nil && rerr.Error() != terr.Error() {
		t.Fatalf("%q: Roll error %v, Total error %v", src, rerr, terr)
	}
	if rerr != nil {
		var ee *errs.Error
		if !errors.As(rerr, &ee) {
			t.Fatalf("%q: roll error %T is not *errs.Error: %v", src, rerr, rerr)
		}
	} else {
		if r.Total != total {
			t.Fatalf("%q: Roll total %d, Total %d", src, r.Total, total)
		}
		if d := s1.Draws(); b.MaxDice > 0 && d > uint64(b.MaxDice) {
			t.Fatalf("%q: %d dice drawn, budget %d", src, d, b.MaxDice)
		}
		if depth := maxDepth(r.Tree); b.MaxDepth > 0 && depth > b.MaxDepth {
			t.Fatalf("%q: a die went %d rerolls and explosions deep, budget %d", src, depth, b.MaxDepth)
		}
		if len(r.Labels) > 0 {
			var sum int64
			for _, l := range r.Labels {
				sum += l.Total
			}
			if sum != r.Total {
				t.Fatalf("%q: label subtotals %v add up to %d, total %d", src, r.Labels, sum, r.Total)
			}
		}
		_ = r.Text()
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("%q: JSON: %v", src, err)
		}
	}

	// The canonical form reads back as itself and means the same. It may be
	// longer than the source (spaces around operators) and add a level of
	// parentheses, so its length and nesting are not held to the budget.
	canon := e.String()
	rb := b
	rb.MaxLen, rb.MaxNest = 0, 2*b.MaxNest+2
	e2, err := dice.ParseBudget(canon, rb)
	if err != nil {
		t.Fatalf("%q: canonical form %q does not parse: %v", src, canon, err)
	}
	if c2 := e2.String(); c2 != canon {
		t.Fatalf("%q: canonical form %q reads back as %q", src, canon, c2)
	}
	// Errors are compared by kind: their text quotes the term as written.
	for s := uint64(1); s <= 3; s++ {
		t1, err1 := e.Total(rng.New(s))
		t2, err2 := e2.Total(rng.New(s))
		if (err1 == nil) != (err2 == nil) || err1 != nil && errs.ExitCode(err1) != errs.ExitCode(err2) || t1 != t2 {
				t.Fatalf("%q: canonical form %q rolls differently with seed %d: %d (%v) vs %d (%v)", src, canon, s, t1, err1, t2, err2)
		}
	}
}

// maxDepth returns the largest number of rerolls and explosions that one
// base die of the tree went through.
func maxDepth(t *dice.Eval) int {
	best := 0
	var visit func(e *dice.Eval)
	visit = func(e *dice.Eval) {
		if e == nil {
			return
		}
		for _, k := range e.Kids {
			visit(k)
		}
		depth := 0
		for _, d := range e.Dice {
			if !d.Extra {
				depth = 0
			} else {
				depth++ // the explosion that added it
			}
			depth += len(d.Rerolled) + len(d.Compound)
			best = max(best, depth)
		}
	}
	visit(t)
	return best
}
