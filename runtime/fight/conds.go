package fight

import "github.com/dndsh/dndsh/runtime/creature"

// inForce is one condition effect in force on a creature, with the
// condition instance that brings it (its level and source).
type inForce struct {
	ef *CondEffect
	c  creature.Condition
}

// effects lists the condition effects in force on x into dst: each
// condition's own effect and those of the conditions it implies, each
// effect once however many instances bring it (a condition does not stack
// with itself; its level still counts, from its first instance), in the
// order of x's conditions. Callers that nest (a sight test inside an
// attack's assessment) pass buffers of their own.
func (f *Fight) effects(x *Fighter, dst []inForce) []inForce {
	if x.C.ConditionCount() == 0 || len(f.Rules.Conditions) == 0 {
		return dst[:0] // the common case, inlined
	}
	return f.effectsOf(x, dst[:0])
}

func (f *Fight) effectsOf(x *Fighter, dst []inForce) []inForce {
	f.conds = x.C.Conditions(f.conds[:0])
	for i := range f.conds {
		c := &f.conds[i] // no copy of each instance: only those in force are kept
		ef := f.Rules.Conditions[c.Name]
		if ef == nil {
			continue
		}
		dst = addEffect(dst, ef, c)
		if len(ef.Levels) == 0 && len(ef.Implied) == 0 {
			continue
		}
		for _, l := range ef.Levels {
			if c.Level >= l.Min {
				dst = addEffect(dst, l.Effect, c)
			}
		}
		for _, im := range ef.Implied {
			dst = addEffect(dst, im, c)
			for _, l := range im.Levels {
				if c.Level >= l.Min {
					dst = addEffect(dst, l.Effect, c)
				}
			}
		}
	}
	return dst
}

// addEffect appends ef, brought by c, to dst unless dst has it.
func addEffect(dst []inForce, ef *CondEffect, c *creature.Condition) []inForce {
	for i := range dst {
		if dst[i].ef == ef {
			return dst
		}
	}
	return append(dst, inForce{ef, *c})
}

// hasTag reports whether attack a carries tag.
func (a *Attack) hasTag(tag string) bool {
	for _, t := range a.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// exempt reports whether attack a escapes an AttackAdvUnlessTag effect: a
// melee attack with one of its tags.
func (ef *CondEffect) exempt(a *Attack) bool {
	if a.Ranged {
		return false
	}
	for _, t := range ef.UnlessTags {
		if a.hasTag(t) {
			return true
		}
	}
	return false
}

// hiddenFrom reports whether t has a condition with UnseenBySource whose
// source is v (hidden from v alone).
func (f *Fight) hiddenFrom(t, v *Fighter) bool {
	if len(f.Rules.Conditions) == 0 {
		return false
	}
	return hiddenIn(f.effectsNow(t), v)
}

// hiddenIn reports whether effs, the effects in force on a creature, hide
// it from v (UnseenBySource, v the source).
func hiddenIn(effs []inForce, v *Fighter) bool {
	for _, in := range effs {
		if in.ef.UnseenBySource && in.c.Source != "" && in.c.Source == v.ID {
			return true
		}
	}
	return false
}

// hampered reports whether effects include one that takes the bearer's
// actions (unless KeepsGuard) or Speed away (what makes a Lapses effect
// lapse).
func hampered(effs []inForce) bool {
	for i := range effs {
		if (effs[i].ef.NoActions && !effs[i].ef.KeepsGuard) || effs[i].ef.SpeedZero {
			return true
		}
	}
	return false
}

// lapsed reports whether effect i of effs lapses.
func lapsed(effs []inForce, i int) bool { return effs[i].ef.Lapses && hampered(effs) }
