package stats

import (
	"bytes"
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	// 81 of 263: the interval Wilson's 1927 paper style tables give
	// (0.2553, 0.3662) to four places.
	lo, hi := Wilson(81, 263)
	if math.Abs(lo-0.2553) > 5e-4 || math.Abs(hi-0.3662) > 5e-4 {
		t.Fatalf("Wilson(81, 263) = %.4f, %.4f", lo, hi)
	}
	if lo, hi := Wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.29 {
		t.Fatalf("Wilson(0, 10) = %.4f, %.4f", lo, hi)
	}
}

func sample() *Agg {
	return New("enc", "5e", 1, 4, []string{"a", "b"}, []FighterAgg{{ID: "x", Side: 0}, {ID: "y", Side: 1}})
}

func TestMergeIsOrderFree(t *testing.T) {
	trials := []Trial{
		{Winner: 0, Rounds: 3, Fighters: []FighterAgg{{Dealt: 5, Survived: 1, HPLeft: 2}, {Dealt: 1}}},
		{Winner: 1, Rounds: 5, Fighters: []FighterAgg{{Dealt: 2}, {Dealt: 7, Survived: 1, HPLeft: 4}}},
		{Winner: -1, Rounds: 100, Fighters: []FighterAgg{{}, {}}},
	}
	all := sample()
	for i := range trials {
		all.Add(&trials[i])
	}
	all.AddError(3, "boom")
	a, b := sample(), sample()
	a.Add(&trials[2])
	a.AddError(3, "boom")
	b.Add(&trials[0])
	b.Add(&trials[1])
	if err := b.Merge(a); err != nil {
		t.Fatal(err)
	}
	j1, _ := all.JSON()
	j2, _ := b.JSON()
	if !bytes.Equal(j1, j2) {
		t.Fatalf("merge differs:\n%s\n%s", j1, j2)
	}
	if all.Median() != 5 || all.Wins[0] != 1 || all.Draws != 1 || all.Errors != 1 || all.SideDamage[1] != 8 {
		t.Fatalf("aggregate: %+v", all)
	}
	other := New("enc", "5e", 2, 4, []string{"a", "b"}, nil)
	if err := all.Merge(other); err == nil {
		t.Fatal("studies with different seeds must not merge")
	}
}

func TestDiffInterval(t *testing.T) {
	// Newcombe (1998) example: 56/70 vs 48/80 gives 0.2 with (0.0524, 0.3339).
	d, lo, hi := DiffInterval(56, 70, 48, 80)
	if math.Abs(d-0.2) > 1e-12 || math.Abs(lo-0.0524) > 5e-4 || math.Abs(hi-0.3339) > 5e-4 {
		t.Fatalf("got %.4f (%.4f, %.4f)", d, lo, hi)
	}
}
