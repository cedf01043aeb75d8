package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Value is a table cell: a number ("20", "+3", "27%") or text ("T", "D*",
// "-", "Fall back, fighting").
type Value struct {
	// Text is the cell as written.
	Text string
	// Num is the number when IsNum.
	Num   int
	IsNum bool
}

// Num returns a numeric cell.
func Num(n int) Value { return Value{Text: strconv.Itoa(n), Num: n, IsNum: true} }

// ParseValue reads a cell: an integer with an optional sign and an optional
// trailing "%" is a number; anything else is text. Surrounding spaces are
// dropped and a Unicode minus counts as "-".
func ParseValue(s string) Value {
	s = strings.TrimSpace(s)
	v := Value{Text: s}
	n := strings.TrimSuffix(normDash(s), "%")
	if i, err := strconv.Atoi(n); err == nil && n != "" {
		v.Num, v.IsNum = i, true
	}
	return v
}

// String returns the cell as written.
func (v Value) String() string { return v.Text }

// normDash turns the Unicode minus sign and the en dash into "-".
func normDash(s string) string {
	if !strings.ContainsAny(s, "\u2212\u2013") {
		return s
	}
	return strings.NewReplacer("\u2212", "-", "\u2013", "-").Replace(s)
}

// The bounds of an open-ended key ("0 or lower", "22+").
const (
	// Lowest is the Lo of a key open at the bottom ("0 or lower").
	Lowest = math.MinInt
	// Highest is the Hi of a key open at the top ("22+").
	Highest = math.MaxInt
)

// Key is a row or column key: a label, and when the label reads as a
// number or a range ("7", "01-20", "9-13", "14+", "0 or lower", "51% or
// more"), the inclusive range Lo..Hi it covers.
type Key struct {
	Label   string
	Lo, Hi  int
	Numeric bool
}

// OpenLo reports whether the key has no lower bound.
func (k Key) OpenLo() bool { return k.Numeric && k.Lo == Lowest }

// OpenHi reports whether the key has no upper bound.
func (k Key) OpenHi() bool { return k.Numeric && k.Hi == Highest }

// Has reports whether the numeric key covers n.
func (k Key) Has(n int) bool { return k.Numeric && k.Lo <= n && n <= k.Hi }

// String returns the key's label.
func (k Key) String() string { return k.Label }

// Range returns a numeric key lo..hi labelled as written ("7" or "3-5").
func Range(lo, hi int) Key {
	l := strconv.Itoa(lo)
	if hi != lo {
		l += "-" + strconv.Itoa(hi)
	}
	return Key{Label: l, Lo: lo, Hi: hi, Numeric: true}
}

// ParseKey reads a key. The numeric forms are "N", "A-B" (en dash too),
// "N+", ">=N", "N or more/higher/above", "<=N", "N or less/lower/below",
// "up to N", and a range with an open end marked inside it ("01 (or less)
// - 05", "96 - 00 (or more)"), with an optional "%" after each number;
// "00" (and "000") read as 100 (1000), as on percentile dice. Any other text is a plain label
// (Numeric false). A reversed range ("20-01") is an error.
func ParseKey(s string) (Key, error) {
	label := strings.Join(strings.Fields(s), " ")
	k := Key{Label: label}
	t := strings.ToLower(strings.ReplaceAll(normDash(label), "%", ""))
	t = strings.ReplaceAll(t, "\u2264", "<=")
	t = strings.ReplaceAll(t, "\u2265", ">=")
	// "01 (or less) - 05", "96 - 00 (or more)": an open end marked inside.
	openLo, openHi := false, false
	for _, m := range [...]string{"(or less)", "(or lower)", "(or below)"} {
		if strings.Contains(t, m) {
			t, openLo = strings.Join(strings.Fields(strings.Replace(t, m, " ", 1)), " "), true
		}
	}
	for _, m := range [...]string{"(or more)", "(or higher)", "(or above)"} {
		if strings.Contains(t, m) {
			t, openHi = strings.Join(strings.Fields(strings.Replace(t, m, " ", 1)), " "), true
		}
	}
	lo, hi, ok := Lowest, Highest, false
	switch {
	case strings.HasPrefix(t, "<="):
		hi, ok = keyInt(strings.TrimSpace(t[2:]))
	case strings.HasPrefix(t, ">="):
		lo, ok = keyInt(strings.TrimSpace(t[2:]))
	case strings.HasPrefix(t, "up to "):
		hi, ok = keyInt(strings.TrimSpace(t[6:]))
	case strings.HasSuffix(t, "+") && len(t) > 1:
		lo, ok = keyInt(strings.TrimSpace(t[:len(t)-1]))
	default:
		for _, suf := range [...]string{" or more", " or higher", " or above", " or less", " or lower", " or below"} {
			if strings.HasSuffix(t, suf) {
				n, good := keyInt(strings.TrimSpace(strings.TrimSuffix(t, suf)))
				if suf == " or more" || suf == " or higher" || suf == " or above" {
					lo, ok = n, good
				} else {
					hi, ok = n, good
				}
				break
			}
		}
		if ok {
			break
		}
		if n, good := keyInt(t); good {
			lo, hi, ok = n, n, true
			break
		}
		// A range: the "-" that follows a digit splits it.
		for i := 1; i < len(t); i++ {
			j := i - 1
			for j > 0 && t[j] == ' ' {
				j--
			}
			if t[i] == '-' && t[j] >= '0' && t[j] <= '9' {
				a, okA := keyInt(strings.TrimSpace(t[:i]))
				b, okB := keyInt(strings.TrimSpace(t[i+1:]))
				if okA && okB {
					lo, hi, ok = a, b, true
				}
				break
			}
		}
	}
	if !ok {
		return k, nil
	}
	if openLo {
		lo = Lowest
	}
	if openHi {
		hi = Highest
	}
	if lo > hi {
		return k, kernelErr(errs.Syntax, "key %q is a reversed range (%d > %d)", label, lo, hi)
	}
	k.Lo, k.Hi, k.Numeric = lo, hi, true
	return k, nil
}

// keyInt reads a signed integer; "00", "000" ... read as 100, 1000 ...
func keyInt(s string) (int, bool) {
	if len(s) >= 2 && strings.Trim(s, "0") == "" && len(s) < 10 {
		n := 1
		for range s {
			n *= 10
		}
		return n, true
	}
	if s == "" || strings.ContainsAny(s, " \t") {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// EdgeMode is what a table does with a key beyond its first or last row.
type EdgeMode uint8

// The edge modes.
const (
	// EdgeError: a key beyond the edge is an error naming it.
	EdgeError EdgeMode = iota
	// EdgeClamp: a key beyond the edge reads the edge row.
	EdgeClamp
	// EdgeExtend: a key beyond the edge reads the edge row's number changed
	// by Step for every step beyond it.
	EdgeExtend
)

// String returns the name of the edge mode.
func (m EdgeMode) String() string {
	switch m {
	case EdgeError:
		return "error"
	case EdgeClamp:
		return "clamp"
	case EdgeExtend:
		return "extend"
	}
	return fmt.Sprintf("EdgeMode(%d)", int(m))
}

// Edge is the out-of-range policy of one end of a table axis. The zero
// value is EdgeError.
//
// Extension: a key Every points (1 when 0) beyond the edge is one step;
// each step adds Step to the value, moving away from the table. When Hold
// > 0 the value stays at Plateau for Hold steps in all (counting the edge
// cells that already hold it) before it moves on, so "+1 per step, but the
// top value repeats H times before going higher" is Edge{Mode: EdgeExtend,
// Step: 1, Plateau: top, Hold: H}.
type Edge struct {
	Mode    EdgeMode
	Step    int
	Every   int
	Plateau int
	Hold    int
}

// String renders the policy in the text form ParseEdge reads.
func (e Edge) String() string {
	if e.Mode != EdgeExtend {
		return e.Mode.String()
	}
	s := fmt.Sprintf("extend %+d", e.Step)
	if e.Every > 1 {
		s += fmt.Sprintf(" every %d", e.Every)
	}
	if e.Hold > 0 {
		s += fmt.Sprintf(" plateau %d hold %d", e.Plateau, e.Hold)
	}
	return s
}

// ParseEdge reads an edge policy: "error", "clamp", or "extend STEP [every
// N] [plateau V hold H]".
func ParseEdge(s string) (Edge, error) {
	f := strings.Fields(strings.ToLower(normDash(s)))
	bad := func() (Edge, error) {
		return Edge{}, kernelErr(errs.Syntax, "bad edge policy %q: want error, clamp or \"extend STEP [every N] [plateau V hold H]\"", s)
	}
	if len(f) == 0 {
		return bad()
	}
	switch f[0] {
	case "error":
		if len(f) == 1 {
			return Edge{Mode: EdgeError}, nil
		}
	case "clamp":
		if len(f) == 1 {
			return Edge{Mode: EdgeClamp}, nil
		}
	case "extend":
		if len(f) < 2 {
			return bad()
		}
		e := Edge{Mode: EdgeExtend}
		var err error
		if e.Step, err = strconv.Atoi(f[1]); err != nil {
			return bad()
		}
		for i := 2; i < len(f); i += 2 {
			if i+1 >= len(f) {
				return bad()
			}
			n, err := strconv.Atoi(f[i+1])
			if err != nil {
				return bad()
			}
			switch f[i] {
			case "every":
				e.Every = n
			case "plateau":
				e.Plateau = n
			case "hold":
				e.Hold = n
			default:
				return bad()
			}
		}
		if e.Every < 0 || e.Hold < 0 {
			return bad()
		}
		return e, nil
	}
	return bad()
}

// maxExtendSteps bounds an extension, so a wild key is an error, not a
// long loop.
const maxExtendSteps = 100000

// extend returns the value dist points beyond an edge cell holding edge,
// with held cells at the edge already at the plateau.
func (e Edge) extend(edge, held, dist int) (int, error) {
	every := e.Every
	if every <= 0 {
		every = 1
	}
	steps := (dist + every - 1) / every
	if steps > maxExtendSteps || steps < 0 {
		return 0, kernelErr(errs.Budget, "key is %d steps beyond the table; at most %d", steps, maxExtendSteps)
	}
	cur := edge
	for k := 0; k < steps; k++ {
		if e.Hold > 0 && cur == e.Plateau && held < e.Hold {
			held++
			continue
		}
		cur += e.Step
		held = 0
		if cur == e.Plateau {
			held = 1
		}
	}
	return cur, nil
}
