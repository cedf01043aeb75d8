package prob

import (
	"fmt"
	"math"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
)

func ruleErr(format string, args ...any) error {
	return &errs.Error{Kind: errs.Rule, Layer: "prob", Msg: fmt.Sprintf(format, args...)}
}

func (c *calc) node(n *dice.Node) (*Dist, error) {
	switch n.Op {
	case dice.OpNum:
		return point(n.Val), nil
	case dice.OpDice:
		return c.diceTerm(n)
	case dice.OpGroup:
		return c.group(n)
	case dice.OpNeg:
		a, err := c.node(n.L)
		if err != nil {
			return nil, err
		}
		return neg(a), nil
	case dice.OpCall:
		return c.call(n)
	}
	a, err := c.node(n.L)
	if err != nil {
		return nil, err
	}
	b, err := c.node(n.R)
	if err != nil {
		return nil, err
	}
	switch n.Op {
	case dice.OpAdd:
		return c.add(a, b)
	case dice.OpSub:
		return c.add(a, neg(b))
	case dice.OpMul:
		return c.pairwise(a, b, func(x, y int64) (int64, error) { return x * y, nil })
	case dice.OpDiv, dice.OpMod:
		op := n.Op
		return c.pairwise(a, b, func(x, y int64) (int64, error) {
			if y == 0 {
				return 0, ruleErr("division by zero is possible in %s", dice.Format(n))
			}
			if op == dice.OpDiv {
				return dice.FloorDiv(x, y), nil
			}
			return dice.FloorMod(x, y), nil
		})
	case dice.OpCmp:
		cmp := n.Cmp
		return c.pairwise(a, b, func(x, y int64) (int64, error) {
			if cmp.Test(x, y) {
				return 1, nil
			}
			return 0, nil
		})
	}
	return nil, ruleErr("unknown node in %s", dice.Format(n))
}

func (c *calc) call(n *dice.Node) (*Dist, error) {
	if (n.Fn == dice.FnFloor || n.Fn == dice.FnCeil || n.Fn == dice.FnRound) && n.Args[0].Op == dice.OpDiv && n.Args[0].Label == "" {
		a, err := c.node(n.Args[0].L)
		if err != nil {
			return nil, err
		}
		b, err := c.node(n.Args[0].R)
		if err != nil {
			return nil, err
		}
		fn := n.Fn
		return c.pairwise(a, b, func(x, y int64) (int64, error) {
			if y == 0 {
				return 0, ruleErr("division by zero is possible in %s", dice.Format(n))
			}
			q, ok := dice.RoundDiv(fn, x, y)
			if !ok {
				return 0, ruleErr("integer overflow is possible in %s", dice.Format(n))
			}
			return q, nil
		})
	}
	acc, err := c.node(n.Args[0])
	if err != nil {
		return nil, err
	}
	switch n.Fn {
	case dice.FnAbs:
		return c.mapDist(acc, func(v int64) int64 {
			if v < 0 {
				return -v
			}
			return v
		})
	case dice.FnMin, dice.FnMax:
		for _, a := range n.Args[1:] {
			b, err := c.node(a)
			if err != nil {
				return nil, err
			}
			isMin := n.Fn == dice.FnMin
			if acc, err = c.pairwise(acc, b, func(x, y int64) (int64, error) {
				if (x < y) == isMin {
					return x, nil
				}
				return y, nil
			}); err != nil {
				return nil, err
			}
		}
	}
	return acc, nil
}

