package dice

import (
	"encoding/json"
	"strings"
)

// Format renders a node in canonical notation: "2d20kh1+5" for "1d20+5 adv".
// The canonical form reads back as the same expression (see
// docs/dice-notation.md, "Canonical form").
func Format(n *Node) string {
	var b strings.Builder
	formatNode(&b, n, nil)
	return b.String()
}

// String renders the expression in canonical notation.
func (e *Expr) String() string { return Format(e.Root) }

var opText = [...]string{OpAdd: " + ", OpSub: " - ", OpMul: " * ", OpDiv: " / ", OpMod: " % "}

// formatNode writes n with its parentheses and label. wrap is a dice term
// or group that must be put in parentheses (it ends the left side of a
// comparison, which would otherwise read as its compare point).
func formatNode(b *strings.Builder, n *Node, wrap *Node) {
	paren := n.Paren && n.Op != OpDice || n == wrap
	if paren {
		b.WriteByte('(')
	}
	formatBody(b, n, wrap)
	if paren {
		b.WriteByte(')')
	}
	if n.Label != "" {
		b.WriteString("[" + n.Label + "]")
	}
}

// formatInner writes n for a place that puts it in parentheses itself (the
// count or faces of a dice term): its own parentheses are left out unless a
// label follows them.
func formatInner(b *strings.Builder, n *Node) {
	if n.Paren && n.Label == "" {
		formatBody(b, n, nil)
		return
	}
	formatNode(b, n, nil)
}

// formatBody writes n without its parentheses and label.
func formatBody(b *strings.Builder, n *Node, wrap *Node) {
	switch n.Op {
	case OpNum:
		b.WriteString(itoa(n.Val))
	case OpDice:
		formatDice(b, n.Dice)
	case OpGroup:
		b.WriteByte('{')
		for i, a := range n.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			formatNode(b, a, nil)
		}
		b.WriteByte('}')
		formatMods(b, n.GroupMods, nil)
	case OpNeg:
		b.WriteByte('-')
		formatNode(b, n.L, wrap)
	case OpCall:
		b.WriteString(n.Fn.String())
		b.WriteByte('(')
		for i, a := range n.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			formatNode(b, a, nil)
		}
		b.WriteByte(')')
	case OpCmp:
		formatNode(b, n.L, lastTerm(n.L))
		b.WriteString(" " + n.Cmp.String() + " ")
		formatNode(b, n.R, nil)
	default:
		formatNode(b, n.L, wrap)
		b.WriteString(opText[n.Op])
		formatNode(b, n.R, wrap)
	}
}

// lastTerm returns the dice term or group that the printed form of n ends
// with, when nothing (a parenthesis, a label) closes it: a comparison
// printed after it would read as its compare point ("2d6 >= 7" counts the
// dice showing 7 or more; "1d6 != 3" explodes on 3). Nil when there is none.
func lastTerm(n *Node) *Node {
	for n != nil && n.Label == "" && !(n.Paren && n.Op != OpDice) {
		switch n.Op {
		case OpDice, OpGroup:
			return n
		case OpAdd, OpSub, OpMul, OpDiv, OpMod:
			n = n.R
		case OpNeg:
			n = n.L
		default:
			return nil
		}
	}
	return nil
}

// plainNum reports whether n prints as a bare non-negative number.
func plainNum(n *Node) bool { return n.Op == OpNum && n.Val >= 0 && n.Label == "" }

func formatDice(b *strings.Builder, t *DiceTerm) {
	// The count is a number, or in parentheses: "1d(1d6)" must not print
	// as "1d1d6", nor "(1d4)d6" as "1d4d6".
	if plainNum(t.Count) {
		b.WriteString(itoa(t.Count.Val))
	} else {
		b.WriteByte('(')
		formatInner(b, t.Count)
		b.WriteByte(')')
	}
	b.WriteByte('d')
	switch t.Kind {
	case Percent:
		b.WriteByte('%')
	case Fudge:
		b.WriteByte('F')
	default:
		if plainNum(t.Sides) && !t.Sides.Paren {
			b.WriteString(itoa(t.Sides.Val))
		} else {
			b.WriteByte('(')
			formatInner(b, t.Sides)
			b.WriteByte(')')
		}
	}
	formatMods(b, &t.Mods, t)
}

