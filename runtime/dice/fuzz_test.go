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
//   - label subtotals add up to the total; Text and JSON do not panic;
//   - the grammar of the package doc derives every accepted expression.
//
// The seeds are every expression of the corpus (spec/dice/*.tsv).
func FuzzParseRoll(f *testing.F) {
	for _, c := range loadCorpus(f) {
		f.Add(c.expr())
	}
	g := loadGrammar(f)
	f.Fuzz(func(t *testing.T, src string) {
		checkExpr(t, src, fuzzBudget)
		if _, err := dice.ParseBudget(src, fuzzBudget); err == nil && !g.accepts(src) {
			t.Fatalf("the parser accepts %q but the grammar of the package doc does not derive it", src)
		}
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

// TestRoundTripCorners runs the fuzz checks on inputs whose canonical form
// needs care: comparisons right after a dice term or group, modifiers
// without compare point before a minus or a success point, computed counts
// and faces, labels in odd places.
func TestRoundTripCorners(t *testing.T) {
	for _, s := range []string{
		"1d6! - 1", "1d6!! - 1", "1d6!p - 1", "1d6r - 1", "1d6ro - 1", "1d6r - -1", "{1d6!} - 1",
		"-(1d6!)", "max(1d6!, 2) - 1", "{1d6!, 2} - 1", "1d6!mi2 - 1", "1d6![x] - 1", "4dF! - 1",
		"(1d6!) != 1", "(1d6r) >= 2", "(1d6r) = 2", "({1d6}) >= 3", "{1, 2}>1 != 1", "({1, 2}>1) = 1",
		"2 * (1d6) < 4", "1 + -(2d6) >= 7", "(2d6>=7) != 1", "(2d6>=7f1) = 1", "{2d6} == 7",
		"1d(1d6!)", "(1d6!)d6", "(2d6)d(1d4)>=2!", "1d(6)>=3!", "(1d4)d%>=50!", "(1d4)dF>=1!",
		"4d6>=5ro", "4d6>=5r1!", "4d(1d6)>=5r1!", "4d(1d6)>=5ro!!", "(1d20!) >= 5 adv",
		"1d(6[x])", "((6)[x])d6", "-(-5)[x]", "--5[x]", "-(-5)", "(1,)d6", "{1d6}d6", "({1d6})d6",
		"4d(1d6)d1", "1d((6)d1)", "4d(6)dl1>=3", "{4d6[a]}kh3[b]", "(2d6[x])[y] + 1",
		"ceil((-281474976710656*32768)/2)", "round((-281474976710656*32768)/-3)",
	} {
		t.Run(s, func(t *testing.T) { checkExpr(t, s, dice.DefaultBudget()) })
	}
}

// TestErrorSpans checks that a term quoted in an error is quoted as
// written, without the spaces after it.
func TestErrorSpans(t *testing.T) {
	for src, want := range map[string]string{
		"2d20 adv":          "2d20 adv : col 6: adv needs a single d20 (1d20), not 2d20",
		"2d20kh2   dis":     "2d20kh2   dis : col 11: dis needs a single d20 (1d20), not 2d20kh2",
		"{2d20 }kh2 \t adv": "{2d20 }kh2 \t adv : col 14: adv needs a single d20 (1d20), not {2d20 }kh2",
	} {
		_, err := dice.Parse(src)
		if err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
	e := dice.MustParse("4d6 kh 3  + 1")
	if d := e.Root.L; d.Op != dice.OpDice || e.Source[d.Pos:d.End] != "4d6 kh 3" {
		t.Errorf("span of the dice term: %q", e.Source[d.Pos:d.End])
	}
}
