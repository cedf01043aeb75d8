package fight

import (
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/event"
)

// HPRule is what hit points do beyond the floor: a creature may drop
// before it reaches its floor (at DownAt) and die only at the floor, bleed
// each round while it is down, be killed by one massive hit, and carry
// conditions while its hit points are in a band or while its nonlethal
// damage equals or exceeds them. The zero value keeps the plain rule: a
// creature drops at its floor.
type HPRule struct {
	// HasDownAt: a creature drops (out of the fight, dying unless the down
	// rule says dead) when its hit points fall to DownAt or below; it dies
	// when they reach its floor.
	HasDownAt bool
	DownAt    int
	// Bleed, when set, is rolled for every dying creature when a round
	// ends.
	Bleed *BleedRule
	// MassiveAt > 0: a hit of at least MassiveAt damage that leaves its
	// target alive raises damage.massive (where a rule system rolls the
	// save that kills).
	MassiveAt int
	// States are conditions a creature carries while its hit points are
	// within a band (a creature at exactly 0 is disabled).
	States []HPState
	// NonlethalExceeds is added when damage takes nonlethal damage past
	// the hit points (the creature drops, unconscious but not dying) and
	// removed when it no longer exceeds them; NonlethalEqual is carried
	// while nonlethal damage is at least the hit points without the
	// other ("" for none).
	NonlethalEqual, NonlethalExceeds string
	// StableCondition replaces the rules' down condition on a dying
	// creature that becomes stable ("": the down condition stays).
	StableCondition string
}

// BleedRule: each dying creature rolls 1dDie when a round ends; a face of
// Stable or less stabilises it, any other loses Loss hit points (it dies at
// its floor).
type BleedRule struct {
	Die, Stable, Loss int
}

// HPState is a condition carried while hit points are within [Min, Max].
type HPState struct {
	Min, Max  int
	Condition string
}

// downAt is the hit points at or below which x drops.
func (f *Fight) downAt(x *Fighter) int {
	if f.Rules.HP.HasDownAt {
		return max(f.Rules.HP.DownAt, x.C.Floor())
	}
	return x.C.Floor()
}

// syncStates adds and removes x's hit-point and nonlethal conditions to
// match its hit points now. The NonlethalExceeds condition is added only
// by damage (damaged): a creature that woke up while its nonlethal damage
// still exceeds its hit points stays awake until more damage comes.
func (f *Fight) syncStates(x *Fighter, damaged bool) error {
	r := &f.Rules.HP
	hp := x.C.HP()
	for _, s := range r.States {
		if err := f.hold(x, s.Condition, hp >= s.Min && hp <= s.Max && !x.Dead); err != nil {
			return err
		}
	}
	exceeds := false
	if r.NonlethalExceeds != "" {
		exceeds = !x.Dead && x.C.NonlethalExceedsHP()
		if exceeds && !damaged {
			exceeds = x.C.HasCondition(r.NonlethalExceeds)
		}
		if err := f.hold(x, r.NonlethalExceeds, exceeds); err != nil {
			return err
		}
	}
	if r.NonlethalEqual != "" {
		// at least the hit points and not knocked out by it: equal, or
		// awake again while it still exceeds them
		if err := f.hold(x, r.NonlethalEqual, !x.Dead && x.C.NonlethalAtLeastHP() && !exceeds); err != nil {
			return err
		}
	}
	return nil
}

// hold makes x carry condition name (the kernel's instance, source "hp")
// or not.
func (f *Fight) hold(x *Fighter, name string, on bool) error {
	has := x.C.HasCondition(name)
	switch {
	case on && !has:
		_, err := x.C.AddCondition(creature.Condition{Name: name, Source: "hp"}, creature.CondSpec{})
		return err
	case !on && has:
		x.C.RemoveCondition(name)
	}
	return nil
}

