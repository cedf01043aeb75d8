package grid

import (
	"fmt"
	"sort"
	"strings"
)

// Map is a battlefield: W by H squares of a grid, squares (0,0) to
// (W-1,H-1), with walls and low walls (Walls, a dense obstacle map),
// difficult terrain, and named placement zones where a side's creatures
// may be set up.
type Map struct {
	Grid      Grid
	W, H      int
	Walls     *Obstacles
	difficult []bool
	gen       uint64 // changes of difficult (Gen)
	// Zones are placement zones by name, each a list of squares sorted by
	// (Y, X).
	Zones map[string][]Pos
}

// MaxMapSide is the longest side a map may have, in squares.
const MaxMapSide = 1000

// NewMap returns an open map of w by h squares.
func NewMap(g Grid, w, h int) (*Map, error) {
	if w < 1 || h < 1 || w > MaxMapSide || h > MaxMapSide {
		e := kernelErr("a map of %d by %d squares: each side must be 1 to %d squares", w, h, MaxMapSide)
		return nil, e
	}
	return &Map{Grid: g, W: w, H: h, Walls: NewDense(w, h), difficult: make([]bool, w*h)}, nil
}

// Inside reports whether square p lies on the map (its Z is ignored).
func (m *Map) Inside(p Pos) bool { return p.X >= 0 && p.Y >= 0 && p.X < m.W && p.Y < m.H }

// Fits reports whether a footprint placed at p lies wholly on the map.
func (m *Map) Fits(p Pos, f Footprint) bool {
	w, h := f.Dims()
	return p.X >= 0 && p.Y >= 0 && p.X+w <= m.W && p.Y+h <= m.H
}

// Index returns the row-major index of square p (p must be Inside).
func (m *Map) Index(p Pos) int { return p.Y*m.W + p.X }

// Difficult reports whether square p is difficult terrain.
func (m *Map) Difficult(p Pos) bool { return m.Inside(p) && m.difficult[m.Index(p)] }

// SetDifficult marks or clears difficult terrain on square p.
func (m *Map) SetDifficult(p Pos, on bool) {
	if m.Inside(p) {
		m.difficult[m.Index(p)] = on
		m.gen++
	}
}

// Gen counts the changes made to the map's difficult terrain: whoever
// keeps what it worked out from the terrain knows it is still the same
// while Gen is (the walls count theirs: Obstacles.Gen).
func (m *Map) Gen() uint64 { return m.gen }

// Blocked reports whether square p is a wall (a Full square) or off the map.
func (m *Map) Blocked(p Pos) bool { return !m.Inside(p) || m.Walls.Terrain(p) == Full }

// AddZone adds square p to the placement zone called name.
func (m *Map) AddZone(name string, p Pos) {
	if m.Zones == nil {
		m.Zones = map[string][]Pos{}
	}
	z := append(m.Zones[name], p)
	sort.Slice(z, func(i, j int) bool { return z[i].Less(z[j]) })
	m.Zones[name] = z
}

// Cell is what one character of a drawn map stands for.
type Cell struct {
	Block     Block
	Difficult bool
	// Zone names the placement zone the square belongs to ("" for none).
	Zone string
}

// Legend maps the characters of a drawn map to cells.
type Legend map[rune]Cell

// DefaultLegend is the map legend: '.' open, '#' wall (blocks movement,
// sight and lines of effect), '~' difficult terrain, '=' a low wall or
// other object that gives half cover and is difficult terrain to cross,
// '1'-'9' an open square in the placement zone of that number (the side of
// the same number in the encounter sets up there).
func DefaultLegend() Legend {
	l := Legend{'.': {}, '#': {Block: Full}, '~': {Difficult: true}, '=': {Block: Half, Difficult: true}}
	for d := '1'; d <= '9'; d++ {
		l[d] = Cell{Zone: string(d)}
	}
	return l
}

// LegendText describes DefaultLegend for error hints and help.
const LegendText = "'.' open, '#' wall, '~' difficult terrain, '=' low wall (half cover, difficult), '1'-'9' a side's placement zone"

