package dice_test

// The grammar test: the EBNF of the package doc (doc.go, "# Grammar") is
// read, checked for well-formedness, and matched against the corpus of
// spec/dice and against what the parser accepts. The matcher below is a
// plain reading of the EBNF (every derivation is tried), so it knows
// nothing of the parser: the grammar is the one place the notation is
// written down, and this test keeps it honest.

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// ---- the EBNF: reading ----

// gnode is a node of a grammar expression.
type gnode struct {
	kind  byte // 'a' alternatives, 's' sequence, 'n' name, 't' token, 'r' range, 'o' option, '*' repetition
	kids  []*gnode
	name  string // 'n': the production; 't', 'r': the token (the range's low end)
	hi    rune   // 'r': the range's high end
	where string
}

// grammar is a set of productions.
type grammar struct {
	prods map[string]*gnode
	order []string // in the order written; the first is the start
}

// lexical reports whether a production name is lexical (no white space
// between its parts).
func lexical(name string) bool { return name != "" && name[0] >= 'a' && name[0] <= 'z' }

// docGrammar returns the EBNF block of the package doc: the indented lines
// after the "# Grammar" heading.
func docGrammar(t testing.TB) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	if f.Doc == nil {
		t.Fatal("doc.go has no package doc")
	}
	text := f.Doc.Text()
	_, after, ok := strings.Cut(text, "\n# Grammar\n")
	if !ok {
		t.Fatal("the package doc has no \"# Grammar\" section")
	}
	var b strings.Builder
	started := false
	for _, line := range strings.Split(after, "\n") {
		switch {
		case strings.HasPrefix(line, "\t"):
			started = true
			b.WriteString(line[1:] + "\n")
		case started && strings.TrimSpace(line) != "":
			return b.String()
		}
	}
	return b.String()
}

// ebnfReader reads EBNF text.
type ebnfReader struct {
	src string
	pos int
}

func (r *ebnfReader) skip() {
	for r.pos < len(r.src) && strings.ContainsRune(" \t\n\r", rune(r.src[r.pos])) {
		r.pos++
	}
}

func (r *ebnfReader) where() string {
	line := 1 + strings.Count(r.src[:r.pos], "\n")
	return fmt.Sprintf("grammar line %d", line)
}

func (r *ebnfReader) peek() byte {
	r.skip()
	if r.pos < len(r.src) {
		return r.src[r.pos]
	}
	return 0
}

func (r *ebnfReader) expect(s string) error {
	r.skip()
	if !strings.HasPrefix(r.src[r.pos:], s) {
		return fmt.Errorf("%s: expected %q", r.where(), s)
	}
	r.pos += len(s)
	return nil
}

func (r *ebnfReader) name() string {
	r.skip()
	j := r.pos
	for j < len(r.src) && (r.src[j] == '_' || r.src[j] >= 'a' && r.src[j] <= 'z' || r.src[j] >= 'A' && r.src[j] <= 'Z' || r.src[j] >= '0' && r.src[j] <= '9') {
		j++
	}
	n := r.src[r.pos:j]
	r.pos = j
	return n
}

