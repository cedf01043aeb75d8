package fight

import (
	"math"
	"math/bits"

	"github.com/dndsh/dndsh/runtime/grid"
)

// pathScratch is the reusable memory of the path finder: per state (a
// square, and the parity of diagonal steps under alternating diagonals) its
// cost, parent and the search it belongs to.
type pathScratch struct {
	gen  uint32
	st   []searchState
	heap []node
	out  []grid.Pos
	// sq holds per square of the map what a search works out once
	sq    []cell
	goals []grid.Pos
	// near are greedy's free squares nearest the square it stands on
	// (counting squares); plainGreedy turns that off, for the test that
	// compares the two
	near        []grid.Pos
	plainGreedy bool
	// pr are the step prices of the last search, for a Move that walks
	// its path at once (see priced)
	pr stepPrices
}

// searchState is a search's record of a state: its cost and parent, valid when
// stamp is the search's gen.
type searchState struct {
	stamp  uint32
	cost   int32
	parent int32
}

// cell is what a search works out once per square of the map (side by
// side, so one look reads them): whether the mover may enter it, whether
// it is difficult, whether it may stop there (valid when stamp is the
// search's gen), and the goal's estimate (the goal is the same for the
// whole search; valid when estStamp is the gen).
type cell struct {
	stamp    uint32
	estStamp uint32
	est      int32
	entry    entry
	diff     bool
	free     uint8 // 0: not worked out, 1: free, 2: taken
}

// node is an entry of the open list: key holds the estimate f in its
// high half and the bits of g inverted in its low half, so one comparison
// orders by lowest f, then highest g (f and g are never negative).
type node struct {
	key   uint64
	state int32
}

func mkNode(f, g, state int32) node {
	return node{key: uint64(uint32(f))<<32 | uint64(^uint32(g)), state: state}
}

// g is the cost so far of the entry's state.
func (n node) g() int32 { return int32(^uint32(n.key)) }

func (s *pathScratch) ensure(n, squares int) {
	if len(s.st) < n {
		s.st = make([]searchState, n)
	}
	if len(s.sq) < squares {
		s.sq = make([]cell, squares)
	}
	s.gen++
	if s.gen == 0 { // wrapped: forget every old search
		clear(s.st)
		clear(s.sq)
		s.gen = 1
	}
}

// square returns what x meets at q (worked out once a search).
func (f *Fight) square(s *pathScratch, x *Fighter, q grid.Pos) (entry, bool) {
	c := &s.sq[q.Y*f.Space.Map.W+q.X]
	if c.stamp != s.gen {
		w, _, d := f.enter(x, q)
		c.stamp, c.entry, c.diff, c.free = s.gen, w, d, 0
	}
	return c.entry, c.diff
}

// estimate is goal.Estimate(q) for a square q of the map on the search's
// level, worked out once a search.
func (s *pathScratch) estimate(goal *Goal, w int, q grid.Pos) int {
	c := &s.sq[q.Y*w+q.X]
	if c.estStamp != s.gen {
		c.estStamp, c.est = s.gen, int32(goal.Estimate(q))
	}
	return int(c.est)
}

// done is goal.Done(q) for a square q of the map on the search's level:
// with the goal's free squares, being on one is an estimate of 0 (the
// estimate is a distance to the nearest of them).
func (s *pathScratch) done(goal *Goal, w int, q grid.Pos) bool {
	if goal.free != nil {
		return s.estimate(goal, w, q) == 0
	}
	return goal.Done(q)
}

// free reports whether x may end its move at q (worked out once a search,
// after square).
func (f *Fight) free(s *pathScratch, x *Fighter, q grid.Pos) bool {
	c := &s.sq[q.Y*f.Space.Map.W+q.X]
	if c.free == 0 {
		c.free = 2
		if f.endsFree(x, q) {
			c.free = 1
		}
	}
	return c.free == 1
}

// The open list is a 4-ary heap: shallower than a binary one, and each
// sift compares children that sit side by side in memory. Any heap pops
// the same sequence, since less is a total order.

