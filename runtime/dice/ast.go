package dice

import "slices"

// Op is the kind of an AST node.
type Op uint8

// The node kinds.
const (
	OpNum   Op = iota // integer literal: Val
	OpDice            // dice term: Dice
	OpGroup           // group {a, b}: Args, GroupMods
	OpAdd             // L + R
	OpSub             // L - R
	OpMul             // L * R
	OpDiv             // L / R, rounded down (toward minus infinity); see Round
	OpMod             // L % R, floored (sign of R)
	OpNeg             // -L
	OpCall            // function call: Fn(Args...)
	OpCmp             // L Cmp R, giving 0 or 1
)

// Cmp is a comparison operator, in a compare point or between totals.
type Cmp uint8

// The comparison operators.
const (
	CmpNone Cmp = iota
	CmpEq       // =
	CmpNe       // != or <> (totals only)
	CmpLt       // <
	CmpLe       // <=
	CmpGt       // >
	CmpGe       // >=
)

var cmpText = [...]string{"", "=", "!=", "<", "<=", ">", ">="}

func (c Cmp) String() string { return cmpText[c] }

// Test reports whether v Cmp x holds.
func (c Cmp) Test(v, x int64) bool {
	switch c {
	case CmpEq:
		return v == x
	case CmpNe:
		return v != x
	case CmpLt:
		return v < x
	case CmpLe:
		return v <= x
	case CmpGt:
		return v > x
	case CmpGe:
		return v >= x
	}
	return false
}

// CP is a compare point: the selector of rerolls, explosions and success or
// failure counting (">=5" matches faces 5 and up).
type CP struct {
	Op Cmp
	V  int64
}

// Match reports whether the face v meets the compare point.
func (p CP) Match(v int64) bool { return p.Op.Test(v, p.V) }

func (p CP) String() string { return p.Op.String() + itoa(p.V) }

// Func is a built-in function.
type Func uint8

// The built-in functions.
const (
	FnFloor Func = iota + 1
	FnCeil
	FnRound
	FnAbs
	FnMin
	FnMax
)

var funcText = [...]string{"", "floor", "ceil", "round", "abs", "min", "max"}

func (f Func) String() string { return funcText[f] }

// lookupFunc returns the function named name, or 0.
func lookupFunc(name string) Func {
	for i, s := range funcText {
		if i > 0 && s == name {
			return Func(i)
		}
	}
	return 0
}

// Kind is the kind of die of a dice term.
type Kind uint8

// The die kinds.
const (
	Standard Kind = iota // faces 1..X
	Percent              // d%: faces 1..100
	Fudge                // dF: faces -1, 0, +1
)

// Keep is a keep or drop modifier.
type Keep uint8

// The keep and drop modifiers.
const (
	KeepNone Keep = iota
	KeepHigh      // khN (and kN)
	KeepLow       // klN
	DropHigh      // dhN
	DropLow       // dlN (and dN)
)

var keepText = [...]string{"", "kh", "kl", "dh", "dl"}

func (k Keep) String() string { return keepText[k] }

// Explode is an explosion modifier.
type Explode uint8

// The explosion modifiers.
const (
	ExplodeNone      Explode = iota
	ExplodeAdd               // !: an extra die joins the pool
	ExplodeCompound          // !!: extra faces add into the same die
	ExplodePenetrate         // !p: an extra die joins the pool, counting one less
)

var explodeText = [...]string{"", "!", "!!", "!p"}

func (e Explode) String() string { return explodeText[e] }

// Mods are the modifiers of a dice term or a group. The order they are
// written in does not matter; they apply in a fixed order (see
// docs/dice-notation.md): rerolls, explosions, clamps, keep/drop, then
// success and failure counting. A clamp applies to a die's final value:
// after the -1 of a penetrating die, to the sum of a compounding die.
type Mods struct {
	Reroll     []CP // r / ro selectors; several mean "any of them"
	RerollOnce bool // ro: at most one reroll per die
	Explode    Explode
	ExplodeCP  CP // Op == CmpNone means "on the highest face"
	HasMin     bool
	Min        int64 // miN: a die whose final value is below N counts N
	HasMax     bool
	Max        int64 // maN: a die whose final value is above N counts N
	Keep       Keep
	KeepN      int64
	Success    CP // Op == CmpNone: no success counting
	Failure    CP // Op == CmpNone: no failure counting
}

// plain reports whether the term has no modifier at all: no rerolls,
// explosions, clamps, keeps or counting.
func (m *Mods) plain() bool {
	return len(m.Reroll) == 0 && m.Explode == ExplodeNone && !m.HasMin && !m.HasMax &&
		m.Keep == KeepNone && !m.Counting()
}