// diceTerm mixes the term's distribution over its (possibly random) count
// and sides.
func (c *calc) diceTerm(n *dice.Node) (*Dist, error) {
	t := n.Dice
	counts, err := c.node(t.Count)
	if err != nil {
		return nil, err
	}
	var sides *Dist
	switch t.Kind {
	case dice.Percent, dice.Fudge:
		sides = point(0)
	default:
		if sides, err = c.node(t.Sides); err != nil {
			return nil, err
		}
	}
	var ws []float64
	var ds []*Dist
	for i, pc := range counts.P {
		if pc == 0 {
			continue
		}
		cnt := counts.Min + int64(i)
		for j, ps := range sides.P {
			if ps == 0 {
				continue
			}
			s := sides.Min + int64(j)
			lo, hi := int64(1), s
			switch t.Kind {
			case dice.Percent:
				lo, hi = 1, 100
			case dice.Fudge:
				lo, hi = -1, 1
			default:
				if s < 1 {
					return nil, ruleErr("a die with %d faces is possible in %s", s, dice.Format(n))
				}
			}
			if cnt < 0 {
				return nil, ruleErr("a negative dice count is possible in %s", dice.Format(n))
			}
			d, err := c.fixedTerm(&t.Mods, cnt, lo, hi)
			if err != nil {
				return nil, err
			}
			ws = append(ws, pc*ps)
			ds = append(ds, d)
		}
	}
	if len(ds) == 1 {
		out := *ds[0]
		out.Leftover = 1 - (1-out.Leftover)*(1-counts.Leftover)*(1-sides.Leftover)
		return &out, nil
	}
	out, err := c.mix(ws, ds)
	if err != nil {
		return nil, err
	}
	out.Leftover = 1 - (1-out.Leftover)*(1-counts.Leftover)*(1-sides.Leftover)
	return out, nil
}

// faceDist is the distribution of one drawn face after the reroll rule,
// with the probability that the reroll chain breaks the depth budget.
func (c *calc) faceDist(m *dice.Mods, lo, hi int64) (*Dist, error) {
	if err := c.check(hi - lo + 1); err != nil {
		return nil, err
	}
	if err := c.spend(hi - lo + 1); err != nil {
		return nil, err
	}
	u := uniform(lo, hi)
	if len(m.Reroll) == 0 {
		return u, nil
	}
	match := func(f int64) bool {
		for _, cp := range m.Reroll {
			if cp.Op == dice.CmpNone {
				if f == lo {
					return true
				}
			} else if cp.Match(f) {
				return true
			}
		}
		return false
	}
	q := 0.0
	for i := range u.P {
		if match(lo + int64(i)) {
			q += u.P[i]
		}
	}
	out := &Dist{Min: lo, P: make([]float64, len(u.P))}
	if m.RerollOnce {
		for i, p := range u.P {
			if !match(lo + int64(i)) {
				out.P[i] += p
			}
			out.P[i] += q * p
		}
		return out, nil
	}
	// Reroll while matching, at most depth times: a face is kept when it
	// does not match, on any of the depth+1 draws.
	geo := 0.0 // 1 + q + ... + q^depth
	qk := 1.0
	for k := 0; k <= c.depth; k++ {
		geo += qk
		qk *= q
	}
	for i, p := range u.P {
		if !match(lo + int64(i)) {
			out.P[i] = p * geo
		}
	}
	out.Leftover = qk // q^(depth+1): every draw matched
	return out, nil
}

// fixedTerm is the distribution of cnt dice lo..hi with the modifiers.
func (c *calc) fixedTerm(m *dice.Mods, cnt, lo, hi int64) (*Dist, error) {
	if cnt == 0 {
		return point(0), nil
	}
	face, err := c.faceDist(m, lo, hi)
	if err != nil {
		return nil, err
	}
	clamp := func(f int64) int64 {
		if m.HasMin && f < m.Min {
			f = m.Min
		}
		if m.HasMax && f > m.Max {
			f = m.Max
		}
		return f
	}
	counting := m.Counting()
	contrib := func(v int64) int64 {
		if !counting {
			return v
		}
		var s int64
		if m.Success.Op != dice.CmpNone && m.Success.Match(v) {
			s++
		}
		if m.Failure.Op != dice.CmpNone && m.Failure.Match(v) {
			s--
		}
		return s
	}
	var explodes func(int64) bool
	if m.Explode != dice.ExplodeNone {
		cp := m.ExplodeCP
		if cp.Op == dice.CmpNone {
			cp = dice.CP{Op: dice.CmpEq, V: hi}
		}
		explodes = cp.Match
	}
	switch {
	case m.Explode == dice.ExplodeNone:
		// One die: contribution of its clamped face.
		die, err := c.mapDist(face, func(f int64) int64 { return contrib(clamp(f)) })
		if err != nil {
			return nil, err
		}
		die.Leftover = face.Leftover
		return c.iid(die, cnt, m)
	case m.Explode == dice.ExplodeCompound:
		// One die's value is the sum of its chain, clamped as a whole;
		// counting and keeping see that value.
		chain, err := c.chain(face, explodes, func(f int64, extra bool) int64 { return f }, true)
		if err != nil {
			return nil, err
		}
		die, err := c.mapDist(chain, func(v int64) int64 { return contrib(clamp(v)) })
		if err != nil {
			return nil, err
		}
		die.Leftover = chain.Leftover
		return c.iid(die, cnt, m)
	default:
		// ! and !p: extra dice join the pool. Sums and counts add per chain;
		// keeping over a pool of random size is left to Monte Carlo.
		if m.Keep != dice.KeepNone {
			return nil, errTooBig
		}
		pen := m.Explode == dice.ExplodePenetrate
		// Each die of the pool is clamped on its own, after the -1 of a
		// penetrating extra die.
		chain, err := c.chain(face, explodes, func(f int64, extra bool) int64 {
			v := f
			if extra && pen {
				v--
			}
			return contrib(clamp(v))
		}, false)
		if err != nil {
			return nil, err
		}
		return c.power(chain, cnt)
	}
}

