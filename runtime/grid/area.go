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
	RuleCounted
)

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
