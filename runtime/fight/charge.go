package fight

import (
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/grid"
)

// The turn's movement rules beyond the plain move: the free step, the
// partial-action limit and the charge (TurnRule).

// reachFeet is a melee attack's reach in feet: its Reach, one square when
// it gives none, 0 with NoReach.
func (a *Attack) reachFeet(unit int) int {
	switch {
	case a.NoReach:
		return 0
	case a.Reach <= 0:
		return unit
	}
	return a.Reach
}

// sharesSpace reports whether x may end its move in o's space: a tiny
// creature under rules that let it (TinyEnds).
func (f *Fight) sharesSpace(x, o *Fighter) bool {
	sr := &f.Rules.Space
	return sr.TinyEnds && sr.PassTiny != "" && x.C.Size.Name == sr.PassTiny && o != x
}

// newTurn clears what x did with its movement last turn.
func (x *Fighter) newTurn() {
	x.Moved, x.diagonals, x.dashes, x.stepped, x.charged, x.walkRead = 0, 0, 0, false, false, false
}

// startConditions gives x the rules' start conditions (flat-footed until it
// first acts) and the conditions of its hit points.
func (f *Fight) startConditions(x *Fighter) error {
	for _, name := range f.Rules.StartConditions {
		if _, err := x.C.AddCondition(creature.Condition{Name: name, Source: "start"}, creature.CondSpec{}); err != nil {
			return err
		}
	}
	if r := &f.Rules.HP; len(r.States) > 0 || r.NonlethalEqual != "" {
		return f.syncStates(x, true) // a creature that starts at 0 hp is disabled
	}
	return nil
}

// conditionWhere returns the name of x's first condition whose effect
// passes test, or "".
func (f *Fight) conditionWhere(x *Fighter, test func(*CondEffect) bool) string {
	for _, in := range f.effectsNow(x) {
		if test(in.ef) {
			return in.ef.Name
		}
	}
	return ""
}

// limited reports whether x takes only a partial action this turn: a
// condition says so, or it is the surprise round and the rules limit it.
func (f *Fight) limited(x *Fighter) bool {
	if f.Rules.Space.Turn.SurprisePartial && f.enc != nil && f.enc.InSurprise() {
		return true
	}
	return f.flagsOf(x).partial
}

// moveOpts are the options of x's own move of cost feet out of left: a
// free step when the rules have one, x has not moved this turn and the
// move is short enough (it provokes nothing, and x moves no farther).
func (f *Fight) moveOpts(x *Fighter, cost, left int) MoveOpts {
	o := MoveOpts{Budget: left}
	if fs := f.Rules.Space.Turn.FreeStep; fs > 0 && x.Moved == 0 && cost <= fs {
		o.NoProvoke = true
		x.stepped = true
	}
	return o
}

// chargeRule returns the charge x may make now, or nil.
func (f *Fight) chargeRule(x *Fighter) *ChargeRule {
	c := f.Rules.Space.Turn.Charge
	if c == nil || f.Space == nil || x.Moved > 0 || x.stepped || x.dashes > 0 || !f.canAct(x) {
		return nil
	}
	return c
}

// chargeBudget is x's charge rule, what a charge of x at t with a may
// spend (feet) and a's reach; ok is false when x cannot charge t with a at
// all: no charge rule, a ranged attack, no movement, t too far or too near.
func (f *Fight) chargeBudget(x, t *Fighter, a *Attack) (c *ChargeRule, budget, reach int, ok bool) {
	c = f.chargeRule(x)
	if c == nil || a.Ranged {
		return nil, 0, 0, false
	}
	mul := c.Mul
	if f.limited(x) {
		mul = c.PartialMul
	}
	budget = mul * f.speedOf(x)
	if budget <= 0 {
		return nil, 0, 0, false
	}
	g := f.Rules.Space.Grid
	reach = a.reachFeet(f.Rules.Space.unit())
	if d := g.BetweenOf(&x.C.Pos, &x.C.Space, &t.C.Pos, &t.C.Space) - reach; d > budget || d < c.Min-g.Square {
		return nil, 0, 0, false // too far, or too near to charge
	}
	return c, budget, reach, true
}