// chain is the distribution of the sum of value(face) over an explosion
// chain: a first draw, then while the face explodes, another draw. It is
// truncated at the depth budget (that mass is Leftover) or where the
// remaining mass falls below 1e-18.
func (c *calc) chain(face *Dist, explodes func(int64) bool, value func(int64, bool) int64, _ bool) (*Dist, error) {
	// split one draw into its stopping and exploding parts, by value.
	split := func(extra bool) (stop, goOn *Dist, pGo float64, err error) {
		sa, ga := newAccum(), newAccum()
		for i, p := range face.P {
			if p == 0 {
				continue
			}
			f := face.Min + int64(i)
			if explodes(f) {
				ga.put(value(f, extra), p)
				pGo += p
			} else {
				sa.put(value(f, extra), p)
			}
		}
		if stop, err = sa.dist(c); err != nil {
			return
		}
		goOn, err = ga.dist(c)
		return
	}
	stop0, go0, p0, err := split(false)
	if err != nil {
		return nil, err
	}
	if p0 == 0 {
		stop0.Leftover = face.Leftover
		return stop0, nil
	}
	stopX, goX, pX, err := split(true)
	if err != nil {
		return nil, err
	}
	// total = stop0 + go0 * (E), E = stopX + goX * E, unrolled to the depth.
	acc := stop0
	prefix := go0 // distribution (unnormalised) of the sum so far, chains still exploding
	mass := p0
	for k := 1; k <= c.depth; k++ {
		part, err := c.add(prefix, stopX)
		if err != nil {
			return nil, err
		}
		if acc, err = addInto(c, acc, part); err != nil {
			return nil, err
		}
		if prefix, err = c.add(prefix, goX); err != nil {
			return nil, err
		}
		mass *= pX
		if mass < 1e-18 {
			break
		}
	}
	acc.Leftover = mass + face.Leftover
	return acc, nil
}

// addInto returns a + b pointwise (a mixture with weights already applied).
func addInto(c *calc, a, b *Dist) (*Dist, error) {
	if len(a.P) == 0 {
		return b, nil
	}
	if len(b.P) == 0 {
		return a, nil
	}
	lo := min(a.Min, b.Min)
	hi := max(a.Max(), b.Max())
	if err := c.check(hi - lo + 1); err != nil {
		return nil, err
	}
	out := &Dist{Min: lo, P: make([]float64, hi-lo+1)}
	for i, p := range a.P {
		out.P[a.Min-lo+int64(i)] += p
	}
	for i, p := range b.P {
		out.P[b.Min-lo+int64(i)] += p
	}
	return out, nil
}

