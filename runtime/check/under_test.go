package check

import (
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

func under(t *testing.T, u Under, faces ...int) *UnderResult {
	t.Helper()
	src := rng.New(1)
	src.Force(faces...)
	r, err := u.Roll(src)
	if err != nil {
		t.Fatalf("under: %v", err)
	}
	if err := src.Drained(); err != nil {
		t.Fatal(err)
	}
	return r
}

// covers: 5E-DICE-05 (TV-04) 3E-CONC-01
func TestPercentile(t *testing.T) {
	if r := under(t, Percentile(5), 5); !r.Success {
		t.Fatal("TV-04: 05 on a 5% chance happens")
	}
	if r := under(t, Percentile(5), 6); r.Success || r.Margin != -1 {
		t.Fatalf("TV-04: 06 does not happen: %+v", r)
	}
	// A 20% miss chance is a percentile check "miss on 20 or less".
	if r := under(t, Percentile(20), 100); r.Success {
		t.Fatal("100 is above 20")
	}
}

// Side surprise: 2 in 6 normally; a ranger's side only on a 1.
// covers: 1E-SURP-01 1E-SURP-02 (TV-01)
func TestInD(t *testing.T) {
	a, b := InD(2, 6), InD(1, 6)
	if !under(t, a, 2).Success || !under(t, b, 1).Success {
		t.Fatal("TV-01: A=2 and B=1 are both surprised")
	}
	if under(t, b, 2).Success {
		t.Fatal("TV-01: B=2 is not surprised on 1 in 6")
	}
	if r := under(t, a, 2); r.Margin != 0 || r.Sum != 2 {
		t.Fatalf("TV-01: %+v", r)
	}
}

// covers: 1E-SURP-04 (TV-02)
func TestInDWithModifiers(t *testing.T) {
	// A is surprised only on 1 (an advantage of 1/6); B surprises others on
	// 1-5 (3/6 better than normal): A is surprised on 2 + 3 - 1 = 1-4.
	u := InD(2, 6)
	u.ScoreMods = []Modifier{{3, "", "B surprises on 1-5"}, {-1, "", "A's ranger"}}
	r := under(t, u, 4)
	if !r.Success || r.Score != 4 || r.Sum != 4 {
		t.Fatalf("TV-02: A surprised on 1-4, die 4: %+v", r)
	}
	if under(t, u, 5).Success {
		t.Fatal("TV-02: 5 is not a surprise")
	}
}

// covers: 1E-MORALE-04 1E-MORALE-05 1E-MORALE-06 (TV-27) 5E-DICE-04
func TestMoraleAndFailureTable(t *testing.T) {
	fail, err := ParseRangeTable("TBL-MORALE-FAIL", `
| Failure margin (roll minus score) | Reaction |
|---|---|
| 1%-15% | Fall back, fighting |
| 16%-30% | Disengage and retreat |
| 31%-50% | Break and run (panic) |
| 51% or more | Surrender |
`)
	if err != nil {
		t.Fatal(err)
	}
	u := Percentile(69) // 50 + 5 x 3 + 4 for a 4+4 HD monster
	u.RollMods = []Modifier{{30, "", "leader slain"}, {10, "", "friend slain"}}
	for _, c := range []struct {
		face, roll int
		reaction   string
	}{{35, 75, "Fall back, fighting"}, {80, 120, "Surrender"}} {
		r := under(t, u, c.face)
		if r.Success || r.Roll != c.roll {
			t.Fatalf("TV-27 d%% %d: %+v", c.face, r)
		}
		v, err := fail.Lookup(-r.Margin)
		if err != nil || v.Text != c.reaction {
			t.Fatalf("TV-27 margin %d: %q, %v", -r.Margin, v, err)
		}
	}
	if s := under(t, u, 35).String(); !strings.Contains(s, "(35) +40 = 75 vs <= 69: failure by 6") {
		t.Fatalf("String() = %q", s)
	}
	if r := under(t, u, 20); !r.Success {
		t.Fatal("d% 20 + 40 = 60 holds")
	}
	// Below the first row there is no failure: the default policy errors.
	if _, err := fail.Lookup(0); err == nil {
		t.Fatal("margin 0 is not a failure margin")
	} else {
		kernelError(t, err, "below the first row")
	}
}

// covers: 1E-UNARMED-04 (TV-22)
func TestRollUnderChecks(t *testing.T) {
	if !under(t, Percentile(100), 100).Success {
		t.Fatal("TV-22: 100% always succeeds")
	}
	if under(t, Percentile(0), 1).Success {
		t.Fatal("TV-22: 0% never succeeds")
	}
	// 3d6 under an ability score, with a "roll" penalty.
	u := RollUnder(3, 6, 12)
	u.RollMods = []Modifier{{2, "", "encumbered"}}
	r := under(t, u, 4, 3, 3)
	if !r.Success || r.Sum != 10 || r.Roll != 12 || len(r.Faces) != 3 {
		t.Fatalf("3d6 under 12: %+v", r)
	}
	// Natural-sum rules: 3 always succeeds, 18 always fails.
	u = RollUnder(3, 6, 20)
	u.AutoSuccess, u.AutoFailure = Face(3), Face(18)
	if r := under(t, u, 6, 6, 6); r.Success || r.Decided != ByAutoFailure {
		t.Fatalf("18: %+v", r)
	}
	u.Score = 2
	if r := under(t, u, 1, 1, 1); !r.Success || r.Decided != ByAutoSuccess {
		t.Fatalf("3: %+v", r)
	}
	if _, err := (&Under{Dice: Dice{1, 1}}).Roll(rng.New(1)); err == nil {
		t.Fatal("a d1 is not a die")
	}
}
