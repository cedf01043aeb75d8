package check

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

// benchTest is an attack with five modifiers under typed stacking (one of
// them dropped), natural 20/1 rules and a confirmed 19-20 threat range.
func benchTest() *Test {
	return &Test{
		Target:   16,
		Stacking: Typed("dodge", "untyped", "circumstance"),
		Mods: []Modifier{
			{Value: 5, Type: "base", Source: "BAB"},
			{Value: 3, Type: "ability", Source: "Str"},
			{Value: 1, Type: "enhancement", Source: "masterwork"},
			{Value: 2, Type: "enhancement", Source: "+2 longsword"},
			{Value: 1, Type: "morale", Source: "Bless"},
		},
		Naturals: Naturals{AutoSuccess: Face(20), AutoFailure: Face(1),
			Threat: Faces(19, 20), ConfirmThreat: true},
		DegreeStep: 5,
	}
}

// BenchmarkTestFiveMods is the hot path: a d20 test with five modifiers,
// no listeners, a reused Result.
func BenchmarkTestFiveMods(b *testing.B) {
	t := benchTest()
	src := rng.New(1)
	var r Result
	b.ReportAllocs()
	for b.Loop() {
		if err := t.RollInto(src, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTestFiveModsAdvantage adds an advantage source and a
// disadvantage source under graded advantage (net +1: two dice).
func BenchmarkTestFiveModsAdvantage(b *testing.B) {
	t := benchTest()
	t.AdvPolicy = AdvPolicy{Mode: AdvGraded}
	t.Adv = []AdvSource{{2, "incapacitated target"}, {-1, "prone"}}
	src := rng.New(1)
	var r Result
	b.ReportAllocs()
	for b.Loop() {
		if err := t.RollInto(src, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStackApply is the stacking pass alone.
func BenchmarkStackApply(b *testing.B) {
	t := benchTest()
	out := make([]AppliedMod, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		_, out = t.Stacking.Apply(t.Mods, out[:0])
	}
}

// BenchmarkUnder is a percentile check with two roll modifiers.
func BenchmarkUnder(b *testing.B) {
	u := Percentile(69)
	u.RollMods = []Modifier{{Value: 30, Source: "leader slain"}, {Value: 10, Source: "friend slain"}}
	src := rng.New(1)
	var r UnderResult
	b.ReportAllocs()
	for b.Loop() {
		if err := u.RollInto(src, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMatrixLookupAt is a numeric matrix lookup.
func BenchmarkMatrixLookupAt(b *testing.B) {
	m, err := ParseMatrix("bench", "AC\t1\t2\t3\n-1\t20\t19\t18\n0\t19\t18\t17\n1\t18\t17\t16\n")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.LookupAt(0, 2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTestOnStack builds the Test afresh for every roll, as a caller
// that assembles an attack per swing does: the Test must not escape.
func BenchmarkTestOnStack(b *testing.B) {
	src := rng.New(1)
	r := &Result{}
	proto := benchTest()
	b.ReportAllocs()
	for b.Loop() {
		t := Test{Target: proto.Target, Mods: proto.Mods, Stacking: proto.Stacking, Naturals: proto.Naturals}
		if err := t.RollInto(src, r); err != nil {
			b.Fatal(err)
		}
	}
}
