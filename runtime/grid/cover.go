package grid

import (
	"fmt"
	"sort"
)

// Block says how much a square obstructs lines through it.
type Block uint8

// The obstruction levels of a square.
const (
	// Open squares obstruct nothing.
	Open Block = iota
	// Half squares (a low wall, another creature) give partial cover to
	// lines through them but do not block sight or movement.
	Half
	// Full squares (a wall, a pillar filling its square) block lines, sight
	// and movement.
	Full
)

var blockNames = [...]string{"open", "half", "full"}

// String returns "open", "half" or "full".
func (b Block) String() string {
	if int(b) < len(blockNames) {
		return blockNames[b]
	}
	return fmt.Sprintf("block(%d)", int(b))
}

// Obstacles is a planar map of obstructing squares; Z is ignored. The zero
// value is an empty map ready to use, and a nil *Obstacles is an empty map
// for every query.
//
// A map is sparse (NewObstacles, or the zero value) or dense (NewDense: a
// battlefield of known size, read without hashing). A dense map may carry an
// overlay (WithOverlay): a count per square of things that give partial
// cover without being part of the terrain, such as creatures standing
// there; an overlaid square obstructs at least Half.
type Obstacles struct {
	m       map[[2]int]Block
	dense   []Block
	w, h    int
	n       int     // obstructing squares of dense
	overlay []uint8 // per square of dense, when set
	gen     uint64  // calls of Set (Gen)
}

// NewObstacles returns an empty sparse obstacle map.
func NewObstacles() *Obstacles { return &Obstacles{m: make(map[[2]int]Block)} }

// NewDense returns an empty obstacle map of w by h squares, (0,0) to
// (w-1,h-1); squares outside it are Open and cannot be set.
func NewDense(w, h int) *Obstacles {
	return &Obstacles{dense: make([]Block, w*h), w: w, h: h}
}

// WithOverlay returns a view of the dense map o whose squares with a
// non-zero count in overlay (one byte per square, row by row, len w*h)
// obstruct at least Half. The view shares o's squares; o is unchanged.
func (o *Obstacles) WithOverlay(overlay []uint8) *Obstacles {
	v := *o
	v.overlay = overlay
	return &v
}

// Set marks square p (its Z is ignored) with b; Open removes the mark. On a
// dense map a square outside it is ignored.
func (o *Obstacles) Set(p Pos, b Block) {
	o.gen++
	if o.dense != nil {
		if p.X < 0 || p.Y < 0 || p.X >= o.w || p.Y >= o.h {
			return
		}
		i := p.Y*o.w + p.X
		if o.dense[i] != Open {
			o.n--
		}
		if b != Open {
			o.n++
		}
		o.dense[i] = b
		return
	}
	k := [2]int{p.X, p.Y}
	if o.m == nil {
		o.m = make(map[[2]int]Block)
	}
	if b == Open {
		delete(o.m, k)
		return
	}
	o.m[k] = b
}

// Gen counts the changes made through Set: whoever keeps what it worked
// out from the squares knows they are still the same while Gen is.
func (o *Obstacles) Gen() uint64 { return o.gen }

// At returns how square p (its Z is ignored) obstructs lines.
func (o *Obstacles) At(p Pos) Block {
	if o == nil {
		return Open
	}
	return o.at(p.X, p.Y)
}

// Terrain returns how square p obstructs, leaving the overlay out.
func (o *Obstacles) Terrain(p Pos) Block {
	if o == nil {
		return Open
	}
	if o.dense != nil {
		if p.X < 0 || p.Y < 0 || p.X >= o.w || p.Y >= o.h {
			return Open
		}
		return o.dense[p.Y*o.w+p.X]
	}
	return o.m[[2]int{p.X, p.Y}]
}

// Len returns the number of obstructing squares (the overlay not counted).
func (o *Obstacles) Len() int {
	if o == nil {
		return 0
	}
	if o.dense != nil {
		return o.n
	}
	return len(o.m)
}

// empty reports that no square obstructs anything, the overlay included.
func (o *Obstacles) empty() bool {
	return o == nil || (o.Len() == 0 && o.overlay == nil)
}

