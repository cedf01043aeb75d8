package dice

import (
	"errors"
	"fmt"
	"sort"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Die is one die of an evaluated dice term, with everything that happened to
// it.
type Die struct {
	Face     int64   `json:"face"`               // the natural face it shows (after rerolls)
	Value    int64   `json:"value"`              // what it counts for (clamped, penetrated, compounded)
	Rerolled []int64 `json:"rerolled,omitempty"` // faces rolled before, replaced by rerolls, in order
	Compound []int64 `json:"compound,omitempty"` // extra faces compounded into this die (!!)
	Exploded bool    `json:"exploded,omitempty"` // its face triggered an explosion
	Extra    bool    `json:"extra,omitempty"`    // it was added by an explosion
	Clamped  bool    `json:"clamped,omitempty"`  // mi or ma changed its value
	Dropped  bool    `json:"dropped,omitempty"`  // not kept
	Success  bool    `json:"success,omitempty"`  // met the success compare point
	Failure  bool    `json:"failure,omitempty"`  // met the failure compare point
}

// Eval is a node of the evaluated tree.
type Eval struct {
	Node      *Node
	Value     int64
	Dice      []Die   // OpDice: every die in pool order
	Kids      []*Eval // operands, call arguments, group items; for OpDice the count and sides when computed
	Dropped   []bool  // OpGroup: items not kept
	Successes int64   // counting terms and groups
	Failures  int64
}

// LabelTotal is the subtotal of one label ("fire") in a labelled sum.
type LabelTotal struct {
	Label string `json:"label"`
	Total int64  `json:"total"`
}

// Result is a rolled expression with its whole tree.
type Result struct {
	Expr   *Expr
	Total  int64
	Tree   *Eval
	Labels []LabelTotal // per-label subtotals in order of first appearance; "" is unlabelled
}

// Total rolls e and returns its total without building the tree. It does not
// allocate for dice terms of up to 64 dice.
func (e *Expr) Total(src *rng.Source) (int64, error) {
	ev := evaluator{src: src, b: &e.Budget}
	if e.flat.n > 0 {
		return ev.total(&e.flat)
	}
	v, _, err := ev.eval(e.Root)
	return v, err
}

// Roll rolls e and returns the full result.
func (e *Expr) Roll(src *rng.Source) (*Result, error) {
	ev := evaluator{src: src, b: &e.Budget, tree: true}
	v, t, err := ev.eval(e.Root)
	if err != nil {
		return nil, err
	}
	r := &Result{Expr: e, Total: v, Tree: t}
	if e.terms != nil {
		vals := map[*Node]int64{}
		var collect func(x *Eval)
		collect = func(x *Eval) {
			vals[x.Node] = x.Value
			for _, k := range x.Kids {
				collect(k)
			}
		}
		collect(t)
		for i, term := range e.terms {
			v := vals[term.node]
			if term.neg {
				v = -v
			}
			r.addLabel(e.labels[i], v)
		}
	}
	return r, nil
}

func (r *Result) addLabel(l string, v int64) {
	for i := range r.Labels {
		if r.Labels[i].Label == l {
			r.Labels[i].Total += v
			return
		}
	}
	r.Labels = append(r.Labels, LabelTotal{Label: l, Total: v})
}

type evaluator struct {
	src  *rng.Source
	b    *Budget
	dice int // dice drawn so far
	tree bool
}

func (ev *evaluator) errf(n *Node, k errs.Kind, format string, args ...any) error {
	return &errs.Error{Kind: k, Layer: "dice", Msg: fmt.Sprintf(format, args...)}
}

var errOverflow = &errs.Error{Kind: errs.Budget, Layer: "dice", Msg: "integer overflow: the result is too large"}

func add(a, b int64) (int64, error) {
	c := a + b
	if (c > a) != (b > 0) {
		return 0, errOverflow
	}
	return c, nil
}

func sub(a, b int64) (int64, error) {
	c := a - b
	if (a^b)&(a^c) < 0 {
		return 0, errOverflow
	}
	return c, nil
}

func mul(a, b int64) (int64, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	c := a * b
	if c/b != a || (a == -1 && b == -1<<63) || (b == -1 && a == -1<<63) {
		return 0, errOverflow
	}
	return c, nil
}

// FloorDiv divides rounding toward minus infinity: the notation's "/".
// The exact-probability package computes with it too, so both agree.
func FloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// FloorMod is the remainder of FloorDiv (the notation's "%"): it has the
// sign of b.
func FloorMod(a, b int64) int64 {
	m := a % b
	if m != 0 && (m < 0) != (b < 0) {
		m += b
	}
	return m
}

// RoundDiv divides a by b (b != 0) with the rounding of fn (floor, ceil, or
// round half away from zero): floor(a/b), ceil(a/b) and round(a/b) in the
// notation. ok is false when the quotient does not fit in an int64 (only
// -2^63 / -1).
func RoundDiv(fn Func, a, b int64) (q int64, ok bool) {
	if a == -1<<63 && b == -1 {
		return 0, false
	}
	switch fn {
	case FnCeil:
		q = a / b
		if a%b != 0 && (a < 0) == (b < 0) {
			q++
		}
		return q, true
	case FnRound:
		// Work on magnitudes as unsigned numbers: |-2^63| fits in a uint64.
		ua, ub := absU(a), absU(b)
		uq, ur := ua/ub, ua%ub
		if ur >= ub-ur {
			uq++
		}
		if (a < 0) != (b < 0) {
			return -int64(uq), uq <= 1<<63
		}
		return int64(uq), uq < 1<<63
	}
	return FloorDiv(a, b), true
}

// absU returns |v| as an unsigned number (exact for -2^63).
func absU(v int64) uint64 {
	if v < 0 {
		return -uint64(v)
	}
	return uint64(v)
}

// node returns a tree node in tree mode and nil otherwise. Callers pass
// kids through ev.kids so the fast path builds no slice.
func (ev *evaluator) node(n *Node, v int64, kids []*Eval) *Eval {
	if !ev.tree {
		return nil
	}
	return &Eval{Node: n, Value: v, Kids: kids}
}

// kids2 returns []*Eval{a, b} in tree mode and nil otherwise.
func (ev *evaluator) kids2(a, b *Eval) []*Eval {
	if !ev.tree {
		return nil
	}
	if b == nil {
		return []*Eval{a}
	}
	return []*Eval{a, b}
}

func (ev *evaluator) eval(n *Node) (int64, *Eval, error) {
	switch n.Op {
	case OpNum:
		return n.Val, ev.node(n, n.Val, nil), nil
	case OpDice:
		return ev.evalDice(n)
	case OpGroup:
		return ev.evalGroup(n)
	case OpNeg:
		v, k, err := ev.eval(n.L)
		if err != nil {
			return 0, nil, err
		}
		if v == -1<<63 {
			return 0, nil, errOverflow
		}
		return -v, ev.node(n, -v, ev.kids2(k, nil)), nil
	case OpCall:
		return ev.evalCall(n)
	}
	l, lk, err := ev.eval(n.L)
	if err != nil {
		return 0, nil, err
	}
	r, rk, err := ev.eval(n.R)
	if err != nil {
		return 0, nil, err
	}
	var v int64
	switch n.Op {
	case OpAdd:
		v, err = add(l, r)
	case OpSub:
		v, err = sub(l, r)
	case OpMul:
		v, err = mul(l, r)
	case OpDiv, OpMod:
		if r == 0 {
			return 0, nil, ev.errf(n, errs.Rule, "division by zero in %s", n.text(ev))
		}
		if n.Op == OpDiv {
			if l == -1<<63 && r == -1 {
				return 0, nil, errOverflow
			}
			v = FloorDiv(l, r)
		} else {
			v = FloorMod(l, r) // -2^63 % -1 is 0
		}
	case OpCmp:
		if n.Cmp.Test(l, r) {
			v = 1
		}
	}
	if err != nil {
		return 0, nil, err
	}
	return v, ev.node(n, v, ev.kids2(lk, rk)), nil
}

// text is a short description of a node for error messages.
func (n *Node) text(*evaluator) string { return Format(n) }

func (ev *evaluator) evalCall(n *Node) (int64, *Eval, error) {
	var kids []*Eval
	if (n.Fn == FnFloor || n.Fn == FnCeil || n.Fn == FnRound) && n.Args[0].Op == OpDiv && n.Args[0].Label == "" {
		d := n.Args[0]
		a, ak, err := ev.eval(d.L)
		if err != nil {
			return 0, nil, err
		}
		b, bk, err := ev.eval(d.R)
		if err != nil {
			return 0, nil, err
		}
		if b == 0 {
			return 0, nil, ev.errf(n, errs.Rule, "division by zero in %s", Format(n))
		}
		v, ok := RoundDiv(n.Fn, a, b)
		if !ok {
			return 0, nil, errOverflow
		}
		if ev.tree {
			kids = []*Eval{{Node: d, Value: FloorDiv(a, b), Kids: []*Eval{ak, bk}}}
		}
		return v, ev.node(n, v, kids), nil
	}
	var v int64
	for i, a := range n.Args {
		x, k, err := ev.eval(a)
		if err != nil {
			return 0, nil, err
		}
		if ev.tree {
			kids = append(kids, k)
		}
		switch {
		case n.Fn == FnAbs:
			if x == -1<<63 {
				return 0, nil, errOverflow
			}
			if x < 0 {
				x = -x
			}
			v = x
		case n.Fn == FnMin && (i == 0 || x < v), n.Fn == FnMax && (i == 0 || x > v):
			v = x
		case n.Fn == FnFloor, n.Fn == FnCeil, n.Fn == FnRound:
			v = x
		}
	}
	return v, ev.node(n, v, kids), nil
}

// die is the compact die record of the fast path.
type die struct {
	face, value int64
	flags       uint8
}

const (
	fExploded uint8 = 1 << iota
	fExtra
	fClamped
	fDropped
	fSuccess
	fFailure
)

// draw rolls one face, counting it against the dice budget.
func (ev *evaluator) draw(lo, hi int64) (int64, error) {
	ev.dice++
	if ev.b.MaxDice > 0 && ev.dice > ev.b.MaxDice {
		return 0, budgetDice(*ev.b)
	}
	f, err := ev.src.Roll(int(lo), int(hi))
	if err != nil {
		var fe *rng.ForcedError
		if errors.As(err, &fe) {
			return 0, &errs.Error{Kind: errs.Usage, Layer: "dice", Msg: err.Error(), Err: err}
		}
		return 0, err
	}
	return int64(f), nil
}

func (ev *evaluator) errDepth() error {
	return &errs.Error{Kind: errs.Budget, Layer: "dice",
		Msg:  fmt.Sprintf("depth budget exceeded: more than %d rerolls and explosions for one die", ev.b.MaxDepth),
		Hint: "loosen the reroll or explosion compare point, or raise budgets.max_depth"}
}

// rerollMatch reports whether face f must be rerolled.
func rerollMatch(m *Mods, f, lo int64) bool {
	for _, cp := range m.Reroll {
		if cp.Op == CmpNone {
			if f == lo {
				return true
			}
		} else if cp.Match(f) {
			return true
		}
	}
	return false
}

func (ev *evaluator) evalDice(n *Node) (int64, *Eval, error) {
	t := n.Dice
	m := &t.Mods
	count, ck, err := ev.eval(t.Count)
	if err != nil {
		return 0, nil, err
	}
	var lo, hi int64
	var sk *Eval
	switch t.Kind {
	case Percent:
		lo, hi = 1, 100
	case Fudge:
		lo, hi = -1, 1
	default:
		var s int64
		if s, sk, err = ev.eval(t.Sides); err != nil {
			return 0, nil, err
		}
		if s < 1 {
			return 0, nil, ev.errf(n, errs.Rule, "a die needs at least one face, got d%d in %s", s, Format(n))
		}
		lo, hi = 1, s
		if t.Sides.Op != OpNum {
			if err := validateMods(m, lo, hi); err != nil {
				return 0, nil, ev.errf(n, errs.Rule, "%s: %v", Format(n), err)
			}
		}
	}
	if count < 0 {
		return 0, nil, ev.errf(n, errs.Rule, "negative dice count %d in %s", count, Format(n))
	}
	if ev.b.MaxDice > 0 && count > int64(ev.b.MaxDice-ev.dice) {
		return 0, nil, budgetDice(*ev.b)
	}
	if !ev.tree && m.plain() {
		// a plain NdX: the sum of its faces, drawn in the same order as
		// below, without the pool the modifiers need
		var total int64
		for i := int64(0); i < count; i++ {
			f, err := ev.draw(lo, hi)
			if err != nil {
				return 0, nil, err
			}
			if total, err = add(total, f); err != nil {
				return 0, nil, err
			}
		}
		return total, nil, nil
	}
	var stack [64]die
	pool := stack[:0]
	var base []int64
	var baseStack [64]int64
	if count <= 64 {
		base = baseStack[:count]
	} else {
		base = make([]int64, count)
	}
	for i := range base {
		if base[i], err = ev.draw(lo, hi); err != nil {
			return 0, nil, err
		}
	}
	var rer map[int][]int64 // tree mode: pool index -> rerolled faces
	var comp map[int][]int64
	addRer := func(idx int, f int64) {
		if rer == nil {
			rer = map[int][]int64{}
		}
		rer[idx] = append(rer[idx], f)
	}
	depthMax := ev.b.MaxDepth
	for _, face := range base {
		depth := 0
		extra := false
		cur := -1 // pool index of the die a compounding chain adds into
		for {
			// rerolls
			if len(m.Reroll) > 0 {
				for n := 0; rerollMatch(m, face, lo); n++ {
					if m.RerollOnce && n == 1 {
						break
					}
					if depth++; depthMax > 0 && depth > depthMax {
						return 0, nil, ev.errDepth()
					}
					if ev.tree {
						addRer(len(pool), face)
					}
					if face, err = ev.draw(lo, hi); err != nil {
						return 0, nil, err
					}
				}
			}
			val := face
			if extra && m.Explode == ExplodePenetrate {
				val--
			}
			if m.Explode == ExplodeCompound && extra {
				if pool[cur].value, err = add(pool[cur].value, val); err != nil {
					return 0, nil, err
				}
				if ev.tree {
					if comp == nil {
						comp = map[int][]int64{}
					}
					comp[cur] = append(comp[cur], face)
				}
			} else {
				d := die{face: face, value: val}
				if extra {
					d.flags |= fExtra
				}
				pool = append(pool, d)
				cur = len(pool) - 1
			}
			if m.Explode == ExplodeNone {
				break
			}
			cp := m.ExplodeCP
			if cp.Op == CmpNone {
				cp = CP{Op: CmpEq, V: hi}
			}
			if !cp.Match(face) {
				break
			}
			if m.Explode != ExplodeCompound || !extra {
				pool[cur].flags |= fExploded
			}
			if depth++; depthMax > 0 && depth > depthMax {
				return 0, nil, ev.errDepth()
			}
			if face, err = ev.draw(lo, hi); err != nil {
				return 0, nil, err
			}
			extra = true
		}
	}
	// Clamps apply to each die's final value: after a penetrating die's -1
	// and to the whole sum of a compounding die.
	if m.HasMin || m.HasMax {
		for i := range pool {
			d := &pool[i]
			if m.HasMin && d.value < m.Min {
				d.value, d.flags = m.Min, d.flags|fClamped
			}
			if m.HasMax && d.value > m.Max {
				d.value, d.flags = m.Max, d.flags|fClamped
			}
		}
	}
	keepSelect(pool, m.Keep, m.KeepN)
	var total, succ, fail int64
	counting := m.Counting()
	for i := range pool {
		d := &pool[i]
		if d.flags&fDropped != 0 {
			continue
		}
		if counting {
			if m.Success.Op != CmpNone && m.Success.Match(d.value) {
				d.flags |= fSuccess
				succ++
			}
			if m.Failure.Op != CmpNone && m.Failure.Match(d.value) {
				d.flags |= fFailure
				fail++
			}
			continue
		}
		if total, err = add(total, d.value); err != nil {
			return 0, nil, err
		}
	}
	if counting {
		total = succ - fail
	}
	if !ev.tree {
		return total, nil, nil
	}
	out := &Eval{Node: n, Value: total, Successes: succ, Failures: fail, Dice: make([]Die, len(pool))}
	if t.Count.Op != OpNum || (t.Sides != nil && t.Sides.Op != OpNum) {
		out.Kids = []*Eval{ck}
		if sk != nil {
			out.Kids = append(out.Kids, sk)
		}
	}
	for i, d := range pool {
		out.Dice[i] = Die{Face: d.face, Value: d.value, Rerolled: rer[i], Compound: comp[i],
			Exploded: d.flags&fExploded != 0, Extra: d.flags&fExtra != 0, Clamped: d.flags&fClamped != 0,
			Dropped: d.flags&fDropped != 0, Success: d.flags&fSuccess != 0, Failure: d.flags&fFailure != 0}
	}
	return total, out, nil
}

// keepCount turns a keep/drop modifier over n items into "keep the k
// highest" (high=true) or "keep the k lowest".
func keepCount(k Keep, want int64, n int) (high bool, keep int) {
	w := int(min(want, int64(n)))
	switch k {
	case KeepHigh:
		return true, w
	case KeepLow:
		return false, w
	case DropHigh:
		return false, n - w
	case DropLow:
		return true, n - w
	}
	return true, n
}

// keepSelect marks dropped dice. Among equal values the earlier die is kept
// first.
func keepSelect(pool []die, k Keep, want int64) {
	if k == KeepNone {
		return
	}
	high, keep := keepCount(k, want, len(pool))
	if keep >= len(pool) {
		return
	}
	// Rank by value (best first), ties by position; mark the worst as dropped.
	if len(pool) <= 64 {
		var idx [64]uint8
		n := len(pool)
		for i := 0; i < n; i++ {
			idx[i] = uint8(i)
			for j := i; j > 0 && better(pool, high, idx[j], idx[j-1]); j-- {
				idx[j], idx[j-1] = idx[j-1], idx[j]
			}
		}
		for _, i := range idx[keep:n] {
			pool[i].flags |= fDropped
		}
		return
	}
	idx := make([]int, len(pool))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if high {
			return pool[idx[a]].value > pool[idx[b]].value
		}
		return pool[idx[a]].value < pool[idx[b]].value
	})
	for _, i := range idx[keep:] {
		pool[i].flags |= fDropped
	}
}

