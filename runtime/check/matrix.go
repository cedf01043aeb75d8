package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// axis is one dimension of a matrix.
type axis struct {
	what    string // "row" or "column"
	keys    []Key
	numeric bool  // every key is numeric: lookups by number work
	order   []int // key indices sorted by Lo (numeric axes)
	lines   []int // source lines of the keys (rows only; 0 when unknown)
}

func newAxis(what string, labels []string, lines []int) (axis, error) {
	a := axis{what: what, keys: make([]Key, len(labels)), numeric: len(labels) > 0, lines: lines}
	for i, l := range labels {
		k, err := ParseKey(l)
		if err != nil {
			return a, a.at(err.(*errs.Error), i)
		}
		if k.Label == "" {
			return a, a.at(kernelErr(errs.Data, "%s %d has an empty key", what, i+1), i)
		}
		for j := 0; j < i; j++ {
			if strings.EqualFold(a.keys[j].Label, k.Label) {
				return a, a.at(kernelErr(errs.Data, "%s %q appears twice", what, k.Label), i)
			}
		}
		a.keys[i] = k
		a.numeric = a.numeric && k.Numeric
	}
	if !a.numeric {
		return a, nil
	}
	a.order = make([]int, len(a.keys))
	for i := range a.order {
		a.order[i] = i
	}
	sort.SliceStable(a.order, func(i, j int) bool { return a.keys[a.order[i]].Lo < a.keys[a.order[j]].Lo })
	for n := 1; n < len(a.order); n++ {
		p, k := a.keys[a.order[n-1]], a.keys[a.order[n]]
		if k.Lo <= p.Hi {
			return a, a.at(kernelErr(errs.Data, "%s %q overlaps %s %q", what, k.Label, what, p.Label), a.order[n])
		}
		if k.Lo != p.Hi+1 {
			return a, a.at(kernelErr(errs.Data, "gap between %s %q and %s %q: %d-%d has no %s", what, p.Label, what, k.Label, p.Hi+1, k.Lo-1, what), a.order[n])
		}
	}
	return a, nil
}

// at sets the error's line to key i's source line.
func (a *axis) at(e *errs.Error, i int) *errs.Error {
	e.Line = a.line(i)
	return e
}

func (a *axis) line(i int) int {
	if i < len(a.lines) {
		return a.lines[i]
	}
	return 0
}

// find resolves a key: an exact label (case and spacing ignored), else a
// number on a numeric axis. It returns the key index and how far beyond
// the edge the number lies (0 inside), with ok false when the key is
// unknown.
func (a *axis) find(key string) (idx, beyond int, ok bool) {
	label := strings.Join(strings.Fields(key), " ")
	for i := range a.keys {
		if strings.EqualFold(a.keys[i].Label, label) {
			return i, 0, true
		}
	}
	if !a.numeric {
		return 0, 0, false
	}
	n, good := keyInt(normDash(strings.TrimSuffix(label, "%")))
	if !good {
		return 0, 0, false
	}
	idx, beyond = a.findNum(n)
	return idx, beyond, true
}

// findNum returns the index of the key holding n, or of the nearest edge
// key and the signed distance beyond it.
func (a *axis) findNum(n int) (idx, beyond int) {
	o := a.order
	i := sort.Search(len(o), func(i int) bool { return a.keys[o[i]].Hi >= n })
	if i < len(o) && a.keys[o[i]].Lo <= n {
		return o[i], 0
	}
	if i == 0 {
		return o[0], -(a.keys[o[0]].Lo - n)
	}
	last := o[len(o)-1]
	return last, n - a.keys[last].Hi
}

// MatrixSpec describes a two-way matrix to build with NewMatrix.
type MatrixSpec struct {
	// Name is used in error messages; Corner is the header's first cell
	// (what the rows are, such as "AC").
	Name, Corner string
	// Rows and Cols are the keys as written: labels ("Skeleton",
	// "up to 1-1") or numbers and ranges ("-10", "9-13", "14+"). An axis
	// whose keys all read as numbers is numeric: it also answers lookups by
	// number, with the edge policies below.
	Rows, Cols []string
	// Cells[i][j] is the value at row i, column j.
	Cells [][]Value
	// Edge policies of numeric axes: below the smallest key, above the
	// largest.
	RowBelow, RowAbove, ColBelow, ColAbove Edge
	// RowLines gives each row's source line for error messages (optional).
	RowLines []int
}

