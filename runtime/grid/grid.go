package grid

import (
	"fmt"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Pos is a square of the grid: X grows east, Y south, Z up.
type Pos struct {
	X int `json:"x"`
	Y int `json:"y"`
	Z int `json:"z"`
}

// String renders p as "(x,y)" or "(x,y,z)" when Z is not 0.
func (p Pos) String() string {
	if p.Z != 0 {
		return fmt.Sprintf("(%d,%d,%d)", p.X, p.Y, p.Z)
	}
	return fmt.Sprintf("(%d,%d)", p.X, p.Y)
}

// Less orders positions by Z, then Y, then X: the order in which every
// function of this package returns squares.
func (p Pos) Less(q Pos) bool {
	if p.Z != q.Z {
		return p.Z < q.Z
	}
	if p.Y != q.Y {
		return p.Y < q.Y
	}
	return p.X < q.X
}

// Footprint is the space a creature fills, in whole squares. W and H below 1
// count as 1. Shared marks a creature that fills part of one square and may
// share it with others; geometry still treats it as filling that square.
type Footprint struct {
	W      int  `json:"w"`
	H      int  `json:"h"`
	Shared bool `json:"shared,omitempty"`
}

// Square returns an n by n footprint.
func Square(n int) Footprint { return Footprint{W: n, H: n} }

// Dims returns the footprint's width and height in squares (at least 1).
func (f Footprint) Dims() (w, h int) {
	w, h = f.W, f.H
	if w < 1 {
		w = 1
	}
	if h < 1 {
		h = 1
	}
	return w, h
}

// Squares appends to dst the squares the footprint covers when its
// north-west square is at, sorted by (Y, X), and returns the extended slice.
func (f Footprint) Squares(at Pos, dst []Pos) []Pos {
	w, h := f.Dims()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dst = append(dst, Pos{at.X + x, at.Y + y, at.Z})
		}
	}
	return dst
}

// Covers reports whether the footprint placed at at covers square p.
func (f Footprint) Covers(at, p Pos) bool {
	w, h := f.Dims()
	return p.Z == at.Z && p.X >= at.X && p.X < at.X+w && p.Y >= at.Y && p.Y < at.Y+h
}

// Body is what the geometry needs of a creature: where it is, the space it
// fills and the band of distances it threatens.
type Body struct {
	Pos   Pos       `json:"pos"`
	Space Footprint `json:"space"`
	// Reach is the farthest distance, in feet, the body threatens.
	Reach int `json:"reach"`
	// ReachMin is the nearest distance it threatens; 0 means every distance
	// up to Reach. A weapon that cannot strike adjacent targets sets it.
	ReachMin int `json:"reach_min,omitempty"`
}

// Covers reports whether b fills square p.
func (b Body) Covers(p Pos) bool { return b.Space.Covers(b.Pos, p) }

// Diagonal is the rule that prices a diagonal step.
type Diagonal uint8

// The diagonal rules.
const (
	// DiagonalOne counts every diagonal as one square (Chebyshev distance).
	DiagonalOne Diagonal = iota
	// DiagonalAlternate counts the first diagonal as one square, the second
	// as two, the third as one, and so on.
	DiagonalAlternate
	// DiagonalEuclid measures the straight line between square centres,
	// rounded up to a whole foot.
	DiagonalEuclid
)

var diagonalNames = [...]string{"one", "alternate", "euclid"}

// String returns "one", "alternate" or "euclid".
func (d Diagonal) String() string {
	if int(d) < len(diagonalNames) {
		return diagonalNames[d]
	}
	return fmt.Sprintf("diagonal(%d)", int(d))
}

// ParseDiagonal returns the rule named by String's spelling.
func ParseDiagonal(s string) (Diagonal, error) {
	for i, n := range diagonalNames {
		if n == s {
			return Diagonal(i), nil
		}
	}
	e := errs.New(errs.Rule, "kernel", "unknown diagonal rule %q", s)
	e.Hint = "use one, alternate or euclid"
	return 0, e
}

// Grid fixes how distances are counted.
type Grid struct {
	// Square is the side of a square in feet. Zero or less means distances
	// are reported in squares.
	Square int `json:"square"`
	// Diagonal is the rule for diagonal steps.
	Diagonal Diagonal `json:"diagonal"`
}