func better(pool []die, high bool, a, b uint8) bool {
	if high {
		return pool[a].value > pool[b].value
	}
	return pool[a].value < pool[b].value
}

func (ev *evaluator) evalGroup(n *Node) (int64, *Eval, error) {
	var stack [16]die
	items := stack[:0]
	var kids []*Eval
	for _, a := range n.Args {
		v, k, err := ev.eval(a)
		if err != nil {
			return 0, nil, err
		}
		items = append(items, die{value: v})
		if ev.tree {
			kids = append(kids, k)
		}
	}
	m := n.GroupMods
	keepSelect(items, m.Keep, m.KeepN)
	var total, succ, fail int64
	var err error
	for i := range items {
		if items[i].flags&fDropped != 0 {
			continue
		}
		v := items[i].value
		if m.Counting() {
			if m.Success.Op != CmpNone && m.Success.Match(v) {
				succ++
			}
			if m.Failure.Op != CmpNone && m.Failure.Match(v) {
				fail++
			}
			continue
		}
		if total, err = add(total, v); err != nil {
			return 0, nil, err
		}
	}
	if m.Counting() {
		total = succ - fail
	}
	if !ev.tree {
		return total, nil, nil
	}
	out := &Eval{Node: n, Value: total, Kids: kids, Successes: succ, Failures: fail, Dropped: make([]bool, len(items))}
	for i := range items {
		out.Dropped[i] = items[i].flags&fDropped != 0
	}
	return total, out, nil
}