// RowError is an error in a drawn map, at a row and column (both from 1,
// columns counted in characters).
type RowError struct {
	Row, Col int
	Msg      string
	Hint     string
}

func (e *RowError) Error() string {
	return fmt.Sprintf("map row %d, column %d: %s", e.Row, e.Col, e.Msg)
}

// ParseRows reads a map drawn as rows of characters under legend (nil for
// DefaultLegend). Every row must have the same width. Row 1 is y = 0, its
// first character x = 0.
func ParseRows(g Grid, rows []string, legend Legend) (*Map, *RowError) {
	if legend == nil {
		legend = DefaultLegend()
	}
	if len(rows) == 0 {
		return nil, &RowError{Row: 1, Col: 1, Msg: "the map has no rows", Hint: "draw the map as rows of " + LegendText}
	}
	width := len([]rune(rows[0]))
	if width == 0 {
		return nil, &RowError{Row: 1, Col: 1, Msg: "the first row is empty"}
	}
	if width > MaxMapSide || len(rows) > MaxMapSide {
		return nil, &RowError{Row: 1, Col: 1, Msg: fmt.Sprintf("the map is %d by %d squares; each side may be at most %d", width, len(rows), MaxMapSide)}
	}
	m, err := NewMap(g, width, len(rows))
	if err != nil {
		return nil, &RowError{Row: 1, Col: 1, Msg: err.Error()}
	}
	for y, row := range rows {
		rs := []rune(row)
		if len(rs) != width {
			return nil, &RowError{Row: y + 1, Col: min(len(rs), width) + 1,
				Msg:  fmt.Sprintf("the row is %d squares wide, the first row %d", len(rs), width),
				Hint: "every row of a map has the same width"}
		}
		for x, ch := range rs {
			c, ok := legend[ch]
			if !ok {
				return nil, &RowError{Row: y + 1, Col: x + 1, Msg: fmt.Sprintf("unknown map character %q", ch), Hint: "the legend: " + LegendText}
			}
			p := Pos{X: x, Y: y}
			m.Walls.Set(p, c.Block)
			if c.Difficult {
				m.SetDifficult(p, true)
			}
			if c.Zone != "" {
				m.AddZone(c.Zone, p)
			}
		}
	}
	return m, nil
}

// SplitRows splits a map drawn in one string into rows: blank lines are
// dropped and each row is trimmed of surrounding spaces and tabs. It also
// returns, for each row, its line (from 1) and the column (from 1, in
// characters) where it starts in s, so errors can point into the source.
func SplitRows(s string) (rows []string, lines, cols []int) {
	for i, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimLeft(line, " \t")
		lead := len([]rune(line)) - len([]rune(t))
		t = strings.TrimRight(t, " \t")
		if t == "" {
			continue
		}
		rows = append(rows, t)
		lines = append(lines, i+1)
		cols = append(cols, lead+1)
	}
	return rows, lines, cols
}

// Rows draws the map back in DefaultLegend's characters (zones shown by
// their name when it is one character).
func (m *Map) Rows() []string {
	out := make([]string, m.H)
	zone := map[Pos]rune{}
	for name, sq := range m.Zones {
		if r := []rune(name); len(r) == 1 {
			for _, p := range sq {
				zone[p] = r[0]
			}
		}
	}
	var b strings.Builder
	for y := 0; y < m.H; y++ {
		b.Reset()
		for x := 0; x < m.W; x++ {
			p := Pos{X: x, Y: y}
			switch {
			case m.Walls.Terrain(p) == Full:
				b.WriteByte('#')
			case m.Walls.Terrain(p) == Half:
				b.WriteByte('=')
			case m.Difficult(p):
				b.WriteByte('~')
			case zone[p] != 0:
				b.WriteRune(zone[p])
			default:
				b.WriteByte('.')
			}
		}
		out[y] = b.String()
	}
	return out
}
