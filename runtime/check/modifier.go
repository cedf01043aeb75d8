package check

import "fmt"

// Modifier is one named bonus (Value > 0) or penalty (Value < 0) to a roll,
// a score or a target.
type Modifier struct {
	Value int
	// Type is the bonus type that the stacking policy looks at, such as
	// "enhancement", "morale", "dodge" or "untyped". The empty string is a
	// type like any other: list it in StackPolicy.Rules to make untyped
	// modifiers behave like a named type.
	Type string
	// Source says where the modifier comes from: a spell, an item, a
	// condition, a creature id. It is recorded, never interpreted.
	Source string
}

// StackRule says how the modifiers of one type combine.
type StackRule uint8

// The stacking rules.
const (
	// StackAdd: every modifier of the type counts.
	StackAdd StackRule = iota
	// StackHighest: only the highest bonus of the type counts (the first
	// one listed wins a tie); penalties of the type all count.
	StackHighest
	// StackOnce: only the highest bonus and only the worst penalty of the
	// type count.
	StackOnce
)

// String returns the name of the stack rule.
func (s StackRule) String() string {
	switch s {
	case StackAdd:
		return "add"
	case StackHighest:
		return "highest"
	case StackOnce:
		return "once"
	}
	return fmt.Sprintf("StackRule(%d)", int(s))
}

// TypeRule overrides the default stacking rule for one modifier type.
type TypeRule struct {
	Type string
	Rule StackRule
}

// StackPolicy decides which modifiers of a list count. The zero value adds
// everything.
//
// Typed bonuses that count once, highest wins, with some types that always
// stack and penalties that always add:
//
//	StackPolicy{Default: StackHighest, Rules: []TypeRule{
//		{"dodge", StackAdd}, {"untyped", StackAdd}, {"", StackAdd}}}
//
// Everything adds except one key that may count only once:
//
//	StackPolicy{Rules: []TypeRule{{"proficiency", StackHighest}}}
type StackPolicy struct {
	// Default applies to every type not named in Rules.
	Default StackRule
	// Rules names the types whose rule differs from Default. The first
	// entry for a type wins.
	Rules []TypeRule
}

// Typed returns the policy "bonuses of the same type count once, highest
// wins; penalties add", except for the listed types, which always stack.
func Typed(stacking ...string) StackPolicy {
	p := StackPolicy{Default: StackHighest, Rules: make([]TypeRule, len(stacking))}
	for i, t := range stacking {
		p.Rules[i] = TypeRule{Type: t, Rule: StackAdd}
	}
	return p
}

// RuleFor returns the stacking rule of a modifier type.
func (p *StackPolicy) RuleFor(typ string) StackRule {
	if p == nil {
		return StackAdd
	}
	for i := range p.Rules {
		if p.Rules[i].Type == typ {
			return p.Rules[i].Rule
		}
	}
	return p.Default
}

// Drop says why a modifier did not count.
type Drop uint8

// The reasons a modifier does not count.
const (
	// Counted: the modifier counts.
	Counted Drop = iota
	// DropLower: a higher bonus of the same type counts instead.
	DropLower
	// DropEqual: an equal bonus of the same type, listed earlier, counts
	// instead.
	DropEqual
	// DropMilder: a worse penalty of the same type counts instead.
	DropMilder
	// DropEqualPenalty: an equal penalty of the same type, listed earlier,
	// counts instead.
	DropEqualPenalty
)

// AppliedMod is a modifier as a check used it.
type AppliedMod struct {
	Modifier
	// Counted reports whether the modifier is part of the total.
	Counted bool
	// Drop says why the modifier did not count (Counted when it did).
	Drop Drop
	// By is the index, in the same list, of the modifier that counted in
	// its place; -1 when the modifier counted.
	By int
}

// Reason explains in words why the modifier did not count, such as
// "stacking: lower enhancement"; it is empty when the modifier counted.
func (m AppliedMod) Reason() string {
	t := m.Type
	if t == "" {
		t = "untyped"
	}
	switch m.Drop {
	case DropLower:
		return "stacking: lower " + t
	case DropEqual:
		return "stacking: equal " + t
	case DropMilder:
		return "stacking: milder " + t + " penalty"
	case DropEqualPenalty:
		return "stacking: equal " + t + " penalty"
	}
	return ""
}

// Apply decides which of mods count under the policy (nil adds
// everything). It appends one AppliedMod per modifier, in the same order,
// to out and returns the sum of the counted values and the extended slice.
// Pass a reused slice (out[:0]) to avoid allocating.
func (p *StackPolicy) Apply(mods []Modifier, out []AppliedMod) (int, []AppliedMod) {
	if len(mods) == 1 {
		// a lone modifier has nothing to stack with: it counts whatever
		// its type's rule; grown in place (a literal appended is built
		// aside and copied)
		if n := len(out); n < cap(out) {
			out = out[:n+1]
			a := &out[n]
			a.Modifier, a.Counted, a.Drop, a.By = mods[0], true, Counted, -1
			return mods[0].Value, out
		}
		return mods[0].Value, append(out, AppliedMod{Modifier: mods[0], Counted: true, By: -1})
	}
	total := 0
	for i := range mods {
		m := mods[i]
		a := AppliedMod{Modifier: m, Counted: true, By: -1}
		if rule := p.RuleFor(m.Type); rule != StackAdd && (m.Value >= 0 || rule == StackOnce) {
			if w := winner(mods, i); w != i {
				a.Counted, a.By = false, w
				switch {
				case m.Value >= 0 && mods[w].Value > m.Value:
					a.Drop = DropLower
				case m.Value >= 0:
					a.Drop = DropEqual
				case mods[w].Value < m.Value:
					a.Drop = DropMilder
				default:
					a.Drop = DropEqualPenalty
				}
			}
		}
		if a.Counted {
			total += m.Value
		}
		out = append(out, a)
	}
	return total, out
}

// winner returns the index of the modifier that counts among those of the
// same type and sign as mods[i]: the highest bonus or the worst penalty,
// the earliest on a tie.
func winner(mods []Modifier, i int) int {
	m := mods[i]
	w := i
	for j := range mods {
		o := mods[j]
		if o.Type != m.Type || (o.Value >= 0) != (m.Value >= 0) {
			continue
		}
		best := mods[w].Value
		if m.Value >= 0 {
			if o.Value > best || (o.Value == best && j < w) {
				w = j
			}
		} else if o.Value < best || (o.Value == best && j < w) {
			w = j
		}
	}
	return w
}
