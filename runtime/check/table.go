package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Row is one row of a range table: a numeric key (Lo..Hi, open-ended
// allowed) and its value.
type Row struct {
	Key
	Value Value
	// Line is the row's line in the parsed text; 0 for a row built in Go.
	Line int
}

// name is how error messages call the row.
func (r Row) name() string {
	if r.Line > 0 {
		return fmt.Sprintf("row %q (line %d)", r.Label, r.Line)
	}
	return fmt.Sprintf("row %q", r.Label)
}

// TableSpec describes a range table to build with NewRangeTable.
type TableSpec struct {
	// Name is used in error messages.
	Name string
	// Dice is the roll of the table (zero: a lookup-only table). When set,
	// the rows must cover every sum the dice can make.
	Dice Dice
	// Rows in any order; NewRangeTable sorts them by key.
	Rows []Row
	// Below and Above are the policies for keys under the first row and
	// over the last one.
	Below, Above Edge
}

// RangeTable maps inclusive numeric ranges ("01-20") to values. It is
// immutable once built, so it may be shared between goroutines.
type RangeTable struct {
	name         string
	dice         Dice
	rows         []Row
	below, above Edge
}

// NewRangeTable validates spec and builds the table. Gaps and overlaps
// between rows, rows that leave some of the dice's sums uncovered, and an
// extending edge whose edge row is not a number are errors naming the row.
func NewRangeTable(spec TableSpec) (*RangeTable, error) {
	t := &RangeTable{name: spec.Name, dice: spec.Dice, below: spec.Below, above: spec.Above}
	if len(spec.Rows) == 0 {
		return nil, t.err(errs.Data, 0, "the table has no rows")
	}
	if spec.Dice != (Dice{}) {
		if err := spec.Dice.validate(); err != nil {
			return nil, err
		}
	}
	t.rows = append([]Row(nil), spec.Rows...)
	for _, r := range t.rows {
		if !r.Numeric {
			return nil, t.err(errs.Data, r.Line, "%s: key is not a number or a range", r.name())
		}
		if r.Lo > r.Hi {
			return nil, t.err(errs.Data, r.Line, "%s: reversed range %d-%d", r.name(), r.Lo, r.Hi)
		}
	}
	sort.SliceStable(t.rows, func(i, j int) bool { return t.rows[i].Lo < t.rows[j].Lo })
	for i := 1; i < len(t.rows); i++ {
		p, r := t.rows[i-1], t.rows[i]
		if r.Lo <= p.Hi {
			return nil, t.err(errs.Data, r.Line, "%s overlaps %s", r.name(), p.name())
		}
		if r.Lo != p.Hi+1 {
			return nil, t.err(errs.Data, r.Line, "gap before %s: %s ends at %d, so %d-%d has no row",
				r.name(), p.name(), p.Hi, p.Hi+1, r.Lo-1)
		}
	}
	first, last := t.rows[0], t.rows[len(t.rows)-1]
	if d := spec.Dice; d != (Dice{}) && (d.Min() < first.Lo || d.Max() > last.Hi) {
		return nil, t.err(errs.Data, 0, "%s rolls %d-%d but the rows cover %s to %s", d, d.Min(), d.Max(), first.Label, last.Label)
	}
	if t.below.Mode == EdgeExtend && !first.Value.IsNum {
		return nil, t.err(errs.Data, first.Line, "%s: value %q is not a number, so the table cannot extend below it", first.name(), first.Value.Text)
	}
	if t.above.Mode == EdgeExtend && !last.Value.IsNum {
		return nil, t.err(errs.Data, last.Line, "%s: value %q is not a number, so the table cannot extend above it", last.name(), last.Value.Text)
	}
	return t, nil
}

func (t *RangeTable) err(k errs.Kind, line int, format string, args ...any) *errs.Error {
	e := kernelErr(k, format, args...)
	e.File, e.Line = t.name, line
	if e.File == "" {
		e.File = "range table"
	}
	return e
}

// Name returns the table's name.
func (t *RangeTable) Name() string { return t.name }

// Dice returns the table's roll (zero for a lookup-only table).
func (t *RangeTable) Dice() Dice { return t.dice }

// Rows returns a copy of the rows, sorted by key.
func (t *RangeTable) Rows() []Row { return append([]Row(nil), t.rows...) }

// Edges returns the out-of-range policies below the first row and above
// the last.
func (t *RangeTable) Edges() (below, above Edge) { return t.below, t.above }

// Hit is where a key landed in a table.
type Hit struct {
	// Row is the index (in Rows) of the row read, or of the edge row that
	// was clamped to or extended.
	Row   int
	Value Value
	// Beyond is how far the key lies past the edge: negative below the
	// first row, positive above the last, 0 inside the table.
	Beyond   int
	Clamped  bool
	Extended bool
}

// Find looks key up, applying the edge policies.
func (t *RangeTable) Find(key int) (Hit, error) {
	rows := t.rows
	i := sort.Search(len(rows), func(i int) bool { return rows[i].Hi >= key })
	if i < len(rows) && rows[i].Lo <= key {
		return Hit{Row: i, Value: rows[i].Value}, nil
	}
	if key < rows[0].Lo {
		return t.beyond(0, rows[0].Lo-key, -1, t.below, key)
	}
	return t.beyond(len(rows)-1, key-rows[len(rows)-1].Hi, 1, t.above, key)
}

func (t *RangeTable) beyond(edge, dist, sign int, e Edge, key int) (Hit, error) {
	h := Hit{Row: edge, Value: t.rows[edge].Value, Beyond: sign * dist}
	switch e.Mode {
	case EdgeClamp:
		h.Clamped = true
		return h, nil
	case EdgeExtend:
		held := 0
		if e.Hold > 0 {
			for i := edge; i >= 0 && i < len(t.rows) && t.rows[i].Value.IsNum && t.rows[i].Value.Num == e.Plateau; i -= sign {
				held++
			}
		}
		n, err := e.extend(h.Value.Num, held, dist)
		if err != nil {
			return Hit{}, err
		}
		h.Value, h.Extended = Num(n), true
		return h, nil
	}
	side := "above the last"
	if sign < 0 {
		side = "below the first"
	}
	return Hit{}, t.err(errs.Rule, 0, "%d is %s row (%s)", key, side, t.rows[edge].Label)
}

// Lookup returns the value for key, applying the edge policies.
func (t *RangeTable) Lookup(key int) (Value, error) {
	h, err := t.Find(key)
	return h.Value, err
}

// TableRoll is the plain record of a table roll.
type TableRoll struct {
	Faces []int
	// Sum is the unmodified dice total; Key is Sum plus the counted
	// modifiers, the number looked up.
	Sum  int
	Mods []AppliedMod
	Key  int
	Hit
}

// Roll rolls the table's dice, shifts the sum by the modifiers that count
// under stack (nil adds them all), and looks the result up.
func (t *RangeTable) Roll(src *rng.Source, mods []Modifier, stack *StackPolicy) (*TableRoll, error) {
	if t.dice == (Dice{}) {
		return nil, t.err(errs.Usage, 0, "the table has no dice to roll; use Lookup")
	}
	r := &TableRoll{}
	var err error
	if r.Faces, r.Sum, err = rollDice(src, t.dice, nil); err != nil {
		return nil, err
	}
	var m int
	m, r.Mods = stack.Apply(mods, nil)
	r.Key = r.Sum + m
	if r.Hit, err = t.Find(r.Key); err != nil {
		return nil, err
	}
	return r, nil
}

// ParseRangeTable reads a range table from its compact text form, one row
// per line:
//
//	# a comment
//	die: d100          (or a bare "d100", "2d6", "d%"; optional)
//	below: clamp       (error | clamp | extend STEP [every N] [plateau V hold H])
//	above: extend +1 every 3
//	01-20   goblin     (key, then a tab, "->", ":" or spaces, then the value)
//	21-45 -> orc
//	46-00   troll      ("00" is 100)
//	51% or more  Surrender
//
// Markdown table lines ("| 1-3 | row 1 |") work too: the separator line is
// skipped, and so is a header line whose first cell is not a key (a die
// there, such as "d10", sets the die). Keys are those ParseKey reads; the
// key of a space-separated row is the longest run of leading words that
// reads as a numeric key.
func ParseRangeTable(name, text string) (*RangeTable, error) {
	spec := TableSpec{Name: name}
	t := &RangeTable{name: name}
	for n, line := range strings.Split(text, "\n") {
		ln := n + 1
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if strings.HasPrefix(s, "|") {
			cells := mdCells(s)
			if isMDSeparator(cells) {
				continue
			}
			if len(cells) < 2 {
				return nil, t.err(errs.Syntax, ln, "a table row needs a key and a value: %q", s)
			}
			k, err := ParseKey(cells[0])
			if err != nil {
				return nil, t.lineErr(ln, err)
			}
			if !k.Numeric {
				if len(spec.Rows) > 0 {
					return nil, t.err(errs.Syntax, ln, "key %q is not a number or a range", cells[0])
				}
				if d, ok := parseDice(cells[0]); ok {
					spec.Dice = d
				}
				continue // header
			}
			spec.Rows = append(spec.Rows, Row{Key: k, Value: ParseValue(strings.Join(cells[1:], " | ")), Line: ln})
			continue
		}
		if dir, arg, ok := directive(s); ok {
			switch dir {
			case "die", "dice":
				d, ok := parseDice(arg)
				if !ok {
					return nil, t.err(errs.Syntax, ln, "bad die %q: want NdX, dX or d%%", arg)
				}
				spec.Dice = d
			case "below", "above":
				e, err := ParseEdge(arg)
				if err != nil {
					return nil, t.lineErr(ln, err)
				}
				if dir == "below" {
					spec.Below = e
				} else {
					spec.Above = e
				}
			}
			continue
		}
		if d, ok := parseDice(s); ok && len(spec.Rows) == 0 {
			spec.Dice = d
			continue
		}
		k, rest, err := splitRow(s)
		if err != nil {
			return nil, t.lineErr(ln, err)
		}
		if !k.Numeric {
			return nil, t.err(errs.Syntax, ln, "row %q does not start with a number or a range", s)
		}
		spec.Rows = append(spec.Rows, Row{Key: k, Value: ParseValue(rest), Line: ln})
	}
	return NewRangeTable(spec)
}

func (t *RangeTable) lineErr(line int, err error) error {
	if e, ok := err.(*errs.Error); ok {
		e.File, e.Line = t.name, line
		if e.File == "" {
			e.File = "range table"
		}
	}
	return err
}

// directive recognises "die: ...", "dice ...", "below: ...", "above: ...".
func directive(s string) (dir, arg string, ok bool) {
	for _, d := range [...]string{"die", "dice", "below", "above"} {
		if len(s) > len(d) && strings.EqualFold(s[:len(d)], d) {
			r := s[len(d):]
			if r[0] == ':' || r[0] == ' ' || r[0] == '\t' {
				return d, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(r), ":")), true
			}
		}
	}
	return "", "", false
}