// formatMods writes the modifiers of a dice term t (nil for a group) in
// their order of application. A reroll or explosion without compare point
// that would be printed right before the success compare point takes it as
// its own ("4d6!>=5" explodes on 5 and up), so it is printed with its
// default point written out ("4d6!6>=5", "4d6r1>=5"); when that point is not
// known (an explosion on a die with computed faces) the success and failure
// points are printed first instead ("4d(1d6)>=5!").
func formatMods(b *strings.Builder, m *Mods, t *DiceTerm) {
	explodeCP := m.ExplodeCP
	lastReroll := CP{}
	countFirst := false
	if t != nil && m.Success.Op != CmpNone && !m.HasMin && !m.HasMax && m.Keep == KeepNone {
		lo, hi, known := faceRange(t)
		switch {
		case m.Explode != ExplodeNone && m.ExplodeCP.Op == CmpNone && known:
			explodeCP = CP{Op: CmpEq, V: hi}
		case m.Explode != ExplodeNone && m.ExplodeCP.Op == CmpNone:
			countFirst = true
		case m.Explode == ExplodeNone && len(m.Reroll) > 0 && m.Reroll[len(m.Reroll)-1].Op == CmpNone:
			// The lowest face is known even when the faces are computed.
			if !known {
				lo = 1
			}
			lastReroll = CP{Op: CmpEq, V: lo}
		}
	}
	if countFirst {
		formatCounting(b, m)
	}
	for i, cp := range m.Reroll {
		if m.RerollOnce {
			b.WriteString("ro")
		} else {
			b.WriteString("r")
		}
		if i == len(m.Reroll)-1 && lastReroll.Op != CmpNone {
			cp = lastReroll
		}
		b.WriteString(bareCP(cp))
	}
	if m.Explode != ExplodeNone {
		b.WriteString(m.Explode.String())
		b.WriteString(bareCP(explodeCP))
	}
	if m.HasMin {
		b.WriteString("mi" + itoa(m.Min))
	}
	if m.HasMax {
		b.WriteString("ma" + itoa(m.Max))
	}
	if m.Keep != KeepNone {
		b.WriteString(m.Keep.String() + itoa(m.KeepN))
	}
	if !countFirst {
		formatCounting(b, m)
	}
}

func formatCounting(b *strings.Builder, m *Mods) {
	if m.Success.Op != CmpNone {
		b.WriteString(m.Success.String())
	}
	if m.Failure.Op != CmpNone {
		b.WriteString("f" + bareCP(m.Failure))
	}
}

// bareCP writes "=N" as "N", the short form r, ro, ! and f accept.
func bareCP(cp CP) string {
	switch {
	case cp.Op == CmpNone:
		return ""
	case cp.Op == CmpEq && cp.V >= 0:
		return itoa(cp.V)
	}
	return cp.String()
}

// Text renders the result for a terminal: every term with its dice, then
// the total, e.g. "4d6kh3 (5, 4, 6, ~~1~~) = 15". Dropped dice are struck
// (~~1~~), rerolled faces are struck before their replacement (~~1~~ 4),
// a die that exploded is marked "!", compounded faces are joined with "+",
// clamped dice show "1→3", successes are bold (**7**) and failures
// underlined (__1__).
func (r *Result) Text() string {
	var b strings.Builder
	formatEval(&b, r.Tree)
	b.WriteString(" = ")
	b.WriteString(itoa(r.Total))
	if len(r.Labels) > 1 || len(r.Labels) == 1 && r.Labels[0].Label != "" {
		b.WriteString(" (")
		for i, l := range r.Labels {
			if i > 0 {
				b.WriteString(", ")
			}
			name := l.Label
			if name == "" {
				name = "untyped"
			}
			b.WriteString(itoa(l.Total) + " " + name)
		}
		b.WriteByte(')')
	}
	if r.Expr.Comment != "" {
		b.WriteString("  # " + r.Expr.Comment)
	}
	return b.String()
}

func formatEval(b *strings.Builder, e *Eval) { formatEvalWrap(b, e, nil) }

// formatEvalWrap is formatEval with formatNode's wrap: a dice term or group
// that ends the left side of a comparison is shown in parentheses, as in
// the canonical form.
func formatEvalWrap(b *strings.Builder, e *Eval, wrap *Node) {
	n := e.Node
	paren := n.Paren && n.Op != OpDice || n == wrap
	if paren {
		b.WriteByte('(')
	}
	switch n.Op {
	case OpNum:
		b.WriteString(itoa(n.Val))
	case OpDice:
		formatDiceEval(b, n.Dice, e)
		b.WriteString(" (")
		for i, d := range e.Dice {
			if i > 0 {
				b.WriteString(", ")
			}
			formatDie(b, &d)
		}
		b.WriteByte(')')
	case OpGroup:
		b.WriteByte('{')
		for i, k := range e.Kids {
			if i > 0 {
				b.WriteString(", ")
			}
			if e.Dropped[i] {
				b.WriteString("~~")
			}
			formatEval(b, k)
			if e.Dropped[i] {
				b.WriteString("~~")
			}
		}
		b.WriteByte('}')
		formatMods(b, n.GroupMods, nil)
	case OpNeg:
		b.WriteByte('-')
		formatEvalWrap(b, e.Kids[0], wrap)
	case OpCall:
		b.WriteString(n.Fn.String() + "(")
		for i, k := range e.Kids {
			if i > 0 {
				b.WriteString(", ")
			}
			if k.Node.Op == OpDiv && len(k.Kids) == 2 && n.Args[0] == k.Node {
				formatEval(b, k.Kids[0])
				b.WriteString(" / ")
				formatEval(b, k.Kids[1])
				continue
			}
			formatEval(b, k)
		}
		b.WriteByte(')')
	case OpCmp:
		formatEvalWrap(b, e.Kids[0], lastTerm(n.L))
		b.WriteString(" " + n.Cmp.String() + " ")
		formatEval(b, e.Kids[1])
	default:
		formatEvalWrap(b, e.Kids[0], wrap)
		b.WriteString(opText[n.Op])
		formatEvalWrap(b, e.Kids[1], wrap)
	}
	if paren {
		b.WriteByte(')')
	}
	if n.Label != "" {
		b.WriteString(" [" + n.Label + "]")
	}
}