func (s *pathScratch) push(n node) {
	h := append(s.heap, n)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !less(n, h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = n
	s.heap = h
}

func (s *pathScratch) pop() node {
	h := s.heap
	top := h[0]
	last := len(h) - 1
	n := h[last]
	h = h[:last]
	i := 0
	for {
		c := 4*i + 1
		if c >= len(h) {
			break
		}
		m := c
		if k := h[c:min(c+4, len(h))]; len(k) == 4 {
			// four children (the usual case), compared without bounds
			// checks; the first least, as the loop below finds it
			b := 0
			if less(k[1], k[b]) {
				b = 1
			}
			if less(k[2], k[b]) {
				b = 2
			}
			if less(k[3], k[b]) {
				b = 3
			}
			m += b
		} else {
			for j := 1; j < len(k); j++ {
				if less(k[j], h[m]) {
					m = c + j
				}
			}
		}
		if !less(h[m], n) {
			break
		}
		h[i] = h[m]
		i = m
	}
	if len(h) > 0 {
		h[i] = n
	}
	s.heap = h
	return top
}

// less orders the open list: lowest estimate, then highest cost so far
// (deeper first), then the lowest state, so searches are deterministic.
func less(a, b node) bool {
	return a.key < b.key || a.key == b.key && a.state < b.state
}

// neighbours in a fixed order: the four sides, then the four corners.
var neighbours = [8][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}}

// Goal is what a path finder looks for: a square to stand on (Reach: where
// an attack reaches a body; Square: one square; Away: as far as possible
// from the mover's enemies). Done says a square is a place to stop,
// Estimate is a lower bound of the feet left from a square (0 where Done).
// A Goal is a plain value: making one allocates nothing. Each field but f
// and free is part of the key of the path finder's memo (memoKey).
type Goal struct {
	kind            goalKind
	f               *Fight
	mover           grid.Body
	target          grid.Body
	square          grid.Pos
	reach, reachMin int
	sight           bool // a ranged attack: the line of sight must be clear
	side            int  // Away: the mover's side
	// chebyshev: distances are max(dx, dy) squares (every diagonal one
	// square, one level): Done and Estimate count them directly
	chebyshev bool
	unit      int
	// alternate: both on one level under alternating diagonals, so
	// distances are the grid's count of the gap in squares (the longer
	// axis and half the shorter) times altUnit, the grid's feet a square
	alternate bool
	altUnit   int
	// free, when set, are the squares a reach goal may end on (on the map,
	// no wall, nobody there, within the reach band): Done is being on one
	// and Estimate the distance to the nearest, so a search heads straight
	// for a square it can take instead of sweeping round a crowded target.
	free []grid.Pos
}

// gapTo is the offset in squares between the mover at p and the target,
// along each axis (0 where they overlap).
func (g *Goal) gapTo(p grid.Pos) (int, int) {
	w, h := g.mover.Space.Dims()
	tw, th := g.target.Space.Dims()
	t := g.target.Pos
	dx := 0
	if d := t.X - (p.X + w - 1); d > 0 {
		dx = d
	} else if d := p.X - (t.X + tw - 1); d > 0 {
		dx = d
	}
	dy := 0
	if d := t.Y - (p.Y + h - 1); d > 0 {
		dy = d
	} else if d := p.Y - (t.Y + th - 1); d > 0 {
		dy = d
	}
	return dx, dy
}

// between is the distance in feet from the mover at p to the target.
func (g *Goal) between(p grid.Pos) int {
	if g.chebyshev {
		dx, dy := g.gapTo(p)
		return max(dx, dy) * g.unit
	}
	if g.alternate { // grid.Between, for one level: its squares of the gap
		dx, dy := g.gapTo(p)
		return altCount(dx, dy) * g.altUnit
	}
	b := g.mover
	b.Pos = p
	return g.f.Rules.Space.Grid.Between(b, g.target)
}

type goalKind uint8

const (
	goalReach goalKind = iota
	goalSquare
	goalAway
)

// SquareGoal is the goal of standing on square p.
func (f *Fight) SquareGoal(p grid.Pos) Goal { return Goal{kind: goalSquare, f: f, square: p} }

// Done reports whether p is a place to stop.
func (g *Goal) Done(p grid.Pos) bool {
	if g.free != nil {
		for _, q := range g.free {
			if q == p {
				return true
			}
		}
		return false
	}
	switch g.kind {
	case goalSquare:
		return p == g.square
	case goalAway:
		return false
	}
	d := g.between(p)
	if d > g.reach || d < g.reachMin {
		return false
	}
	if g.sight {
		b := g.mover
		b.Pos = p
		return g.f.Space.Map.Walls.LineOfSight(b, g.target)
	}
	return true
}