func (r *ebnfReader) literal() (string, error) {
	r.skip()
	if r.peek() != '"' {
		return "", fmt.Errorf("%s: expected a token", r.where())
	}
	j := r.pos + 1
	for j < len(r.src) && r.src[j] != '"' {
		if r.src[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(r.src) {
		return "", fmt.Errorf("%s: unclosed token", r.where())
	}
	s, err := strconv.Unquote(r.src[r.pos : j+1])
	if err != nil {
		return "", fmt.Errorf("%s: %v", r.where(), err)
	}
	r.pos = j + 1
	return s, nil
}

// parseGrammar reads productions "name = expression ." until the end.
func parseGrammar(src string) (*grammar, error) {
	r := &ebnfReader{src: src}
	g := &grammar{prods: map[string]*gnode{}}
	for r.peek() != 0 {
		name := r.name()
		if name == "" {
			return nil, fmt.Errorf("%s: expected a production name", r.where())
		}
		if err := r.expect("="); err != nil {
			return nil, err
		}
		x, err := r.expr()
		if err != nil {
			return nil, err
		}
		if err := r.expect("."); err != nil {
			return nil, err
		}
		if _, dup := g.prods[name]; dup {
			return nil, fmt.Errorf("%s: %s is defined twice", r.where(), name)
		}
		g.prods[name] = x
		g.order = append(g.order, name)
	}
	return g, nil
}

func (r *ebnfReader) expr() (*gnode, error) {
	var alts []*gnode
	for {
		s, err := r.seq()
		if err != nil {
			return nil, err
		}
		alts = append(alts, s)
		if r.peek() != '|' {
			break
		}
		r.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &gnode{kind: 'a', kids: alts}, nil
}

func (r *ebnfReader) seq() (*gnode, error) {
	var items []*gnode
	for {
		var x *gnode
		where := r.where()
		switch c := r.peek(); {
		case c == '"':
			lo, err := r.literal()
			if err != nil {
				return nil, err
			}
			x = &gnode{kind: 't', name: lo, where: where}
			if r.skip(); strings.HasPrefix(r.src[r.pos:], "…") {
				r.pos += len("…")
				hi, err := r.literal()
				if err != nil {
					return nil, err
				}
				l, _ := utf8.DecodeRuneInString(lo)
				h, _ := utf8.DecodeRuneInString(hi)
				if utf8.RuneCountInString(lo) != 1 || utf8.RuneCountInString(hi) != 1 || h < l {
					return nil, fmt.Errorf("%s: a range is two single characters, low to high", where)
				}
				x = &gnode{kind: 'r', name: lo, hi: h, where: where}
			}
		case c == '(' || c == '[' || c == '{':
			r.pos++
			inner, err := r.expr()
			if err != nil {
				return nil, err
			}
			closer := map[byte]string{'(': ")", '[': "]", '{': "}"}[c]
			if err := r.expect(closer); err != nil {
				return nil, err
			}
			x = inner
			if c == '[' {
				x = &gnode{kind: 'o', kids: []*gnode{inner}}
			} else if c == '{' {
				x = &gnode{kind: '*', kids: []*gnode{inner}}
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			x = &gnode{kind: 'n', name: r.name(), where: where}
		default:
			if len(items) == 0 {
				return nil, fmt.Errorf("%s: empty alternative", where)
			}
			if len(items) == 1 {
				return items[0], nil
			}
			return &gnode{kind: 's', kids: items}, nil
		}
		items = append(items, x)
	}
}

// check reports undefined and unused productions.
func (g *grammar) check() error {
	used := map[string]bool{g.order[0]: true}
	var problems []string
	var walk func(x *gnode)
	walk = func(x *gnode) {
		if x.kind == 'n' {
			if g.prods[x.name] == nil {
				problems = append(problems, fmt.Sprintf("%s: %s is not defined", x.where, x.name))
			}
			used[x.name] = true
		}
		for _, k := range x.kids {
			walk(k)
		}
	}
	for _, n := range g.order {
		walk(g.prods[n])
	}
	for _, n := range g.order {
		if !used[n] {
			problems = append(problems, n+" is never used")
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// ---- the EBNF: matching ----

// matcher matches one input against a grammar, trying every derivation:
// match returns every position where x can end when it starts at pos.
type matcher struct {
	g    *grammar
	in   string
	memo map[memoKey][]int
}

type memoKey struct {
	name string
	pos  int
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (m *matcher) skipBlank(pos int) int {
	for pos < len(m.in) && isBlank(m.in[pos]) {
		pos++
	}
	return pos
}

// match returns the sorted end positions of x from pos; lex says whether x
// is inside a lexical production (no white space before tokens).
func (m *matcher) match(x *gnode, pos int, lex bool) []int {
	switch x.kind {
	case 't', 'r':
		if !lex {
			pos = m.skipBlank(pos)
		}
		if x.kind == 't' {
			if strings.HasPrefix(m.in[pos:], x.name) {
				return []int{pos + len(x.name)}
			}
			return nil
		}
		if pos >= len(m.in) {
			return nil
		}
		c, n := utf8.DecodeRuneInString(m.in[pos:])
		lo, _ := utf8.DecodeRuneInString(x.name)
		if c >= lo && c <= x.hi {
			return []int{pos + n}
		}
		return nil
	case 'n':
		start := pos
		if lexical(x.name) && !lex {
			start = m.skipBlank(pos) // white space before a token
		}
		k := memoKey{x.name, start}
		if ends, ok := m.memo[k]; ok {
			return ends
		}
		m.memo[k] = nil // no left recursion in the grammar: a re-entry matches nothing
		ends := m.match(m.g.prods[x.name], start, lexical(x.name))
		m.memo[k] = ends
		return ends
	case 'a':
		var out []int
		for _, k := range x.kids {
			out = union(out, m.match(k, pos, lex))
		}
		return out
	case 's':
		cur := []int{pos}
		for _, k := range x.kids {
			var next []int
			for _, p := range cur {
				next = union(next, m.match(k, p, lex))
			}
			if cur = next; len(cur) == 0 {
				return nil
			}
		}
		return cur
	case 'o':
		return union([]int{pos}, m.match(x.kids[0], pos, lex))
	case '*':
		all, frontier := []int{pos}, []int{pos}
		for len(frontier) > 0 {
			var next []int
			for _, p := range frontier {
				for _, e := range m.match(x.kids[0], p, lex) {
					if !slices.Contains(all, e) {
						next = union(next, []int{e})
					}
				}
			}
			all, frontier = union(all, next), next
		}
		return all
	}
	panic("unknown node kind")
}

func union(a, b []int) []int {
	for _, x := range b {
		if i, found := slices.BinarySearch(a, x); !found {
			a = slices.Insert(a, i, x)
		}
	}
	return a
}

// accepts reports whether the grammar derives src: its start production
// from 0, then white space to the end. ASCII letters are read in lower
// case, as the notation says.
func (g *grammar) accepts(src string) bool {
	b := []byte(src)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	m := &matcher{g: g, in: string(b), memo: map[memoKey][]int{}}
	for _, e := range m.match(&gnode{kind: 'n', name: g.order[0]}, 0, false) {
		if m.skipBlank(e) == len(m.in) {
			return true
		}
	}
	return false
}

// loadGrammar reads and checks the package doc's grammar.
func loadGrammar(t testing.TB) *grammar {
	t.Helper()
	g, err := parseGrammar(docGrammar(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.check(); err != nil {
		t.Fatal(err)
	}
	return g
}

// ---- the tests ----

// beyondGrammar are the refusals the package doc lists after the grammar:
// checks the parser makes on expressions the grammar derives. A syntax
// error whose message has one of these in it is such a check; any other
// syntax error must be an expression the grammar does not derive.
var beyondGrammar = []string{
	"only one keep or drop modifier per term",
	"r and ro cannot be mixed on one term",
	"only one explosion modifier per term",
	"only one mi modifier per term", "only one ma modifier per term",
	"only one failure (f) modifier per term",
	"f needs a success compare point before it",
	"the dice term in this group already",
	"a die needs at least one face",
	"negative dice count",
	"matches every face and would never stop",
	"a die with one face cannot explode",
	"is above ma",
	"needs exactly one d20 term", "needs a single d20", "cannot apply to a d20 that already",
	"level must be 1 or more", "level too high",
}

// disambiguated are corpus expressions the grammar derives that the parser
// refuses by one of the package doc's rules for two readings, with the rule.
var disambiguated = map[string]string{
	"2d6 <> 7": "a '<' after a dice term without a compare point starts one",
}

func isBeyondGrammar(err error) bool {
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Syntax {
		return true // budgets and roll-time errors are not syntax
	}
	for _, s := range beyondGrammar {
		if strings.Contains(e.Msg, s) {
			return true
		}
	}
	return false
}

// TestGrammarMatchesTheCorpus: every expression the corpus holds as valid
// (valid, labels, canonical, text; the canonical forms too) is derived by
// the grammar; of the invalid ones, the grammar derives exactly those the
// parser refuses for a reason beyond the grammar (or by a rule for two
// readings, listed in disambiguated).
func TestGrammarMatchesTheCorpus(t *testing.T) {
	g := loadGrammar(t)
	seen := map[string]bool{}
	valid, invalid := 0, 0
	for _, c := range loadCorpus(t) {
		src := c.expr()
		if c.kind != "invalid" {
			valid++
			if !g.accepts(src) {
				t.Errorf("%s: the grammar does not derive the valid %q", c.name(), src)
			}
			if c.kind == "canonical" && c.col(1) != "-" && !g.accepts(unescape(c.col(1))) {
				t.Errorf("%s: the grammar does not derive the canonical form %q", c.name(), c.col(1))
			}
			continue
		}
		if seen[src] {
			continue
		}
		seen[src] = true
		invalid++
		_, err := dice.Parse(src)
		want := err == nil || isBeyondGrammar(err)
		if rule, ok := disambiguated[src]; ok {
			if err == nil || want {
				t.Errorf("%s: %q is listed as refused by a rule for two readings (%s), but the parser says %v", c.name(), src, rule, err)
			}
			want = true
		}
		switch got := g.accepts(src); {
		case got && !want:
			t.Errorf("%s: the grammar derives %q, which the parser refuses as a syntax error: %v", c.name(), src, err)
		case !got && want:
			t.Errorf("%s: the grammar does not derive %q, which the parser accepts or refuses only beyond the grammar (%v)", c.name(), src, err)
		}
	}
	if valid < 300 || invalid < 100 {
		t.Fatalf("only %d valid and %d invalid expressions: the corpus was not read", valid, invalid)
	}
}

// TestGrammarCoversWhatTheParserAccepts: the grammar derives every
// expression the parser accepts, among seeded mutations of the corpus (a
// piece inserted, a byte deleted or replaced, a tail duplicated). A mutation the parser
// accepts and the grammar does not is a rule of the parser the grammar
// lacks.
func TestGrammarCoversWhatTheParserAccepts(t *testing.T) {
	g := loadGrammar(t)
	var seeds []string
	for _, c := range loadCorpus(t) {
		if s := c.expr(); len(s) < 80 {
			seeds = append(seeds, s)
		}
	}
	pieces := []string{"d", "d6", "4", "-", "+", "*", "/", "%", "(", ")", "{", "}", ",", "[x]", "kh", "kl", "k", "dh", "dl",
		"r", "ro", "!", "!!", "!p", "mi", "ma", "f", ">=", "<=", "=", "==", "!=", "<>", ">", "<", " ", "adv", "dis", "#",
		"df", "d%", "d(", "min(", "abs(", "1d20", "0", "x"}
	src := rng.New(19)
	accepted := 0
	for i := 0; i < 20000; i++ {
		s := seeds[src.Uint64n(uint64(len(seeds)))]
		for k := 0; k <= int(src.Uint64n(2)); k++ {
			at := int(src.Uint64n(uint64(len(s) + 1)))
			p := pieces[src.Uint64n(uint64(len(pieces)))]
			switch src.Uint64n(4) {
			case 0: // insert
				s = s[:at] + p + s[at:]
			case 1: // delete one byte
				if at < len(s) {
					s = s[:at] + s[at+1:]
				}
			case 2: // replace one byte
				if at < len(s) {
					s = s[:at] + p + s[at+1:]
				}
			default: // duplicate the tail
				s = s[:at] + s[at:] + s[at:]
			}
		}
		if !utf8.ValidString(s) {
			continue
		}
		// Only whole acceptances count: the parser makes some checks beyond
		// the grammar before it has read the whole expression.
		if _, err := dice.Parse(s); err == nil {
			accepted++
			if !g.accepts(s) {
				t.Errorf("the parser accepts %q but the grammar does not derive it", s)
			}
		}
	}
	if accepted < 1000 {
		t.Fatalf("only %d mutations accepted: the test is too weak", accepted)
	}
}

// TestGrammarReader: the EBNF reader refuses what is not a grammar, so a
// broken grammar in the doc cannot pass as an empty one.
func TestGrammarReader(t *testing.T) {
	for _, bad := range []string{
		`A = "a"`,             // no final period
		`A = .`,               // empty
		`A = "a" . A = "b" .`, // defined twice
		`A = B .`,             // B undefined
		`A = "a" . B = "b" .`, // B unused
		`A = "b" … "a" .`,     // range high below low
		`A = ( "a" .`,         // unclosed
	} {
		g, err := parseGrammar(bad)
		if err == nil {
			err = g.check()
		}
		if err == nil {
			t.Errorf("%q read as a grammar", bad)
		}
	}
	g, err := parseGrammar(`S = "x" { Item } . Item = "a" | "b" … "c" | word . word = "w" [ "v" ] .`)
	if err != nil || g.check() != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]bool{"x": true, "x a b c": true, "X A": true, "x wv": true, "x w v": false, "x d": false, "": false, "xa ": true} {
		if got := g.accepts(s); got != want {
			t.Errorf("accepts(%q) = %v, want %v", s, got, want)
		}
	}
}
