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
	x.Moved, x.diagonals, x.dashed, x.stepped, x.charged, x.walkRead = 0, 0, false, false, false, false
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
	f.effM = f.effects(x, f.effM)
	for _, in := range f.effM {
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
	if c == nil || f.Space == nil || x.Moved > 0 || x.stepped || x.dashed || !f.canAct(x) {
		return nil
	}
	return c
}

// ChargePath returns the straight path along which x can charge t with a
// (the squares after its own), and its cost: the cheapest over the squares
// from which a reaches t, whose straight line from x's square is open,
// costs at least the rule's minimum and at most its multiple of x's speed,
// and reaches t first at its end. ok is false when no charge is possible.
func (f *Fight) ChargePath(x, t *Fighter, a *Attack) (path []grid.Pos, cost int, ok bool) {
	c := f.chargeRule(x)
	if c == nil || a.Ranged {
		return nil, 0, false
	}
	mul := c.Mul
	if f.limited(x) {
		mul = c.PartialMul
	}
	budget := mul * f.speedOf(x)
	if budget <= 0 {
		return nil, 0, false
	}
	m := f.Space.Map
	g := f.Rules.Space.Grid
	reach := a.reachFeet(f.Rules.Space.unit())
	if d := g.Between(x.body(), t.body()) - reach; d > budget || d < c.Min-g.Square {
		return nil, 0, false // too far, or too near to charge
	}
	rs := reach/g.Square + 1
	tw, th := t.C.Space.Dims()
	tb := t.body()
	body := x.body()
	best := -1
	var bestPath []grid.Pos // in f.chargeBuf: valid until the next ChargePath
	fl := f.flagsOf(x)
	prune := g.Square > 0 // the grid's feet are the steps' feet
	line := f.lineBuf[:0]
	defer func() { f.lineBuf = line[:0] }()
	// the end squares no more than reach/unit squares off the target on
	// each axis (farther ones are out of reach: see freeSquares)
	gu := g.Square
	if gu <= 0 {
		gu = 1
	}
	n := reach / min(f.Rules.Space.unit(), gu)
	xw, xh := x.C.Space.Dims()
	tp := t.C.Pos
	y0, y1 := max(tp.Y-rs-th, tp.Y-n-xh+1), min(tp.Y+th+rs, tp.Y+th+n-1)
	x0, x1 := max(tp.X-rs-tw, tp.X-n-xw+1), min(tp.X+tw+rs, tp.X+tw+n-1)
	for y := y0; y <= y1; y++ {
		for xx := x0; xx <= x1; xx++ {
			e := grid.Pos{X: xx, Y: y, Z: x.C.Pos.Z}
			if e == x.C.Pos || !m.Fits(e, x.C.Space) {
				continue
			}
			if prune {
				// a way's cost is at least the distance (difficult ground,
				// crawling and the second diagonals only add): a square
				// farther than the budget or than the best so far is no
				// better
				if d := g.Distance(x.C.Pos, e); d > budget || best >= 0 && d >= best {
					continue
				}
			}
			// The line's last square but one, when it reaches t, stops
			// the charge there (the walk below would find it so): most
			// end squares fail this way, told first (each test here only
			// turns a square down, so their order changes nothing).
			if p, ok := beforeLast(x.C.Pos, e); ok {
				body.Pos = p
				if d := g.Between(body, tb); d <= reach && d >= a.ReachMin {
					continue
				}
			}
			body.Pos = e
			if d := g.Between(body, tb); d > reach || d < a.ReachMin {
				continue
			}
			if !f.endsFree(x, e) {
				continue
			}
			line = straight(x.C.Pos, e, line[:0])
			total, diag, open := 0, x.diagonals, true
			from := x.C.Pos
			for i, p := range line {
				if i < len(line)-1 {
					body.Pos = p
					if d := g.Between(body, tb); d <= reach && d >= a.ReachMin {
						open = false // it would stop here first
						break
					}
				}
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
				bestPath = append(f.chargeBuf[:0], line...)
				f.chargeBuf = bestPath
			}
		}
	}
	if best < 0 {
		return nil, 0, false
	}
	return bestPath, best, true
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

// beforeLast is the square of straight(a, b) before b, if the line has
// more than one square.
func beforeLast(a, b grid.Pos) (grid.Pos, bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := max(abs(dx), abs(dy))
	if n < 2 {
		return grid.Pos{}, false
	}
	return grid.Pos{X: a.X + roundDiv(dx*(n-1), n), Y: a.Y + roundDiv(dy*(n-1), n), Z: a.Z}, true
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
		if g.Between(yb, tb) > rm.Within || !g.Threatens(yb, tb) || !g.Threatens(tb, yb) {
			continue
		}
		if rm.NeedsAble && (!f.canAct(y) || !f.canAct(t)) {
			continue
		}
		return y
	}
	return nil
}
