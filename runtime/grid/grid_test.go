package grid

import (
	"errors"
	"reflect"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

var (
	gOne = Grid{Square: 5, Diagonal: DiagonalOne}
	gAlt = Grid{Square: 5, Diagonal: DiagonalAlternate}
	gEuc = Grid{Square: 5, Diagonal: DiagonalEuclid}
)

// covers: 5E-MOV-05 5E-MOV-07 HB-MOVE-05 HB-MOVE-21
func TestSpan(t *testing.T) {
	cases := []struct {
		name       string
		g          Grid
		dx, dy, dz int
		want       int
	}{
		{"5E-MOV-05 diagonal costs one square", gOne, 1, 1, 0, 5},
		{"5E-MOV-05 three diagonals", gOne, 3, 3, 0, 15},
		{"5E-MOV-07 range is Chebyshev", gOne, 4, -2, 0, 20},
		{"HB-MOVE-05 range is Chebyshev", gOne, -2, 7, 0, 35},
		{"5E-MOV-05 TV-16 six diagonal squares", gOne, 6, 6, 0, 30},
		{"HB-MOVE-21 TV-05 dive: larger of horizontal and vertical", gOne, 12, 0, -6, 60},
		{"alternating: one diagonal", gAlt, 1, 1, 0, 5},
		{"alternating: 3 diagonals = 5+10+5", gAlt, 3, 3, 0, 20},
		{"alternating: 2 diagonals = 5+10", gAlt, -2, 2, 0, 15},
		{"alternating: 4 east 1 south", gAlt, 4, 1, 0, 20},
		{"alternating: 5 diagonals", gAlt, 5, 5, 0, 35},
		{"alternating: straight", gAlt, 0, 6, 0, 30},
		{"euclid: 3-4-5", gEuc, 3, 4, 0, 25},
		{"euclid: one diagonal rounds up", gEuc, 1, 1, 0, 8},
		{"euclid: 30.4 ft rounds up to 31", gEuc, 6, 1, 0, 31},
		{"unit squares when Square is unset", Grid{}, 3, 3, 0, 3},
		{"zero offset", gAlt, 0, 0, 0, 0},
	}
	for _, c := range cases {
		if got := c.g.Span(c.dx, c.dy, c.dz); got != c.want {
			t.Errorf("%s: Span(%d,%d,%d) = %d, want %d", c.name, c.dx, c.dy, c.dz, got, c.want)
		}
	}
	// Distance is Span of the offset, in either direction.
	a, b := Pos{1, 2, 0}, Pos{4, 5, 0}
	if gAlt.Distance(a, b) != 20 || gAlt.Distance(b, a) != 20 {
		t.Errorf("Distance is not symmetric: %d %d", gAlt.Distance(a, b), gAlt.Distance(b, a))
	}
}

// covers: 3E-POS-03 5E-MOV-07 5E-MOV-10 DMG-GRID-02 HB-MOVE-05 HB-SIZE-01
func TestBetweenFootprints(t *testing.T) {
	med := func(x, y int) Body { return Body{Pos: Pos{X: x, Y: y}, Reach: 5} }
	big := func(x, y, n int) Body { return Body{Pos: Pos{X: x, Y: y}, Space: Square(n), Reach: 5} }
	cases := []struct {
		name string
		g    Grid
		a, b Body
		want int
		adj  bool
	}{
		// 5E-MOV-07 / HB-MOVE-05: nearest occupied squares.
		{"5E-MOV-07 Medium to Large two squares away", gOne, med(0, 0), big(2, 0, 2), 10, false},
		{"5E-MOV-07 Medium touching Large", gOne, med(0, 0), big(1, 0, 2), 5, true},
		{"5E-MOV-07 Large diagonal corner", gOne, med(0, 0), big(1, 1, 2), 5, true},
		{"5E-MOV-10 T-16 Gargantuan 4x4 to Medium", gOne, big(0, 0, 4), med(6, 6), 15, false},
		{"5E-MOV-10 T-16 Huge 3x3 surrounding square", gOne, big(0, 0, 3), med(3, 1), 5, true},
		{"3E-POS-03 Table 8-7 horse face 5x10 ft", gAlt, Body{Space: Footprint{W: 1, H: 2}}, med(0, 3), 10, false},
		{"3E-POS-03 DMG-GRID-02 bulette face 10x20 ft to diagonal", gAlt, Body{Space: Footprint{W: 2, H: 4}}, med(3, 5), 15, false},
		{"HB-SIZE-01 Tiny fills a whole square", gOne, Body{Space: Footprint{W: 1, H: 1, Shared: true}}, med(1, 0), 5, true},
		{"shared square overlaps", gOne, Body{Space: Footprint{Shared: true}}, med(0, 0), 0, false},
		{"different level", gOne, med(0, 0), Body{Pos: Pos{X: 0, Y: 0, Z: 2}}, 10, false},
	}
	for _, c := range cases {
		if got := c.g.Between(c.a, c.b); got != c.want {
			t.Errorf("%s: Between = %d, want %d", c.name, got, c.want)
		}
		if got := c.g.Between(c.b, c.a); got != c.want {
			t.Errorf("%s: Between reversed = %d, want %d", c.name, got, c.want)
		}
		if got := Adjacent(c.a, c.b); got != c.adj {
			t.Errorf("%s: Adjacent = %v, want %v", c.name, got, c.adj)
		}
	}
	var sq []Pos
	sq = Square(2).Squares(Pos{X: 3, Y: 4}, sq)
	want := []Pos{{3, 4, 0}, {4, 4, 0}, {3, 5, 0}, {4, 5, 0}}
	if !reflect.DeepEqual(sq, want) {
		t.Errorf("Squares = %v, want %v", sq, want)
	}
}

// covers: 3E-AOO-01 3E-AOO-10 3E-POS-07 3E-POS-08 5E-ATK-09
func TestThreatens(t *testing.T) {
	at := func(x, y int) Body { return Body{Pos: Pos{X: x, Y: y}} }
	normal := Body{Reach: 5}
	// 3E-POS-07: a Large creature with natural reach 10 using a reach weapon
	// threatens 15-20 ft but not 5-10 ft.
	longspear := Body{Reach: 20, ReachMin: 15}
	tiny := Body{Space: Footprint{Shared: true}} // 3E-AOO-01: reach 0
	cases := []struct {
		name string
		g    Grid
		a, b Body
		want bool
	}{
		{"5E-ATK-09 reach 5 adjacent", gOne, normal, at(1, 1), true},
		{"5E-ATK-09 reach 5 two squares", gOne, normal, at(2, 0), false},
		{"3E-POS-07 reach weapon at 5 ft", gAlt, longspear, at(1, 1), false},
		{"3E-POS-07 reach weapon at 10 ft", gAlt, longspear, at(2, 0), false},
		{"3E-POS-07 reach weapon at 15 ft (diagonal 2)", gAlt, longspear, at(2, 2), true},
		{"3E-POS-07 reach weapon at 20 ft", gAlt, longspear, at(4, 0), true},
		{"3E-POS-07 reach weapon at 25 ft", gAlt, longspear, at(5, 0), false},
		{"3E-AOO-01 reach 0 threatens no other square", gAlt, tiny, at(1, 0), false},
		{"3E-AOO-10 3E-POS-08 reach 0 in its own square", gAlt, tiny, at(0, 0), true},
	}
	for _, c := range cases {
		if got := c.g.Threatens(c.a, c.b); got != c.want {
			t.Errorf("%s: Threatens = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestBeyond checks the cheap test against the exact rule: whenever Beyond
// says b is out of a's reach, Threatens agrees, and Beyond does say so for
// bodies far off on an axis.
func TestBeyond(t *testing.T) {
	for _, g := range []Grid{gOne, gAlt, gEuc, {Diagonal: DiagonalOne}} {
		for _, reach := range []int{0, 5, 10, 15, 20} {
			for _, sp := range []Footprint{{}, {W: 2, H: 2}, {W: 3, H: 1}} {
				a := Body{Pos: Pos{X: 5, Y: 5}, Space: sp, Reach: reach}
				for y := -3; y < 14; y++ {
					for x := -3; x < 14; x++ {
						for z := 0; z < 3; z++ {
							b := Body{Pos: Pos{X: x, Y: y, Z: z}, Space: Footprint{W: 1 + (x+y)%2, H: 1 + (x+y)%2}}
							if g.Beyond(a, b) && g.Threatens(a, b) {
								t.Errorf("%+v: Beyond(%+v, %+v) but Threatens", g, a, b)
							}
						}
					}
				}
			}
		}
	}
	a := Body{Pos: Pos{X: 0, Y: 0}, Reach: 5}
	if !gOne.Beyond(a, Body{Pos: Pos{X: 2, Y: 0}}) || !gEuc.Beyond(a, Body{Pos: Pos{X: 0, Y: -2}}) {
		t.Error("Beyond missed a body two squares off with reach 5")
	}
	if gAlt.Beyond(a, Body{Pos: Pos{X: 1, Y: 1}}) {
		t.Error("Beyond said a diagonal neighbour is out of reach 5")
	}
}

// covers: 3E-POS-01 3E-POS-05 3E-POS-09
func TestFlanking(t *testing.T) {
	at := func(x, y int) Body { return Body{Pos: Pos{X: x, Y: y}, Reach: 5} }
	big := func(x, y int) Body { return Body{Pos: Pos{X: x, Y: y}, Space: Square(2), Reach: 10} }
	target := at(0, 0)
	cases := []struct {
		name      string
		a, b, tgt Body
		opposite  bool
		flanks    bool
	}{
		{"3E-POS-01 opposite sides", at(-1, 0), at(1, 0), target, true, true},
		{"3E-POS-01 north and south", at(0, -1), at(0, 1), target, true, true},
		{"3E-POS-01 opposite corners", at(-1, -1), at(1, 1), target, true, true},
		{"3E-POS-01 knight's move is not opposite", at(-1, 0), at(1, 1), target, false, false},
		{"3E-POS-01 side and side at a right angle", at(-1, 0), at(0, 1), target, false, false},
		{"3E-POS-01 same side", at(-1, -1), at(-1, 1), target, false, false},
		{"3E-POS-01 opposite but out of reach", at(-1, 0), at(2, 0), target, true, false},
		{"3E-POS-05 Large target, offset opposite sides", at(-1, 0), at(2, 1), big(0, 0), true, true},
		{"3E-POS-05 Large target, opposite corners", at(-1, -1), at(2, 2), big(0, 0), true, true},
		{"3E-POS-05 Large target, adjacent borders", at(-1, 0), at(0, 2), big(0, 0), false, false},
		{"3E-POS-09 Large flanker uses its best square", big(-2, -1), at(1, 0), target, true, true},
	}
	for _, c := range cases {
		if got := OppositeSides(c.a, c.b, c.tgt); got != c.opposite {
			t.Errorf("%s: OppositeSides = %v, want %v", c.name, got, c.opposite)
		}
		if got := OppositeSides(c.b, c.a, c.tgt); got != c.opposite {
			t.Errorf("%s: OppositeSides (swapped) = %v, want %v", c.name, got, c.opposite)
		}
		if got := gOne.Flanks(c.a, c.b, c.tgt); got != c.flanks {
			t.Errorf("%s: Flanks = %v, want %v", c.name, got, c.flanks)
		}
	}
}

func squaresOf(t *testing.T, g Grid, a Area) []Pos {
	t.Helper()
	s, err := a.Squares(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(s); i++ {
		if !s[i-1].Less(s[i]) {
			t.Fatalf("squares not sorted at %d: %v", i, s)
		}
	}
	return s
}

func ps(xy ...int) []Pos {
	out := make([]Pos, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, Pos{X: xy[i], Y: xy[i+1]})
	}
	return out
}

// covers: DMG-GRID-05 DMG-GRID-06
func TestAreas(t *testing.T) {
	self := Body{Pos: Pos{}, Space: Square(1)}
	large := Body{Pos: Pos{}, Space: Square(2)}
	cases := []struct {
		name  string
		g     Grid
		a     Area
		count int
		want  []Pos // nil: only the count is checked
	}{
		{"DMG-GRID-06 cone 15 ft from an intersection, along the grid",
			gOne, Area{Shape: ShapeCone, Origin: Corner(0, 0), Toward: Corner(1, 0), Length: 15}, 4,
			ps(1, -1, 2, -1, 1, 0, 2, 0)},
		{"DMG-GRID-06 cone 15 ft from an intersection, diagonal",
			gOne, Area{Shape: ShapeCone, Origin: Corner(0, 0), Toward: Corner(1, 1), Length: 15}, 6,
			ps(0, 0, 1, 0, 0, 1, 1, 1, 2, 1, 1, 2)},
		{"DMG-GRID-06 cone 15 ft from a square centre",
			gOne, Area{Shape: ShapeCone, Origin: Centre(Pos{}), Toward: Centre(Pos{X: 1}), Length: 15}, 7,
			ps(2, -1, 3, -1, 1, 0, 2, 0, 3, 0, 2, 1, 3, 1)},
		{"DMG-GRID-06 cone 30 ft along the grid", gOne, Area{Shape: ShapeCone, Origin: Corner(0, 0), Toward: Corner(0, -1), Length: 30}, 18, nil},
		{"DMG-GRID-06 cone 30 ft diagonal", gOne, Area{Shape: ShapeCone, Origin: Corner(0, 0), Toward: Corner(-1, 1), Length: 30}, 20, nil},
		{"DMG-GRID-05 burst 20 ft, centre rule (mostly inside the circle)",
			gOne, Area{Shape: ShapeBurst, Origin: Corner(0, 0), Length: 20}, 52, nil},
		{"DMG-GRID-05 burst 20 ft counted with alternating diagonals",
			gAlt, Area{Shape: ShapeBurst, Origin: Corner(0, 0), Length: 20, Rule: RuleCounted}, 44, nil},
		{"burst 10 ft counted with one-square diagonals is a 4x4 block",
			gOne, Area{Shape: ShapeBurst, Origin: Corner(0, 0), Length: 10, Rule: RuleCounted}, 16, nil},
		{"burst 5 ft counted from a square centre",
			gOne, Area{Shape: ShapeBurst, Origin: Centre(Pos{}), Length: 5, Rule: RuleCounted}, 9, nil},
		{"emanation 5 ft around a Medium creature",
			gOne, Area{Shape: ShapeEmanation, From: self, Length: 5}, 8, nil},
		{"emanation 5 ft including the creature",
			gOne, Area{Shape: ShapeEmanation, From: self, Length: 5, IncludeFrom: true}, 9, nil},
		{"emanation 10 ft around a Medium creature, centre rule rounds the corners",
			gOne, Area{Shape: ShapeEmanation, From: self, Length: 10}, 20, nil},
		{"emanation 10 ft around a Large creature, counted",
			gOne, Area{Shape: ShapeEmanation, From: large, Length: 10, Rule: RuleCounted}, 32, nil},
		{"line 30 ft from a square centre along the grid",
			gOne, Area{Shape: ShapeLine, Origin: Centre(Pos{}), Toward: Centre(Pos{X: 1}), Length: 30, Width: 5}, 6,
			ps(1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0)},
		{"line 30 ft along a grid line is one square wide (half-open width)",
			gOne, Area{Shape: ShapeLine, Origin: Corner(0, 0), Toward: Corner(1, 0), Length: 30}, 6,
			ps(0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5, -1)},
		{"line 20 ft 10 ft wide from a square centre",
			gOne, Area{Shape: ShapeLine, Origin: Centre(Pos{}), Toward: Centre(Pos{Y: 1}), Length: 20, Width: 10}, 8, nil},
		{"line 30 ft diagonal from a square centre",
			gOne, Area{Shape: ShapeLine, Origin: Centre(Pos{}), Toward: Centre(Pos{X: 1, Y: 1}), Length: 30, Width: 5}, 4,
			ps(1, 1, 2, 2, 3, 3, 4, 4)},
		{"cube 15 ft south-east of an intersection",
			gOne, Area{Shape: ShapeCube, Origin: Corner(0, 0), Toward: Corner(1, 1), Length: 15}, 9, nil},
		{"cube 10 ft north-west of an intersection",
			gOne, Area{Shape: ShapeCube, Origin: Corner(0, 0), Toward: Corner(-1, -1), Length: 10}, 4,
			ps(-2, -2, -1, -2, -2, -1, -1, -1)},
	}
	for _, c := range cases {
		got := squaresOf(t, c.g, c.a)
		if len(got) != c.count {
			t.Errorf("%s: %d squares, want %d: %v", c.name, len(got), c.count, got)
			continue
		}
		if c.want != nil && !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: squares %v, want %v", c.name, got, c.want)
		}
	}

	// A burst is symmetric in every quadrant.
	b := squaresOf(t, gAlt, Area{Shape: ShapeBurst, Origin: Corner(0, 0), Length: 20, Rule: RuleCounted})
	in := map[Pos]bool{}
	for _, p := range b {
		in[p] = true
	}
	for _, p := range b {
		for _, q := range []Pos{{-1 - p.X, p.Y, 0}, {p.X, -1 - p.Y, 0}, {p.Y, p.X, 0}} {
			if !in[q] {
				t.Errorf("burst not symmetric: has %v but not %v", p, q)
			}
		}
	}
	// The same cone aimed four ways along the grid covers the same count.
	for _, to := range []Point{Corner(1, 0), Corner(-1, 0), Corner(0, 1), Corner(0, -1)} {
		n := len(squaresOf(t, gOne, Area{Shape: ShapeCone, Origin: Corner(0, 0), Toward: to, Length: 30}))
		if n != 18 {
			t.Errorf("cone toward %v: %d squares, want 18", to, n)
		}
	}

	for _, bad := range []Area{
		{Shape: ShapeCone, Origin: Corner(1, 1), Toward: Corner(1, 1), Length: 15},
		{Shape: ShapeCube, Origin: Centre(Pos{}), Length: 15},
		{Shape: ShapeBurst, Length: -5},
		{Shape: Shape(99), Length: 5},
	} {
		_, err := bad.Squares(gOne, nil)
		assertKernelErr(t, err)
	}
}

func assertKernelErr(t *testing.T, err error) {
	t.Helper()
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *errs.Error, got %v", err)
	}
	if e.Layer != "kernel" {
		t.Fatalf("error layer %q, want kernel", e.Layer)
	}
}

// covers: 5E-ATK-03 HB-VIS-06
func TestCover(t *testing.T) {
	at := func(x, y int) Body { return Body{Pos: Pos{X: x, Y: y}} }
	obs := func(full, half []Pos) *Obstacles {
		o := NewObstacles()
		for _, p := range full {
			o.Set(p, Full)
		}
		for _, p := range half {
			o.Set(p, Half)
		}
		return o
	}
	cases := []struct {
		name      string
		o         *Obstacles
		att, tgt  Body
		want      CoverGrade
		full, hal int
	}{
		{"5E-ATK-03 T-17 open ground: no cover", nil, at(0, 0), at(4, 0), CoverNone, 0, 0},
		{"5E-ATK-03 T-17 wall three squares long: total cover", obs(ps(2, -1, 2, 0, 2, 1), nil), at(0, 0), at(4, 0), CoverTotal, 4, 0},
		{"5E-ATK-03 T-17 wall two squares on one side: half cover", obs(ps(2, -1, 2, 0), nil), at(0, 0), at(4, 0), CoverHalf, 2, 0},
		{"5E-ATK-03 T-17 pillar on the diagonal: three-quarters", obs(ps(2, 2), nil), at(0, 0), at(3, 3), CoverThreeQuarters, 3, 0},
		{"5E-ATK-03 a creature in the way: half cover", obs(nil, ps(1, 0)), at(0, 0), at(2, 0), CoverHalf, 0, 2},
		{"5E-ATK-03 TV-47 creatures plus pillar: only the best degree", obs(ps(2, 2), ps(2, 1, 1, 2)), at(0, 0), at(3, 3), CoverThreeQuarters, 3, 1},
		{"attacker's and target's own squares never count", obs(ps(0, 0, 4, 0), nil), at(0, 0), at(4, 0), CoverNone, 0, 0},
		{"HB-VIS-06 a wall behind the target gives nothing", obs(ps(5, -1, 5, 0, 5, 1), nil), at(0, 0), at(4, 0), CoverNone, 0, 0},
	}
	for _, c := range cases {
		got := c.o.Cover(c.att, c.tgt, nil)
		if got.Grade != c.want || got.Full != c.full || got.Half != c.hal {
			t.Errorf("%s: got %v (full %d, half %d), want %v (full %d, half %d)",
				c.name, got.Grade, got.Full, got.Half, c.want, c.full, c.hal)
		}
	}
	// A policy where any blocked line gives at least half cover and four
	// give total (a stricter table a script might choose).
	strict := CoverPolicy{ByFull: [5]CoverGrade{CoverNone, CoverHalf, CoverHalf, CoverHalf, CoverTotal}, Partial: CoverHalf}
	if got := obs(ps(2, 2), nil).Cover(at(0, 0), at(3, 3), &strict); got.Grade != CoverHalf {
		t.Errorf("policy table: got %v, want half", got.Grade)
	}
	// An area's origin point: all lines from one intersection.
	o := obs(ps(2, -1, 2, 0, 2, 1), nil)
	if got := o.CoverFrom(Corner(0, 0), at(4, 0), nil); got.Grade != CoverTotal {
		t.Errorf("CoverFrom behind a wall: got %v, want total", got.Grade)
	}
	if got := o.CoverFrom(Corner(3, -5), at(4, 0), nil); got.Grade != CoverNone {
		t.Errorf("CoverFrom around the wall: got %v, want none", got.Grade)
	}
}

// covers: DMG-GRID-03
func TestLineOfSight(t *testing.T) {
	at := func(x, y int) Body { return Body{Pos: Pos{X: x, Y: y}} }
	o := NewObstacles()
	o.Set(Pos{X: 1, Y: 0}, Full)
	o.Set(Pos{X: 0, Y: 1}, Full)
	// DMG-GRID-03: centre-to-centre; two walls meeting corner to corner
	// block the diagonal between them.
	if o.LineOfSight(at(0, 0), at(1, 1)) {
		t.Error("DMG-GRID-03 sight squeezed between diagonal walls")
	}
	if !o.LineOfSight(at(0, 0), at(-3, 0)) {
		t.Error("DMG-GRID-03 open line reported blocked")
	}
	// Seeing any part of a large creature is enough.
	p := NewObstacles()
	p.Set(Pos{X: 2, Y: 0}, Full)
	if p.LineOfSight(at(0, 0), at(3, 0)) {
		t.Error("DMG-GRID-03 target behind a pillar is visible")
	}
	if !p.LineOfSight(at(0, 0), Body{Pos: Pos{X: 3, Y: -1}, Space: Square(2)}) {
		t.Error("DMG-GRID-03 any part of a large body is visible")
	}
	// A half square (a creature) never blocks sight.
	o.Set(Pos{X: -1, Y: 0}, Half)
	if !o.LineOfSight(at(0, 0), at(-3, 0)) {
		t.Error("half square blocked sight")
	}
	// Along a single wall's face the line slips by; through a seam it does not.
	w := NewObstacles()
	w.Set(Pos{X: 2, Y: 0}, Full)
	if !w.Clear(Corner(0, 0), Corner(5, 0)) {
		t.Error("a line along one wall's face is not blocked")
	}
	w.Set(Pos{X: 2, Y: -1}, Full)
	if w.Clear(Corner(0, 0), Corner(5, 0)) {
		t.Error("a line along the seam of two walls is blocked")
	}
}

// TestWindowIsBeyond checks Window.Beyond against Grid.Beyond for every
// square round a body, under each square size, reach and footprint.
func TestWindowIsBeyond(t *testing.T) {
	for _, sq := range []int{0, 1, 5, 10} {
		for _, reach := range []int{-1, 0, 1, 4, 5, 6, 10, 14, 15, 30} {
			for _, as := range []Footprint{{}, Square(1), Square(2), {W: 3, H: 1}, Square(4)} {
				for _, bs := range []Footprint{{}, Square(1), Square(2), {W: 1, H: 3}} {
					g := Grid{Square: sq}
					a := Body{Pos: Pos{X: 3, Y: -2}, Space: as, Reach: reach}
					w := g.WindowOf(a, bs)
					for y := -15; y <= 15; y++ {
						for x := -15; x <= 20; x++ {
							p := Pos{X: x, Y: y, Z: x % 3}
							if got, want := w.Beyond(p), g.Beyond(a, Body{Pos: p, Space: bs}); got != want {
								t.Fatalf("square %d, reach %d, %v and %v at %v: window says %v, Beyond %v", sq, reach, as, bs, p, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestWithinASquare: a distance of at most one square (Between, under every
// diagonal rule, in feet or in squares) is two bodies side by side, corner
// to corner, one above the other or overlapping: Adjacent or Overlap, which
// a fight reads as no cover without asking Cover.
func TestWithinASquare(t *testing.T) {
	within := 0
	for _, g := range []Grid{{Square: 5}, {Square: 5, Diagonal: DiagonalAlternate}, {Square: 5, Diagonal: DiagonalEuclid}, {}, {Diagonal: DiagonalEuclid}} {
		for _, as := range []Footprint{{W: 1, H: 1}, {W: 2, H: 2}, {W: 3, H: 1}} {
			a := Body{Pos: Pos{X: 5, Y: 5, Z: 1}, Space: as}
			for z := -1; z <= 3; z++ {
				for y := 0; y <= 10; y++ {
					for x := 0; x <= 10; x++ {
						b := Body{Pos: Pos{X: x, Y: y, Z: z}, Space: Square(1 + (x+y)%2)}
						if g.Between(a, b) <= g.unit() {
							within++
							if !Adjacent(a, b) && !Overlap(a, b) {
								t.Fatalf("%v: %v and %v are %d ft apart, neither adjacent nor overlapping", g, a, b, g.Between(a, b))
							}
						}
					}
				}
			}
		}
	}
	if within == 0 {
		t.Fatal("no pair within a square: not a test")
	}
}

// TestBetweenOfOneSquare checks BetweenOf, whose two single squares skip
// gap1, against the distance of gap1's gaps (span), for footprints of
// lengths -1 to 3 (below 1 counts as 1) under every diagonal rule.
func TestBetweenOfOneSquare(t *testing.T) {
	ones := 0
	for _, g := range []Grid{{Square: 5}, {Square: 5, Diagonal: DiagonalAlternate}, {Square: 5, Diagonal: DiagonalEuclid}, {Diagonal: DiagonalAlternate}} {
		for i := 0; i < 20000; i++ {
			h := uint(i)*2654435761 + uint(g.Diagonal)
			n := func(m uint) int { h = h*6364136223846793005 + 1442695040888963407; return int(h >> 33 % m) }
			a, b := Pos{X: n(9), Y: n(9), Z: n(3)}, Pos{X: n(9), Y: n(9), Z: n(3)}
			as, bs := Footprint{W: n(5) - 1, H: n(5) - 1}, Footprint{W: n(5) - 1, H: n(5) - 1}
			if n(2) == 0 {
				as, bs = Footprint{W: n(2), H: n(2)}, Footprint{W: n(2), H: n(2)}
				ones++
			}
			want := g.span(gap1(a.X, as.W, b.X, bs.W), gap1(a.Y, as.H, b.Y, bs.H), abs(a.Z-b.Z))
			if got := g.BetweenOf(&a, &as, &b, &bs); got != want {
				t.Fatalf("%+v: BetweenOf(%v %+v, %v %+v) = %d, want %d", g, a, as, b, bs, got, want)
			}
		}
	}
	if ones == 0 {
		t.Fatal("no single squares tried")
	}
}
