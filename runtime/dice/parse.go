package dice

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dndsh/dndsh/runtime/errs"
)

// maxLiteral bounds integer literals so that sums of a few of them cannot
// overflow silently; arithmetic is checked anyway.
const maxLiteral = 1_000_000_000_000_000

// Parse parses src with the default budgets.
func Parse(src string) (*Expr, error) { return ParseBudget(src, DefaultBudget()) }

// ParseBudget parses src under the given budgets.
func ParseBudget(src string, b Budget) (*Expr, error) {
	if b.MaxLen > 0 && utf8.RuneCountInString(src) > b.MaxLen {
		return nil, &errs.Error{Kind: errs.Budget, Layer: "dice", Source: clip(src), Col: b.MaxLen + 1,
			Msg:  fmt.Sprintf("expression longer than the length budget (%d characters)", b.MaxLen),
			Hint: "split the expression, or raise budgets.max_length in dndsh.toml"}
	}
	for i := 0; i < len(src); i++ {
		if c := src[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			return nil, &errs.Error{Kind: errs.Syntax, Layer: "dice", Source: clip(src), Col: utf8.RuneCountInString(src[:i]) + 1,
				Msg: fmt.Sprintf("control character %q in a dice expression", c)}
		}
	}
	e := &Expr{Source: src, Budget: b}
	p := &parser{src: src, low: asciiLower(src), b: b, slab: e.inlineNodes[:0], terms: e.inlineTerms[:0]}
	err := p.parseExpr(e)
	if err != nil {
		return nil, err
	}
	if bad, err := checkStaticDice(e.Root, b); err != nil {
		if ee, ok := err.(*errs.Error); ok {
			ee.Source, ee.Col = clip(src), utf8.RuneCountInString(src[:bad.Pos])+1
		}
		return nil, err
	}
	e.terms, e.labels = labelTerms(e.Root)
	e.flat = flatten(e.Root)
	return e, nil
}

// MustParse parses src and panics on error. For tests and constants only.
func MustParse(src string) *Expr {
	e, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return e
}

type parser struct {
	src, low string // low is src with ASCII letters lowered: same byte offsets
	pos      int
	depth    int
	b        Budget
	slab     []Node     // nodes are carved from slabs: fewer allocations per parse
	terms    []DiceTerm // likewise dice terms
}

// newTerm returns a new dice term carved from the current slab.
func (p *parser) newTerm() *DiceTerm {
	if len(p.terms) == cap(p.terms) {
		p.terms = make([]DiceTerm, 0, 2)
	}
	p.terms = append(p.terms, DiceTerm{})
	return &p.terms[len(p.terms)-1]
}

// newNode returns a new zero node carved from the current slab. Setting
// its fields one by one is cheaper than copying a whole Node in (a copy of
// a struct with pointers goes through the GC's bulk write barrier).
func (p *parser) newNode() *Node {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]Node, 0, 4)
	}
	p.slab = p.slab[:len(p.slab)+1]
	return &p.slab[len(p.slab)-1]
}

// alloc returns a new node holding n, carved from the current slab.
func (p *parser) alloc(n Node) *Node {
	x := p.newNode()
	*x = n
	return x
}

// num returns a new integer literal node.
func (p *parser) num(v int64, pos, end int) *Node {
	n := p.newNode()
	n.Op, n.Val, n.Pos, n.End = OpNum, v, pos, end
	return n
}

// binary returns a new node l op r.
func (p *parser) binary(op Op, l, r *Node) *Node {
	n := p.newNode()
	n.Op, n.L, n.R, n.Pos, n.End = op, l, r, l.Pos, r.End
	return n
}