// power is the sum of n independent copies of d, by repeated squaring.
func (c *calc) power(d *Dist, n int64) (*Dist, error) {
	if n == 0 {
		return point(0), nil
	}
	// The work the squarings will take, known from the lengths alone: a
	// power over the budget is refused before any of it is done, so it is
	// the size budget that refuses it, however slow the machine (the time
	// budget would otherwise stop it first on a loaded one).
	var need, accLen int64
	for k, bl := n, int64(len(d.P)); k > 0; k >>= 1 {
		if k&1 == 1 {
			if accLen == 0 {
				accLen = bl
			} else {
				need += accLen * bl
				accLen += bl - 1
			}
		}
		if k > 1 {
			need += bl * bl
			bl = 2*bl - 1
		}
		if need > c.work || need < 0 || accLen > int64(c.maxStates) || bl > 2*int64(c.maxStates) {
			return nil, errTooBig
		}
	}
	var acc *Dist
	base := d
	for n > 0 {
		if n&1 == 1 {
			if acc == nil {
				acc = base
			} else {
				var err error
				if acc, err = c.add(acc, base); err != nil {
					return nil, err
				}
			}
		}
		n >>= 1
		if n > 0 {
			var err error
			if base, err = c.add(base, base); err != nil {
				return nil, err
			}
		}
	}
	return acc, nil
}

// iid is the distribution of n independent dice of value distribution die,
// summed after the keep/drop modifier.
func (c *calc) iid(die *Dist, n int64, m *dice.Mods) (*Dist, error) {
	if m.Keep == dice.KeepNone {
		return c.power(die, n)
	}
	high, keep := keepCountN(m.Keep, m.KeepN, n)
	if keep == n {
		return c.power(die, n)
	}
	if keep == 0 {
		out := point(0)
		out.Leftover = 1 - math.Pow(1-die.Leftover, float64(n))
		return out, nil
	}
	return c.keepDP(die, n, keep, high)
}

func keepCountN(k dice.Keep, want, n int64) (high bool, keep int64) {
	w := min(want, n)
	switch k {
	case dice.KeepHigh:
		return true, w
	case dice.KeepLow:
		return false, w
	case dice.DropHigh:
		return false, n - w
	case dice.DropLow:
		return true, n - w
	}
	return true, n
}