// ChargePath returns the straight path along which x can charge t with a
// (the squares after its own), and its cost: the cheapest over the squares
// from which a reaches t, whose straight line from x's square is open,
// costs at least the rule's minimum and at most its multiple of x's speed,
// and reaches t first at its end. ok is false when no charge is possible.
func (f *Fight) ChargePath(x, t *Fighter, a *Attack) (path []grid.Pos, cost int, ok bool) {
	c, budget, reach, ok := f.chargeBudget(x, t, a)
	if !ok {
		return nil, 0, false
	}
	m := f.Space.Map
	g := f.Rules.Space.Grid
	best := -1
	var bestPath []grid.Pos // in f.chargeBuf: valid until the next ChargePath
	fl := f.flagsOf(x)
	prune := g.Square > 0 // the grid's feet are the steps' feet
	xp := x.C.Pos
	tp := t.C.Pos
	ends := f.chargeEnds(chargeKey{sq: g.Square, diag: int(g.Diagonal), unit: f.Rules.Space.unit(), off: grid.Pos{X: tp.X - xp.X, Y: tp.Y - xp.Y, Z: tp.Z - xp.Z},
		xs: footKey(x.C.Space), ts: footKey(t.C.Space), reach: reach, reachMin: a.ReachMin})
	for i := range ends {
		ce := &ends[i]
		e := grid.Pos{X: xp.X + ce.end.X, Y: xp.Y + ce.end.Y, Z: xp.Z}
		if !m.Fits(e, x.C.Space) {
			continue
		}
		// a way's cost is at least the distance (difficult ground,
		// crawling and the second diagonals only add): a square farther
		// than the budget or than the best so far is no better
		if prune && (ce.dist > budget || best >= 0 && ce.dist >= best) {
			continue
		}
		if !f.endsFree(x, e) {
			continue
		}
		total, diag, open := 0, x.diagonals, true
		from := xp
		for _, r := range ce.line {
			p := grid.Pos{X: xp.X + r.X, Y: xp.Y + r.Y, Z: xp.Z}
			cst, nd, ok := f.stepCost(x, from, p, diag, &fl)
			if !ok {
				open = false
				break
			}
			total += cst
			diag = nd
			from = p
		}
		if !open || total < c.Min || total > budget {
			continue
		}
		if best < 0 || total < best {
			best = total
			bestPath = f.chargeBuf[:0]
			for _, r := range ce.line {
				bestPath = append(bestPath, grid.Pos{X: xp.X + r.X, Y: xp.Y + r.Y, Z: xp.Z})
			}
			f.chargeBuf = bestPath
		}
	}
	if best < 0 {
		return nil, 0, false
	}
	return bestPath, best, true
}

// chargeKey is what the geometry of a charge depends on (chargeEnds): the
// grid, where the target stands from the charger (off), their footprints
// and the attack's reach band. Its fields are all ints, with no padding
// between them, so that the map hashes the key's memory at once rather
// than field by field (a Footprint's bool, a Grid's Diagonal).
type chargeKey struct {
	sq, diag        int // the grid's Square and Diagonal
	unit            int
	off             grid.Pos
	xs, ts          footprintKey
	reach, reachMin int
}

// footprintKey is a grid.Footprint in ints (chargeKey).
type footprintKey struct{ w, h, shared int }

func footKey(fp grid.Footprint) footprintKey {
	k := footprintKey{w: fp.W, h: fp.H}
	if fp.Shared {
		k.shared = 1
	}
	return k
}

// footprint is the grid.Footprint of k.
func (k footprintKey) footprint() grid.Footprint {
	return grid.Footprint{W: k.w, H: k.h, Shared: k.shared != 0}
}

// chargeEnd is an end square of a charge, from the charger's square
// (taken as the origin), its grid distance and its straight line (the
// squares after the origin, ending with it).
type chargeEnd struct {
	end  grid.Pos
	dist int
	line []grid.Pos
}

// chargeEnds returns, in row order, the end squares that the geometry
// alone leaves a charge of k: from which the attack reaches the target,
// whose line reaches it nowhere before (a charge would stop there), other
// than the charger's own. What the map and the creatures on it say (the
// edges, a square to end in, the way, its cost) is ChargePath's to ask.
// They are worked out once a fight for each k.
func (f *Fight) chargeEnds(k chargeKey) []chargeEnd {
	// a few answers at hand, by where the target stands, before the map
	slot := &f.chargeNear[uint(k.off.X*7+k.off.Y)%uint(len(f.chargeNear))]
	if slot.ok && slot.k == k {
		return slot.ends
	}
	if ends, ok := f.chargeGeo[k]; ok {
		*slot = chargeSlot{k: k, ends: ends, ok: true}
		return ends
	}
	if f.chargeGeo == nil {
		f.chargeGeo = map[chargeKey][]chargeEnd{}
	}
	ends := chargeGeometry(k)
	f.chargeGeo[k] = ends
	*slot = chargeSlot{k: k, ends: ends, ok: true}
	return ends
}

// chargeSlot is one of chargeEnds' answers kept at hand.
type chargeSlot struct {
	k    chargeKey
	ends []chargeEnd
	ok   bool
}