func asciiLower(s string) string {
	upper := false
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			upper = true
			break
		}
	}
	if !upper {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// errAt returns a syntax error at byte offset off.
func (p *parser) errAt(off int, format string, args ...any) error {
	if off > len(p.src) {
		off = len(p.src)
	}
	col := utf8.RuneCountInString(p.src[:off]) + 1
	return &errs.Error{Kind: errs.Syntax, Layer: "dice", Source: clip(p.src), Col: col, Msg: fmt.Sprintf(format, args...)}
}

// end returns the current offset less the spaces before it (but not before
// start): where the node that began at start ends.
func (p *parser) end(start int) int {
	i := p.pos
	for i > start && isSpace(p.low[i-1]) {
		i--
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *parser) skip() {
	for p.pos < len(p.low) {
		switch p.low[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// peek returns the next non-space byte, or 0 at the end.
func (p *parser) peek() byte {
	p.skip()
	if p.pos < len(p.low) {
		return p.low[p.pos]
	}
	return 0
}

func (p *parser) peekAt(k int) byte {
	if p.pos+k < len(p.low) {
		return p.low[p.pos+k]
	}
	return 0
}

func (p *parser) accept(s string) bool {
	p.skip()
	if len(p.low)-p.pos >= len(s) && p.low[p.pos:p.pos+len(s)] == s {
		p.pos += len(s)
		return true
	}
	return false
}

// enter opens a nesting level whose opening token ('(', '{', a function's
// '(' or a unary minus) is at byte offset at.
func (p *parser) enter(at int) error {
	p.depth++
	if p.b.MaxNest > 0 && p.depth > p.b.MaxNest {
		return &errs.Error{Kind: errs.Budget, Layer: "dice", Source: clip(p.src), Col: utf8.RuneCountInString(p.src[:at]) + 1,
			Msg: fmt.Sprintf("nesting deeper than the budget (%d)", p.b.MaxNest)}
	}
	return nil
}

const expectAtom = "expected a number, a dice term or '('"

// MaxAdvLevel is the highest graded advantage level of the notation
// ("adv63" rolls 64 d20s and keeps the highest).
const MaxAdvLevel = 63

// parseExpr reads Expression = ( Comparison [ Advantage ] | Sum Advantage
// CompareOp Sum ) [ comment ].
func (p *parser) parseExpr(e *Expr) error {
	if p.peek() == 0 || p.peek() == '#' {
		return p.errAt(p.pos, "empty expression: %s", expectAtom)
	}
	root, err := p.parseCmp()
	if err != nil {
		return err
	}
	// adv / dis
	p.skip()
	advPos := p.pos
	switch {
	case p.acceptWord("advantage"), p.acceptWord("adv"):
		if root, err = p.applyAdv(root, KeepHigh, advPos); err != nil {
			return err
		}
	case p.acceptWord("disadvantage"), p.acceptWord("dis"):
		if root, err = p.applyAdv(root, KeepLow, advPos); err != nil {
			return err
		}
	}
	// "1d20+7 adv >= 15": the comparison may follow the advantage word
	if p.pos > advPos && root.Op != OpCmp {
		start := p.pos
		if c, ok := p.acceptCmp(true); ok {
			r, err := p.parseSum()
			if err != nil {
				return err
			}
			root = p.alloc(Node{Op: OpCmp, Cmp: c, L: root, R: r, Pos: root.Pos, End: r.End})
			if _, ok := p.acceptCmp(true); ok {
				return p.errAt(start, "comparisons do not chain: put one side in parentheses")
			}
		}
	}
	if p.peek() == '#' {
		e.Comment = trimSpace(p.src[p.pos+1:])
		p.pos = len(p.src)
	}
	if c := p.peek(); c != 0 {
		return p.errAt(p.pos, "unexpected %s: expected an operator, 'adv', 'dis', '#' or the end", p.describe())
	}
	e.Root = root
	return nil
}

// acceptWord accepts w when it is not followed by another letter.
func (p *parser) acceptWord(w string) bool {
	p.skip()
	if len(p.low)-p.pos < len(w) || p.low[p.pos:p.pos+len(w)] != w {
		return false
	}
	if n := p.pos + len(w); n < len(p.low) && isLetter(p.low[n]) {
		return false
	}
	p.pos += len(w)
	return true
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n' || s[j-1] == '\r') {
		j--
	}
	return s[i:j]
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// describe names the token at the current position for an error message.
func (p *parser) describe() string {
	if p.pos >= len(p.src) {
		return "end of expression"
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return fmt.Sprintf("%q", r)
}

// parseCmp reads Comparison = Sum [ CompareOp Sum ].
func (p *parser) parseCmp() (*Node, error) {
	l, err := p.parseSum()
	if err != nil {
		return nil, err
	}
	start := p.pos
	if c, ok := p.acceptCmp(true); ok {
		r, err := p.parseSum()
		if err != nil {
			return nil, err
		}
		n := p.alloc(Node{Op: OpCmp, Cmp: c, L: l, R: r, Pos: l.Pos, End: r.End})
		if _, ok := p.acceptCmp(true); ok {
			return nil, p.errAt(start, "comparisons do not chain: put one side in parentheses")
		}
		return n, nil
	}
	return l, nil
}

// acceptCmp reads a comparison operator. totals allows != and <> (only
// between totals: after a dice term "!" means explode).
func (p *parser) acceptCmp(totals bool) (Cmp, bool) {
	p.skip()
	switch {
	case p.accept(">="):
		return CmpGe, true
	case p.accept("<="):
		return CmpLe, true
	case totals && (p.accept("!=") || p.accept("<>")):
		return CmpNe, true
	case p.accept("=="), p.accept("="):
		return CmpEq, true
	case p.accept(">"):
		return CmpGt, true
	case p.accept("<"):
		return CmpLt, true
	}
	return CmpNone, false
}

// parseSum reads Sum = Product { ( "+" | "-" ) Product }.
func (p *parser) parseSum() (*Node, error) {
	l, err := p.parseProduct()
	if err != nil {
		return nil, err
	}
	for {
		var op Op
		switch p.peek() {
		case '+':
			op = OpAdd
		case '-':
			op = OpSub
		default:
			return l, nil
		}
		p.pos++
		r, err := p.parseProduct()
		if err != nil {
			return nil, err
		}
		l = p.binary(op, l, r)
	}
}

// parseProduct reads Product = Unary { ( "*" | "/" | "%" ) Unary }.
func (p *parser) parseProduct() (*Node, error) {
	l, err := p.parseUnary()
	if err != nil {
		return nil, err
	}
	for {
		var op Op
		switch p.peek() {
		case '*':
			op = OpMul
		case '/':
			op = OpDiv
		case '%':
			op = OpMod
		default:
			return l, nil
		}
		p.pos++
		r, err := p.parseUnary()
		if err != nil {
			return nil, err
		}
		l = p.binary(op, l, r)
	}
}

// parseUnary reads the signs of Unary, then the rest (parsePostfix).
func (p *parser) parseUnary() (*Node, error) {
	switch p.peek() {
	case '-':
		start := p.pos
		p.pos++
		if err := p.enter(start); err != nil {
			return nil, err
		}
		x, err := p.parseUnary()
		p.depth--
		if err != nil {
			return nil, err
		}
		if x.Op == OpNum && x.Label == "" {
			x.Val, x.Pos = -x.Val, start
			return x, nil
		}
		return p.alloc(Node{Op: OpNeg, L: x, Pos: start, End: x.End}), nil
	case '+':
		p.pos++
		return p.parseUnary()
	}
	return p.parsePostfix()
}

// parsePostfix reads the term of Unary and its optional label.
func (p *parser) parsePostfix() (*Node, error) {
	n, err := p.parseAtom()
	if err != nil {
		return nil, err
	}
	if p.peek() == '[' {
		open := p.pos
		end := -1
		for i := p.pos + 1; i < len(p.src); i++ {
			if p.src[i] == ']' {
				end = i
				break
			}
		}
		if end < 0 {
			return nil, p.errAt(open, "unclosed label: expected ']'")
		}
		n.Label = trimSpace(p.src[open+1 : end])
		if n.Label == "" {
			return nil, p.errAt(open, "empty label '[]'")
		}
		p.pos = end + 1
		n.End = p.pos
		if p.peek() == '[' {
			return nil, p.errAt(p.pos, "a term takes one label")
		}
	}
	return n, nil
}

// diceFollows reports whether the 'd' at the current position starts the
// sides of a dice term (d6, d%, dF, d(…)) rather than a word such as "dis".
func (p *parser) diceFollows() bool {
	if p.peekAt(0) != 'd' {
		return false
	}
	c := p.peekAt(1)
	return isDigit(c) || c == '%' || c == '(' || c == 'f'
}

// parseAtom reads a Dice, Group, Paren, Call or int.
func (p *parser) parseAtom() (*Node, error) {
	c := p.peek()
	start := p.pos
	switch {
	case isDigit(c):
		num, err := p.parseNumber()
		if err != nil {
			return nil, err
		}
		if p.skip(); p.diceFollows() {
			return p.parseDice(num, start)
		}
		if p.peekAt(0) == 'd' && !isLetter(p.peekAt(1)) {
			return nil, p.errAt(p.pos+1, "expected the number of faces after 'd' (d6, d%%, dF or d(...))")
		}
		return num, nil
	case c == 'd' && p.diceFollows():
		return p.parseDice(nil, start)
	case c == 'd' && !isLetter(p.peekAt(1)):
		return nil, p.errAt(p.pos+1, "expected the number of faces after 'd' (d6, d%%, dF or d(...))")
	case c == '(' || c == '{':
		return p.parseParen(false)
	case isLetter(c):
		j := p.pos
		for j < len(p.low) && isLetter(p.low[j]) {
			j++
		}
		word := p.low[p.pos:j]
		fn := lookupFunc(word)
		if fn == 0 {
			return nil, p.errAt(p.pos, "unknown word %q: %s (functions: floor ceil round abs min max)", p.src[p.pos:j], expectAtom)
		}
		p.pos = j
		return p.parseCall(fn, start)
	}
	return nil, p.errAt(p.pos, "%s, got %s", expectAtom, p.describe())
}

func (p *parser) parseNumber() (*Node, error) {
	p.skip()
	start := p.pos
	v, err := p.parseInt()
	if err != nil {
		return nil, err
	}
	return p.num(v, start, p.pos), nil
}

// parseInt reads an unsigned integer literal.
func (p *parser) parseInt() (int64, error) {
	p.skip()
	start := p.pos
	var v int64
	for p.pos < len(p.low) && isDigit(p.low[p.pos]) {
		v = v*10 + int64(p.low[p.pos]-'0')
		p.pos++
		if v > maxLiteral {
			return 0, &errs.Error{Kind: errs.Budget, Layer: "dice", Source: clip(p.src), Col: utf8.RuneCountInString(p.src[:start]) + 1,
				Msg: fmt.Sprintf("number too large (the largest literal is %d)", int64(maxLiteral))}
		}
	}
	if p.pos == start {
		return 0, p.errAt(p.pos, "expected a number, got %s", p.describe())
	}
	return v, nil
}

// parseParen reads a Paren or a Group: "(…)" or "{…}". sides is true for the faces of a dice
// term, "d(…)": there a 'd' after the ')' is a drop modifier of the term,
// not a dice term whose count is the parenthesis.
func (p *parser) parseParen(sides bool) (*Node, error) {
	open := p.pos
	closeCh := byte(')')
	curly := p.low[p.pos] == '{'
	if curly {
		closeCh = '}'
	}
	p.pos++
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	var items []*Node
	for {
		if p.peek() == closeCh && curly && len(items) > 0 {
			break // trailing comma
		}
		it, err := p.parseCmp()
		if err != nil {
			return nil, err
		}
		items = append(items, it)
		if p.peek() == ',' {
			p.pos++
			if !curly && p.peek() == ')' {
				break
			}
			continue
		}
		break
	}
	if p.peek() != closeCh {
		return nil, p.errAt(p.pos, "expected ',' or '%c' to close the '%c' at col %d, got %s", closeCh, p.src[open], utf8.RuneCountInString(p.src[:open])+1, p.describe())
	}
	p.pos++
	if !curly && len(items) == 1 && !p.lastWasComma(open) {
		n := items[0]
		if p.skip(); !sides && p.diceFollows() {
			return p.parseDice(n, open)
		}
		paren := p.alloc(Node{Op: n.Op, Val: n.Val, L: n.L, R: n.R, Cmp: n.Cmp, Fn: n.Fn, Args: n.Args, Dice: n.Dice,
			GroupMods: n.GroupMods, Label: n.Label, Paren: true, Pos: open, End: p.pos})
		return paren, nil
	}
	g := p.alloc(Node{Op: OpGroup, Args: items, Pos: open, GroupMods: &Mods{}})
	if err := p.parseMods(g.GroupMods, true); err != nil {
		return nil, err
	}
	g.End = p.end(open)
	if g.GroupMods.Failure.Op != CmpNone && g.GroupMods.Success.Op == CmpNone {
		return nil, p.errAt(open, "f needs a success compare point before it, as in {…}>=7f1")
	}
	// A group of one dice term keeps, drops and counts across its dice.
	if len(items) == 1 && items[0].Op == OpDice {
		d := items[0]
		gm, dm := g.GroupMods, &d.Dice.Mods
		if gm.Keep != KeepNone {
			if dm.Keep != KeepNone {
				return nil, p.errAt(open, "the dice term in this group already keeps or drops")
			}
			dm.Keep, dm.KeepN = gm.Keep, gm.KeepN
		}
		if gm.Counting() {
			if dm.Counting() {
				return nil, p.errAt(open, "the dice term in this group already counts successes")
			}
			dm.Success, dm.Failure = gm.Success, gm.Failure
		}
		// The term keeps its label: {4d6[fire]}kh3 is 4d6kh3[fire].
		d.Pos, d.End, d.Paren = g.Pos, g.End, true
		return d, nil
	}
	return g, nil
}

// lastWasComma reports whether the parenthesis opened at open held a
// one-element set "(x,)".
func (p *parser) lastWasComma(open int) bool {
	for i := p.pos - 2; i > open; i-- {
		switch p.src[i] {
		case ' ', '\t', '\n', '\r':
			continue
		case ',':
			return true
		}
		return false
	}
	return false
}

// parseCall reads the arguments of a Call.
func (p *parser) parseCall(fn Func, start int) (*Node, error) {
	if p.peek() != '(' {
		return nil, p.errAt(p.pos, "expected '(' after %s", fn)
	}
	open := p.pos
	p.pos++
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	var args []*Node
	for {
		a, err := p.parseCmp()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if p.peek() == ',' {
			p.pos++
			continue
		}
		break
	}
	if p.peek() != ')' {
		return nil, p.errAt(p.pos, "expected ',' or ')' to close %s( at col %d, got %s", fn, utf8.RuneCountInString(p.src[:open])+1, p.describe())
	}
	p.pos++
	switch fn {
	case FnMin, FnMax:
	default:
		if len(args) != 1 {
			return nil, p.errAt(start, "%s takes one argument, got %d", fn, len(args))
		}
	}
	return p.alloc(Node{Op: OpCall, Fn: fn, Args: args, Pos: start, End: p.pos}), nil
}

// parseDice reads the faces and modifiers of a Dice (from its 'd'); count
// is nil for "d6".
func (p *parser) parseDice(count *Node, start int) (*Node, error) {
	p.pos++ // 'd'
	t := p.newTerm()
	t.Count = count
	if count == nil {
		t.Count = p.num(1, start, start)
	}
	switch c := p.peekAt(0); {
	case c == '%':
		p.pos++
		t.Kind = Percent
	case c == 'f':
		p.pos++
		t.Kind = Fudge
	case c == '(':
		open := p.pos
		s, err := p.parseParen(true)
		if err != nil {
			return nil, err
		}
		// a group, even of one term ("d(1d6,)"), is no number of sides
		if inner := strings.TrimSpace(p.src[open+1 : p.pos-1]); s.Op == OpGroup || strings.HasSuffix(inner, ",") {
			return nil, p.errAt(open, "the sides of a die must be one number")
		}
		t.Sides = s
	default:
		s, err := p.parseNumber()
		if err != nil {
			return nil, err
		}
		t.Sides = s
	}
	if t.Sides != nil && t.Sides.Op == OpNum && t.Sides.Val < 1 {
		return nil, p.errAt(t.Sides.Pos, "a die needs at least one face, got d%d", t.Sides.Val)
	}
	n := p.newNode()
	n.Op, n.Dice, n.Pos = OpDice, t, start
	if err := p.parseMods(&t.Mods, false); err != nil {
		return nil, err
	}
	n.End = p.end(start)
	if t.Mods.Failure.Op != CmpNone && t.Mods.Success.Op == CmpNone {
		return nil, p.errAt(start, "f needs a success compare point before it, as in 6d10>=7f1")
	}
	if err := p.checkMods(t, start); err != nil {
		return nil, err
	}
	return n, nil
}

// parseMods reads the modifiers of a Dice ({ DiceMod } [ Success { DiceMod } ])
// or, with group set, of a Group.
func (p *parser) parseMods(m *Mods, group bool) error {
	for {
		p.skip()
		at := p.pos
		c, c1 := p.peekAt(0), p.peekAt(1)
		switch {
		case c == 'k' || (c == 'd' && (c1 == 'h' || c1 == 'l' || isDigit(c1) || !isLetter(c1) && c1 != '%' && c1 != '(')):
			if m.Keep != KeepNone {
				return p.errAt(at, "only one keep or drop modifier per term")
			}
			p.pos++
			switch {
			case c == 'k' && c1 == 'h':
				m.Keep = KeepHigh
				p.pos++
			case c == 'k' && c1 == 'l':
				m.Keep = KeepLow
				p.pos++
			case c == 'k':
				m.Keep = KeepHigh
			case c1 == 'h':
				m.Keep = DropHigh
				p.pos++
			case c1 == 'l':
				m.Keep = DropLow
				p.pos++
			default:
				m.Keep = DropLow
			}
			m.KeepN = 1
			if isDigit(p.peek()) {
				n, err := p.parseInt()
				if err != nil {
					return err
				}
				m.KeepN = n
			}
		case c == 'r' && !group:
			once := c1 == 'o'
			if len(m.Reroll) > 0 && m.RerollOnce != once {
				return p.errAt(at, "r and ro cannot be mixed on one term")
			}
			p.pos++
			if once {
				p.pos++
			}
			m.RerollOnce = once
			cp, ok, err := p.parseCP(cpOptional)
			if err != nil {
				return err
			}
			if !ok {
				cp = CP{Op: CmpNone} // lowest face, resolved when the die is known
			}
			m.Reroll = append(m.Reroll, cp)
		case c == '!' && !group:
			if m.Explode != ExplodeNone {
				return p.errAt(at, "only one explosion modifier per term")
			}
			p.pos++
			switch p.peekAt(0) {
			case '!':
				m.Explode = ExplodeCompound
				p.pos++
			case 'p':
				m.Explode = ExplodePenetrate
				p.pos++
			default:
				m.Explode = ExplodeAdd
			}
			cp, ok, err := p.parseCP(cpOptional)
			if err != nil {
				return err
			}
			if ok {
				m.ExplodeCP = cp
			}
		case c == 'm' && (c1 == 'i' || c1 == 'a') && !group:
			p.pos += 2
			v, err := p.parseSigned()
			if err != nil {
				return err
			}
			if c1 == 'i' {
				if m.HasMin {
					return p.errAt(at, "only one mi modifier per term")
				}
				m.HasMin, m.Min = true, v
			} else {
				if m.HasMax {
					return p.errAt(at, "only one ma modifier per term")
				}
				m.HasMax, m.Max = true, v
			}
		case c == 'f' && p.cpFollows(p.pos+1):
			if m.Failure.Op != CmpNone {
				return p.errAt(at, "only one failure (f) modifier per term")
			}
			p.pos++
			cp, _, err := p.parseCP(cpBare)
			if err != nil {
				return err
			}
			m.Failure = cp
		case c == '=' || c == '<' || c == '>':
			if c == '=' && c1 == '=' {
				return nil // "==" compares totals
			}
			if m.Success.Op != CmpNone {
				return nil // a second compare point compares the totals
			}
			cp, _, err := p.parseCP(cpOperator)
			if err != nil {
				return err
			}
			m.Success = cp
		default:
			return nil
		}
	}
}

// cpMode says how a compare point may be written.
type cpMode uint8

const (
	cpOperator cpMode = iota // success counting: the operator is required (">=5", "=5")
	cpBare                   // f: a bare number means "=" ("f1")
	cpOptional               // r, ro, !, !!, !p: as cpBare, and the point may be absent
)

// cpFollows reports whether a compare point starts at byte offset i, spaces
// skipped.
func (p *parser) cpFollows(i int) bool {
	for i < len(p.low) && isSpace(p.low[i]) {
		i++
	}
	if i >= len(p.low) {
		return false
	}
	c := p.low[i]
	return c == '=' || c == '<' || c == '>' || c == '-' || isDigit(c)
}

// parseCP reads a compare point. ok is false when no compare point follows
// (only in cpOptional mode). In cpOptional mode a '-' that follows spaces is
// a minus sign, not a negative point: "1d6! - 1" subtracts 1, while
// "4dFr-1" rerolls the -1s.
func (p *parser) parseCP(mode cpMode) (CP, bool, error) {
	before := p.pos
	p.skip()
	c := p.peekAt(0)
	if c != '=' && c != '<' && c != '>' && !isDigit(c) && c != '-' {
		if mode == cpOptional {
			return CP{}, false, nil
		}
		return CP{}, false, p.errAt(p.pos, "expected a compare point (=N, <N, <=N, >N, >=N)")
	}
	if c == '-' && mode == cpOptional && p.pos > before {
		p.pos = before
		return CP{}, false, nil
	}
	var op Cmp
	switch {
	case p.accept(">="):
		op = CmpGe
	case p.accept("<="):
		op = CmpLe
	case p.accept("="):
		op = CmpEq
	case p.accept(">"):
		op = CmpGt
	case p.accept("<"):
		op = CmpLt
	default:
		if mode == cpOperator {
			return CP{}, false, p.errAt(p.pos, "expected a compare point (=N, <N, <=N, >N, >=N)")
		}
		op = CmpEq
	}
	v, err := p.parseSigned()
	if err != nil {
		return CP{}, false, err
	}
	return CP{Op: op, V: v}, true, nil
}

func (p *parser) parseSigned() (int64, error) {
	neg := false
	if p.peek() == '-' {
		neg = true
		p.pos++
	}
	n, err := p.parseInt()
	if err != nil {
		return 0, err
	}
	if neg {
		return -n, nil
	}
	return n, nil
}

// faceRange returns the faces of a die with constant sides; ok is false when
// the sides are computed at roll time.
func faceRange(t *DiceTerm) (lo, hi int64, ok bool) {
	switch t.Kind {
	case Percent:
		return 1, 100, true
	case Fudge:
		return -1, 1, true
	}
	if t.Sides.Op == OpNum {
		return 1, t.Sides.Val, true
	}
	return 0, 0, false
}

// checkMods rejects modifiers that could never stop (a reroll or explosion
// that matches every face) when the faces are known at parse time.
func (p *parser) checkMods(t *DiceTerm, start int) error {
	lo, hi, ok := faceRange(t)
	if !ok {
		return nil
	}
	if err := validateMods(&t.Mods, lo, hi); err != nil {
		return p.errAt(start, "%s", err.Error())
	}
	return nil
}

type modError string

func (e modError) Error() string { return string(e) }

// validateMods checks a term's modifiers against its faces lo..hi.
func validateMods(m *Mods, lo, hi int64) error {
	if len(m.Reroll) > 0 && !m.RerollOnce && allMatch(m.Reroll, lo, hi) {
		return modError("this reroll matches every face and would never stop")
	}
	if m.Explode != ExplodeNone && lo < hi || m.Explode != ExplodeNone && m.ExplodeCP.Op != CmpNone {
		cp := m.ExplodeCP
		if cp.Op == CmpNone {
			cp = CP{Op: CmpEq, V: hi}
		}
		if allMatch([]CP{cp}, lo, hi) {
			return modError("this explosion matches every face and would never stop")
		}
	} else if m.Explode != ExplodeNone {
		return modError("a die with one face cannot explode")
	}
	if m.HasMin && m.HasMax && m.Min > m.Max {
		return modError(fmt.Sprintf("mi%d is above ma%d", m.Min, m.Max))
	}
	return nil
}

// allMatch reports whether every face in lo..hi meets one of the points.
func allMatch(cps []CP, lo, hi int64) bool {
	if hi-lo > 1000 {
		// Only a threshold can cover a large die: test the two ends and the
		// faces next to each point.
		for _, cp := range cps {
			if (cp.Op == CmpGe && cp.V <= lo) || (cp.Op == CmpGt && cp.V < lo) ||
				(cp.Op == CmpLe && cp.V >= hi) || (cp.Op == CmpLt && cp.V > hi) {
				return true
			}
		}
		return false
	}
	for f := lo; f <= hi; f++ {
		hit := false
		for _, cp := range cps {
			if cp.Op == CmpNone && f == lo || cp.Match(f) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

func (p *parser) applyAdv(root *Node, k Keep, at int) (*Node, error) {
	word := "adv"
	if k == KeepLow {
		word = "dis"
	}
	// A graded level: "adv2" (or "adv 2") rolls three d20s and keeps one.
	level := int64(1)
	if c := p.peek(); isDigit(c) {
		lv := p.pos
		v := int64(0)
		for p.pos < len(p.low) && isDigit(p.low[p.pos]) {
			v = v*10 + int64(p.low[p.pos]-'0')
			if v > MaxAdvLevel {
				return nil, p.errAt(lv, "%s level too high: at most %d", word, MaxAdvLevel)
			}
			p.pos++
		}
		if v < 1 {
			return nil, p.errAt(lv, "%s level must be 1 or more, got %d", word, v)
		}
		level = v
	}
	var found []*Node
	walk(root, func(n *Node) {
		if n.Op == OpDice && n.Dice.Kind == Standard && n.Dice.Sides.Op == OpNum && n.Dice.Sides.Val == 20 {
			found = append(found, n)
		}
	})
	if len(found) != 1 {
		return nil, p.errAt(at, "%s needs exactly one d20 term in the expression, found %d", word, len(found))
	}
	d := found[0].Dice
	if d.Count.Op != OpNum || d.Count.Val != 1 {
		return nil, p.errAt(at, "%s needs a single d20 (1d20), not %s", word, p.src[found[0].Pos:found[0].End])
	}
	if d.Mods.Keep != KeepNone || d.Mods.Counting() {
		return nil, p.errAt(at, "%s cannot apply to a d20 that already keeps, drops or counts", word)
	}
	d.Count = p.num(1+level, d.Count.Pos, d.Count.End)
	d.Mods.Keep, d.Mods.KeepN = k, 1
	return root, nil
}

// walk calls f on every node of the tree, parents first.
func walk(n *Node, f func(*Node)) {
	if n == nil {
		return
	}
	f(n)
	walk(n.L, f)
	walk(n.R, f)
	for _, a := range n.Args {
		walk(a, f)
	}
	if n.Dice != nil {
		walk(n.Dice.Count, f)
		walk(n.Dice.Sides, f)
	}
}

// checkStaticDice fails early when a constant dice count is negative or the
// constant counts alone break the dice budget, so "9999999999999d6" is
// refused before anything is rolled. It returns the term at fault with the
// error.
func checkStaticDice(root *Node, b Budget) (*Node, error) {
	max := int64(b.MaxDice)
	if b.MaxDice <= 0 {
		max = 1<<63 - 1
	}
	var total int64
	bad := staticDice(root, &total, max)
	if bad == nil {
		return nil, nil
	}
	if bad.Dice.Count.Val < 0 {
		return bad, &errs.Error{Kind: errs.Syntax, Layer: "dice", Msg: fmt.Sprintf("negative dice count %d", bad.Dice.Count.Val)}
	}
	return bad, budgetDice(b)
}

// staticDice adds the constant dice counts under n to *total and returns
// the first term that is negative or breaks max.
func staticDice(n *Node, total *int64, max int64) *Node {
	if n == nil {
		return nil
	}
	if n.Op == OpDice && n.Dice.Count.Op == OpNum {
		c := n.Dice.Count.Val
		if c < 0 || c > max-*total {
			return n
		}
		*total += c
	}
	for _, k := range [2]*Node{n.L, n.R} {
		if bad := staticDice(k, total, max); bad != nil {
			return bad
		}
	}
	for _, a := range n.Args {
		if bad := staticDice(a, total, max); bad != nil {
			return bad
		}
	}
	if n.Dice != nil {
		if bad := staticDice(n.Dice.Count, total, max); bad != nil {
			return bad
		}
		return staticDice(n.Dice.Sides, total, max)
	}
	return nil
}

func budgetDice(b Budget) error {
	return &errs.Error{Kind: errs.Budget, Layer: "dice",
		Msg:  fmt.Sprintf("dice budget exceeded: more than %d dice in one expression", b.MaxDice),
		Hint: "roll fewer dice, or raise budgets.max_dice in dndsh.toml"}
}

// labelTerms splits the top-level sum into signed terms (a unary minus
// flips the sign of what it applies to) and gives each the label it counts
// under: its own label, or, for a constant that follows a
// labelled term (possibly through other such constants), that term's label.
func labelTerms(root *Node) ([]signed, []string) {
	if !hasLabel(root) {
		return nil, nil
	}
	var terms []signed
	var flatten func(n *Node, neg bool)
	flatten = func(n *Node, neg bool) {
		if n.Label == "" && !n.Paren {
			switch n.Op {
			case OpAdd, OpSub:
				flatten(n.L, neg)
				flatten(n.R, neg != (n.Op == OpSub))
				return
			case OpNeg:
				flatten(n.L, !neg)
				return
			}
		}
		terms = append(terms, signed{neg: neg, node: n})
	}
	flatten(root, false)
	labels := make([]string, len(terms))
	last := ""
	any := false
	for i, t := range terms {
		switch {
		case t.node.Label != "":
			last, any = t.node.Label, true
			labels[i] = last
		case t.node.Op == OpNum:
			labels[i] = last
		default:
			last = ""
		}
	}
	if !any {
		return nil, nil
	}
	return terms, labels
}

// hasLabel reports whether any node of the top-level sum carries a label.
func hasLabel(n *Node) bool {
	if n.Label != "" {
		return true
	}
	if n.Paren {
		return false
	}
	switch n.Op {
	case OpAdd, OpSub:
		return hasLabel(n.L) || hasLabel(n.R)
	case OpNeg:
		return hasLabel(n.L)
	}
	return false
}
