package fight

import (
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/event"
)

// dyingSave rolls x's dying save.
func (f *Fight) dyingSave(x *Fighter) error {
	d := f.Rules.Dying
	face, err := f.Src.Roll(1, d.Die)
	if err != nil {
		return err
	}
	total := face + f.saveMods(x)
	x.LastSave = DyingRoll{Round: f.round, Face: face, Total: total}
	if f.Record != nil {
		defer func() {
			f.Record("dying_save", map[string]any{"round": f.round, "who": x.ID, "face": face,
				"successes": x.SaveSuccesses, "failures": x.SaveFailures, "stable": x.Stable, "dead": x.Dead, "revived": !x.Out})
		}()
	}
	switch {
	case d.Revive.Has(face):
		x.LastSave.Outcome = "revive"
		x.LastSave.Successes, x.LastSave.Failures = x.SaveSuccesses, x.SaveFailures
		if _, err := x.C.Heal(d.ReviveHP); err != nil {
			return err
		}
		f.revive(x)
		if f.Trace != nil {
			f.trace("%s rolls %d on its dying save and wakes", x.ID, face)
		}
	case d.DoubleFail.Has(face):
		x.LastSave.Outcome = "double_failure"
		f.addFailures(x, 2)
		x.LastSave.Successes, x.LastSave.Failures = x.SaveSuccesses, x.SaveFailures
	case total >= d.DC:
		x.LastSave.Outcome = "success"
		x.SaveSuccesses++
		x.LastSave.Successes, x.LastSave.Failures = x.SaveSuccesses, x.SaveFailures
		if x.SaveSuccesses >= d.Successes {
			x.Stable, x.SaveSuccesses, x.SaveFailures = true, 0, 0
			if f.Trace != nil {
				f.trace("%s is stable", x.ID)
			}
		}
	default:
		x.LastSave.Outcome = "failure"
		f.addFailures(x, 1)
		x.LastSave.Successes, x.LastSave.Failures = x.SaveSuccesses, x.SaveFailures
	}
	return nil
}

func (f *Fight) addFailures(x *Fighter, n int) {
	x.SaveFailures += n
	if x.SaveFailures >= f.Rules.Dying.Failures {
		x.Dead = true
		f.syncMap(x)
		if f.Trace != nil {
			f.trace("%s dies", x.ID)
		}
	}
}

// revive brings a downed creature back into the fight.
func (f *Fight) revive(x *Fighter) {
	if f.watchGen == f.gen {
		f.watchGen++ // no one joined: the watches still hold
	}
	f.gen++
	x.Out, x.Dead, x.Fled, x.Stable = false, false, false, false // a fled creature comes back too
	x.SaveSuccesses, x.SaveFailures = 0, 0
	if f.enc != nil {
		f.enc.SetDormant(x.part, false) // its turns are played again
	}
	f.syncMap(x)
	if f.Rules.DownCondition != "" {
		x.C.RemoveCondition(f.Rules.DownCondition)
	}
	if sc := f.Rules.HP.StableCondition; sc != "" {
		x.C.RemoveCondition(sc)
	}
	if f.Rules.ReviveCondition != "" && !x.C.HasCondition(f.Rules.ReviveCondition) {
		_, _ = x.C.AddCondition(creature.Condition{Name: f.Rules.ReviveCondition, Source: "revived"}, creature.CondSpec{})
	}
}

// saveMods is what x's conditions add to its dying saves.
func (f *Fight) saveMods(x *Fighter) int {
	if len(f.Rules.Conditions) == 0 {
		return 0
	}
	m := 0
	for _, in := range f.effectsNow(x) {
		m += in.ef.SaveMod + in.ef.SaveModPerLevel*in.c.Level
	}
	return m
}

// Revive brings a downed (or fled) creature back into the fight (healed or
// stabilised by a script), removing the down condition.
func (f *Fight) Revive(x *Fighter) { f.revive(x) }

// Down takes t out of the fight (dead or dying by the rules), through
// creature.down: a handler that cancels it keeps t in (a last stand). A
// creature that is dying rather than dead then raises creature.dying, where
// a rule system starts its dying rules.
func (f *Fight) Down(t *Fighter, e *AttackEvent) error {
	// no defer (as in StrikeWith): a panic is recovered far above, where
	// the frames are reset
	fr := f.push()
	err := f.down(fr, t, e)
	f.pop()
	return err
}

func (f *Fight) down(fr *frame, t *Fighter, e *AttackEvent) error {
	rule := f.Rules.Monsters
	if t.Player {
		rule = f.Rules.Players
	}
	fr.ev.Reset(f.ids.down)
	if f.Bus.Has(f.ids.down) {
		fr.ev.Actor, fr.ev.Subject = 0, t.Owner
		if e != nil {
			fr.ev.Actor = e.Attacker.Owner
		}
		fr.ev.Data = e
		if e == nil {
			fr.ev.Data = &AttackEvent{Target: t}
		}
		if err := f.Bus.Run(&fr.ev, event.AllPhases); err != nil {
			return err
		}
		if fr.ev.Cancelled() {
			return nil
		}
	}
	f.goOut(t)
	t.Dead = t.Dead || rule == DownDead || (f.Rules.HP.HasDownAt && t.C.HP() <= t.C.Floor())
	if !t.Dead && f.Rules.Dying != nil && f.Rules.Dying.Massive && e != nil && e.Applied.PastZero >= t.C.MaxHP() {
		t.Dead = true // massive damage
	}
	if !t.Dead && f.Rules.DownCondition != "" {
		if _, err := t.C.AddCondition(creature.Condition{Name: f.Rules.DownCondition, Source: "down"}, creature.CondSpec{}); err != nil {
			return err
		}
	}
	if !t.Dead && f.Bus.Has(f.ids.dyingStart) {
		// creature.dying: the rule system's dying rules start (a script may
		// kill the creature at once, for massive damage).
		fr.ev.Reset(f.ids.dyingStart)
		fr.ev.Actor, fr.ev.Subject = 0, t.Owner
		if e != nil && e.Attacker != nil {
			fr.ev.Actor = e.Attacker.Owner
		}
		fr.ev.Data = e
		if e == nil {
			fr.ev.Data = &AttackEvent{Target: t}
		}
		if err := f.Bus.Run(&fr.ev, event.AllPhases); err != nil {
			return err
		}
	}
	if t.Dead {
		if f.Trace != nil {
			f.trace("%s dies", t.ID)
		}
	} else {
		if f.Trace != nil {
			f.trace("%s is down", t.ID)
		}
	}
	f.syncMap(t)
	if f.Record != nil {
		f.Record("down", map[string]any{"round": f.round, "who": t.ID, "dead": t.Dead, "hp": t.C.HP()})
	}
	return nil
}
