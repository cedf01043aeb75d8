package dice

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

func BenchmarkParseRoll4d6kh3(b *testing.B) {
	src := rng.New(1)
	for b.Loop() {
		e, err := Parse("4d6kh3")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Total(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompiledTotal4d6kh3(b *testing.B) {
	src := rng.New(1)
	e := MustParse("4d6kh3")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Total(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompiledRollTree4d6kh3(b *testing.B) {
	src := rng.New(1)
	e := MustParse("4d6kh3")
	for b.Loop() {
		if _, err := e.Roll(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseRollExplodeReroll(b *testing.B) {
	src := rng.New(1)
	for b.Loop() {
		e, err := Parse("8d6!+2d4r1+5")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Total(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompiledTotal1d20plus5(b *testing.B) {
	src := rng.New(1)
	e := MustParse("1d20+5")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Total(src); err != nil {
			b.Fatal(err)
		}
	}
}

func TestTotalDoesNotAllocate(t *testing.T) {
	src := rng.New(1)
	for _, s := range []string{"4d6kh3", "1d20+5", "8d6!+2d4r1+5", "2d20kh1+7", "6d10>=7f1"} {
		e := MustParse(s)
		if n := testing.AllocsPerRun(200, func() { _, _ = e.Total(src) }); n != 0 {
			t.Errorf("%s: Total allocates %.1f times per roll", s, n)
		}
	}
}

func TestTotalEqualsRoll(t *testing.T) {
	for _, s := range []string{"4d6kh3", "8d6!+2d4r1+5", "{2d6, 1d8+2}kh1", "6d10>=7f1", "3d6!!+1d6!p", "(1d4)d6", "ceil(1d6/2)*2"} {
		e := MustParse(s)
		for seed := uint64(0); seed < 50; seed++ {
			a, err1 := e.Total(rng.New(seed))
			r, err2 := e.Roll(rng.New(seed))
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", s, err1, err2)
			}
			if a != r.Total {
				t.Fatalf("%s seed %d: Total %d, Roll %d", s, seed, a, r.Total)
			}
		}
	}
}

func TestHugeCountRefusedBeforeRolling(t *testing.T) {
	_, err := Parse("9999999999999d6")
	if err == nil {
		t.Fatal("want a budget error")
	}
	e := MustParse("(100*200)d6")
	src := rng.New(1)
	if _, err := e.Total(src); err == nil {
		t.Fatal("want a budget error for a computed count")
	}
	if src.Draws() != 0 {
		t.Fatalf("rolled %d dice before refusing", src.Draws())
	}
}
