package grid

// OppositeSides reports whether a and b stand on opposite sides (or
// opposite corners) of target's footprint, by the line test:
//
// For some square of a and some square of b, the straight line between the
// two square centres passes through two opposite borders of the target's
// space: its west and east borders, or its north and south borders. A
// border includes its two end corners, so attackers at diagonally opposite
// corners qualify, while a "knight's move" pair does not. A line that only
// touches one border, or runs along a border, does not. Bodies that overlap
// the target never qualify, nor do bodies on different Z levels from it.
//
// Trying every square pair gives a multi-square attacker the result of its
// best square. The test is exact: it runs in half-square integer
// coordinates.
func OppositeSides(a, b, target Body) bool {
	if a.Pos.Z != target.Pos.Z || b.Pos.Z != target.Pos.Z {
		return false
	}
	tw, th := target.Space.Dims()
	aw, ah := a.Space.Dims()
	bw, bh := b.Space.Dims()
	if aw == 1 && ah == 1 && bw == 1 && bh == 1 && tw == 1 && th == 1 {
		// one square each (on one level: overlapping is standing on the
		// target's square): the one pair of squares of the line test
		if a.Pos == target.Pos || b.Pos == target.Pos {
			return false
		}
		// spans for single squares: the target strictly between the two
		// across or down (most pairs, side by side, are not)
		ax, bx, tx := a.Pos.X, b.Pos.X, target.Pos.X
		ay, by, ty := a.Pos.Y, b.Pos.Y, target.Pos.Y
		if !(ax < tx && tx < bx || bx < tx && tx < ax || ay < ty && ty < by || by < ty && ty < ay) {
			return false
		}
		x0, y0 := 2*target.Pos.X, 2*target.Pos.Y
		return crossesOpposite(Centre(a.Pos), Centre(b.Pos), x0, y0, x0+2, y0+2)
	}
	// A line meets both borders across an axis only if one of its ends is
	// at or before the first and the other at or beyond the second: most
	// pairs of bodies (side by side) have no such squares, told at once.
	if !spans(a.Pos.X, aw, b.Pos.X, bw, target.Pos.X, tw) && !spans(a.Pos.Y, ah, b.Pos.Y, bh, target.Pos.Y, th) {
		return false
	}
	if Overlap(a, target) || Overlap(b, target) {
		return false
	}
	return oppositeLines(a, b, target)
}

// spans reports, along one axis (a body at a, la squares long, another at
// b, lb long, the target at t, lt long), whether a square centre of one
// body lies at or before the target's near border and one of the other
// at or beyond its far border: what a line between them needs to meet
// both borders across that axis.
func spans(a, la, b, lb, t, lt int) bool {
	lo, hi := 2*t, 2*(t+lt)
	aMin, aMax := 2*a+1, 2*(a+la)-1
	bMin, bMax := 2*b+1, 2*(b+lb)-1
	return aMin <= lo && bMax >= hi || bMin <= lo && aMax >= hi
}

// oppositeLines is OppositeSides' line test over every pair of squares,
// for bodies on the target's level that do not overlap it.
func oppositeLines(a, b, target Body) bool {
	tw, th := target.Space.Dims()
	// The target's space in half-square units.
	x0, y0 := 2*target.Pos.X, 2*target.Pos.Y
	x1, y1 := x0+2*tw, y0+2*th
	aw, ah := a.Space.Dims()
	bw, bh := b.Space.Dims()
	for ay := 0; ay < ah; ay++ {
		for ax := 0; ax < aw; ax++ {
			p := Centre(Pos{X: a.Pos.X + ax, Y: a.Pos.Y + ay})
			for by := 0; by < bh; by++ {
				for bx := 0; bx < bw; bx++ {
					q := Centre(Pos{X: b.Pos.X + bx, Y: b.Pos.Y + by})
					if crossesOpposite(p, q, x0, y0, x1, y1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// Flanks reports whether a and b flank target: both threaten it under g and
// they stand on opposite sides of it (OppositeSides). Whether a and b are
// allies, and whether the attack is one that flanking helps, is the
// caller's business.
func (g Grid) Flanks(a, b, target Body) bool {
	return g.Threatens(a, target) && g.Threatens(b, target) && OppositeSides(a, b, target)
}

// crossesOpposite reports whether segment pq meets both vertical borders
// x = x0 and x = x1 within [y0, y1], or both horizontal borders y = y0 and
// y = y1 within [x0, x1].
func crossesOpposite(p, q Point, x0, y0, x1, y1 int) bool {
	if meetsVertical(p, q, x0, y0, y1) && meetsVertical(p, q, x1, y0, y1) {
		return true
	}
	// Swap axes for the horizontal borders.
	ps, qs := Point{p.HY, p.HX}, Point{q.HY, q.HX}
	return meetsVertical(ps, qs, y0, x0, x1) && meetsVertical(ps, qs, y1, x0, x1)
}

// meetsVertical reports whether segment pq meets the vertical segment x = c,
// lo <= y <= hi, without running along it.
func meetsVertical(p, q Point, c, lo, hi int) bool {
	if p.HX == q.HX {
		return false // parallel: running along a border is not crossing it
	}
	if p.HX > q.HX {
		p, q = q, p
	}
	if c < p.HX || c > q.HX {
		return false
	}
	dx := q.HX - p.HX
	// y(c) = p.HY + (q.HY-p.HY)*(c-p.HX)/dx; compare scaled by dx > 0.
	yn := p.HY*dx + (q.HY-p.HY)*(c-p.HX)
	return yn >= lo*dx && yn <= hi*dx
}
