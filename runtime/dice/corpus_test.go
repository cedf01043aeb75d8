package dice_test

// The dice corpus: spec/dice/*.tsv pins the notation of
// docs/dice-notation.md case by case, with forced dice so every total is
// exact. Each file starts with comment lines ('#' in the first column) and a
// header line naming its columns; the header says what kind of file it is:
//
//	valid.tsv      expression  forced  total  dice  [note]
//	invalid.tsv    expression  error  [forced]  [note]
//	labels.tsv     expression  forced  labels  [note]
//	canonical.tsv  expression  canonical  comment  [note]
//	text.tsv       expression  forced  text  [note]
//
// Columns are separated by one tab. The expression is taken verbatim
// (leading and trailing spaces count); \t, \n and \\ in it stand for a tab,
// a newline and a backslash. forced is a comma-separated list of faces in
// draw order, "F*N" standing for N faces F, or "-" for none. A case whose
// note starts with "known bug" is skipped (with the note as the reason)
// unless DICE_KNOWN_BUGS=1 is set; see the list in the note of each.
//
// The dice column summarises every dice term of the tree in draw order,
// terms separated by " | ", dice by ",":
//
//	5        a die that counts 5
//	~1       a die that was dropped (not kept)
//	1r1r4    a die that showed 1, was rerolled to 1, then to 4
//	6!       a die whose face triggered an explosion
//	+4       an extra die added by an explosion
//	6=5      a die showing 6 that counts 5 (clamped by mi/ma, or penetrating)
//	6+6+2    a compounding die (!!): its face and the faces added into it;
//	         "=N" follows when it counts something else than their sum
//	7*  1_   a die that meets the success / failure compare point
//	()       a dice term that rolled no dice (0d6)
//	none     no dice term at all;  "-" = not checked
//
// labels is "label=total" joined by ";" in order of first appearance, the
// unlabelled subtotal written as ""=N, or "none" when the roll reports no
// labels. canonical is Expr.String() ("-" = not checked); the canonical
// form must also read back as itself and roll the same totals as the
// expression. comment is Expr.Comment ("-" for none). text is
// Result.Text().
//
// TestDocExamples also runs every "$ dndsh roll" example of
// docs/dice-notation.md and compares the printed line.

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

const corpusDir = "../../spec/dice"

// corpusFiles are the files the corpus must hold; any other *.tsv in
// spec/dice is read too, by its header.
var corpusFiles = []string{"valid.tsv", "invalid.tsv", "labels.tsv", "canonical.tsv", "text.tsv"}

var corpusHeaders = map[string][]string{
	"valid":     {"expression", "forced", "total", "dice"},
	"invalid":   {"expression", "error"},
	"labels":    {"expression", "forced", "labels"},
	"canonical": {"expression", "canonical", "comment"},
	"text":      {"expression", "forced", "text"},
}

// maxCols is the number of columns a kind of file may have (optional ones
// included).
var maxCols = map[string]int{"valid": 5, "invalid": 4, "labels": 4, "canonical": 4, "text": 4}

// corpusCase is one data line of a corpus file.
type corpusCase struct {
	file string
	line int
	kind string
	cols []string
}

func (c corpusCase) name() string { return fmt.Sprintf("%s:%d", c.file, c.line) }

func (c corpusCase) expr() string { return unescape(c.cols[0]) }

// col returns column i, or "" when the line is shorter.
func (c corpusCase) col(i int) string {
	if i < len(c.cols) {
		return c.cols[i]
	}
	return ""
}

