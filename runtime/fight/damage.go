package fight

import (
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/event"
)

// Deal applies n damage of type typ from src to t outside an attack (a
// breath weapon, a trap), through damage.apply and creature.down, and
// returns the hit points t lost.
func (f *Fight) Deal(src, t *Fighter, n int, typ string) (int, error) {
	return f.DealNonlethal(src, t, n, typ, false)
}

// DealNonlethal is Deal with the damage sent to the nonlethal track when
// nonlethal is set (an unarmed strike, heat, a forced march).
func (f *Fight) DealNonlethal(src, t *Fighter, n int, typ string, nonlethal bool) (int, error) {
	fr := f.push()
	defer f.pop()
	e := &fr.atk
	e.reset(src, t, nil)
	e.Damage, e.Hit, e.Nonlethal = n, true, nonlethal
	e.Parts = append(e.Parts, creature.Damage{Type: typ, Amount: n})
	if err := f.Apply(e); err != nil {
		return 0, err
	}
	return e.Applied.HPLost, nil
}

func addPart(parts []creature.Damage, typ string, n int) []creature.Damage {
	for i := range parts {
		if parts[i].Type == typ {
			parts[i].Amount += n
			return parts
		}
	}
	return append(parts, creature.Damage{Type: typ, Amount: n})
}

// Apply applies e's damage to its target through damage.apply and
// creature.down.
func (f *Fight) Apply(e *AttackEvent) error {
	// no defer (as in StrikeWith): a panic is recovered far above, where
	// the frames are reset
	fr := f.push()
	err := f.apply(fr, e)
	f.pop()
	return err
}

func (f *Fight) apply(fr *frame, e *AttackEvent) error {
	fr.ev.Reset(f.ids.dmgApply)
	if err := f.dispatch(&fr.ev, e, f.ids.dmgApply, event.Modify); err != nil {
		return err
	}
	if fr.ev.Cancelled() {
		return nil
	}
	t := e.Target
	scaleParts(e.Parts, e.Damage) // a handler may have changed the total
	rec := &f.rec
	f.dopts.Nonlethal = e.Nonlethal || e.Attack != nil && e.Attack.Nonlethal
	err := t.C.ApplyDamageInto(rec, e.Parts, &f.dopts)
	f.dopts.Nonlethal = false
	if err != nil {
		return err
	}
	e.Applied = rec.Outcome
	e.Taken = e.Taken[:0]
	for i := range rec.Types {
		tr := &rec.Types[i] // a TypeResult is large: no copy
		e.Taken = append(e.Taken, creature.Damage{Type: tr.Type, Amount: tr.Final})
	}
	dealt := rec.Outcome.HPLost + rec.Outcome.TempAbsorbed
	e.Attacker.DamageDealt += dealt
	t.DamageTaken += dealt
	if err := f.dispatch(&fr.ev, e, f.ids.dmgApply, event.After); err != nil {
		return err
	}
	if down, err := f.afterDamage(t, e); err != nil || down {
		return err
	}
	if t.Out && !t.Dead && f.Rules.Dying != nil && dealt+rec.Outcome.PastZero > 0 {
		// Damage while dying: failures, or death outright when massive.
		d := f.Rules.Dying
		n := d.DamageFailures
		if e.Crit {
			n = d.CritFailures
		}
		t.Stable = false
		if d.Massive && rec.Outcome.PastZero >= t.C.MaxHP() {
			n = d.Failures
		}
		f.addFailures(t, n)
	}
	return nil
}

// scaleParts makes the damage parts add up to total: a handler that
// changed an attack's total (halved it, added to it) changes every damage
// type in proportion, rounding down, with what rounding leaves going to the
// first part.
func scaleParts(parts []creature.Damage, total int) {
	sum := 0
	for _, p := range parts {
		sum += p.Amount
	}
	if sum == total || len(parts) == 0 {
		return
	}
	if sum <= 0 {
		parts[0].Amount = total
		return
	}
	left := total
	for i := range parts {
		parts[i].Amount = parts[i].Amount * total / sum
		left -= parts[i].Amount
	}
	parts[0].Amount += left
}