// Squares appends every obstructing square, sorted by (Y, X), to dst (the
// overlay not included).
func (o *Obstacles) Squares(dst []Pos) []Pos {
	if o == nil {
		return dst
	}
	if o.dense != nil {
		for i, b := range o.dense {
			if b != Open {
				dst = append(dst, Pos{X: i % o.w, Y: i / o.w})
			}
		}
		return dst
	}
	n := len(dst)
	for k := range o.m {
		dst = append(dst, Pos{X: k[0], Y: k[1]})
	}
	s := dst[n:]
	sort.Slice(s, func(i, j int) bool { return s[i].Less(s[j]) })
	return dst
}

func (o *Obstacles) at(x, y int) Block {
	if o == nil {
		return Open
	}
	if o.dense != nil {
		if x < 0 || y < 0 || x >= o.w || y >= o.h {
			return Open
		}
		i := y*o.w + x
		b := o.dense[i]
		if b == Open && o.overlay != nil && o.overlay[i] != 0 {
			return Half
		}
		return b
	}
	if len(o.m) == 0 {
		return Open
	}
	return o.m[[2]int{x, y}]
}

// walkSegment calls visit for every square whose open interior the open
// segment pq passes through, column by column, and stops early when visit
// returns false (walkSegment then returns false). A segment that runs along
// a grid line, or only touches a square's corner, passes through no
// interior. Coordinates are half-square units, so the test is exact.
func walkSegment(p, q Point, visit func(x, y int) bool) bool {
	if p == q {
		return true
	}
	if p.HX == q.HX {
		if p.HX&1 == 0 {
			return true // along a grid line
		}
		i := floorDiv(p.HX, 2)
		lo, hi := p.HY, q.HY
		if lo > hi {
			lo, hi = hi, lo
		}
		for j := floorDiv(lo, 2); 2*j < hi; j++ {
			if !visit(i, j) {
				return false
			}
		}
		return true
	}
	if p.HX > q.HX {
		p, q = q, p
	}
	dx, dy := q.HX-p.HX, q.HY-p.HY
	d := 2 * dx // one square's height, scaled by dx
	for i := floorDiv(p.HX, 2); 2*i < q.HX; i++ {
		xa, xb := 2*i, 2*i+2
		if p.HX > xa {
			xa = p.HX
		}
		if q.HX < xb {
			xb = q.HX
		}
		if xa >= xb {
			continue
		}
		// y scaled by dx at both ends of this column's piece.
		ya := p.HY*dx + dy*(xa-p.HX)
		yb := p.HY*dx + dy*(xb-p.HX)
		lo, hi := ya, yb
		if lo > hi {
			lo, hi = hi, lo
		}
		if lo == hi {
			if lo%d == 0 {
				continue // along a horizontal grid line
			}
			if !visit(i, floorDiv(lo, d)) {
				return false
			}
			continue
		}
		for j := floorDiv(lo, d); j*d < hi; j++ {
			if !visit(i, j) {
				return false
			}
		}
	}
	return true
}