// note returns the optional last column.
func (c corpusCase) note() string {
	if n := len(corpusHeaders[c.kind]); len(c.cols) == maxCols[c.kind] && len(c.cols) > n {
		return c.cols[len(c.cols)-1]
	}
	return ""
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	r := strings.NewReplacer(`\t`, "\t", `\n`, "\n", `\\`, `\`)
	return r.Replace(s)
}

// readCorpus reads one corpus file.
func readCorpus(path string) (kind string, cases []corpusCase, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	name := filepath.Base(path)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if text == "" || text[0] == '#' {
			continue
		}
		cols := strings.Split(text, "\t")
		if kind == "" {
			for k, h := range corpusHeaders {
				if len(cols) >= len(h) && strings.Join(cols[:len(h)], "\t") == strings.Join(h, "\t") {
					kind = k
				}
			}
			if kind == "" {
				return "", nil, fmt.Errorf("%s:%d: unknown header %q", name, line, text)
			}
			continue
		}
		if len(cols) < len(corpusHeaders[kind]) || len(cols) > maxCols[kind] {
			return "", nil, fmt.Errorf("%s:%d: %d columns, want %d to %d", name, line, len(cols), len(corpusHeaders[kind]), maxCols[kind])
		}
		cases = append(cases, corpusCase{file: name, line: line, kind: kind, cols: cols})
	}
	if err := sc.Err(); err != nil {
		return "", nil, err
	}
	if kind == "" {
		return "", nil, fmt.Errorf("%s: no header line", name)
	}
	return kind, cases, nil
}

// loadCorpus reads every corpus file and fails the test when one named in
// corpusFiles is missing or a file holds no case.
func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	for _, f := range corpusFiles {
		if _, err := os.Stat(filepath.Join(corpusDir, f)); err != nil {
			t.Fatalf("corpus file %s missing: %v", f, err)
		}
	}
	paths, err := filepath.Glob(filepath.Join(corpusDir, "*.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var all []corpusCase
	for _, p := range paths {
		_, cases, err := readCorpus(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) == 0 {
			t.Fatalf("%s: no case", filepath.Base(p))
		}
		all = append(all, cases...)
	}
	return all
}

// parseForced reads a forced-faces column.
func parseForced(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "-" || s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		rep := 1
		if i := strings.IndexByte(f, '*'); i >= 0 {
			n, err := strconv.Atoi(f[i+1:])
			if err != nil || n < 1 {
				return nil, fmt.Errorf("bad repeat in forced face %q", f)
			}
			rep, f = n, f[:i]
		}
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("bad forced face %q", f)
		}
		for range rep {
			out = append(out, v)
		}
	}
	return out, nil
}

// rollForced parses expr and rolls it with the forced faces, checking the
// queue is drained. It also rolls with Expr.Total on a second source with
// the same faces and reports a difference between the two paths.
func rollForced(expr string, faces []int) (*dice.Expr, *dice.Result, error) {
	e, err := dice.Parse(expr)
	if err != nil {
		return nil, nil, err
	}
	src := rng.New(0)
	src.Force(faces...)
	r, rerr := e.Roll(src)
	if rerr == nil {
		rerr = src.Drained()
	}
	src2 := rng.New(0)
	src2.Force(faces...)
	total, terr := e.Total(src2)
	if terr == nil {
		terr = src2.Drained()
	}
	switch {
	case (rerr == nil) != (terr == nil):
		return e, r, fmt.Errorf("Roll and Total disagree: Roll error %v, Total error %v", rerr, terr)
	case rerr != nil && rerr.Error() != terr.Error():
		return e, r, fmt.Errorf("Roll and Total disagree: Roll error %q, Total error %q", rerr, terr)
	case rerr == nil && r.Total != total:
		return e, r, fmt.Errorf("Roll and Total disagree: Roll total %d, Total %d", r.Total, total)
	}
	if rerr == nil && faces == nil && src.Draws() > 0 {
		return e, r, errors.New("corpus: the case draws dice but forces no face")
	}
	return e, r, rerr
}

// summarize renders the dice of a result tree in the notation of the dice
// column.
func summarize(t *dice.Eval) string {
	var terms []string
	var visit func(e *dice.Eval)
	visit = func(e *dice.Eval) {
		if e == nil {
			return
		}
		for _, k := range e.Kids {
			visit(k)
		}
		if e.Node != nil && e.Node.Op == dice.OpDice {
			if len(e.Dice) == 0 {
				terms = append(terms, "()")
				return
			}
			ds := make([]string, len(e.Dice))
			for i := range e.Dice {
				ds[i] = dieText(&e.Dice[i])
			}
			terms = append(terms, strings.Join(ds, ","))
		}
	}
	visit(t)
	if len(terms) == 0 {
		return "none"
	}
	return strings.Join(terms, " | ")
}

func dieText(d *dice.Die) string {
	var b strings.Builder
	if d.Dropped {
		b.WriteByte('~')
	}
	if d.Extra {
		b.WriteByte('+')
	}
	for _, f := range d.Rerolled {
		b.WriteString(strconv.FormatInt(f, 10) + "r")
	}
	b.WriteString(strconv.FormatInt(d.Face, 10))
	if len(d.Compound) > 0 {
		sum := d.Face
		for _, f := range d.Compound {
			b.WriteString("+" + strconv.FormatInt(f, 10))
			sum += f
		}
		if d.Value != sum {
			b.WriteString("=" + strconv.FormatInt(d.Value, 10))
		}
	} else {
		if d.Value != d.Face {
			b.WriteString("=" + strconv.FormatInt(d.Value, 10))
		}
		if d.Exploded {
			b.WriteByte('!')
		}
	}
	if d.Success {
		b.WriteByte('*')
	}
	if d.Failure {
		b.WriteByte('_')
	}
	return b.String()
}

func labelText(ls []dice.LabelTotal) string {
	if len(ls) == 0 {
		return "none"
	}
	parts := make([]string, len(ls))
	for i, l := range ls {
		name := l.Label
		if name == "" {
			name = `""`
		}
		parts[i] = name + "=" + strconv.FormatInt(l.Total, 10)
	}
	return strings.Join(parts, ";")
}

func knownBugsEnabled() bool { return os.Getenv("DICE_KNOWN_BUGS") == "1" }

// TestCorpus runs every case of spec/dice/*.tsv.
func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	counts := map[string]int{}
	for _, c := range cases {
		counts[c.file]++
		t.Run(c.name(), func(t *testing.T) {
			if n := c.note(); strings.HasPrefix(strings.ToLower(n), "known bug") && !knownBugsEnabled() {
				t.Skipf("%s: %q: %s (set DICE_KNOWN_BUGS=1 to run)", c.name(), c.expr(), n)
			}
			if err := runCase(c); err != nil {
				t.Errorf("%s: %q: %v", c.name(), c.expr(), err)
			}
		})
	}
	for _, f := range corpusFiles {
		if counts[f] == 0 {
			t.Errorf("%s ran no case", f)
		}
	}
}

func runCase(c corpusCase) error {
	switch c.kind {
	case "valid":
		return runValid(c)
	case "invalid":
		return runInvalid(c)
	case "labels":
		return runLabels(c)
	case "canonical":
		return runCanonical(c)
	case "text":
		return runText(c)
	}
	return fmt.Errorf("unknown kind %q", c.kind)
}

func runValid(c corpusCase) error {
	faces, err := parseForced(c.col(1))
	if err != nil {
		return err
	}
	want, err := strconv.ParseInt(strings.TrimSpace(c.col(2)), 10, 64)
	if err != nil {
		return fmt.Errorf("bad total column %q", c.col(2))
	}
	_, r, err := rollForced(c.expr(), faces)
	if err != nil {
		return fmt.Errorf("unexpected error: %v", err)
	}
	var problems []string
	if r.Total != want {
		problems = append(problems, fmt.Sprintf("total %d, want %d", r.Total, want))
	}
	if wantDice := strings.TrimSpace(c.col(3)); wantDice != "-" {
		if got := summarize(r.Tree); got != wantDice {
			problems = append(problems, fmt.Sprintf("dice %q, want %q", got, wantDice))
		}
	}
	if problems != nil {
		return fmt.Errorf("%s (roll: %s)", strings.Join(problems, "; "), r.Text())
	}
	return nil
}

func runInvalid(c corpusCase) error {
	want := c.col(1)
	faces, err := parseForced(c.col(2))
	if err != nil {
		return err
	}
	expr := c.expr()
	_, perr := dice.Parse(expr)
	if perr != nil {
		var ee *errs.Error
		if !errors.As(perr, &ee) {
			return fmt.Errorf("parse error %T is not *errs.Error: %v", perr, perr)
		}
		if ee.Col < 0 || ee.Col > utf8.RuneCountInString(expr)+1 {
			return fmt.Errorf("parse error column %d outside 1..%d: %v", ee.Col, utf8.RuneCountInString(expr)+1, perr)
		}
	}
	_, r, err := rollForced(expr, faces)
	if err == nil {
		return fmt.Errorf("no error, want one containing %q (roll: %s)", want, r.Text())
	}
	if !strings.Contains(err.Error(), want) {
		return fmt.Errorf("error %q, want it to contain %q", err.Error(), want)
	}
	return nil
}

func runLabels(c corpusCase) error {
	faces, err := parseForced(c.col(1))
	if err != nil {
		return err
	}
	_, r, err := rollForced(c.expr(), faces)
	if err != nil {
		return fmt.Errorf("unexpected error: %v", err)
	}
	if got, want := labelText(r.Labels), strings.TrimSpace(c.col(2)); got != want {
		return fmt.Errorf("labels %q, want %q (roll: %s)", got, want, r.Text())
	}
	return nil
}

func runCanonical(c corpusCase) error {
	e, err := dice.Parse(c.expr())
	if err != nil {
		return fmt.Errorf("unexpected error: %v", err)
	}
	var problems []string
	if got, want := e.String(), c.col(1); want != "-" && got != want {
		problems = append(problems, fmt.Sprintf("canonical %q, want %q", got, want))
	}
	wantComment := c.col(2)
	if wantComment == "-" {
		wantComment = ""
	}
	if e.Comment != wantComment {
		problems = append(problems, fmt.Sprintf("comment %q, want %q", e.Comment, wantComment))
	}
	// The canonical form reads back as itself.
	if e2, err := dice.Parse(e.String()); err != nil {
		problems = append(problems, fmt.Sprintf("canonical %q does not parse: %v", e.String(), err))
	} else if e2.String() != e.String() {
		problems = append(problems, fmt.Sprintf("canonical %q reads back as %q", e.String(), e2.String()))
	} else if err := sameRolls(e, e2, 32); err != nil {
		problems = append(problems, fmt.Sprintf("canonical %q means something else: %v", e.String(), err))
	}
	if problems != nil {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// sameRolls rolls a and b with the same seeds and reports the first seed
// for which their totals (or errors) differ.
func sameRolls(a, b *dice.Expr, seeds int) error {
	for seed := range uint64(seeds) {
		ta, ea := a.Total(rng.New(seed))
		tb, eb := b.Total(rng.New(seed))
		if (ea == nil) != (eb == nil) || ea != nil && errs.ExitCode(ea) != errs.ExitCode(eb) {
			return fmt.Errorf("seed %d: error %v, read back: error %v", seed, ea, eb)
		}
		if ta != tb {
			return fmt.Errorf("seed %d: total %d, read back: total %d", seed, ta, tb)
		}
	}
	return nil
}

func runText(c corpusCase) error {
	faces, err := parseForced(c.col(1))
	if err != nil {
		return err
	}
	_, r, err := rollForced(c.expr(), faces)
	if err != nil {
		return fmt.Errorf("unexpected error: %v", err)
	}
	if got, want := r.Text(), c.col(2); got != want {
		return fmt.Errorf("text %q, want %q", got, want)
	}
	return nil
}

// docExample matches a command line of docs/dice-notation.md:
// $ dndsh roll [--force FACES] 'EXPR'
var docExample = regexp.MustCompile(`^\$ dndsh roll(?: --force (\S+))? '([^']*)'$`)

// TestDocExamples checks every "$ dndsh roll" example of
// docs/dice-notation.md against the line printed under it: the result text,
// or "dndsh: " and the error, as the roll command prints them.
func TestDocExamples(t *testing.T) {
	const doc = "../../docs/dice-notation.md"
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	n := 0
	for i, line := range lines {
		m := docExample.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		if i+1 >= len(lines) {
			t.Errorf("dice-notation.md:%d: no output line after the example", i+1)
			continue
		}
		want := lines[i+1]
		faces, err := parseForced(m[1])
		if err != nil {
			t.Errorf("dice-notation.md:%d: %v", i+1, err)
			continue
		}
		var got string
		if _, r, err := rollForced(m[2], faces); err != nil {
			got = "dndsh: " + err.Error()
		} else {
			got = r.Text()
		}
		if got != want {
			t.Errorf("dice-notation.md:%d: %q prints\n\t%s\nthe page says\n\t%s", i+2, m[2], got, want)
		}
	}
	if n < 20 {
		t.Errorf("dice-notation.md: only %d roll examples found", n)
	}
}