// Matrix maps a row key and a column key to a value: an attack matrix
// (rows: armour classes, columns: level bands -> roll needed), a turning
// matrix (values such as "10", "T", "D", "-"). It is immutable once built.
type Matrix struct {
	name, corner string
	rows, cols   axis
	cells        []Value // row-major
	rowBelow     Edge
	rowAbove     Edge
	colBelow     Edge
	colAbove     Edge
}

// NewMatrix validates spec and builds the matrix. Duplicate keys, gaps and
// overlaps on a numeric axis, ragged rows and an extending edge over a
// non-numeric cell are errors naming the key.
func NewMatrix(spec MatrixSpec) (*Matrix, error) {
	m := &Matrix{name: spec.Name, corner: spec.Corner,
		rowBelow: spec.RowBelow, rowAbove: spec.RowAbove, colBelow: spec.ColBelow, colAbove: spec.ColAbove}
	var err error
	if len(spec.Rows) == 0 || len(spec.Cols) == 0 {
		return nil, m.err(errs.Data, 0, "the matrix needs at least one row and one column")
	}
	if m.rows, err = newAxis("row", spec.Rows, spec.RowLines); err != nil {
		return nil, m.wrap(err, 0)
	}
	if m.cols, err = newAxis("column", spec.Cols, nil); err != nil {
		return nil, m.wrap(err, 0)
	}
	if len(spec.Cells) != len(spec.Rows) {
		return nil, m.err(errs.Data, 0, "%d rows of keys but %d rows of cells", len(spec.Rows), len(spec.Cells))
	}
	nc := len(spec.Cols)
	m.cells = make([]Value, 0, len(spec.Rows)*nc)
	for i, row := range spec.Cells {
		if len(row) != nc {
			return nil, m.err(errs.Data, m.rows.line(i), "row %q has %d cells, the header has %d columns", m.rows.keys[i].Label, len(row), nc)
		}
		m.cells = append(m.cells, row...)
	}
	// An extending edge needs numbers all along it.
	check := func(e Edge, rows bool, last bool) error {
		if e.Mode != EdgeExtend {
			return nil
		}
		a := &m.cols
		if rows {
			a = &m.rows
		}
		if !a.numeric {
			return m.err(errs.Data, 0, "the %s keys are not numeric, so they cannot extend", a.what)
		}
		edge := a.order[0]
		if last {
			edge = a.order[len(a.order)-1]
		}
		for k := 0; k < len(m.other(rows).keys); k++ {
			i, j := edge, k
			if !rows {
				i, j = k, edge
			}
			if v := m.At(i, j); !v.IsNum {
				return m.err(errs.Data, m.rows.line(i), "cell (%s %q, %s %q) is %q, not a number, so the %s keys cannot extend past it",
					m.rows.what, m.rows.keys[i].Label, m.cols.what, m.cols.keys[j].Label, v.Text, a.what)
			}
		}
		return nil
	}
	for _, c := range []struct {
		e          Edge
		rows, last bool
	}{{m.rowBelow, true, false}, {m.rowAbove, true, true}, {m.colBelow, false, false}, {m.colAbove, false, true}} {
		if err := check(c.e, c.rows, c.last); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *Matrix) other(rows bool) *axis {
	if rows {
		return &m.cols
	}
	return &m.rows
}

func (m *Matrix) err(k errs.Kind, line int, format string, args ...any) *errs.Error {
	e := kernelErr(k, format, args...)
	e.File, e.Line = m.name, line
	if e.File == "" {
		e.File = "matrix"
	}
	return e
}

func (m *Matrix) wrap(err error, line int) error {
	if e, ok := err.(*errs.Error); ok {
		if e.File == "" {
			e.File = m.name
			if e.File == "" {
				e.File = "matrix"
			}
		}
		if e.Line == 0 {
			e.Line = line
		}
	}
	return err
}

// Name returns the matrix's name.
func (m *Matrix) Name() string { return m.name }

// Corner returns the header's first cell.
func (m *Matrix) Corner() string { return m.corner }

// Rows returns a copy of the row keys in their written order.
func (m *Matrix) Rows() []Key { return append([]Key(nil), m.rows.keys...) }

// Cols returns a copy of the column keys in their written order.
func (m *Matrix) Cols() []Key { return append([]Key(nil), m.cols.keys...) }

// At returns the cell at row index i and column index j (written order).
func (m *Matrix) At(i, j int) Value { return m.cells[i*len(m.cols.keys)+j] }

// MatrixHit is where a lookup landed.
type MatrixHit struct {
	// Row and Col are the indices of the cell read (the edge cell when the
	// key lies beyond an edge).
	Row, Col int
	Value    Value
	// RowBeyond and ColBeyond are how far a numeric key lies past the edge
	// (negative below, positive above, 0 inside).
	RowBeyond, ColBeyond int
	Clamped, Extended    bool
}

// Lookup returns the value at (row, col). Keys match a label exactly
// (case and spacing ignored) or, on a numeric axis, a number inside a key's
// range; a number beyond the edge follows the edge policy. An unknown key
// is an error naming it.
func (m *Matrix) Lookup(row, col string) (Value, error) {
	h, err := m.Find(row, col)
	return h.Value, err
}

// Find is Lookup with the details of where the keys landed.
func (m *Matrix) Find(row, col string) (MatrixHit, error) {
	ri, rb, ok := m.rows.find(row)
	if !ok {
		return MatrixHit{}, m.missing(&m.rows, row)
	}
	ci, cb, ok := m.cols.find(col)
	if !ok {
		return MatrixHit{}, m.missing(&m.cols, col)
	}
	return m.resolve(ri, ci, rb, cb, row, col)
}

// LookupAt returns the value at numeric keys (row, col); both axes must be
// numeric.
func (m *Matrix) LookupAt(row, col int) (Value, error) {
	h, err := m.FindAt(row, col)
	return h.Value, err
}

// FindAt is LookupAt with the details of where the keys landed.
func (m *Matrix) FindAt(row, col int) (MatrixHit, error) {
	if !m.rows.numeric || !m.cols.numeric {
		return MatrixHit{}, m.err(errs.Usage, 0, "lookup by number needs numeric rows and columns")
	}
	ri, rb := m.rows.findNum(row)
	ci, cb := m.cols.findNum(col)
	return m.resolve(ri, ci, rb, cb, strconv.Itoa(row), strconv.Itoa(col))
}

func (m *Matrix) missing(a *axis, key string) error {
	labels := make([]string, len(a.keys))
	for i, k := range a.keys {
		labels[i] = k.Label
	}
	e := m.err(errs.Rule, 0, "no %s %q", a.what, key)
	e.Hint = fmt.Sprintf("the %ss are: %s", a.what, strings.Join(labels, ", "))
	return e
}

func (m *Matrix) resolve(ri, ci, rb, cb int, row, col string) (MatrixHit, error) {
	h := MatrixHit{Row: ri, Col: ci, Value: m.At(ri, ci), RowBeyond: rb, ColBeyond: cb}
	if rb != 0 {
		if err := m.edge(&h, true, rb, row); err != nil {
			return MatrixHit{}, err
		}
	}
	if cb != 0 {
		if err := m.edge(&h, false, cb, col); err != nil {
			return MatrixHit{}, err
		}
	}
	return h, nil
}

// edge applies the edge policy of one axis to a hit beyond it.
func (m *Matrix) edge(h *MatrixHit, rows bool, beyond int, key string) error {
	a, e := &m.cols, m.colAbove
	if rows {
		a, e = &m.rows, m.rowAbove
	}
	side := "above"
	if beyond < 0 {
		side = "below"
		e = m.colBelow
		if rows {
			e = m.rowBelow
		}
	}
	switch e.Mode {
	case EdgeClamp:
		h.Clamped = true
		return nil
	case EdgeExtend:
		if !h.Value.IsNum {
			return m.err(errs.Rule, 0, "cannot extend %s %s: cell %q is not a number", a.what, key, h.Value.Text)
		}
		held := 0
		if e.Hold > 0 {
			// Count the cells at the plateau from the edge inward, along
			// the axis being extended.
			pos := 0
			for n, k := range a.order {
				if (rows && k == h.Row) || (!rows && k == h.Col) {
					pos = n
				}
			}
			step := -1
			if beyond < 0 {
				step = 1
			}
			for n := pos; n >= 0 && n < len(a.order); n += step {
				i, j := a.order[n], h.Col
				if !rows {
					i, j = h.Row, a.order[n]
				}
				v := m.At(i, j)
				if !v.IsNum || v.Num != e.Plateau {
					break
				}
				held++
			}
		}
		dist := beyond
		if dist < 0 {
			dist = -dist
		}
		n, err := e.extend(h.Value.Num, held, dist)
		if err != nil {
			return err
		}
		h.Value, h.Extended = Num(n), true
		return nil
	}
	edgeKey := a.keys[a.order[0]].Label
	if beyond > 0 {
		edgeKey = a.keys[a.order[len(a.order)-1]].Label
	}
	return m.err(errs.Rule, 0, "%s %s is %s the table (edge %s %q)", a.what, key, side, a.what, edgeKey)
}

// ParseMatrix reads a matrix from its compact text form: a header line
// (the corner cell, then the column keys), then one line per row (the row
// key, then one cell per column). Cells are separated by tabs, or by "|"
// on markdown table lines (the separator line is skipped), or else by
// spaces. Lines starting with "#" are comments. Edge policies come as
// directive lines before the header:
//
//	rows below: extend +1 plateau 20 hold 6
//	rows above: clamp
//	cols below: error
//	cols above: clamp
func ParseMatrix(name, text string) (*Matrix, error) {
	spec := MatrixSpec{Name: name}
	m := &Matrix{name: name}
	header := false
	for n, line := range strings.Split(text, "\n") {
		ln := n + 1
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if !header {
			if dir, arg, ok := matrixDirective(s); ok {
				e, err := ParseEdge(arg)
				if err != nil {
					return nil, m.wrap(err, ln)
				}
				switch dir {
				case "rows below":
					spec.RowBelow = e
				case "rows above":
					spec.RowAbove = e
				case "cols below":
					spec.ColBelow = e
				case "cols above":
					spec.ColAbove = e
				}
				continue
			}
		}
		var cells []string
		switch {
		case strings.HasPrefix(s, "|"):
			cells = mdCells(s)
			if isMDSeparator(cells) {
				continue
			}
		case strings.Contains(line, "\t"):
			cells = strings.Split(strings.Trim(line, "\r\n"), "\t")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			for len(cells) > 0 && cells[len(cells)-1] == "" {
				cells = cells[:len(cells)-1]
			}
		default:
			cells = strings.Fields(s)
		}
		if !header {
			if len(cells) < 2 {
				return nil, m.err(errs.Syntax, ln, "the header needs a corner cell and at least one column")
			}
			spec.Corner, spec.Cols, header = cells[0], cells[1:], true
			continue
		}
		if len(cells) != len(spec.Cols)+1 {
			return nil, m.err(errs.Syntax, ln, "row %q has %d cells, the header has %d columns", cells[0], len(cells)-1, len(spec.Cols))
		}
		row := make([]Value, len(cells)-1)
		for i, c := range cells[1:] {
			row[i] = ParseValue(c)
		}
		spec.Rows = append(spec.Rows, cells[0])
		spec.RowLines = append(spec.RowLines, ln)
		spec.Cells = append(spec.Cells, row)
	}
	if !header {
		return nil, m.err(errs.Syntax, 0, "no header line")
	}
	return NewMatrix(spec)
}

func matrixDirective(s string) (dir, arg string, ok bool) {
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return "", "", false
	}
	d := strings.ToLower(strings.Join(strings.Fields(s[:i]), " "))
	switch d {
	case "rows below", "rows above", "cols below", "cols above", "columns below", "columns above":
		return strings.Replace(d, "columns", "cols", 1), strings.TrimSpace(s[i+1:]), true
	}
	return "", "", false
}