// afterDamage applies the rules of hit points to t after e's damage: a
// massive hit, the states, a creature knocked out by nonlethal damage, one
// that drops, and one already down that reaches its floor. It reports
// whether t went down (Down was called).
func (f *Fight) afterDamage(t *Fighter, e *AttackEvent) (bool, error) {
	r := &f.Rules.HP
	if r.MassiveAt > 0 && e.Damage >= r.MassiveAt && !t.Dead && f.Bus.Has(f.ids.massive) {
		fr := f.push()
		fr.ev.Reset(f.ids.massive)
		err := f.dispatch(&fr.ev, e, f.ids.massive, event.Result)
		f.pop()
		if err != nil {
			return false, err
		}
		if t.Dead {
			return true, nil
		}
	}
	if len(r.States) > 0 || r.NonlethalEqual != "" || r.NonlethalExceeds != "" {
		if err := f.syncStates(t, e.Damage > 0); err != nil {
			return false, err
		}
	}
	hp := t.C.HP()
	switch {
	case t.Out && !t.Dead && r.HasDownAt && hp <= t.C.Floor():
		f.Kill(t)
		if f.Trace != nil {
			f.trace("%s dies", t.ID)
		}
		return true, nil
	case !t.Out && hp <= f.downAt(t):
		return true, f.Down(t, e)
	case !t.Out && r.NonlethalExceeds != "" && t.C.HasCondition(r.NonlethalExceeds):
		// knocked out, not dying
		f.goOut(t)
		t.Stable = true
		f.syncMap(t)
		if f.Trace != nil {
			f.trace("%s falls unconscious", t.ID)
		}
		return true, nil
	}
	return false, nil
}

// bleed rolls the bleeding of every dying creature at the end of a round.
func (f *Fight) bleed() error {
	b := f.Rules.HP.Bleed
	if b == nil {
		return nil
	}
	for _, x := range f.Fighters {
		if !x.Out || x.Dead || x.Fled || x.Stable {
			continue
		}
		face, err := f.Src.Roll(1, b.Die)
		if err != nil {
			return err
		}
		if face <= b.Stable {
			if err := f.Stabilize(x, true); err != nil {
				return err
			}
			if f.Trace != nil {
				f.trace("%s rolls %d and is stable", x.ID, face)
			}
		} else {
			if err := x.C.SetHP(max(x.C.HP()-b.Loss, x.C.Floor())); err != nil {
				return err
			}
			if x.C.HP() <= x.C.Floor() {
				f.Kill(x)
			}
			if f.Trace != nil {
				if x.Dead {
					f.trace("%s rolls %d, bleeds to %d hp and dies", x.ID, face, x.C.HP())
				} else {
					f.trace("%s rolls %d and bleeds to %d hp", x.ID, face, x.C.HP())
				}
			}
		}
		if f.Record != nil {
			f.Record("bleed", map[string]any{"round": f.round, "who": x.ID, "face": face, "hp": x.C.HP(),
				"stable": x.Stable, "dead": x.Dead})
		}
	}
	return nil
}

// SyncHP applies the rules of hit points to x after a script changed its
// hit points or nonlethal damage (healing): its states, and a creature
// that drops or dies. A downed creature healed above the drop point is not
// revived here (Revive does that).
func (f *Fight) SyncHP(x *Fighter) error {
	_, err := f.afterDamage(x, &AttackEvent{Target: x, Attacker: x})
	return err
}

// Stabilize marks a downed creature stable (it no longer bleeds or rolls
// dying saves) or, with false, dying again, swapping the rules' down
// condition for their stable condition (or back) when they name one.
func (f *Fight) Stabilize(x *Fighter, stable bool) error {
	x.Stable = stable
	sc, dc := f.Rules.HP.StableCondition, f.Rules.DownCondition
	if sc == "" || x.Dead {
		return nil
	}
	if err := f.hold(x, sc, stable && x.Out); err != nil {
		return err
	}
	if dc != "" {
		return f.hold(x, dc, !stable && x.Out)
	}
	return nil
}