// formatDiceEval writes a dice term as formatDice does, with the dice of a
// computed count or number of faces shown: "(1d4 (3))d6".
func formatDiceEval(b *strings.Builder, t *DiceTerm, e *Eval) {
	if len(e.Kids) == 0 {
		formatDice(b, t)
		return
	}
	// Kids are the count, then the faces of a standard die (see evalDice).
	if plainNum(t.Count) {
		b.WriteString(itoa(t.Count.Val))
	} else {
		b.WriteByte('(')
		formatEvalInner(b, e.Kids[0])
		b.WriteByte(')')
	}
	b.WriteByte('d')
	switch {
	case t.Kind == Percent:
		b.WriteByte('%')
	case t.Kind == Fudge:
		b.WriteByte('F')
	case plainNum(t.Sides) && !t.Sides.Paren:
		b.WriteString(itoa(t.Sides.Val))
	default:
		b.WriteByte('(')
		formatEvalInner(b, e.Kids[1])
		b.WriteByte(')')
	}
	formatMods(b, &t.Mods, t)
}

// formatEvalInner is formatEval without the node's own parentheses, for a
// place that writes them itself (as formatInner).
func formatEvalInner(b *strings.Builder, e *Eval) {
	if n := e.Node; n.Paren && n.Label == "" {
		c := *n
		c.Paren = false
		x := *e
		x.Node = &c
		formatEval(b, &x)
		return
	}
	formatEval(b, e)
}

func formatDie(b *strings.Builder, d *Die) {
	for _, f := range d.Rerolled {
		b.WriteString("~~" + itoa(f) + "~~ ")
	}
	if d.Dropped {
		b.WriteString("~~")
	}
	if d.Success {
		b.WriteString("**")
	}
	if d.Failure {
		b.WriteString("__")
	}
	switch {
	case len(d.Compound) > 0:
		b.WriteString(itoa(d.Face) + "!")
		for i, f := range d.Compound {
			b.WriteString("+" + itoa(f))
			if i < len(d.Compound)-1 {
				b.WriteByte('!')
			}
		}
		if d.Clamped || d.Extra {
			b.WriteString("=" + itoa(d.Value))
		}
	case d.Clamped:
		b.WriteString(itoa(d.Face) + "→" + itoa(d.Value))
	case d.Extra && d.Value != d.Face:
		b.WriteString(itoa(d.Value))
	default:
		b.WriteString(itoa(d.Face))
	}
	if d.Exploded && len(d.Compound) == 0 {
		b.WriteByte('!')
	}
	if d.Failure {
		b.WriteString("__")
	}
	if d.Success {
		b.WriteString("**")
	}
	if d.Dropped {
		b.WriteString("~~")
	}
}

// TermJSON is one dice term of a result, for JSON output.
type TermJSON struct {
	Term      string `json:"term"`
	Label     string `json:"label,omitempty"`
	Value     int64  `json:"value"`
	Successes *int64 `json:"successes,omitempty"`
	Failures  *int64 `json:"failures,omitempty"`
	Dice      []Die  `json:"dice"`
}

// ResultJSON is the machine form of a result.
type ResultJSON struct {
	Expr      string       `json:"expr"`
	Canonical string       `json:"canonical"`
	Total     int64        `json:"total"`
	Text      string       `json:"text"`
	Labels    []LabelTotal `json:"labels,omitempty"`
	Comment   string       `json:"comment,omitempty"`
	Terms     []TermJSON   `json:"terms"`
}

// JSON returns the machine form of the result.
func (r *Result) JSON() ResultJSON {
	out := ResultJSON{Expr: r.Expr.Source, Canonical: r.Expr.String(), Total: r.Total, Text: r.Text(),
		Labels: r.Labels, Comment: r.Expr.Comment, Terms: []TermJSON{}}
	var visit func(e *Eval)
	visit = func(e *Eval) {
		for _, k := range e.Kids {
			visit(k)
		}
		if e.Node.Op == OpDice {
			t := TermJSON{Term: Format(&Node{Op: OpDice, Dice: e.Node.Dice}), Label: e.Node.Label, Value: e.Value, Dice: e.Dice}
			if e.Node.Dice.Mods.Counting() {
				s, f := e.Successes, e.Failures
				t.Successes, t.Failures = &s, &f
			}
			out.Terms = append(out.Terms, t)
		}
	}
	visit(r.Tree)
	return out
}

// MarshalJSON encodes the result in its machine form.
func (r *Result) MarshalJSON() ([]byte, error) { return json.Marshal(r.JSON()) }
