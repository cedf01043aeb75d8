package check

import (
	"strconv"
	"strings"
)

// String renders the result for a person, for instance
//
//	2d20 [18 ~3~] +6 (+2 morale [spell], +4 enhancement [weapon], ~+1 enhancement [tool]: stacking: lower enhancement~) = 24 >= 16: success, crit (confirm 13 -> 19)
//
// Dropped and replaced dice and uncounted modifiers are struck through.
// It allocates; the hot path never calls it.
func (r *Result) String() string {
	var b strings.Builder
	if r.nMain > 1 {
		b.WriteString(strconv.Itoa(r.nMain))
	}
	b.WriteString("d")
	b.WriteString(strconv.Itoa(r.Sides))
	b.WriteString(" [")
	first := true
	for _, d := range r.Dice {
		if d.Role != Main {
			continue
		}
		if !first {
			b.WriteByte(' ')
		}
		first = false
		if d.State == Kept {
			b.WriteString(strconv.Itoa(d.Face))
		} else {
			b.WriteString("~" + strconv.Itoa(d.Face) + "~")
		}
	}
	b.WriteString("]")
	if r.Value != r.Natural {
		b.WriteString(" as " + strconv.Itoa(r.Value))
	}
	if m := r.Modifier(); m != 0 || len(r.Mods) > 0 {
		b.WriteString(" " + signed(m))
	}
	if len(r.Mods) > 0 || r.AdvBonus != 0 {
		b.WriteString(" (")
		for i, m := range r.Mods {
			if i > 0 {
				b.WriteString(", ")
			}
			s := signed(m.Value)
			if m.Type != "" {
				s += " " + m.Type
			}
			if m.Source != "" {
				s += " [" + m.Source + "]"
			}
			if !m.Counted {
				s = "~" + s + ": " + m.Reason() + "~"
			}
			b.WriteString(s)
		}
		if r.AdvBonus != 0 {
			if len(r.Mods) > 0 {
				b.WriteString(", ")
			}
			b.WriteString(signed(r.AdvBonus) + " advantage " + signed(r.Net))
		}
		b.WriteString(")")
	}
	b.WriteString(" = " + strconv.Itoa(r.Total))
	if r.Compare == NoTarget {
		return b.String()
	}
	b.WriteString(" " + r.Compare.String() + " " + strconv.Itoa(r.Target) + ": ")
	if r.Success {
		b.WriteString("success")
	} else {
		b.WriteString("failure")
	}
	if r.Decided != ByTotal {
		b.WriteString(" (" + r.Decided.String() + ")")
	}
	switch {
	case r.Crit:
		b.WriteString(", crit")
	case r.Threat:
		b.WriteString(", threat not confirmed")
	case r.Fumble:
		b.WriteString(", fumble")
	case r.FumbleThreat:
		b.WriteString(", fumble not confirmed")
	}
	if r.ConfirmRolled {
		b.WriteString(" (confirm " + strconv.Itoa(r.ConfirmNatural) + " -> " + strconv.Itoa(r.ConfirmTotal) + ")")
	}
	return b.String()
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