// keepDP is the distribution of the sum of the keep best of n iid dice
// (best = highest when high). It walks the values from the best down; at
// each value v it chooses how many of the r dice still unplaced show v, a
// binomial draw with the conditional probability of v among the values not
// yet passed. The kept sum grows by v for each of those dice while fewer
// than keep have been kept.
//
// The state is (dice placed, kept sum); the dice shown by a value are
// independent of order, so this is exact.
func (c *calc) keepDP(die *Dist, n, keep int64, high bool) (*Dist, error) {
	vals := make([]int64, 0, len(die.P))
	ps := make([]float64, 0, len(die.P))
	for i, p := range die.P {
		if p > 0 {
			vals = append(vals, die.Min+int64(i))
			ps = append(ps, p)
		}
	}
	if high {
		for i, j := 0, len(vals)-1; i < j; i, j = i+1, j-1 {
			vals[i], vals[j] = vals[j], vals[i]
			ps[i], ps[j] = ps[j], ps[i]
		}
	}
	total := 0.0
	for _, p := range ps {
		total += p
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	sumMin, sumMax := min(0, keep*lo), max(0, keep*hi)
	width := sumMax - sumMin + 1
	if err := c.check(width * (n + 1)); err != nil {
		return nil, err
	}
	if err := c.spend(int64(len(vals)) * (n + 1) * (n + 1) * width / 2); err != nil {
		return nil, err
	}
	// state[placed][sum-sumMin]
	state := make([][]float64, n+1)
	next := make([][]float64, n+1)
	for i := range state {
		state[i] = make([]float64, width)
		next[i] = make([]float64, width)
	}
	state[0][-sumMin] = 1
	// binomial weights w[r][t] = C(r,t) pv^t (1-pv)^(r-t), rebuilt per value
	w := make([][]float64, n+1)
	for r := range w {
		w[r] = make([]float64, r+1)
	}
	remaining := total
	for vi, v := range vals {
		pv := ps[vi] / remaining
		if vi == len(vals)-1 || pv > 1 {
			pv = 1
		}
		binomRows(w, pv)
		for i := range next {
			clear(next[i])
		}
		for placed := int64(0); placed <= n; placed++ {
			r := n - placed
			wr := w[r]
			if err := c.tick(int64(len(state[placed])) * (r + 1)); err != nil {
				return nil, err
			}
			for s, p := range state[placed] {
				if p == 0 {
					continue
				}
				for t := int64(0); t <= r; t++ {
					if wr[t] == 0 {
						continue
					}
					kept := min(t, max(0, keep-placed))
					next[placed+t][int64(s)+kept*v] += p * wr[t]
				}
			}
		}
		state, next = next, state
		remaining -= ps[vi]
		if remaining <= 0 {
			remaining = 1e-300
		}
	}
	scale := math.Pow(total, float64(n))
	out := &Dist{Min: sumMin, P: state[n], Leftover: 1 - scale}
	for i := range out.P {
		out.P[i] *= scale
	}
	out.trim()
	return out, nil
}

// binomRows fills w[r][t] = C(r,t) p^t (1-p)^(r-t) for every r, by the
// recurrence w[r][t] = w[r-1][t](1-p) + w[r-1][t-1]p.
func binomRows(w [][]float64, p float64) {
	w[0][0] = 1
	for r := 1; r < len(w); r++ {
		prev, row := w[r-1], w[r]
		for t := 0; t <= r; t++ {
			v := 0.0
			if t < r {
				v += prev[t] * (1 - p)
			}
			if t > 0 {
				v += prev[t-1] * p
			}
			row[t] = v
		}
	}
}

// group handles {a, b, ...} with its keep/drop and counting.
func (c *calc) group(n *dice.Node) (*Dist, error) {
	items := make([]*Dist, len(n.Args))
	for i, a := range n.Args {
		d, err := c.node(a)
		if err != nil {
			return nil, err
		}
		items[i] = d
	}
	m := n.GroupMods
	contrib := func(v int64) int64 {
		if !m.Counting() {
			return v
		}
		var s int64
		if m.Success.Op != dice.CmpNone && m.Success.Match(v) {
			s++
		}
		if m.Failure.Op != dice.CmpNone && m.Failure.Match(v) {
			s--
		}
		return s
	}
	if m.Keep == dice.KeepNone {
		acc := point(0)
		for _, d := range items {
			x, err := c.mapDist(d, contrib)
			if err != nil {
				return nil, err
			}
			if acc, err = c.add(acc, x); err != nil {
				return nil, err
			}
		}
		return acc, nil
	}
	high, keep := keepCountN(m.Keep, m.KeepN, int64(len(items)))
	// Enumerate the joint outcomes of the items (they are independent),
	// keeping the best; budgeted by the product of the supports.
	size := int64(1)
	for _, d := range items {
		size *= int64(len(d.P))
		if size > int64(c.maxStates) {
			return nil, errTooBig
		}
	}
	if err := c.spend(size * int64(len(items))); err != nil {
		return nil, err
	}
	acc := newAccum()
	idx := make([]int, len(items))
	vals := make([]int64, len(items))
	left := 0.0
	for _, d := range items {
		left = 1 - (1-left)*(1-d.Leftover)
	}
	for {
		p := 1.0
		for i, d := range items {
			p *= d.P[idx[i]]
			vals[i] = d.Min + int64(idx[i])
		}
		if p > 0 {
			acc.put(keepSum(vals, keep, high, contrib), p)
		}
		if err := c.tick(int64(len(items))); err != nil {
			return nil, err
		}
		k := 0
		for k < len(items) {
			idx[k]++
			if idx[k] < len(items[k].P) {
				break
			}
			idx[k] = 0
			k++
		}
		if k == len(items) {
			break
		}
	}
	out, err := acc.dist(c)
	if err != nil {
		return nil, err
	}
	out.Leftover = left
	return out, nil
}

// keepSum sums contrib over the keep best of vals (ties by position, as the
// roller does; the sum does not depend on which of equal values is kept).
func keepSum(vals []int64, keep int64, high bool, contrib func(int64) int64) int64 {
	sorted := append([]int64(nil), vals...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && ((high && sorted[j] > sorted[j-1]) || (!high && sorted[j] < sorted[j-1])); j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	var s int64
	for _, v := range sorted[:keep] {
		s += contrib(v)
	}
	return s
}