// Counting reports whether the term counts successes or failures instead of
// summing faces.
func (m *Mods) Counting() bool { return m.Success.Op != CmpNone || m.Failure.Op != CmpNone }

// DiceTerm is NdX with its modifiers.
type DiceTerm struct {
	Count *Node // number of dice; a constant node for "4d6"
	Sides *Node // faces; nil for d% and dF
	Kind  Kind
	Mods  Mods
}

// Node is one node of the AST.
type Node struct {
	Op        Op
	Val       int64     // OpNum
	L, R      *Node     // operands of binary nodes; L for OpNeg
	Cmp       Cmp       // OpCmp
	Fn        Func      // OpCall
	Args      []*Node   // OpCall arguments, OpGroup items
	Dice      *DiceTerm // OpDice
	GroupMods *Mods     // OpGroup: keep/drop and success/failure only
	Label     string    // "[fire]" annotation, without brackets
	Paren     bool      // written in parentheses (for formatting)
	Pos, End  int       // byte span in the source
}

// IsConst reports whether the node is an integer literal.
func (n *Node) IsConst() bool { return n.Op == OpNum }

// Expr is a parsed dice expression, ready to roll any number of times.
type Expr struct {
	Source  string // the text as given
	Root    *Node
	Comment string // trailing "# comment", without the '#'
	Budget  Budget
	// terms is the top-level additive chain (sign and node) used to report
	// per-label subtotals; labels[i] is the label terms[i] counts under.
	terms  []signed
	labels []string
	// flat is the expression as a plain sum of constants and plain NdX
	// terms, for Total to roll without walking the tree (n == 0: it is
	// not one).
	flat flatSum
	// Small expressions live in one allocation: their first nodes and dice
	// term are carved from these arrays.
	inlineNodes [3]Node
	inlineTerms [1]DiceTerm
}

type signed struct {
	neg  bool
	node *Node
}

// Budget bounds the work of one expression. Breaking one is an error that
// names it, decided before the work is done.
type Budget struct {
	MaxDice   int // dice rolled per expression, rerolls and explosions included
	MaxDepth  int // rerolls plus explosions per die
	MaxLen    int // characters of source
	MaxNest   int // nesting depth of parentheses, groups, calls and unary minus signs
	MaxStates int // size bound for exact distributions (support size and work units / 1000)
}

// DefaultBudget returns the default budgets: 10,000 dice, depth 100, 1,000
// characters, nesting 64, 1,000,000 distribution states.
func DefaultBudget() Budget {
	return Budget{MaxDice: 10000, MaxDepth: 100, MaxLen: 1000, MaxNest: 64, MaxStates: 1000000}
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var b [24]byte
	i := len(b)
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// HasLabels reports whether the expression's top-level sum has labelled
// terms (typed damage).
func (e *Expr) HasLabels() bool { return e.terms != nil }

// LabelNames returns the labels of the expression's top-level terms
// ("1d6[fire] + 1d4[cold]": fire, cold), each once, in order.
func (e *Expr) LabelNames() []string {
	var out []string
	for _, l := range e.labels {
		if l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// DiceTimes returns a copy of e in which every dice term rolls n times as
// many dice: the critical-hit rule "roll the damage dice twice" is
// DiceTimes(2). Modifiers and labels are kept.
func (e *Expr) DiceTimes(n int64) *Expr {
	c := *e
	c.Root = cloneTimes(e.Root, n)
	c.inlineNodes = [3]Node{}
	c.inlineTerms = [1]DiceTerm{}
	c.terms, c.labels = labelTerms(c.Root)
	c.flat = flatten(c.Root)
	return &c
}

func cloneTimes(n *Node, k int64) *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.L, c.R = cloneTimes(n.L, k), cloneTimes(n.R, k)
	if n.Args != nil {
		c.Args = make([]*Node, len(n.Args))
		for i, a := range n.Args {
			c.Args[i] = cloneTimes(a, k)
		}
	}
	if n.Dice != nil {
		t := *n.Dice
		if t.Count.Op == OpNum {
			t.Count = &Node{Op: OpNum, Val: t.Count.Val * k, Pos: t.Count.Pos, End: t.Count.End}
		} else {
			t.Count = &Node{Op: OpMul, L: cloneTimes(t.Count, 1), R: &Node{Op: OpNum, Val: k}, Paren: true}
		}
		c.Dice = &t
	}
	return &c
}