// Estimate is a lower bound of the feet from p to a place to stop.
func (g *Goal) Estimate(p grid.Pos) int {
	gr := g.f.Rules.Space.Grid
	if g.free != nil {
		best := 1 << 30
		switch {
		case g.chebyshev:
			for _, q := range g.free {
				best = min(best, squaresOff(q, p))
			}
			return best * g.unit
		case gr.Diagonal == grid.DiagonalAlternate:
			// gr.Span(dx, dy, 0) in squares: the longer axis and half the
			// shorter, rounded down
			for _, q := range g.free {
				best = min(best, altCount(q.X-p.X, q.Y-p.Y))
			}
			u := gr.Square
			if u <= 0 {
				u = 1
			}
			return best * u
		}
		for _, q := range g.free {
			best = min(best, gr.Span(q.X-p.X, q.Y-p.Y, 0))
		}
		return best
	}
	switch g.kind {
	case goalSquare:
		return gr.Distance(p, g.square)
	case goalAway:
		b := g.mover
		b.Pos = p
		near := 1 << 20
		for _, y := range g.f.Fighters {
			if y.Out || y.Side == g.side {
				continue
			}
			if d := gr.Between(b, y.body()); d < near {
				near = d
			}
		}
		return max(0, 1<<20-near)
	}
	if d := g.between(p) - g.reach; d > 0 {
		return d
	}
	return 0
}

// PathTo finds x's cheapest path, as Move prices it, to a square where the
// goal is done and x may end its move, spending at most budget feet
// (negative: no limit). When no such square is within budget it returns,
// with false, the cheapest path to the goal cut at the budget: its squares
// up to the last one within budget where x may end its move (the tactics
// rule of docs/maps.md, "Moving toward a goal out of reach"). When no path
// reaches the goal at all, and for the away goal (never done), it returns
// instead the path to the square within budget with the least estimate
// left (the closest x can get). The path excludes x's own square; it is
// valid until the next call. A search's answer may come from the memo of
// answers found before in the same state (pathMemo).
func (f *Fight) PathTo(x *Fighter, goal Goal, budget int) ([]grid.Pos, int, bool) {
	sp := f.Space
	if sp == nil {
		return nil, 0, false
	}
	m := sp.Map
	states := m.W * m.H
	if f.Rules.Space.Grid.Diagonal == grid.DiagonalAlternate {
		states *= 2
	}
	s := &sp.path
	s.ensure(states, m.W*m.H)
	s.heap = s.heap[:0]
	s.pr = stepPrices{}
	fl := f.flagsOf(x)
	if goal.Done(x.C.Pos) {
		return s.out[:0], 0, true
	}
	mm := &sp.memo
	if !mm.asksFirst() {
		return f.pathTo(x, goal, budget, &fl, states, mm.mode != MemoOff)
	}
	// the memo asked before greedy (pathMemo.first)
	h := f.memoKey(mm, x, &goal, budget, &fl)
	e, found, use := mm.recall(f, h)
	if use {
		s.pr = f.stepPrices(x, &fl) // as the search would have left them, for moveFresh
		return mm.answer(s, e)
	}
	// (MemoVerify, not found: the searches store their answer as they do
	// when the memo is asked only there)
	n := mm.stores
	out, cost, ok := f.pathTo(x, goal, budget, &fl, states, !found && mm.mode == MemoVerify)
	if mm.stores == n {
		mm.settle(e, found, h, out, cost, ok)
	}
	return out, cost, ok
}

// pathTo is PathTo past its first test; memo: the searches ask the memo.
func (f *Fight) pathTo(x *Fighter, goal Goal, budget int, fl *flags, states int, memo bool) ([]grid.Pos, int, bool) {
	sp := f.Space
	s := &sp.path
	if goal.kind == goalReach && !goal.sight {
		// a melee goal: the free squares within its reach band
		s.goals = f.freeSquares(x, &goal, s.goals[:0], false)
		if len(s.goals) == 0 {
			return s.out[:0], 0, false // no room: no path can end there
		}
		goal.free = s.goals
	}
	pr := f.stepPrices(x, fl)
	s.pr = pr
	// far: a goal beyond the budget is still searched for, and the way to
	// it cut at the budget
	far := budget >= 0 && goal.kind != goalAway
	limit := budget
	if far {
		limit = -1
	}
	if out, cost, ok, sure := f.greedy(x, &goal, limit, &pr, s, s.out[:0]); sure {
		s.out = out
		if far && ok {
			return f.cut(x, s, &pr, out, cost, budget)
		}
		return out, cost, ok
	}
	// the searches' answer: the memo's when it knows it
	// (the squares greedy worked out stay valid for moveFresh: they are
	// what the squares hold now)
	if !memo {
		return f.searches(x, &goal, budget, limit, far, &pr, states)
	}
	mm := &sp.memo
	h := f.memoKey(mm, x, &goal, budget, fl)
	e, found, use := mm.recall(f, h)
	if use {
		return mm.answer(s, e)
	}
	out, cost, ok := f.searches(x, &goal, budget, limit, far, &pr, states)
	mm.settle(e, found, h, out, cost, ok)
	return out, cost, ok
}