// chargeGeometry works out chargeEnds for k.
func chargeGeometry(k chargeKey) []chargeEnd {
	g := grid.Grid{Square: k.sq, Diagonal: grid.Diagonal(k.diag)}
	xs, ts := k.xs.footprint(), k.ts.footprint()
	rs := k.reach/g.Square + 1
	tw, th := ts.Dims()
	xw, xh := xs.Dims()
	tb := grid.Body{Pos: k.off, Space: ts}
	body := grid.Body{Space: xs}
	reaches := func(p grid.Pos) bool {
		body.Pos = p
		d := g.Between(body, tb)
		return d <= k.reach && d >= k.reachMin
	}
	// the end squares no more than reach/unit squares off the target on
	// each axis (farther ones are out of reach: see freeSquares)
	n := k.reach / min(k.unit, max(g.Square, 1))
	tp := k.off
	y0, y1 := max(tp.Y-rs-th, tp.Y-n-xh+1), min(tp.Y+th+rs, tp.Y+th+n-1)
	x0, x1 := max(tp.X-rs-tw, tp.X-n-xw+1), min(tp.X+tw+rs, tp.X+tw+n-1)
	var ends []chargeEnd
	for y := y0; y <= y1; y++ {
		for xx := x0; xx <= x1; xx++ {
			e := grid.Pos{X: xx, Y: y}
			if e == (grid.Pos{}) || !reaches(e) {
				continue
			}
			line := straight(grid.Pos{}, e, nil)
			open := true
			for _, p := range line[:len(line)-1] {
				if reaches(p) {
					open = false // it would stop here first
					break
				}
			}
			if open {
				ends = append(ends, chargeEnd{end: e, dist: g.Distance(grid.Pos{}, e), line: line})
			}
		}
	}
	return ends
}

// straight appends to dst the squares of the straight line from a to b
// (after a, ending with b), each a neighbour of the last.
func straight(a, b grid.Pos, dst []grid.Pos) []grid.Pos {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := max(abs(dx), abs(dy))
	for i := 1; i <= n; i++ {
		// round half away from zero, so the line is symmetric
		dst = append(dst, grid.Pos{X: a.X + roundDiv(dx*i, n), Y: a.Y + roundDiv(dy*i, n), Z: a.Z})
	}
	return dst
}

func roundDiv(p, q int) int {
	if p >= 0 {
		return (2*p + q) / (2 * q)
	}
	return -((-2*p + q) / (2 * q))
}

// Charge moves x along its charge path to t and marks the charge (its
// condition, and the attack bonus of its one attack); it reports whether x
// charged and still stands where a reaches t.
func (f *Fight) Charge(x, t *Fighter, a *Attack) (bool, error) {
	path, _, ok := f.ChargePath(x, t, a)
	if !ok {
		return false, nil
	}
	c := f.Rules.Space.Turn.Charge
	if f.Trace != nil {
		f.trace("%s charges %s", x.ID, t.ID)
	}
	if _, err := f.Move(x, path, MoveOpts{Budget: -1}); err != nil {
		return false, err
	}
	x.charged = true
	if c.Condition != "" {
		if err := f.hold(x, c.Condition, true); err != nil {
			return false, err
		}
	}
	return !x.Out && f.Reaches(x, t, a), nil
}

// chargeBonus is the to-hit bonus of x's attack this turn from a charge.
func (f *Fight) chargeBonus(x *Fighter) int {
	if x.charged && f.Rules.Space.Turn.Charge != nil {
		return f.Rules.Space.Turn.Charge.AttackMod
	}
	return 0
}

// engagedAlly returns an ally of x engaged in melee with t (each threatens
// the other) within the ranged-in-melee distance of t, when the rules'
// InMeleeRule is about targets; nil when there is none or x ignores the
// rule.
func (f *Fight) engagedAlly(x, t *Fighter) *Fighter {
	rm := &f.Rules.Space.RangedInMelee
	if rm.UnlessTag != "" && x.C.HasTag(rm.UnlessTag) {
		return nil
	}
	g := f.Rules.Space.Grid
	tb := t.body()
	for _, y := range f.Fighters {
		if y == x || y.Out || y.Side != x.Side {
			continue
		}
		yb := y.body()
		if g.Between(yb, tb) > rm.Within || !g.Threatens(yb, tb) || !g.Threatens(tb, yb) || !f.threatening(y) || !f.threatening(t) {
			continue
		}
		if rm.NeedsAble && (!f.canAct(y) || !f.canAct(t)) {
			continue
		}
		return y
	}
	return nil
}
