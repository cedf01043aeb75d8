package fight

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/grid"
	"github.com/dndsh/dndsh/runtime/rng"
)

// crowd is a fight of n creatures on a w by h map, in rows, two sides.
func crowd(tb testing.TB, w, h, n int) *Fight {
	tb.Helper()
	m, err := grid.NewMap(grid.Grid{Square: 5}, w, h)
	if err != nil {
		tb.Fatal(err)
	}
	dmg, _ := dice.Parse("1d6")
	var fs []*Fighter
	for i := 0; i < n; i++ {
		c, _ := creature.New("c", "c", 10)
		c.Pos = grid.Pos{X: (i * 7) % w, Y: (i * 7) / w * 2 % h}
		fs = append(fs, &Fighter{ID: string(rune('A'+i%26)) + string(rune('a'+i/26)), Side: i % 2, Base: c,
			Attacks: []Attack{{Name: "hit", Damage: dmg, Reach: 5}}})
	}
	return onMap(tb, &Rules{Space: DefaultSpaceRules()}, m, fs)
}

// onMap is a fight of fs, two sides, under rules, standing on m.
func onMap(tb testing.TB, rules *Rules, m *grid.Map, fs []*Fighter) *Fight {
	tb.Helper()
	f, err := New(rules, nil, rng.New(1), fs, []string{"a", "b"})
	if err != nil {
		tb.Fatal(err)
	}
	f.SetSpace(NewSpace(m))
	f.ResetSpace()
	return f
}

func TestInAreaSelectsByFootprint(t *testing.T) {
	f := crowd(t, 50, 50, 100)
	a := &grid.Area{Shape: grid.ShapeBurst, Origin: grid.Centre(grid.Pos{X: 25, Y: 25}), Length: 20}
	in, err := f.InArea(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range f.Fighters {
		inside := false
		for _, y := range in {
			inside = inside || y == x
		}
		if want := a.Contains(f.Rules.Space.Grid, x.C.Pos); want != inside {
			t.Fatalf("%s at %v: in = %v, want %v", x.ID, x.C.Pos, inside, want)
		}
	}
}

// BenchmarkInArea100 selects the creatures in a 20-ft burst among 100 on a
// 50x50 map (the figure: under 5 µs).
func BenchmarkInArea100(b *testing.B) {
	f := crowd(b, 50, 50, 100)
	a := &grid.Area{Shape: grid.ShapeBurst, Origin: grid.Centre(grid.Pos{X: 25, Y: 25}), Length: 20}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.InArea(a); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRankOfFollowsSizeName: the size rank kept with a fighter is
// sizeRank's as its size changes by name, by its own rank, and back.
func TestRankOfFollowsSizeName(t *testing.T) {
	f := crowd(t, 8, 8, 2)
	sr := &f.Rules.Space
	sr.Sizes = map[string]SizeRule{"small": {Rank: 2}, "medium": {Rank: 3}, "huge": {Rank: 5}}
	sr.DefaultSize = "medium"
	x := f.Fighters[0]
	for _, sz := range []creature.Size{{}, {Name: "huge"}, {Name: "small"}, {Name: "small", Rank: 7}, {Name: "small"}, {Name: "gargantuan"}, {}} {
		x.C.Size = sz
		if got, want := sr.rankOf(x), sr.sizeRank(x.C); got != want {
			t.Fatalf("size %+v: rankOf %d, sizeRank %d", sz, got, want)
		}
	}
}

// TestStepToIsOccupy checks stepTo against occupy's way (out of the
// occupancy, moved, back in) for steps of one square and larger
// footprints, on the map and off it, onto empty and crowded squares.
func TestStepToIsOccupy(t *testing.T) {
	f := crowd(t, 8, 6, 12)
	sp := f.Space
	r := rand.New(rand.NewPCG(5, 6))
	shared := 0
	for i := 0; i < 5000; i++ {
		x := f.Fighters[r.IntN(len(f.Fighters))]
		if r.IntN(10) == 0 {
			x.C.Space = grid.Square(1 + r.IntN(2))
			f.ResetSpace()
		}
		p := grid.Pos{X: r.IntN(10) - 1, Y: r.IntN(8) - 1}
		from := x.C.Pos
		occ, who := slices.Clone(sp.occ), slices.Clone(sp.who)
		sp.stepTo(x, p)
		gotOcc, gotWho := slices.Clone(sp.occ), slices.Clone(sp.who)
		copy(sp.occ, occ)
		copy(sp.who, who)
		x.C.Pos = from
		sp.occupy(x, -1)
		x.C.Pos = p
		sp.occupy(x, 1)
		if x.C.Pos != p || !slices.Equal(gotOcc, sp.occ) || !slices.Equal(gotWho, sp.who) {
			t.Fatalf("step %d of %s from %v to %v: stepTo's occupancy differs from occupy's", i, x.ID, from, p)
		}
		for _, n := range sp.occ {
			if n > 1 {
				shared++
			}
		}
	}
	if shared == 0 {
		t.Fatal("no square ever held two: that case is not tried")
	}
}