// searches is PathTo's answer when greedy is not sure of it.
func (f *Fight) searches(x *Fighter, goal *Goal, budget, limit int, far bool, pr *stepPrices, states int) ([]grid.Pos, int, bool) {
	m := f.Space.Map
	s := &f.Space.path
	out, cost, ok := f.search(x, goal, limit, pr, s)
	if !far {
		return out, cost, ok
	}
	if ok {
		return f.cut(x, s, pr, out, cost, budget)
	}
	// no way reaches the goal: the nearest square within budget
	s.ensure(states, m.W*m.H)
	s.heap = s.heap[:0]
	return f.search(x, goal, budget, pr, s)
}

// cut is the way out (of cost feet, to the goal) cut at the budget: its
// squares up to the last one within budget where x may end its move, and
// its cost; the whole way and true when it fits.
func (f *Fight) cut(x *Fighter, s *pathScratch, pr *stepPrices, out []grid.Pos, cost, budget int) ([]grid.Pos, int, bool) {
	if cost <= budget {
		return out, cost, true
	}
	from, diag := x.C.Pos, x.diagonals
	spent, last, lastCost := 0, -1, 0
	for i, p := range out {
		c, nd, ok := f.cachedStep(s, pr, x, from, p, diag)
		if !ok || spent+c > budget {
			break
		}
		spent += c
		diag, from = nd, p
		if f.free(s, x, p) {
			last, lastCost = i, spent
		}
	}
	return out[:last+1], lastCost, false
}