// lineBlock returns the worst obstruction along the open segment pq:
//
//   - every square whose interior the segment passes through;
//   - a stretch of the segment running along a grid line counts as the
//     lesser of the two squares on either side (a line along the seam of
//     two wall squares is blocked; along the face of one wall it is not);
//   - a grid intersection the segment passes through (not its end points)
//     counts as the lesser of the two squares the segment squeezes between
//     (a line through the point where two wall squares meet corner to
//     corner is blocked).
//
// Squares covered by skip bodies count as Open. The walk stops at the first
// Full square.
func (o *Obstacles) lineBlock(p, q Point, skipA, skipB *Body) Block {
	if o.empty() || p == q {
		return Open
	}
	at := func(x, y int) Block {
		b := o.at(x, y)
		if b == Open {
			return Open
		}
		if skipA != nil && skipA.Space.Covers(skipA.Pos, Pos{X: x, Y: y, Z: skipA.Pos.Z}) {
			return Open
		}
		if skipB != nil && skipB.Space.Covers(skipB.Pos, Pos{X: x, Y: y, Z: skipB.Pos.Z}) {
			return Open
		}
		return b
	}
	worst := Open
	walkSegment(p, q, func(x, y int) bool {
		if b := at(x, y); b > worst {
			worst = b
		}
		return worst != Full
	})
	if worst == Full {
		return worst
	}
	switch {
	case p.HX == q.HX && p.HX&1 == 0:
		// Along a vertical grid line: squares c-1 and c on either side.
		c := p.HX / 2
		lo, hi := min(p.HY, q.HY), max(p.HY, q.HY)
		for j := floorDiv(lo, 2); 2*j < hi; j++ {
			if b := min(at(c-1, j), at(c, j)); b > worst {
				worst = b
			}
		}
	case p.HY == q.HY && p.HY&1 == 0:
		c := p.HY / 2
		lo, hi := min(p.HX, q.HX), max(p.HX, q.HX)
		for i := floorDiv(lo, 2); 2*i < hi; i++ {
			if b := min(at(i, c-1), at(i, c)); b > worst {
				worst = b
			}
		}
	case p.HX != q.HX && p.HY != q.HY:
		dx, dy := q.HX-p.HX, q.HY-p.HY
		g := gcd(abs(dx), abs(dy))
		sx, sy := dx/g, dy/g
		for k := 1; k < g; k++ {
			x, y := p.HX+k*sx, p.HY+k*sy
			if x&1 != 0 || y&1 != 0 {
				continue
			}
			cx, cy := x/2, y/2
			var b Block
			if sx*sy > 0 {
				// Running north-west to south-east: squeezes between the
				// north-east and south-west squares.
				b = min(at(cx, cy-1), at(cx-1, cy))
			} else {
				b = min(at(cx-1, cy-1), at(cx, cy))
			}
			if b > worst {
				worst = b
			}
		}
	}
	return worst
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Clear reports whether the segment from p to q is not blocked by Full
// squares (see Cover for what blocks a line).
func (o *Obstacles) Clear(p, q Point) bool { return o.lineBlock(p, q, nil, nil) != Full }

// LineOfSight reports whether a can see b past the obstacles by the
// centre-to-centre test: some line from the centre of a square of a to the
// centre of a square of b is not blocked by Full squares (squares of a and
// b themselves never block; see Cover for what blocks a line). Seeing any
// part of a large body is enough.
func (o *Obstacles) LineOfSight(a, b Body) bool {
	if o.Len() == 0 { // an overlay obstructs Half at most: it never blocks sight
		return true
	}
	aw, ah := a.Space.Dims()
	bw, bh := b.Space.Dims()
	for ay := 0; ay < ah; ay++ {
		for ax := 0; ax < aw; ax++ {
			p := Centre(Pos{X: a.Pos.X + ax, Y: a.Pos.Y + ay})
			for by := 0; by < bh; by++ {
				for bx := 0; bx < bw; bx++ {
					q := Centre(Pos{X: b.Pos.X + bx, Y: b.Pos.Y + by})
					if o.lineBlock(p, q, &a, &b) != Full {
						return true
					}
				}
			}
		}
	}
	return false
}

// CoverGrade is a degree of cover.
type CoverGrade uint8

// The cover grades, from none to total.
const (
	CoverNone CoverGrade = iota
	CoverHalf
	CoverThreeQuarters
	CoverTotal
)

var coverNames = [...]string{"none", "half", "three-quarters", "total"}

// String returns "none", "half", "three-quarters" or "total".
func (c CoverGrade) String() string {
	if int(c) < len(coverNames) {
		return coverNames[c]
	}
	return fmt.Sprintf("cover(%d)", int(c))
}

// CoverPolicy maps blocked-line counts to a grade. Scripts fill it; the
// kernel counts.
type CoverPolicy struct {
	// ByFull is the grade when n of the four lines pass through a Full
	// square (n = 0..4).
	ByFull [5]CoverGrade
	// Partial is the least grade given when some line passes through a
	// Half square and no Full one; the result is the higher of the two.
	Partial CoverGrade
}

// DefaultCoverPolicy is the common corner-count table: no blocked line,
// none; one or two, half; three, three-quarters; four, total. A line
// through a Half square (a creature, a low wall) gives half cover at most.
func DefaultCoverPolicy() CoverPolicy {
	return CoverPolicy{
		ByFull:  [5]CoverGrade{CoverNone, CoverHalf, CoverHalf, CoverThreeQuarters, CoverTotal},
		Partial: CoverHalf,
	}
}

// CoverResult is the outcome of a cover query, with the choice that gave it.
type CoverResult struct {
	Grade CoverGrade
	// From is the corner of the attacker's space (or the origin point) the
	// lines were drawn from.
	From Point
	// Square is the target square the lines were drawn to.
	Square Pos
	// Full and Half count the lines through a Full square and the lines
	// through only Half squares.
	Full, Half int
}

// Cover grades the cover target has against attacker.
//
// Method: pick a corner of a square of the attacker's space and one square
// of the target's space, and trace the four lines from that corner to the
// four corners of that square. Count the lines blocked by a Full square and
// those obstructed only by Half squares; squares of the attacker and the
// target never count. A line is obstructed by a square when it passes
// through the square's interior; a line running along a grid line is
// obstructed only where squares on both sides are (it slips along the face
// of a single wall but not through the seam of two), and a line passing
// through a grid intersection is obstructed when both squares it squeezes
// between there are. The policy (nil for DefaultCoverPolicy) turns the
// counts into a grade. The attacker takes the corner and target square that
// give the lowest grade (fewest Full lines, then fewest Half lines, breaking
// ties by scan order: corners by (Y, X), then target squares by (Y, X)).
func (o *Obstacles) Cover(attacker, target Body, pol *CoverPolicy) CoverResult {
	aw, ah := attacker.Space.Dims()
	best := CoverResult{Grade: CoverTotal + 1}
	for cy := 0; cy <= ah; cy++ {
		for cx := 0; cx <= aw; cx++ {
			from := Corner(attacker.Pos.X+cx, attacker.Pos.Y+cy)
			o.coverFrom(from, &attacker, target, pol, &best)
			if best.Grade == CoverNone && best.Full == 0 && best.Half == 0 {
				return best
			}
		}
	}
	return best
}

// CoverFrom grades the cover target has against an effect whose lines all
// start at origin (an area's point of origin). Squares of the target never
// count as obstacles.
func (o *Obstacles) CoverFrom(origin Point, target Body, pol *CoverPolicy) CoverResult {
	best := CoverResult{Grade: CoverTotal + 1}
	o.coverFrom(origin, nil, target, pol, &best)
	return best
}

func (o *Obstacles) coverFrom(from Point, attacker *Body, target Body, pol *CoverPolicy, best *CoverResult) {
	p := pol
	if p == nil {
		d := DefaultCoverPolicy()
		p = &d
	}
	tw, th := target.Space.Dims()
	for ty := 0; ty < th; ty++ {
		for tx := 0; tx < tw; tx++ {
			sq := Pos{X: target.Pos.X + tx, Y: target.Pos.Y + ty, Z: target.Pos.Z}
			full, half := 0, 0
			for k := 0; k < 4; k++ {
				to := Corner(sq.X+(k&1), sq.Y+(k>>1))
				f, h := o.classify(from, to, attacker, &target)
				if f {
					full++
				} else if h {
					half++
				}
			}
			g := p.ByFull[full]
			if half > 0 && p.Partial > g {
				g = p.Partial
			}
			if g < best.Grade || (g == best.Grade && (full < best.Full || (full == best.Full && half < best.Half))) {
				*best = CoverResult{Grade: g, From: from, Square: sq, Full: full, Half: half}
			}
		}
	}
}

// classify reports whether the line from-to is blocked by a Full square
// and whether it is obstructed by a Half one, skipping the two bodies.
func (o *Obstacles) classify(from, to Point, a, t *Body) (full, half bool) {
	b := o.lineBlock(from, to, a, t)
	return b == Full, b == Half
}
