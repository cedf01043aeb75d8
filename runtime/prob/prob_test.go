package prob

import (
	"math"
	"testing"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/rng"
)

func exact(t *testing.T, src string) *Dist {
	t.Helper()
	d, err := Exact(dice.MustParse(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return d
}

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15g, want %.15g", what, got, want)
	}
}

func TestHandComputed(t *testing.T) {
	d := exact(t, "2d6")
	near(t, "2d6 P(7)", d.At(7), 1.0/6)
	near(t, "2d6 P(2)", d.At(2), 1.0/36)
	near(t, "2d6 mean", d.Mean(), 7)
	near(t, "4d6kh3 mean", exact(t, "4d6kh3").Mean(), 15869.0/1296)
	near(t, "4d6kh3 P(18)", exact(t, "4d6kh3").At(18), 21.0/1296)
	near(t, "4d6kh3 P(3)", exact(t, "4d6kh3").At(3), 1.0/1296)
	// advantage: P(max of two d20 = 20) = 39/400
	near(t, "2d20kh1 P(20)", exact(t, "1d20 adv").At(20), 39.0/400)
	near(t, "2d20kl1 P(1)", exact(t, "1d20 dis").At(1), 39.0/400)
	near(t, "2d20kh1 mean", exact(t, "2d20kh1").Mean(), 13.825)
	// 1d20+5 >= 15: hits on 10..20 = 11/20
	near(t, "1d20+5>=15", exact(t, "1d20+5 >= 15").At(1), 11.0/20)
	// d3 from a d6 rounded up
	near(t, "ceil(1d6/2) P(2)", exact(t, "ceil(1d6/2)").At(2), 1.0/3)
	// reroll 1s once on a d6: P(1) = 1/36, P(k) = 1/6 + 1/36 for k > 1
	near(t, "1d6ro1 P(1)", exact(t, "1d6ro1").At(1), 1.0/36)
	near(t, "1d6ro1 P(6)", exact(t, "1d6ro1").At(6), 7.0/36)
	// reroll until not 1: uniform over 2..6
	near(t, "1d6r1 P(2)", exact(t, "1d6r1").At(2), 1.0/5)
	// success counting: 2d10>=7 -> P(2) = 0.16
	near(t, "2d10>=7 P(2)", exact(t, "2d10>=7").At(2), 0.16)
	near(t, "2d10>=7f1 P(-1)", exact(t, "2d10>=7f1").At(-1), 2*0.1*0.5+0.01*0)
	// exploding d6: P(7) = 1/6 * 1/6 (6 then 1); mean of 1d6! = 3.5 * 6/5 = 4.2
	near(t, "1d6! P(7)", exact(t, "1d6!").At(7), 1.0/36)
	near(t, "1d6! mean", exact(t, "1d6!").Mean(), 4.2)
	near(t, "1d6!! mean", exact(t, "1d6!!").Mean(), 4.2)
	// penetrating: 6 then a 6-1 = 5 stops? 6 then (6-1) explodes again on face 6.
	near(t, "1d6!p P(6+0)", exact(t, "1d6!p").At(6), 1.0/36) // 6 then face 1 counted 0
	// fudge
	near(t, "4dF P(0)", exact(t, "4dF").At(0), 19.0/81)
	// groups
	near(t, "{1d6, 1d6}kh1 P(6)", exact(t, "{1d6, 1d6}kh1").At(6), 11.0/36)
	near(t, "clamps", exact(t, "1d6mi3").At(3), 0.5)
	// clamps apply after explosions: a compounding die is clamped as a
	// whole (5 for a 5, or a 6 and anything), a penetrating extra die after
	// its -1
	near(t, "1d6!!ma5 P(5)", exact(t, "1d6!!ma5").At(5), 1.0/3)
	near(t, "1d6!!ma5 P(6)", exact(t, "1d6!!ma5").At(6), 0)
	near(t, "1d6!pmi2 P(8)", exact(t, "1d6!pmi2").At(8), 3.0/36) // 6 then 1, 2 or 3: 6 + (0, 1 or 2 -> 2)
	near(t, "1d6!pmi2 P(7)", exact(t, "1d6!pmi2").At(7), 0)
	near(t, "4dFkh2 P(2)", exact(t, "4dFkh2").At(2), 1-math.Pow(2.0/3, 4)-4*(1.0/3)*math.Pow(2.0/3, 3))
	// random count: (1d2)d6 P(1) = 1/2*1/6
	near(t, "(1d2)d6 P(1)", exact(t, "(1d2)d6").At(1), 1.0/12)
	near(t, "d%", exact(t, "d%").At(100), 0.01)
}

