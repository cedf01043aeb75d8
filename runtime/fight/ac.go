package fight

import (
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// ACRule types the parts of an armour class: a rule system names its bonus
// types, which of them stack with themselves, and which a touch attack
// ignores. A fighter's ACParts say how much of its armour class each type
// gives; conditions add typed bonuses, take types away (a creature that
// cannot react loses its Dex and dodge bonuses) or set one (Dex treated as
// 0). With no types every armour class is the single number of the stat
// block, as before.
type ACRule struct {
	// Types are the bonus type names, at most 32; a part or a condition's
	// bonus names one of them (or none: untyped, which always stacks).
	Types []string
	// Stack is the mask of the types whose bonuses all count; of any other
	// type only the highest bonus counts (penalties always add).
	Stack uint32
	// TouchIgnores is the mask of the types a touch attack ignores.
	TouchIgnores uint32
	// CoverType is the type of the AC bonus that cover gives (so that only
	// the best cover counts), -1 for untyped.
	CoverType int
}

// ACPart is how much one bonus type adds to a fighter's armour class (a
// part of its stat block's total).
type ACPart struct {
	Type  int // index into ACRule.Types
	Value int
}

// TypeIndex returns the index of a bonus type name, or -1 with an error
// naming the known types.
func (r *ACRule) TypeIndex(name string) (int, error) {
	for i, t := range r.Types {
		if t == name {
			return i, nil
		}
	}
	e := errs.New(errs.Data, "kernel", "unknown bonus type %q", name)
	if len(r.Types) == 0 {
		e.Hint = "the rule system names no bonus types (combat.ac.types)"
	} else {
		e.Hint = "known types: " + strings.Join(r.Types, ", ")
	}
	return -1, e
}

// Mask returns the mask of a list of type names.
func (r *ACRule) Mask(names []string) (uint32, error) {
	var m uint32
	for _, n := range names {
		i, err := r.TypeIndex(n)
		if err != nil {
			return 0, err
		}
		m |= 1 << uint(i)
	}
	return m, nil
}

// typedAC is a typed bonus to armour class that applies to one attack (a
// condition's, or cover's).
type typedAC struct {
	typ, value int
}

// maxTypedAC bounds the typed bonuses of one attack (more are added
// untyped).
const maxTypedAC = 8

// acOf works out t's armour class against one attack: the stat block's
// total, with the attack's untyped modifiers (as.ACMod), less the bonuses
// of the types the attack ignores or t has lost (as.ACLose), with a set
// type replaced (as.ACSet), plus the typed bonuses of the assessment, each
// counting under the stacking rule against t's own parts of its type.
func (f *Fight) acOf(t *Fighter, as *Assessment) int {
	ac := t.C.AC.Value + as.ACMod
	if as.ACLose == 0 && as.acSetType < 0 && as.nTyped == 0 {
		return ac
	}
	rule := &f.Rules.AC
	setSeen := false
	for _, p := range t.ACParts {
		bit := uint32(1) << uint(p.Type)
		switch {
		case p.Type == as.acSetType:
			ac += as.acSetValue - p.Value
			setSeen = true
		case as.ACLose&bit != 0 && p.Value > 0:
			ac -= p.Value
		}
	}
	if as.acSetType >= 0 && !setSeen {
		ac += as.acSetValue
	}
	for i := 0; i < as.nTyped; i++ {
		b := as.typed[i]
		bit := uint32(1) << uint(b.typ)
		if b.value > 0 && as.ACLose&bit != 0 {
			continue // a lost type: its bonuses from conditions go too
		}
		if b.value <= 0 || rule.Stack&bit != 0 {
			ac += b.value
			continue
		}
		// the highest bonus of the type counts: what t's parts and the
		// earlier bonuses already give of it
		best := 0
		for _, p := range t.ACParts {
			if p.Type == b.typ && p.Value > best {
				best = p.Value
			}
		}
		for j := 0; j < i; j++ {
			if o := as.typed[j]; o.typ == b.typ && o.value > best {
				best = o.value
			}
		}
		if b.value > best {
			ac += b.value - best
		}
	}
	return ac
}

// addTyped adds a typed bonus to armour class to the assessment (untyped
// when typ < 0 or the list is full).
func (as *Assessment) addTyped(typ, value int) {
	if typ < 0 || as.nTyped == maxTypedAC {
		as.ACMod += value
		return
	}
	as.typed[as.nTyped] = typedAC{typ, value}
	as.nTyped++
}

// ArmorClass returns the armour class the target of an assessment has
// against the attack (what Strike compares the roll with).
func (f *Fight) ArmorClass(t *Fighter, as *Assessment) int { return f.acOf(t, as) }
