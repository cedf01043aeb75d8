package grid

import "testing"

// The D&D 3.0 DMG's area rules (pp. 68-69): counted cones and the
// "mostly inside" burst.
func TestCountedCone(t *testing.T) {
	g := Grid{Square: 5, Diagonal: DiagonalAlternate}
	count := func(a Area) int {
		t.Helper()
		sq, err := a.Squares(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		return len(sq)
	}
	for _, n := range []int{1, 2, 3, 6, 12} {
		want := n * (n + 1) / 2
		straight := Area{Shape: ShapeCone, Rule: RuleCounted, Origin: Point{0, 1}, Toward: Point{10, 1}, Length: 5 * n}
		grid := Area{Shape: ShapeCone, Rule: RuleCounted, Origin: Point{0, 0}, Toward: Point{10, 0}, Length: 5 * n}
		diag := Area{Shape: ShapeCone, Rule: RuleCounted, Origin: Point{0, 0}, Toward: Point{-10, 10}, Length: 5 * n}
		if c := count(straight); c != want {
			t.Errorf("straight cone of %d squares from a side: %d squares, want %d", n, c, want)
		}
		if c := count(grid); c != want {
			t.Errorf("straight cone of %d squares from an intersection: %d squares, want %d", n, c, want)
		}
		if c := count(diag); c != want {
			t.Errorf("diagonal cone of %d squares: %d squares, want %d", n, c, want)
		}
	}
	// colour spray aimed south-east: the first row holds 3 squares (the
	// seed's erratum), then 2, then 1.
	a := Area{Shape: ShapeCone, Rule: RuleCounted, Origin: Point{0, 0}, Toward: Point{6, 6}, Length: 15}
	rows := map[int]int{}
	sq, _ := a.Squares(g, nil)
	for _, p := range sq {
		rows[p.Y]++
	}
	if rows[0] != 3 || rows[1] != 2 || rows[2] != 1 || len(rows) != 3 {
		t.Errorf("diagonal colour spray rows %v, want 3, 2, 1", rows)
	}
	// an aim a little off the grid line is straight; a diagonal cone from a
	// square's centre is refused.
	off := Area{Shape: ShapeCone, Rule: RuleCounted, Origin: Point{0, 1}, Toward: Point{20, 5}, Length: 15}
	if c := count(off); c != 6 || !off.Contains(g, Pos{X: 2, Y: -1}) {
		t.Errorf("a cone aimed nearly east should be the straight one")
	}
	bad := Area{Shape: ShapeCone, Rule: RuleCounted, Origin: Point{1, 1}, Toward: Point{9, 9}, Length: 15}
	if err := bad.Validate(); err == nil {
		t.Error("a diagonal counted cone from a square centre should be refused")
	}
}

func TestMostlyBurst(t *testing.T) {
	g := Grid{Square: 5, Diagonal: DiagonalAlternate}
	// 8 ft: the ring squares' centres are 7.9 ft away, but most of each lies
	// outside the circle.
	mostly := Area{Shape: ShapeBurst, Rule: RuleMostly, Origin: Point{0, 0}, Length: 8}
	centre := mostly
	centre.Rule = RuleCentre
	m, _ := mostly.Squares(g, nil)
	c, _ := centre.Squares(g, nil)
	if len(m) != 4 || len(c) != 12 {
		t.Errorf("8-ft burst: mostly %d (want 4), centre %d (want 12)", len(m), len(c))
	}
	fb := Area{Shape: ShapeBurst, Rule: RuleMostly, Origin: Point{0, 0}, Length: 20}
	if s, _ := fb.Squares(g, nil); len(s) != 52 {
		t.Errorf("20-ft burst: %d squares, want 52", len(s))
	}
	e := Area{Shape: ShapeEmanation, Rule: RuleMostly, From: Body{Space: Square(1)}, Length: 10}
	if s, _ := e.Squares(g, nil); len(s) != 20 {
		t.Errorf("10-ft emanation: %d squares, want 20", len(s))
	}
}

func TestCountedLine(t *testing.T) {
	g := Grid{Square: 5, Diagonal: DiagonalAlternate}
	for _, w := range []int{0, 5, 10} {
		st := Area{Shape: ShapeLine, Rule: RuleCounted, Origin: Point{0, 1}, Toward: Point{10, 1}, Length: 30, Width: w}
		dg := Area{Shape: ShapeLine, Rule: RuleCounted, Origin: Point{0, 0}, Toward: Point{10, -10}, Length: 30, Width: w}
		a, _ := st.Squares(g, nil)
		b, _ := dg.Squares(g, nil)
		want := 6 * max(1, w/5)
		if len(a) != want || len(b) != want {
			t.Errorf("width %d: straight %d, diagonal %d squares, want %d", w, len(a), len(b), want)
		}
	}
	dg := Area{Shape: ShapeLine, Rule: RuleCounted, Origin: Point{0, 0}, Toward: Point{10, 10}, Length: 15}
	for k := 0; k < 3; k++ {
		if !dg.Contains(g, Pos{X: k, Y: k}) {
			t.Errorf("diagonal line misses (%d,%d)", k, k)
		}
	}
}