// parseDice reads "NdX", "dX" or "d%".
func parseDice(s string) (Dice, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexByte(s, 'd')
	if i < 0 {
		return Dice{}, false
	}
	count := 1
	if i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 1 {
			return Dice{}, false
		}
		count = n
	}
	if s[i+1:] == "%" {
		return Dice{count, 100}, true
	}
	sides, err := strconv.Atoi(s[i+1:])
	if err != nil || sides < 2 || strings.ContainsAny(s[i+1:], "+-") {
		return Dice{}, false
	}
	return Dice{count, sides}, true
}

// splitRow splits a plain-text row into its key and its value.
func splitRow(s string) (Key, string, error) {
	cut := func(sep string) (Key, string, bool, error) {
		i := strings.Index(s, sep)
		if i <= 0 {
			return Key{}, "", false, nil
		}
		k, err := ParseKey(s[:i])
		return k, strings.TrimSpace(s[i+len(sep):]), true, err
	}
	for _, sep := range [...]string{"\t", "->", ":"} {
		if k, v, ok, err := cut(sep); ok && (err != nil || k.Numeric) {
			return k, v, err
		}
	}
	f := strings.Fields(s)
	for n := len(f) - 1; n >= 1; n-- {
		k, err := ParseKey(strings.Join(f[:n], " "))
		if err != nil {
			return k, "", err
		}
		if k.Numeric {
			v := strings.Join(f[n:], " ")
			if strings.HasPrefix(v, "->") {
				v = strings.TrimSpace(v[2:])
			} else if strings.HasPrefix(v, "= ") || v == "=" {
				v = strings.TrimSpace(v[1:])
			}
			return k, v, nil
		}
	}
	k, err := ParseKey(s)
	return k, "", err
}

// mdCells splits a markdown table line into trimmed cells.
func mdCells(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "|")
	s = strings.TrimSuffix(s, "|")
	cells := strings.Split(s, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

func isMDSeparator(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" {
			return false
		}
	}
	return true
}
