package combat

import (
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
)

// slotCount is slot i's refill count for p now: the surprise budget during
// a surprise round, p's own count or the declared count otherwise.
func (e *Encounter) slotCount(p *participant, i int) int {
	if e.phase == phaseSurpriseRound {
		for _, s := range e.cfg.SurpriseSlots {
			if s.Name == e.cfg.Slots[i].Name {
				return s.Count
			}
		}
	}
	return p.refill[i]
}

// ownCount is slot i's refill count outside a surprise round for a
// participant added from sp.
func ownCount(sp *Spec, slots []SlotDef, i int) int {
	for _, s := range sp.Slots {
		if s.Name == slots[i].Name {
			return s.Count
		}
	}
	return slots[i].Count
}

func (e *Encounter) composite(name string) *Composite {
	for i := range e.cfg.Composites {
		if e.cfg.Composites[i].Name == name {
			return &e.cfg.Composites[i]
		}
	}
	return nil
}

// usable returns why p cannot spend slot i now, or "".
func (e *Encounter) usable(p *participant, i int) string {
	if why := e.idle(p); why != "" {
		return why
	}
	if !e.cfg.Slots[i].OffTurn && e.begun && !p.inTurn {
		return "can only use it during its own turn"
	}
	return ""
}

// Spend uses one of participant id's slot (or every part of a composite
// slot, all or none). It fails, naming what is missing, when the slot is
// used up, when it is not the participant's turn and the slot is not an
// off-turn one, or when the participant cannot act.
func (e *Encounter) Spend(id, slot string) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	return e.spend(p, slot)
}

// SpendHandle is Spend for the participant h names, with no lookup by ID.
func (e *Encounter) SpendHandle(h Handle, slot string) error {
	if h.p == nil || h.p.removed {
		return ruleErr("no participant")
	}
	return e.spend(h.p, slot)
}

func (e *Encounter) spend(p *participant, slot string) error {
	id := p.id
	if i := slotIndex(e.cfg.Slots, slot); i >= 0 {
		if why := e.usable(p, i); why != "" {
			return ruleErr("%q cannot use %q: it %s", id, slot, why)
		}
		switch p.slots[i] {
		case Unlimited:
		case 0:
			return e.noneLeft(p, slot, i, "")
		default:
			p.slots[i]--
		}
		return nil
	}
	c := e.composite(slot)
	if c == nil {
		return ruleErr("no action slot %q", slot)
	}
	for k, part := range c.Parts {
		if slices.Index(c.Parts, part) != k {
			continue // each distinct part is checked once, for all its uses
		}
		i := slotIndex(e.cfg.Slots, part)
		if why := e.usable(p, i); why != "" {
			return ruleErr("%q cannot use %q: it %s", id, slot, why)
		}
		if has, need := p.slots[i], uses(c, part); has != Unlimited && has < need {
			return e.noneLeft(p, part, i, slot)
		}
	}
	for _, part := range c.Parts {
		if i := slotIndex(e.cfg.Slots, part); p.slots[i] > 0 {
			p.slots[i]--
		}
	}
	return nil
}

// uses counts how many times c spends part.
func uses(c *Composite, part string) int {
	n := 0
	for _, q := range c.Parts {
		if q == part {
			n++
		}
	}
	return n
}

// noneLeft is the error of a used-up slot; whole names the composite slot
// that needed it, if any.
func (e *Encounter) noneLeft(p *participant, slot string, i int, whole string) *errs.Error {
	when := "this turn"
	switch e.cfg.Slots[i].Reset {
	case ResetRoundStart:
		when = "this round"
	case ResetNever:
		when = "until it is restored"
	}
	if whole != "" {
		return ruleErr("%q has no %q left %s (%q needs it)", p.id, slot, when, whole)
	}
	return ruleErr("%q has no %q left %s", p.id, slot, when)
}

// Remaining returns how many times participant id can still spend slot
// (Unlimited for no limit). For a composite slot it is how many times all
// its parts can be spent together.
func (e *Encounter) Remaining(id, slot string) (int, error) {
	p, err := e.get(id)
	if err != nil {
		return 0, err
	}
	return e.remaining(p, slot)
}

// RemainingHandle is Remaining for the participant h names, with no
// lookup by ID.
func (e *Encounter) RemainingHandle(h Handle, slot string) (int, error) {
	if h.p == nil || h.p.removed {
		return 0, ruleErr("no participant")
	}
	return e.remaining(h.p, slot)
}

func (e *Encounter) remaining(p *participant, slot string) (int, error) {
	if i := slotIndex(e.cfg.Slots, slot); i >= 0 {
		return p.slots[i], nil
	}
	c := e.composite(slot)
	if c == nil {
		return 0, ruleErr("no action slot %q", slot)
	}
	n := Unlimited
	for _, part := range c.Parts {
		has := p.slots[slotIndex(e.cfg.Slots, part)]
		if has == Unlimited {
			continue
		}
		if need := uses(c, part); n == Unlimited || has/need < n {
			n = has / need
		}
	}
	return n, nil
}

// SetSlot sets how many times participant id can still spend slot (a
// feature granting an extra action, a condition taking one away). It does
// not change what the slot refills to.
func (e *Encounter) SetSlot(id, slot string, n int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	i := slotIndex(e.cfg.Slots, slot)
	if i < 0 {
		return ruleErr("no action slot %q (composite slots cannot be set)", slot)
	}
	if n < Unlimited {
		return ruleErr("slot count %d for %q", n, slot)
	}
	p.slots[i] = n
	return nil
}