func TestOutcomesSumToOne(t *testing.T) {
	for _, s := range []string{"2d6", "4d6kh3", "8d6!+2d4r1+5", "10d20kh3", "3d6!!", "6d10>=8f1", "{2d6, 1d8+2}kh1", "1d20+5 >= 15", "4dF", "1d6!p", "(1d4)d(1d6)", "min(2d6, 1d8) * 2 - 3 % 2"} {
		d := exact(t, s)
		sum := d.Leftover
		for _, o := range d.Outcomes() {
			sum += o.P
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: outcomes and leftover sum to %.15g", s, sum)
		}
	}
}

// TestRollsInsideSupport is the property test: every rolled total of an
// expression lies inside the support of its exact distribution.
func TestRollsInsideSupport(t *testing.T) {
	exprs := []string{"2d6", "4d6kh3", "8d6!+2d4r1+5", "10d20kh3", "3d6!!", "6d10>=8f1", "{2d6, 1d8+2}kh1",
		"1d20+5 >= 15", "4dF", "1d6!p", "(1d4)d(1d6)", "min(2d6, 1d8) * 2 - 3 % 2", "ceil(1d6/2)", "d%",
		"3d6ro<3", "4d6dl1", "2d8mi2ma7", "5d10>=7", "{3d6}kh2", "-1d4 + abs(1d6 - 4)",
		"1d6!pmi2", "1d6!pma4", "1d6!!ma5", "3d6!!mi8kh2", "2d6!p>=5mi5ma5", "4d6!mi3>=3", "2d4!!ma5>=5",
		"ceil(1d6/2 - 1d4)", "round(-1d20 / 3)"}
	src := rng.New(99)
	for _, s := range exprs {
		e := dice.MustParse(s)
		d := exact(t, s)
		for i := 0; i < 2000; i++ {
			v, err := e.Total(src)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if d.At(v) <= 0 {
				t.Fatalf("%s rolled %d, outside its support %d..%d", s, v, d.Min, d.Max())
			}
		}
	}
}

// TestMeanMatchesSampling compares exact means with sampled means.
func TestMeanMatchesSampling(t *testing.T) {
	for _, s := range []string{"4d6kh3", "8d6!+2d4r1+5", "6d10>=8f1", "{2d6, 1d8+2}kh1", "3d6!p", "4dFkh2",
		"3d6!pmi2", "2d6!!ma9", "3d4!pma3", "2d6!!mi9kh1"} {
		e := dice.MustParse(s)
		d := exact(t, s)
		mc, err := MonteCarlo(e, 200000, 5)
		if err != nil {
			t.Fatal(err)
		}
		if diff := math.Abs(mc.Mean() - d.Mean()); diff > 6*mc.StdErr()+1e-9 {
			t.Errorf("%s: exact mean %.5f, sampled %.5f ± %.5f", s, d.Mean(), mc.Mean(), mc.StdErr())
		}
	}
}

func TestFallbackToMonteCarlo(t *testing.T) {
	e := dice.MustParse("4d6!kh3") // keep over a pool that grows: not exact
	if _, err := Exact(e); err == nil {
		t.Fatal("4d6!kh3 should be over the exact method's reach")
	}
	d, err := Of(e, 20000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if d.Exact || d.Samples != 20000 || d.StdErr() <= 0 {
		t.Fatalf("fallback not reported: exact=%v samples=%d se=%g", d.Exact, d.Samples, d.StdErr())
	}
	big := dice.MustParse("1d1000000000")
	if _, err := Exact(big); err == nil {
		t.Fatal("a billion-face die must be over the size budget")
	}
}

func TestLeftoverStated(t *testing.T) {
	b := dice.DefaultBudget()
	b.MaxDepth = 2
	e, err := dice.ParseBudget("1d6!", b)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Exact(e)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "leftover of 1d6! at depth 2", d.Leftover, 1.0/216)
}

func BenchmarkDist4d6kh3(b *testing.B) {
	e := dice.MustParse("4d6kh3")
	for b.Loop() {
		if _, err := Exact(e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDist10d20kh3(b *testing.B) {
	e := dice.MustParse("10d20kh3")
	for b.Loop() {
		if _, err := Exact(e); err != nil {
			b.Fatal(err)
		}
	}
}
