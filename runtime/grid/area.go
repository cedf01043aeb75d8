package grid

import (
	"fmt"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Shape is the kind of an area template.
type Shape uint8

// The area shapes.
const (
	// ShapeLine runs from Origin toward Toward for Length feet, Width feet
	// wide.
	ShapeLine Shape = iota + 1
	// ShapeCone spreads from Origin toward Toward for Length feet; its width
	// at any distance from the origin equals that distance.
	ShapeCone
	// ShapeBurst is every square within Length feet of Origin (a sphere,
	// burst or spread seen from above).
	ShapeBurst
	// ShapeEmanation is every square within Length feet of the body From.
	ShapeEmanation
	// ShapeCube is a square of side Length feet with one corner at Origin,
	// extending toward Toward's quadrant.
	ShapeCube
)

var shapeNames = [...]string{"", "line", "cone", "burst", "emanation", "cube"}

// String returns the shape's name.
func (s Shape) String() string {
	if int(s) < len(shapeNames) && s != 0 {
		return shapeNames[s]
	}
	return fmt.Sprintf("shape(%d)", int(s))
}

// AreaRule chooses how bursts and emanations decide that a square is in.
type AreaRule uint8

// The area rules.
const (
	// RuleCentre covers a square when its centre is within the radius,
	// measured as a straight line (from the origin point, or from the
	// nearest point of the emanating body's space). The boundary counts as
	// inside.
	RuleCentre AreaRule = iota
	// RuleCounted covers a square when the grid's diagonal rule, counting
	// whole squares from the origin, reaches it within the radius. From a
	// grid intersection, the four squares touching it are one square away;
	// from a square centre, that square is zero squares away; from a body,
	// distance is Grid.Between. This is the "count squares to the template's
	// edge" method, and follows Grid.Diagonal.
	//
	// A cone under the counted rule is the D&D 3.0 DMG's (p.69), one
	// square wider for each square further: aimed straight (along a grid
	// line) the k-th column holds k squares, the nearest the aim line;
	// aimed diagonally (from a grid intersection) the k-th row across the
	// diagonal holds its k squares, so that either way a cone n squares
	// long covers n(n+1)/2 squares (DMG: the same count whichever way it is
	// aimed). It takes the nearest of the eight grid directions to its aim.
	// A line under the counted rule is Length/Square squares long and
	// Width/Square (at least one) wide either way it is aimed (DMG: other
	// shapes keep the same count whichever way they are aimed).
	RuleCounted
	// RuleMostly covers a square when most of its area lies inside the
	// circle of the radius (bursts: around the origin; emanations: around
	// the emanating body's space). Area is measured on a 16 by 16 lattice
	// of sample points per square (more than 128 of the 256 within the
	// radius, boundary inclusive): the D&D 3.0 DMG's "every square mostly
	// inside the circle" (p.68).
	RuleMostly
)

// mostlySamples is the side of the lattice of sample points RuleMostly
// uses in a square.
const mostlySamples = 16

// Area is an area template. Lengths are in feet; points are in half-square
// units (see Point).
//
// Conventions, chosen so that every shape is decided by one exact integer
// test per square centre:
//
//   - Line: a square is in when its centre c projects onto the line at a
//     distance t with 0 < t <= Length, and its signed offset s from the
//     line satisfies -Width/2 < s <= Width/2 (half-open, so a line along a
//     grid line is exactly Width/Square squares wide whatever its origin).
//     Width 0 means one square. The origin's own square (t = 0) is out.
//   - Cone: the centre is in when 0 < t <= Length and |s| <= t/2, the
//     published "width equals distance" cone, boundary inclusive. This is
//     the "a square is covered when its centre is inside the cone" rule.
//     From an intersection aimed along a grid line, the first column holds
//     no square (its centres sit outside the narrow tip); aimed along a
//     diagonal, the corner square is in.
//   - Burst: see AreaRule.
//   - Emanation: see AreaRule; the body's own squares are in only when
//     IncludeFrom is set.
//   - Cube: Origin must be a grid intersection; the cube covers
//     Length/Square squares on each side, extending east or west and north
//     or south according to the side Toward lies on (east and south when
//     Toward equals Origin).
//
// With the centre rule, a shape aimed along a diagonal does not always cover
// the same number of squares as the same shape aimed along a grid line.
type Area struct {
	Shape  Shape `json:"shape"`
	Origin Point `json:"origin"`
	Toward Point `json:"toward"`
	From   Body  `json:"from"`
	Length int   `json:"length"`
	Width  int   `json:"width,omitempty"`
	// Rule is used by bursts and emanations.
	Rule AreaRule `json:"rule,omitempty"`
	// IncludeFrom puts the emanating body's own squares in the area.
	IncludeFrom bool `json:"include_from,omitempty"`
	// Z is the level of the squares returned (emanations use From.Pos.Z).
	Z int `json:"z,omitempty"`
}

// Validate reports a template that cannot be drawn.
func (a *Area) Validate() error {
	if a.Length < 0 {
		return kernelErr("area length %d is negative", a.Length)
	}
	if a.Width < 0 {
		return kernelErr("area width %d is negative", a.Width)
	}
	switch a.Shape {
	case ShapeLine, ShapeCone:
		if a.Toward == a.Origin {
			e := kernelErr("a %s needs a direction: toward equals origin", a.Shape)
			e.Hint = "give a toward point different from the origin"
			return e
		}
		if a.Shape == ShapeCone && a.Rule == RuleCounted {
			if ux, uy := a.coneFrame(); ux != 0 && uy != 0 && !a.Origin.IsCorner() {
				e := kernelErr("a diagonal counted cone starts at a grid intersection, got half-square point (%d,%d)", a.Origin.HX, a.Origin.HY)
				e.Hint = "use grid.Corner(x, y)"
				return e
			}
		}
	case ShapeCube:
		if !a.Origin.IsCorner() {
			e := kernelErr("a cube's origin must be a grid intersection, got half-square point (%d,%d)", a.Origin.HX, a.Origin.HY)
			e.Hint = "use grid.Corner(x, y)"
			return e
		}
	case ShapeBurst, ShapeEmanation:
	default:
		return kernelErr("unknown area shape %d", int(a.Shape))
	}
	return nil
}

// Contains reports whether the area covers square p (its Z is ignored).
// The area is assumed valid (see Validate).
func (a *Area) Contains(g Grid, p Pos) bool {
	s := int64(g.unit())
	cx, cy := int64(2*p.X+1), int64(2*p.Y+1)
	ox, oy := int64(a.Origin.HX), int64(a.Origin.HY)
	L := int64(a.Length)
	switch a.Shape {
	case ShapeLine, ShapeCone:
		if a.Rule == RuleCounted {
			if a.Shape == ShapeCone {
				return a.countedCone(g, p)
			}
			return a.countedLine(g, p)
		}
		dx, dy := int64(a.Toward.HX)-ox, int64(a.Toward.HY)-oy
		vx, vy := cx-ox, cy-oy
		dd := dx*dx + dy*dy
		dot := vx*dx + vy*dy
		if dot <= 0 || dot*dot*s*s > 4*L*L*dd {
			return false
		}
		cross := vx*dy - vy*dx
		if a.Shape == ShapeCone {
			if cross < 0 {
				cross = -cross
			}
			return 2*cross <= dot
		}
		w := int64(a.Width)
		if w == 0 {
			w = s
		}
		c2 := cross * cross * s * s
		w2 := w * w * dd
		if cross > 0 {
			return c2 <= w2
		}
		if cross < 0 {
			return c2 < w2
		}
		return true
	case ShapeBurst:
		if a.Rule == RuleCounted {
			nx := countAxis(p.X, a.Origin.HX)
			ny := countAxis(p.Y, a.Origin.HY)
			return g.Span(nx, ny, 0) <= a.Length
		}
		if a.Rule == RuleMostly {
			return mostlyIn(p, ox, oy, ox, oy, L, s)
		}
		vx, vy := cx-ox, cy-oy
		return (vx*vx+vy*vy)*s*s <= 4*L*L
	case ShapeEmanation:
		if a.From.Covers(Pos{X: p.X, Y: p.Y, Z: a.From.Pos.Z}) {
			return a.IncludeFrom
		}
		if a.Rule == RuleCounted {
			return g.Between(a.From, Body{Pos: Pos{X: p.X, Y: p.Y, Z: a.From.Pos.Z}}) <= a.Length
		}
		w, h := a.From.Space.Dims()
		x0, y0 := int64(2*a.From.Pos.X), int64(2*a.From.Pos.Y)
		x1, y1 := x0+int64(2*w), y0+int64(2*h)
		if a.Rule == RuleMostly {
			return mostlyIn(p, x0, y0, x1, y1, L, s)
		}
		ddx, ddy := outside(cx, x0, x1), outside(cy, y0, y1)
		return (ddx*ddx+ddy*ddy)*s*s <= 4*L*L
	case ShapeCube:
		n := a.Length / g.unit()
		x0, y0 := a.Origin.HX/2, a.Origin.HY/2
		xs, ys := x0, y0
		if a.Toward.HX < a.Origin.HX {
			xs = x0 - n
		}
		if a.Toward.HY < a.Origin.HY {
			ys = y0 - n
		}
		return p.X >= xs && p.X < xs+n && p.Y >= ys && p.Y < ys+n
	}
	return false
}

// mostlyIn reports whether more than half of square p's sample points lie
// within L feet (squares of s feet) of the rectangle [x0, x1] x [y0, y1] in
// half-square units (a point when x0 = x1 and y0 = y1).
func mostlyIn(p Pos, x0, y0, x1, y1, L, s int64) bool {
	// Coordinates are scaled by n: the square spans [2Xn, 2Xn + 2n] and its
	// samples sit at the odd offsets 1, 3, ..., 2n-1 (the centres of an n
	// by n lattice of cells); a scaled distance d is d*s/(2n) feet.
	const n = mostlySamples
	// Whole squares first: nearest point beyond the radius, out; farthest
	// corner within it, in.
	qx0, qy0 := int64(2*p.X), int64(2*p.Y)
	nx, ny := gapTo(qx0, qx0+2, x0, x1), gapTo(qy0, qy0+2, y0, y1)
	if (nx*nx+ny*ny)*s*s > 4*L*L {
		return false
	}
	// the distance to a rectangle is convex: its largest over the square
	// is at a corner
	far := int64(0)
	for _, cx := range [2]int64{qx0, qx0 + 2} {
		for _, cy := range [2]int64{qy0, qy0 + 2} {
			dx, dy := outside(cx, x0, x1), outside(cy, y0, y1)
			far = max(far, dx*dx+dy*dy)
		}
	}
	if far*s*s <= 4*L*L {
		return true
	}
	inside := 0
	for j := int64(0); j < n; j++ {
		dy := outside(int64(2*p.Y)*n+2*j+1, y0*n, y1*n)
		for i := int64(0); i < n; i++ {
			dx := outside(int64(2*p.X)*n+2*i+1, x0*n, x1*n)
			if (dx*dx+dy*dy)*s*s <= 4*L*L*n*n {
				inside++
			}
		}
	}
	return 2*inside > n*n
}

// gapTo is the gap between the intervals [a0, a1] and [b0, b1] (0 when
// they overlap).
func gapTo(a0, a1, b0, b1 int64) int64 {
	if a1 < b0 {
		return b0 - a1
	}
	if b1 < a0 {
		return a0 - b1
	}
	return 0
}

// coneFrame returns a counted cone's direction as the nearest of the eight
// grid directions (ux, uy each -1, 0 or 1): straight when one component is
// more than cot(22.5 deg) = 2.41421 times the other (169/70 = 2.414286
// rounds the boundary toward the diagonal).
func (a *Area) coneFrame() (ux, uy int) {
	dx, dy := a.Toward.HX-a.Origin.HX, a.Toward.HY-a.Origin.HY
	ax, ay := abs(dx), abs(dy)
	switch {
	case 70*ax > 169*ay:
		return sign(dx), 0
	case 70*ay > 169*ax:
		return 0, sign(dy)
	}
	return sign(dx), sign(dy)
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// countedCone reports whether square p lies in a counted cone of n =
// Length/Square squares. Straight: the k-th column out (k = 1..n) holds
// the k squares nearest the aim line, right of it before left (with y
// growing south, right of (ux, uy) is (-uy, ux)). Diagonal: the k-th row
// across the diagonal (the squares i + j - 1 = k, counting i and j from 1
// along each axis from the intersection) holds its k squares: n(n+1)/2
// squares either way.
func (a *Area) countedCone(g Grid, p Pos) bool {
	n := a.Length / g.unit()
	ux, uy := a.coneFrame()
	vx, vy := 2*p.X+1-a.Origin.HX, 2*p.Y+1-a.Origin.HY
	if ux == 0 || uy == 0 {
		t := vx*ux + vy*uy
		sd := -vx*uy + vy*ux
		if t <= 0 {
			return false
		}
		k := (t + 1) / 2
		return k <= n && sideRank(sd) < k
	}
	i, j := vx*ux, vy*uy
	if i <= 0 || j <= 0 {
		return false
	}
	return (i+1)/2+(j+1)/2-1 <= n
}

// sideRank orders the squares across an aim by their signed offset sd
// (half squares, positive to the right): nearest first, right before left.
func sideRank(sd int) int {
	as := abs(sd)
	if as == 0 {
		return 0
	}
	if sd < 0 {
		return as
	}
	return as - 1
}

// countedLine reports whether square p lies in a counted line of n =
// Length/Square squares and w = Width/Square (at least 1) squares wide:
// aimed straight, n columns of the w squares nearest the aim line; aimed
// diagonally (from a grid intersection), the n squares of the diagonal and
// of the w-1 diagonals nearest it (right before left): n*w squares either
// way.
func (a *Area) countedLine(g Grid, p Pos) bool {
	n := a.Length / g.unit()
	w := max(1, a.Width/g.unit())
	ux, uy := a.coneFrame()
	vx, vy := 2*p.X+1-a.Origin.HX, 2*p.Y+1-a.Origin.HY
	if ux == 0 || uy == 0 {
		t := vx*ux + vy*uy
		return t > 0 && (t+1)/2 <= n && sideRank(-vx*uy+vy*ux) < w
	}
	i, j := (vx*ux+1)/2, (vy*uy+1)/2
	if vx*ux <= 0 || vy*uy <= 0 {
		return false
	}
	// d: offset from the diagonal in squares, negative to the right (for a
	// south-east aim, right is south-west: j > i).
	d := i - j
	if ux*uy < 0 {
		d = -d
	}
	return min(i, j) <= n && sideRankDiag(d) < w
}

// sideRankDiag orders the diagonals beside a diagonal aim: the diagonal 0,
// then right (d < 0) before left.
func sideRankDiag(d int) int {
	switch {
	case d == 0:
		return 0
	case d < 0:
		return 2*(-d) - 1
	}
	return 2 * d
}

// countAxis counts squares from an origin coordinate (half units) to square
// i along one axis: from a grid line the squares touching it are 1 away;
// from a square's centre line that square is 0 away.
func countAxis(i, h int) int {
	if h&1 == 0 {
		c := h / 2
		if i >= c {
			return i - c + 1
		}
		return c - i
	}
	return abs(i - floorDiv(h, 2))
}

// outside is how far v lies outside [lo, hi] (0 inside).
func outside(v, lo, hi int64) int64 {
	if v < lo {
		return lo - v
	}
	if v > hi {
		return v - hi
	}
	return 0
}

// MaxAreaSquares bounds the squares an area's bounding box may span (a
// 1,000 by 1,000 square box: 5,000 feet across on a 5-foot grid).
const (
	MaxAreaSquares = maxAreaSide * maxAreaSide
	maxAreaSide    = 1000
)

// Squares appends the squares the area covers, sorted by (Y, X), to dst.
func (a *Area) Squares(g Grid, dst []Pos) ([]Pos, error) {
	if err := a.Validate(); err != nil {
		return dst, err
	}
	u := g.unit()
	reach := ceilDiv(a.Length+a.Width, u) + 1
	var x0, y0, x1, y1 int
	z := a.Z
	if a.Shape == ShapeEmanation {
		w, h := a.From.Space.Dims()
		x0, y0 = a.From.Pos.X-reach, a.From.Pos.Y-reach
		x1, y1 = a.From.Pos.X+w-1+reach, a.From.Pos.Y+h-1+reach
		z = a.From.Pos.Z
	} else {
		ox, oy := floorDiv(a.Origin.HX, 2), floorDiv(a.Origin.HY, 2)
		x0, y0, x1, y1 = ox-reach, oy-reach, ox+reach, oy+reach
	}
	if span := (int64(x1) - int64(x0) + 1) * (int64(y1) - int64(y0) + 1); span > MaxAreaSquares || span < 0 {
		return dst, errs.New(errs.Rule, "grid", "the %s (length %d ft, width %d ft) spans more than %d squares: an area reaches at most %d ft from its origin",
			a.Shape, a.Length, a.Width, MaxAreaSquares, (maxAreaSide/2-1)*u)
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			p := Pos{X: x, Y: y, Z: z}
			if a.Contains(g, p) {
				dst = append(dst, p)
			}
		}
	}
	return dst, nil
}
