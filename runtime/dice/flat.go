package dice

// flatTerm is one term of a flat sum: a constant (count 0, not dice) or
// count plain dice with faces lo..hi, added or subtracted.
type flatTerm struct {
	dice   bool
	neg    bool
	count  int64
	lo, hi int64
	val    int64
}

// flatSum is an expression that is a left-to-right sum of flat terms, such
// as 1d8+3 or 2d6+1d4-1: Total rolls it term by term, drawing the dice in
// the order the tree walk draws them, with the same checks, and without
// the walk. n == 0: the expression is not one.
type flatSum struct {
	n     int
	terms [4]flatTerm
	// one: one die and at most a constant after it (1d8+3), which total
	// rolls without its loops
	one bool
}

// Bounds under which a flat sum cannot overflow: at most 4 terms of at
// most 64 dice of at most 2^31 faces, constants within ±2^40.
const (
	flatMaxCount = 64
	flatMaxFaces = 1 << 31
	flatMaxConst = 1 << 40
)

// flatten returns root as a flat sum, or one with n == 0 when it is not a
// chain of + and - over constants and plain dice terms of constant count
// and faces (at least one face) within the bounds above.
func flatten(root *Node) flatSum {
	var f flatSum
	if !f.add(root, false) {
		return flatSum{}
	}
	t := &f.terms
	f.one = t[0].dice && t[0].count == 1 && (f.n == 1 || f.n == 2 && !t[1].dice)
	return f
}

func (f *flatSum) add(n *Node, neg bool) bool {
	if n == nil {
		return false
	}
	switch n.Op {
	case OpAdd, OpSub:
		if neg {
			return false // only the right operand of a chain is negated
		}
		return f.add(n.L, false) && f.add(n.R, n.Op == OpSub)
	case OpNum:
		if n.Val > flatMaxConst || n.Val < -flatMaxConst {
			return false
		}
		return f.push(flatTerm{neg: neg, val: n.Val})
	case OpDice:
		t := n.Dice
		if t == nil || t.Count == nil || t.Count.Op != OpNum || !t.Mods.plain() {
			return false
		}
		c := t.Count.Val
		if c < 0 || c > flatMaxCount {
			return false
		}
		var lo, hi int64
		switch t.Kind {
		case Percent:
			lo, hi = 1, 100
		case Fudge:
			lo, hi = -1, 1
		case Standard:
			if t.Sides == nil || t.Sides.Op != OpNum || t.Sides.Val < 1 || t.Sides.Val > flatMaxFaces {
				return false
			}
			lo, hi = 1, t.Sides.Val
		default:
			return false
		}
		return f.push(flatTerm{dice: true, neg: neg, count: c, lo: lo, hi: hi})
	}
	return false
}

func (f *flatSum) push(t flatTerm) bool {
	if f.n == len(f.terms) {
		return false
	}
	f.terms[f.n] = t
	f.n++
	return true
}

// total rolls the flat sum as eval would: each dice term checks the dice
// budget before its dice, then draws them one by one.
func (ev *evaluator) total(f *flatSum) (int64, error) {
	if f.one && ev.dice == 0 {
		// the loops below for one die (the first term is never negated)
		// and a constant: one die passes the budget check of its term
		// whatever the budget, at the first draw
		d, err := ev.draw(f.terms[0].lo, f.terms[0].hi)
		if err != nil || f.n == 1 {
			return d, err
		}
		if c := &f.terms[1]; c.neg {
			return d - c.val, nil
		}
		return d + f.terms[1].val, nil
	}
	var total int64
	for i := 0; i < f.n; i++ {
		t := &f.terms[i]
		v := t.val
		if t.dice {
			if ev.b.MaxDice > 0 && t.count > int64(ev.b.MaxDice-ev.dice) {
				return 0, budgetDice(*ev.b)
			}
			v = 0
			for k := int64(0); k < t.count; k++ {
				d, err := ev.draw(t.lo, t.hi)
				if err != nil {
					return 0, err
				}
				v += d
			}
		}
		if t.neg {
			total -= v
		} else {
			total += v
		}
	}
	return total, nil
}