// search is PathTo's A* search from x's square, within limit feet
// (negative: no limit): the path to the first free goal square it takes
// from the open list, and true; failing that, the path to the free square
// with the least estimate left (the least cost among equals), and false.
func (f *Fight) search(x *Fighter, goal *Goal, limit int, pr *stepPrices, s *pathScratch) ([]grid.Pos, int, bool) {
	m := f.Space.Map
	alt := pr.alt
	enc := func(i int32, diag int) int32 { // i: the square's index
		if alt {
			i = i*2 + int32(diag&1)
		}
		return i
	}
	dec := func(st int32) (grid.Pos, int) {
		d := 0
		if alt {
			d = int(st & 1)
			st >>= 1
		}
		return grid.Pos{X: int(st) % m.W, Y: int(st) / m.W}, d
	}
	start := x.C.Pos
	s0 := enc(int32(start.Y*m.W+start.X), x.diagonals)
	s.st[s0] = searchState{stamp: s.gen, parent: -1}
	h0 := s.estimate(goal, m.W, start)
	s.push(mkNode(int32(h0), 0, s0))
	best, bestH, bestG := int32(-1), h0, int32(0)
	found := int32(-1)
	fw, fh := x.C.Space.Dims()
	maxX, maxY := m.W-fw, m.H-fh
	var step [8]int // each neighbour's offset in the map's squares
	for di, d := range neighbours {
		step[di] = d[1]*m.W + d[0]
	}
	// the search's own, read once: its stamp, its squares and states,
	// the limit (none: the most a cost can be) and the corner rule
	gen, sq, sts := s.gen, s.sq, s.st
	lim := int32(math.MaxInt32)
	if limit >= 0 && limit < math.MaxInt32 {
		lim = int32(limit)
	}
	corner := pr.corner
	for len(s.heap) > 0 {
		n := s.pop()
		ng := n.g()
		if ng > sts[n.state].cost {
			continue // a stale entry
		}
		p, diag := dec(n.state)
		if n.state != s0 && f.free(s, x, p) {
			if s.done(goal, m.W, p) {
				found = n.state
				break
			}
			if h := s.estimate(goal, m.W, p); h < bestH || (h == bestH && ng < bestG) {
				best, bestH, bestG = n.state, h, ng
			}
		}
		// the neighbours by index: q is on the map where x's footprint
		// fits (m.Fits) when 0 <= q.X <= maxX and 0 <= q.Y <= maxY
		// (every neighbour of a square inside that box by one is)
		pi := p.Y*m.W + p.X
		inner := p.X > 0 && p.X < maxX && p.Y > 0 && p.Y < maxY
		// priceStep's prices from p, on plain and difficult ground: along
		// a side, and across a corner with the diagonal count after it
		// (under alternating diagonals every second one costs double)
		side, cross, cd := pr.cost[0], pr.cost[1], diag
		if alt {
			cd = diag + 1
			if cd%2 == 0 {
				cross = pr.cost[2]
			}
		}
		for di := range neighbours {
			d := &neighbours[di]
			qx, qy := p.X+d[0], p.Y+d[1]
			if !inner && (qx < 0 || qx > maxX || qy < 0 || qy > maxY) {
				continue // m.Fits
			}
			i := pi + step[di]
			c := &sq[i]
			if c.stamp != gen {
				f.square(s, x, grid.Pos{X: qx, Y: qy, Z: p.Z})
			}
			if c.entry != canEnter {
				continue
			}
			// (neighbours lists the four sides, then the four corners)
			prices, nd := &side, diag
			if di >= 4 {
				if corner && grid.CutsCorner(p, grid.Pos{X: qx, Y: qy, Z: p.Z}, x.C.Space, m.Walls) {
					continue
				}
				prices, nd = &cross, cd
			}
			dif := 0
			if c.diff {
				dif = 1
			}
			g := ng + prices[dif]
			if g > lim {
				continue
			}
			st := enc(int32(i), nd)
			if r := &sts[st]; r.stamp == gen && r.cost <= g {
				continue
			}
			sts[st] = searchState{stamp: gen, cost: g, parent: n.state}
			if c.estStamp != gen {
				c.estStamp, c.est = gen, int32(goal.Estimate(grid.Pos{X: qx, Y: qy, Z: p.Z}))
			}
			s.push(mkNode(g+c.est, g, st))
		}
	}
	end, ok := found, true
	if end < 0 {
		end, ok = best, false
	}
	if end < 0 {
		return s.out[:0], 0, false
	}
	out := s.out[:0]
	for st := end; st != s0 && st >= 0; st = s.st[st].parent {
		p, _ := dec(st)
		out = append(out, p)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	s.out = out
	return out, int(s.st[end].cost), ok
}

// ReachGoal is the goal of standing where attack a of x reaches t (any
// square, when a is nil, from which x's melee reach does).
func (f *Fight) ReachGoal(x, t *Fighter, a *Attack) Goal {
	sr := &f.Rules.Space
	g := Goal{kind: goalReach, f: f, mover: x.body(), target: t.body(), reach: x.reach, reachMin: x.reachMin,
		chebyshev: sr.Grid.Diagonal == grid.DiagonalOne && x.C.Pos.Z == t.C.Pos.Z, unit: sr.unit(),
		alternate: sr.Grid.Diagonal == grid.DiagonalAlternate && x.C.Pos.Z == t.C.Pos.Z, altUnit: max(sr.Grid.Square, 1)}
	if a != nil {
		if a.Ranged {
			g.reachMin = 0
			g.reach = 1 << 20
			if len(a.Range) > 0 {
				g.reach = a.Range[0] // the normal range, or the first increment
			}
			g.sight = f.Space.Map.Walls.Len() > 0
		} else {
			g.reach, g.reachMin = a.reachFeet(sr.unit()), a.ReachMin
		}
	}
	return g
}

// AwayGoal is the goal of getting as far as possible from the enemies of
// x: it is never done, and the estimate falls as the nearest enemy gets
// farther (PathTo then returns the farthest square it can afford).
func (f *Fight) AwayGoal(x *Fighter) Goal {
	return Goal{kind: goalAway, f: f, mover: x.body(), side: x.Side}
}

// HasRoom reports whether some square from which x's melee reach (or
// attack a's) touches t is free for x to stand on (or is where x stands):
// when none is, no path can get x there and searching is wasted.
func (f *Fight) HasRoom(x, t *Fighter, a *Attack) bool {
	if f.Space == nil || a != nil && a.Ranged {
		return true // a ranged attack has room enough
	}
	goal := f.ReachGoal(x, t, a)
	if goal.Done(x.C.Pos) {
		return true
	}
	f.roomBuf = f.freeSquares(x, &goal, f.roomBuf[:0], true)
	return len(f.roomBuf) > 0
}

// freeSquares appends to dst the squares around the goal's target, in
// row order, from which its reach band touches the target and where x
// may stand.
func (f *Fight) freeSquares(x *Fighter, goal *Goal, dst []grid.Pos, one bool) []grid.Pos {
	u := f.Rules.Space.unit()
	n := goal.reach/u + 1
	// Every diagonal rule's distance is at least the longer axis's gap in
	// squares times the square's feet (grid.Span; the chebyshev count uses
	// the rules' unit): a square more than reach/unit squares off on an
	// axis is out of the reach band, and Done need not be asked there.
	gu := f.Rules.Space.Grid.Square
	if gu <= 0 {
		gu = 1 // grid.Span's feet a square
	}
	n = min(n, goal.reach/min(u, gu))
	tw, th := goal.target.Space.Dims()
	xw, xh := x.C.Space.Dims()
	t := goal.target.Pos
	m := f.Space.Map
	// the box clipped to the squares where x's footprint fits on the map
	// (m.Fits)
	y0, y1 := max(t.Y-n-xh+1, 0), min(t.Y+th+n-1, m.H-xh)
	x0, x1 := max(t.X-n-xw+1, 0), min(t.X+tw+n-1, m.W-xw)
	// The box's farthest square is n squares off on each axis: counting
	// squares (chebyshev) n*unit feet, under alternating diagonals (n +
	// n/2)*altUnit (Goal.between). With no least reach and no sight to
	// check, every square of the box is within the band when that is
	// within the reach, and Done need not be asked (TestFreeSquaresAreDone
	// checks this against asking it everywhere)
	far := n * goal.unit
	if goal.alternate {
		far = (n + n/2) * goal.altUnit
	}
	inBand := (goal.chebyshev || goal.alternate) && goal.reachMin <= 0 && !goal.sight && goal.free == nil && far <= goal.reach
	for y := y0; y <= y1; y++ {
		for xx := x0; xx <= x1; xx++ {
			p := grid.Pos{X: xx, Y: y, Z: x.C.Pos.Z}
			if !inBand && !goal.Done(p) {
				continue
			}
			if p == x.C.Pos || f.standable(x, p) {
				dst = append(dst, p)
				if one {
					return dst // one is enough to know there is room
				}
			}
		}
	}
	return dst
}

// standable reports whether x could end a move at p: on the map, no wall,
// nobody else there.
func (f *Fight) standable(x *Fighter, p grid.Pos) bool {
	m := f.Space.Map
	w, h := x.C.Space.Dims()
	if w == 1 && h == 1 {
		// the loops below, and endsFree's, for its one square
		q := grid.Pos{X: p.X, Y: p.Y}
		i := p.Y*m.W + p.X
		return m.Walls.Terrain(q) != grid.Full && (f.Space.occ[i] == 0 || f.endsFreeOn(x, i, q))
	}
	for y := p.Y; y < p.Y+h; y++ {
		for xx := p.X; xx < p.X+w; xx++ {
			if m.Walls.Terrain(grid.Pos{X: xx, Y: y}) == grid.Full {
				return false
			}
		}
	}
	return f.endsFree(x, p)
}

// greedy tries the straight way first: from x's square, each step to the
// neighbour (in fixed order) that brings the estimate down by exactly the
// step's cost, at plain cost (no difficult terrain, no creature passed).
// When every step does so, no path can be cheaper (the estimate is a lower
// bound), so the answer is sure: the path to a free goal square, or, when
// the budget runs out first, the farthest free square along it. Anything
// else (a wall, a creature, rough ground, a goal square taken) leaves the
// answer to the search (sure is false).
func (f *Fight) greedy(x *Fighter, goal *Goal, budget int, pr *stepPrices, s *pathScratch, out []grid.Pos) ([]grid.Pos, int, bool, bool) {
	m := f.Space.Map
	p := x.C.Pos
	// Counting squares toward free squares (chebyshev), the estimate is
	// unit times the squares to the nearest free one, k: a neighbour is a
	// full step nearer (k-1) only through one of the free squares k off,
	// near (any other is more than k off p, so more than k-1 off the
	// neighbour), and near after a step is those of near k-1 off the new
	// square. So greedy asks near (a square or three) instead of the
	// estimate over every free square (TestGreedyNearIsEstimate checks
	// the two ways give the same paths).
	cheb := goal.chebyshev && goal.free != nil && !s.plainGreedy
	var h, k int
	var near []grid.Pos // s.near's squares, kept in place as greedy goes
	if cheb {
		s.near, k = nearest(goal.free, p, s.near[:0])
		near = s.near
		h = k * goal.unit
	} else {
		h = s.estimate(goal, m.W, p)
	}
	diag := x.diagonals
	cost := 0
	// a plain step's cost along a side and across a corner (neighbours
	// lists the four sides first)
	plain := [2]int{f.plainStep(neighbours[0]), f.plainStep(neighbours[4])}
	for steps := 0; steps < m.W+m.H; steps++ {
		// the first neighbour that brings the estimate down by a plain
		// step; on the last step, the first such that is a free place to
		// stop
		pick, pc, pnd := -1, 0, 0 // the pick, its step's cost and diagonal count
		// cand: the neighbours worth asking (bit i for neighbours[i]);
		// counting squares, those k-1 or fewer off a square of near (near
		// first narrowed to its squares k off p, after the step taken)
		cand := uint8(0xff)
		if cheb {
			near, cand = towardKeep(near, p, k)
		}
		for set := cand; set != 0; set &= set - 1 { // the neighbours of cand, in order
			i := bits.TrailingZeros8(set)
			d := neighbours[i]
			q := grid.Pos{X: p.X + d[0], Y: p.Y + d[1], Z: p.Z}
			if !m.Fits(q, x.C.Space) {
				continue
			}
			var hq int
			if cheb {
				// plain[i/4] is the unit: every diagonal is one square
				hq = h - goal.unit
			} else if hq = s.estimate(goal, m.W, q); h-hq != plain[i/4] {
				continue // not a straight step toward the goal
			}
			c, nd, ok := f.cachedStep(s, pr, x, p, q, diag)
			if !ok || c != h-hq {
				continue
			}
			if pick < 0 {
				pick, pc, pnd = i, c, nd
			}
			if hq != 0 {
				break
			}
			// with free squares, done is an estimate of 0
			if (cheb || s.done(goal, m.W, q)) && f.free(s, x, q) {
				pick, pc, pnd = i, c, nd
				break
			}
		}
		if pick < 0 {
			return out, cost, false, false
		}
		d := neighbours[pick]
		q := grid.Pos{X: p.X + d[0], Y: p.Y + d[1], Z: p.Z}
		c, nd := pc, pnd
		if budget >= 0 && cost+c > budget {
			// out of movement: no way gets farther than this one
			if len(out) == 0 || f.free(s, x, p) {
				return out, cost, false, true
			}
			return out, cost, false, false
		}
		cost += c
		diag = nd
		if cheb {
			k--
			p, h = q, h-goal.unit
		} else {
			p, h = q, s.estimate(goal, m.W, q)
		}
		out = append(out, q)
		if cheb && h == 0 || !cheb && s.done(goal, m.W, p) {
			if f.free(s, x, p) {
				return out, cost, true, true
			}
			return out, cost, false, false
		}
	}
	return out, cost, false, false
}

// altCount is gr.Span(dx, dy, 0) in squares under alternating diagonals:
// the longer axis and half the shorter, rounded down, worked out as both
// axes less the shorter's larger half (TestAltCountIsSpan).
func altCount(dx, dy int) int {
	a, b := abs(dx), abs(dy)
	m := min(a, b)
	return a + b - int(uint(m+1)>>1)
}

// nearest appends to dst the squares of free the fewest squares from p
// (each diagonal one square), and returns them with that count.
func nearest(free []grid.Pos, p grid.Pos, dst []grid.Pos) ([]grid.Pos, int) {
	best := 1 << 30
	for _, q := range free {
		d := squaresOff(q, p)
		if d < best {
			best, dst = d, dst[:0]
		}
		if d == best {
			dst = append(dst, q)
		}
	}
	return dst, best
}

// squaresOff is the count of squares between a and b on one level, each
// diagonal one square (the longer axis of the offset).
func squaresOff(a, b grid.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return max(dx, -dx, dy, -dy)
}

// axisSteps is the set of steps s along one axis (bit s+1 for s of -1, 0,
// 1) after which an offset of d along it is at most k: |d-s| <= k, that
// is the steps from max(d-k, -1) to min(d+k, 1).
func axisSteps(d, k int) uint8 {
	lo, hi := max(d-k, -1), min(d+k, 1)
	if lo > hi {
		return 0
	}
	return uint8(1<<(hi+2) - 1<<(lo+1))
}

// towardSets[a][b] is the set of neighbours (bit i for neighbours[i])
// whose step across is in a and step down in b (axisSteps' sets).
var towardSets = func() (t [8][8]uint8) {
	for a := range t {
		for b := range t[a] {
			for i, d := range neighbours {
				if a>>(d[0]+1)&1 != 0 && b>>(d[1]+1)&1 != 0 {
					t[a][b] |= 1 << i
				}
			}
		}
	}
	return t
}()

// towardKeep keeps, in place, the squares of l at most k squares from p
// (each diagonal one square, squaresOff), and returns with them the set of
// neighbours of p (bit i for neighbours[i]) at most k-1 squares from one
// of them, read from towardSets by the two axes' offsets: greedy's
// neighbours worth asking when counting squares (TestTowardKeep and
// TestTowardIsAnyWithin check it against the rule asked square by square).
func towardKeep(l []grid.Pos, p grid.Pos, k int) ([]grid.Pos, uint8) {
	var set uint8
	n := 0
	for _, q := range l {
		dx, dy := q.X-p.X, q.Y-p.Y
		if max(dx, -dx, dy, -dy) <= k {
			l[n] = q
			n++
			set |= towardSets[axisSteps(dx, k-1)&7][axisSteps(dy, k-1)&7]
		}
	}
	return l[:n], set
}

// cachedStep is stepCost within a search: the entry of b read once a
// search, the step priced from the search's prices.
func (f *Fight) cachedStep(s *pathScratch, pr *stepPrices, x *Fighter, a, b grid.Pos, diag int) (int, int, bool) {
	w, dif := f.square(s, x, b)
	if w != canEnter {
		return 0, diag, false
	}
	k := 0
	if b.X != a.X && b.Y != a.Y {
		if pr.corner && grid.CutsCorner(a, b, x.C.Space, f.Space.Map.Walls) {
			return 0, diag, false
		}
		k = 1
		if pr.alt {
			diag++
			if diag%2 == 0 {
				k = 2
			}
		}
	}
	d := 0
	if dif {
		d = 1
	}
	return int(pr.cost[k][d]), diag, true
}

// stepPrices are the prices of x's steps for one search, as priceStep
// works them out: cost[k][d] for an orthogonal step (k 0), a diagonal at
// base cost (1) or, under alternating diagonals, an even diagonal (2),
// on plain (d 0) or difficult (d 1) ground.
type stepPrices struct {
	cost   [3][2]int32
	corner bool // a diagonal may not cut a wall's corner, and there are walls
	alt    bool // alternating diagonals: every second one costs double
}

func (f *Fight) stepPrices(x *Fighter, fl *flags) stepPrices {
	sr := &f.Rules.Space
	u := sr.unit()
	base := [3]int{u, u, u}
	switch sr.Grid.Diagonal {
	case grid.DiagonalAlternate:
		base[2] = 2 * u
	case grid.DiagonalEuclid:
		base[1] = sr.Grid.Span(1, 1, 0)
		base[2] = base[1]
	}
	var p stepPrices
	for d := 0; d < 2; d++ {
		difficult := d == 1 || fl.allDifficult
		extra, mul := fl.moveExtra, 1
		if difficult {
			extra += sr.DifficultExtra
			if sr.DifficultMul > 1 {
				mul = sr.DifficultMul
			}
		}
		for k := range base {
			p.cost[k][d] = int32(base[k] * mul * (1 + extra))
		}
	}
	p.corner = sr.NoCornerCutting && f.Space.Map.Walls.Len() > 0
	p.alt = sr.Grid.Diagonal == grid.DiagonalAlternate
	return p
}

// plainStep is the cost of a step in direction d on open ground with no
// diagonal counted before it (the grid's rule).
func (f *Fight) plainStep(d [2]int) int {
	sr := &f.Rules.Space
	u := sr.unit()
	if d[0] != 0 && d[1] != 0 && sr.Grid.Diagonal == grid.DiagonalEuclid {
		return sr.Grid.Span(1, 1, 0)
	}
	return u
}
