package fight

import (
	"github.com/dndsh/dndsh/runtime/grid"
)

// pathScratch is the reusable memory of the path finder: per state (a
// square, and the parity of diagonal steps under alternating diagonals) its
// cost, parent and the search it belongs to.
type pathScratch struct {
	gen    uint32
	stamp  []uint32
	cost   []int32
	parent []int32
	heap   []node
	out    []grid.Pos
}

type node struct {
	f, g  int32
	state int32
}

func (s *pathScratch) ensure(n int) {
	if len(s.stamp) < n {
		s.stamp = make([]uint32, n)
		s.cost = make([]int32, n)
		s.parent = make([]int32, n)
	}
	s.gen++
	if s.gen == 0 { // wrapped: forget every old search
		clear(s.stamp)
		s.gen = 1
	}
}

func (s *pathScratch) push(n node) {
	h := append(s.heap, n)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !less(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	s.heap = h
}

func (s *pathScratch) pop() node {
	h := s.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && less(h[l], h[m]) {
			m = l
		}
		if r < len(h) && less(h[r], h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	s.heap = h
	return top
}

// less orders the open list: lowest estimate, then highest cost so far
// (deeper first), then the lowest state, so searches are deterministic.
func less(a, b node) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.state < b.state
}

// neighbours in a fixed order: the four sides, then the four corners.
var neighbours = [8][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}}

// Goal is what a path finder looks for: Done says a square is a place to
// stop, Estimate is a lower bound of the feet left from a square (0 where
// Done).
type Goal struct {
	Done     func(p grid.Pos) bool
	Estimate func(p grid.Pos) int
}

// PathTo finds x's cheapest path, as Move prices it, to a square where the
// goal is done and x may end its move, spending at most budget feet
// (negative: no limit). When no such square is within budget it returns
// the path to the square, within budget, with the least estimate left (the
// closest x can get), and false. The path excludes x's own square; it is
// valid until the next call.
func (f *Fight) PathTo(x *Fighter, goal Goal, budget int) ([]grid.Pos, int, bool) {
	sp := f.Space
	if sp == nil {
		return nil, 0, false
	}
	m := sp.Map
	alt := f.Rules.Space.Grid.Diagonal == grid.DiagonalAlternate
	states := m.W * m.H
	if alt {
		states *= 2
	}
	s := &sp.path
	s.ensure(states)
	s.heap = s.heap[:0]
	fl := f.flagsOf(x)
	enc := func(p grid.Pos, diag int) int32 {
		i := int32(p.Y*m.W + p.X)
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
	s0 := enc(start, x.diagonals)
	s.stamp[s0], s.cost[s0], s.parent[s0] = s.gen, 0, -1
	h0 := goal.Estimate(start)
	s.push(node{f: int32(h0), g: 0, state: s0})
	best, bestH, bestG := int32(-1), h0, int32(0)
	if goal.Done(start) {
		return s.out[:0], 0, true
	}
	found := int32(-1)
	for len(s.heap) > 0 {
		n := s.pop()
		if n.g > s.cost[n.state] {
			continue // a stale entry
		}
		p, diag := dec(n.state)
		if n.state != s0 && f.endsFree(x, p) {
			if goal.Done(p) {
				found = n.state
				break
			}
			if h := goal.Estimate(p); h < bestH || (h == bestH && n.g < bestG) {
				best, bestH, bestG = n.state, h, n.g
			}
		}
		for _, d := range neighbours {
			q := grid.Pos{X: p.X + d[0], Y: p.Y + d[1], Z: p.Z}
			if !m.Fits(q, x.C.Space) {
				continue
			}
			c, nd, ok := f.stepCost(x, p, q, diag, &fl)
			if !ok {
				continue
			}
			g := n.g + int32(c)
			if budget >= 0 && int(g) > budget {
				continue
			}
			st := enc(q, nd)
			if s.stamp[st] == s.gen && s.cost[st] <= g {
				continue
			}
			s.stamp[st], s.cost[st], s.parent[st] = s.gen, g, n.state
			s.push(node{f: g + int32(goal.Estimate(q)), g: g, state: st})
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
	for st := end; st != s0 && st >= 0; st = s.parent[st] {
		p, _ := dec(st)
		out = append(out, p)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	s.out = out
	return out, int(s.cost[end]), ok
}

// ReachGoal is the goal of standing where attack a of x reaches t (any
// square, when a is nil, from which x's best melee attack reaches).
func (f *Fight) ReachGoal(x, t *Fighter, a *Attack) Goal {
	sr := &f.Rules.Space
	g := sr.Grid
	reach, reachMin := 0, 0
	if a != nil {
		if a.Ranged {
			if len(a.Range) > 0 && !sr.Range.Increments {
				reach = a.Range[0]
			} else if len(a.Range) > 0 {
				reach = a.Range[0] // the first increment
			} else {
				reach = 1 << 20
			}
		} else {
			reach, reachMin = a.Reach, a.ReachMin
			if reach <= 0 {
				reach = sr.unit()
			}
		}
	} else {
		reach, reachMin = x.reach, x.reachMin
	}
	tb := t.body()
	body := x.body()
	return Goal{
		Done: func(p grid.Pos) bool {
			body.Pos = p
			d := g.Between(body, tb)
			if d > reach || d < reachMin {
				return false
			}
			if a != nil && a.Ranged && f.Space.Map.Walls.Len() > 0 {
				return f.Space.Map.Walls.LineOfSight(body, tb)
			}
			return true
		},
		Estimate: func(p grid.Pos) int {
			body.Pos = p
			d := g.Between(body, tb) - reach
			if d < 0 {
				return 0
			}
			return d
		},
	}
}

// AwayGoal is the goal of getting as far as possible from the enemies of
// x: it is never done, and the estimate falls as the nearest enemy gets
// farther (PathTo then returns the farthest square it can afford).
func (f *Fight) AwayGoal(x *Fighter) Goal {
	g := f.Rules.Space.Grid
	body := x.body()
	return Goal{
		Done: func(grid.Pos) bool { return false },
		Estimate: func(p grid.Pos) int {
			body.Pos = p
			near := 1 << 20
			for _, y := range f.Fighters {
				if y.Out || y.Side == x.Side {
					continue
				}
				if d := g.Between(body, y.body()); d < near {
					near = d
				}
			}
			return max(0, 1<<20-near)
		},
	}
}