// unit returns the feet per square (1 when Square is not set).
func (g Grid) unit() int {
	if g.Square > 0 {
		return g.Square
	}
	return 1
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// alt2 is the alternating-diagonal count of an offset of (a, b) squares.
func alt2(a, b int) int {
	if a < b {
		a, b = b, a
	}
	return a + b/2
}

// isqrtCeil returns the smallest r with r*r >= n (n >= 0).
func isqrtCeil(n int64) int64 {
	if n <= 0 {
		return 0
	}
	// Newton's method on integers, from an upper bound.
	x := n
	y := (x + 1) / 2
	for y < x {
		x = y
		y = (x + n/x) / 2
	}
	// x is floor(sqrt(n)).
	if x*x < n {
		x++
	}
	return x
}

// Span returns the length in feet of an offset of (dx, dy, dz) squares.
//
// DiagonalOne gives max(|dx|, |dy|, |dz|) squares. DiagonalAlternate counts
// the horizontal offset as max + min/2 squares (rounded down), then combines
// that with the vertical offset the same way. DiagonalEuclid gives the
// straight-line length rounded up to a whole foot.
func (g Grid) Span(dx, dy, dz int) int {
	return g.span(abs(dx), abs(dy), abs(dz))
}

// span is Span of an offset whose parts are already positive or 0.
func (g Grid) span(dx, dy, dz int) int {
	if g.Diagonal == DiagonalEuclid {
		return g.euclid(dx, dy, dz)
	}
	return g.squares(dx, dy, dz)
}

// squares is span under DiagonalOne and DiagonalAlternate (small enough
// to be inlined where it is called).
func (g Grid) squares(dx, dy, dz int) int {
	if g.Diagonal == DiagonalAlternate {
		return alt2(alt2(dx, dy), dz) * g.unit()
	}
	return max(dx, dy, dz) * g.unit()
}

// euclid is span under DiagonalEuclid.
func (g Grid) euclid(dx, dy, dz int) int {
	u := int64(g.unit())
	s := int64(dx)*int64(dx) + int64(dy)*int64(dy) + int64(dz)*int64(dz)
	return int(isqrtCeil(s * u * u))
}

// Distance returns the distance in feet between two squares.
func (g Grid) Distance(a, b Pos) int { return g.Span(b.X-a.X, b.Y-a.Y, b.Z-a.Z) }

// gap1 is the number of squares between the nearest squares of the
// intervals [a, a+la) and [b, b+lb) (a length below 1 counts as 1): 0 when
// they overlap. At most one of the two differences is positive, so the
// larger of them and 0 is the gap.
func gap1(a, la, b, lb int) int {
	return max(b-a-max(la, 1)+1, a-b-max(lb, 1)+1, 0)
}

// Gap returns the offset, in squares along each axis, between the nearest
// squares of two bodies. It is (0, 0, 0) when they overlap.
func Gap(a, b Body) (dx, dy, dz int) {
	return gap1(a.Pos.X, a.Space.W, b.Pos.X, b.Space.W), gap1(a.Pos.Y, a.Space.H, b.Pos.Y, b.Space.H), abs(a.Pos.Z - b.Pos.Z)
}

// Between returns the distance in feet between the nearest squares of two
// bodies: 0 when their footprints overlap, one square when they touch.
// Every diagonal rule grows with each axis, so the nearest pair of squares is
// the one that minimises each axis separately.
func (g Grid) Between(a, b Body) int { return g.BetweenAt(a.Pos, a.Space, b.Pos, b.Space) }

// BetweenAt is Between of a body with footprint as at ap and one with bs
// at bp (no Body to build: its callers read the creatures' own fields).
func (g Grid) BetweenAt(ap Pos, as Footprint, bp Pos, bs Footprint) int {
	return g.BetweenOf(&ap, &as, &bp, &bs)
}

// BetweenOf is BetweenAt of the squares and footprints pointed to, which it
// only reads: a caller that measures often passes its creatures' own fields
// (four pointers travel in registers, four structs do not).
func (g Grid) BetweenOf(ap *Pos, as *Footprint, bp *Pos, bs *Footprint) int {
	var dx, dy int
	if uint(as.W|as.H|bs.W|bs.H) <= 1 {
		// two single squares: gap1 of lengths 1 is the difference's size
		// (TestBetweenOfOneSquare)
		dx, dy = abs(ap.X-bp.X), abs(ap.Y-bp.Y)
	} else {
		dx, dy = gap1(ap.X, as.W, bp.X, bs.W), gap1(ap.Y, as.H, bp.Y, bs.H)
	}
	dz := abs(ap.Z - bp.Z)
	if g.Diagonal == DiagonalEuclid { // span, its common rules inlined
		return g.euclid(dx, dy, dz)
	}
	return g.squares(dx, dy, dz)
}

// Threatens reports whether b is within a's reach band: ReachMin <= distance
// <= Reach, measured between nearest squares.
func (g Grid) Threatens(a, b Body) bool {
	d := g.Between(a, b)
	return d <= a.Reach && d >= a.ReachMin
}

// Beyond reports, cheaply, that b is surely out of a's reach: the gap
// across or down, in squares times the square's feet, is more than
// a.Reach (every diagonal rule's distance is at least that, so Threatens
// is then false). False says nothing: ask Threatens.
func (g Grid) Beyond(a, b Body) bool {
	return max(gap1(a.Pos.X, a.Space.W, b.Pos.X, b.Space.W), gap1(a.Pos.Y, a.Space.H, b.Pos.Y, b.Space.H))*max(g.Square, 1) > a.Reach
}

// Window is Beyond worked out once for a body a and a footprint: the
// squares where a body of that footprint is not surely out of a's reach
// are those whose north-west square lies within [X0, X1] by [Y0, Y1].
type Window struct {
	X0, X1, Y0, Y1 int
}

// WindowOf returns the window of a for bodies of footprint fp:
// w.Beyond(p) is Beyond(a, Body{Pos: p, Space: fp}) for every p.
//
// Beyond's gap across, gap1(a.X, aw, p.X, bw), times the square's feet
// passes a.Reach exactly when the gap passes a.Reach / feet (rounded
// down, a.Reach not negative): p.X > a.X+aw-1+k or p.X < a.X-bw+1-k.
func (g Grid) WindowOf(a Body, fp Footprint) Window {
	aw, ah := a.Space.Dims()
	bw, bh := fp.Dims()
	if a.Reach < 0 {
		return Window{X0: 1, X1: 0} // every gap, even 0, passes a negative reach
	}
	k := a.Reach / max(g.Square, 1)
	return Window{X0: a.Pos.X - bw + 1 - k, X1: a.Pos.X + aw - 1 + k, Y0: a.Pos.Y - bh + 1 - k, Y1: a.Pos.Y + ah - 1 + k}
}

// Beyond is Grid.Beyond of the window's body and a body at p.
func (w *Window) Beyond(p Pos) bool {
	return p.X < w.X0 || p.X > w.X1 || p.Y < w.Y0 || p.Y > w.Y1
}

// Adjacent reports whether two bodies touch (a side or a corner) without
// overlapping.
func Adjacent(a, b Body) bool {
	dx, dy, dz := Gap(a, b)
	m := dx
	if dy > m {
		m = dy
	}
	if dz > m {
		m = dz
	}
	return m == 1
}

// Overlap reports whether two bodies share a square: no gap along any
// axis (see Gap; gaps are never negative, so their bits or'ed are 0 only
// when both are).
func Overlap(a, b Body) bool {
	return a.Pos.Z == b.Pos.Z && gap1(a.Pos.X, a.Space.W, b.Pos.X, b.Space.W)|gap1(a.Pos.Y, a.Space.H, b.Pos.Y, b.Space.H) == 0
}

// Point is a point of the plane in half-square units: square (x, y) spans
// [2x, 2x+2] on each axis, so even coordinates are grid lines and odd ones
// run through square centres.
type Point struct {
	HX int `json:"hx"`
	HY int `json:"hy"`
}

// Corner returns the intersection at the north-west corner of square (x, y).
func Corner(x, y int) Point { return Point{2 * x, 2 * y} }

// Centre returns the centre of square p.
func Centre(p Pos) Point { return Point{2*p.X + 1, 2*p.Y + 1} }

// IsCorner reports whether q is a grid intersection.
func (q Point) IsCorner() bool { return q.HX&1 == 0 && q.HY&1 == 0 }

// floorDiv is floor(a / b) for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && (a < 0) {
		q--
	}
	return q
}

// ceilDiv is ceil(a / b) for b > 0.
func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

func kernelErr(format string, args ...any) *errs.Error {
	return errs.New(errs.Rule, "kernel", format, args...)
}
