package dice

import (
	"encoding/json"
	"strings"
)

// Format renders a node in canonical notation: "2d20kh1+5" for "1d20+5 adv".
func Format(n *Node) string {
	var b strings.Builder
	formatNode(&b, n)
	return b.String()
}

// String renders the expression in canonical notation.
func (e *Expr) String() string { return Format(e.Root) }

var opText = [...]string{OpAdd: " + ", OpSub: " - ", OpMul: " * ", OpDiv: " / ", OpMod: " % "}

func formatNode(b *strings.Builder, n *Node) {
	if n.Paren && n.Op != OpDice {
		b.WriteByte('(')
	}
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
			formatNode(b, a)
		}
		b.WriteByte('}')
		formatMods(b, n.GroupMods)
	case OpNeg:
		b.WriteByte('-')
		formatNode(b, n.L)
	case OpCall:
		b.WriteString(n.Fn.String())
		b.WriteByte('(')
		for i, a := range n.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			formatNode(b, a)
		}
		b.WriteByte(')')
	case OpCmp:
		formatNode(b, n.L)
		b.WriteString(" " + n.Cmp.String() + " ")
		formatNode(b, n.R)
	default:
		formatNode(b, n.L)
		b.WriteString(opText[n.Op])
		formatNode(b, n.R)
	}
	if n.Paren && n.Op != OpDice {
		b.WriteByte(')')
	}
	if n.Label != "" {
		b.WriteString("[" + n.Label + "]")
	}
}

func formatOperand(b *strings.Builder, n *Node) {
	if n.Op == OpNum && n.Val >= 0 || n.Paren {
		formatNode(b, n)
		return
	}
	b.WriteByte('(')
	formatNode(b, n)
	b.WriteByte(')')
}

func formatDice(b *strings.Builder, t *DiceTerm) {
	formatOperand(b, t.Count)
	b.WriteByte('d')
	switch t.Kind {
	case Percent:
		b.WriteByte('%')
	case Fudge:
		b.WriteByte('F')
	default:
		formatOperand(b, t.Sides)
	}
	formatMods(b, &t.Mods)
}

func formatMods(b *strings.Builder, m *Mods) {
	for _, cp := range m.Reroll {
		if m.RerollOnce {
			b.WriteString("ro")
		} else {
			b.WriteString("r")
		}
		b.WriteString(bareCP(cp))
	}
	if m.Explode != ExplodeNone {
		b.WriteString(m.Explode.String())
		b.WriteString(bareCP(m.ExplodeCP))
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

func formatEval(b *strings.Builder, e *Eval) {
	n := e.Node
	if n.Paren && n.Op != OpDice {
		b.WriteByte('(')
	}
	switch n.Op {
	case OpNum:
		b.WriteString(itoa(n.Val))
	case OpDice:
		formatDice(b, n.Dice)
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
		formatMods(b, n.GroupMods)
	case OpNeg:
		b.WriteByte('-')
		formatEval(b, e.Kids[0])
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
		formatEval(b, e.Kids[0])
		b.WriteString(" " + n.Cmp.String() + " ")
		formatEval(b, e.Kids[1])
	default:
		formatEval(b, e.Kids[0])
		b.WriteString(opText[n.Op])
		formatEval(b, e.Kids[1])
	}
	if n.Paren && n.Op != OpDice {
		b.WriteByte(')')
	}
	if n.Label != "" {
		b.WriteString(" [" + n.Label + "]")
	}
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
