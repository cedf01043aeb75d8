package fight

import (
	"github.com/dndsh/dndsh/runtime/check"
	"github.com/dndsh/dndsh/runtime/event"
)

// conditionEffects adds the attacker's and target's condition effects to
// e (advantage sources, to-hit modifier) and returns whether a melee hit is
// critical and the target's armour class modifier.
func (f *Fight) conditionEffects(e *AttackEvent) (autoCrit bool, acMod int) {
	if len(f.Rules.Conditions) == 0 {
		return false, 0
	}
	add := func(level int) {
		if level > 0 {
			e.Adv += level
		} else if level < 0 {
			e.Dis -= level
		}
	}
	f.conds = e.Attacker.C.Conditions(f.conds[:0])
	for _, c := range f.conds {
		if ef := f.Rules.Conditions[c.Name]; ef != nil {
			add(ef.AttackAdv)
			e.Bonus += ef.AttackMod + ef.AttackModPerLevel*c.Level
		}
	}
	f.conds = e.Target.C.Conditions(f.conds[:0])
	for _, c := range f.conds {
		if ef := f.Rules.Conditions[c.Name]; ef != nil {
			add(ef.DefenseAdv)
			if e.Attack.Ranged {
				add(ef.DefenseAdvRanged)
			} else {
				add(ef.DefenseAdvMelee)
				autoCrit = autoCrit || ef.AutoCritMelee
			}
			acMod += ef.ACMod
		}
	}
	return autoCrit, acMod
}

// canAct reports whether a condition takes x's actions away.
func (f *Fight) canAct(x *Fighter) bool {
	if len(f.Rules.Conditions) == 0 {
		return true
	}
	f.conds = x.C.Conditions(f.conds[:0])
	for _, c := range f.conds {
		if ef := f.Rules.Conditions[c.Name]; ef != nil && ef.NoActions {
			return false
		}
	}
	return true
}

// Strike resolves one attack of x with a against t (adv is an extra
// advantage level) through the whole pipeline and returns its event
// record (reused by the next Strike).
func (f *Fight) Strike(x, t *Fighter, a *Attack, adv int) (*AttackEvent, error) {
	fr := f.push()
	defer f.pop()
	e := &fr.atk
	*e = AttackEvent{Attacker: x, Target: t, Attack: a, Roll: e.Roll, Parts: e.Parts[:0]}
	if adv > 0 {
		e.Adv = adv
	} else {
		e.Dis = -adv
	}
	autoCrit, acMod := f.conditionEffects(e)
	// declare
	fr.ev.Reset(f.ids.atkDeclare)
	if err := f.dispatch(&fr.ev, e, f.ids.atkDeclare, event.Declare); err != nil {
		return nil, err
	}
	if fr.ev.Cancelled() {
		return e, nil
	}
	// attack.roll: modify, roll, result
	fr.ev.Reset(f.ids.atkRoll)
	if err := f.dispatch(&fr.ev, e, f.ids.atkRoll, event.Modify); err != nil {
		return nil, err
	}
	if fr.ev.Cancelled() {
		return e, nil
	}
	rule := &f.Rules.Attack
	tt := &f.test
	tt.Mods = tt.Mods[:0]
	tt.Mods = append(tt.Mods, check.Modifier{Value: a.Bonus + e.Bonus, Source: a.Name})
	tt.Adv = tt.Adv[:0]
	if e.Adv > 0 {
		tt.Adv = append(tt.Adv, check.AdvSource{Level: e.Adv, Source: "advantage"})
	}
	if e.Dis > 0 {
		tt.Adv = append(tt.Adv, check.AdvSource{Level: -e.Dis, Source: "disadvantage"})
	}
	if rule.Needed != nil {
		tt.Target = rule.Needed(x, t)
	} else {
		tt.Target = t.C.AC.Value + acMod
	}
	if !a.Threat.Empty() {
		tt.Naturals.Threat = a.Threat
	} else {
		tt.Naturals.Threat = rule.Test.Naturals.Threat
	}
	if err := tt.RollInto(f.Src, &e.Roll); err != nil {
		return nil, err
	}
	e.Hit = e.Roll.Success
	e.Crit = e.Hit && (e.Roll.Crit || autoCrit && !a.Ranged)
	x.Attacks0++
	if err := f.dispatch(&fr.ev, e, f.ids.atkRoll, event.Roll); err != nil {
		return nil, err
	}
	if err := f.dispatch(&fr.ev, e, f.ids.atkRoll, event.Result); err != nil {
		return nil, err
	}
	if !e.Hit || fr.ev.Cancelled() {
		if f.Trace != nil {
			f.trace("%s attacks %s with %s: %d vs %d, miss", x.ID, t.ID, a.Name, e.Roll.Total, tt.Target)
		}
		if f.Record != nil {
			f.recordAttack(e)
		}
		return e, nil
	}
	x.Hits++
	// damage.roll
	fr.ev.Reset(f.ids.dmgRoll)
	if err := f.dispatch(&fr.ev, e, f.ids.dmgRoll, event.Modify); err != nil {
		return nil, err
	}
	if err := f.rollDamage(e); err != nil {
		return nil, err
	}
	if err := f.dispatch(&fr.ev, e, f.ids.dmgRoll, event.Result); err != nil {
		return nil, err
	}
	if fr.ev.Cancelled() {
		return e, nil
	}
	if f.Trace != nil {
		f.trace("%s hits %s with %s: %d vs %d%s, %d damage", x.ID, t.ID, a.Name, e.Roll.Total, tt.Target, critText(e.Crit), e.Damage)
	}
	if f.Record != nil {
		f.recordAttack(e)
	}
	return e, f.Apply(e)
}

// recordAttack sends an attack's record to f.Record: the dice with their
// roles, the modifiers, the needed total and the outcome.
func (f *Fight) recordAttack(e *AttackEvent) {
	var dice []map[string]any
	for _, d := range e.Roll.Dice {
		dice = append(dice, map[string]any{"face": d.Face, "state": d.State.String(), "role": d.Role.String()})
	}
	rec := map[string]any{"round": f.round, "attacker": e.Attacker.ID, "target": e.Target.ID, "attack": e.Attack.Name,
		"dice": dice, "natural": e.Roll.Natural, "total": e.Roll.Total, "needed": e.Roll.Target,
		"adv": e.Adv, "dis": e.Dis, "hit": e.Hit, "crit": e.Crit}
	if e.Hit {
		rec["damage"] = e.Damage
		var parts []map[string]any
		for _, p := range e.Parts {
			parts = append(parts, map[string]any{"type": p.Type, "amount": p.Amount})
		}
		rec["parts"] = parts
	}
	f.Record("attack", rec)
}

func critText(c bool) string {
	if c {
		return " (critical)"
	}
	return ""
}

// rollDamage rolls the attack's damage into e.Parts and e.Damage. A
// critical hit under CritDoubleDice rolls the expression with its dice
// doubled (modifiers once); under CritMultiply it rolls the whole
// expression CritMul times.
func (f *Fight) rollDamage(e *AttackEvent) error {
	a := e.Attack
	expr, times := a.Damage, 1
	if e.Crit {
		switch f.Rules.Attack.Crit {
		case CritDoubleDice:
			if a.critExpr == nil {
				a.critExpr = a.Damage.DiceTimes(2)
			}
			expr = a.critExpr
		case CritMultiply:
			times = f.Rules.Attack.CritMul
			if a.CritMul > 0 {
				times = a.CritMul
			}
		}
	}
	e.Parts = e.Parts[:0]
	total := 0
	for i := 0; i < times; i++ {
		if expr.HasLabels() {
			r, err := expr.Roll(f.Src)
			if err != nil {
				return err
			}
			for _, l := range r.Labels {
				typ := l.Label
				if typ == "" {
					typ = a.Type
				}
				e.Parts = addPart(e.Parts, typ, int(l.Total))
			}
			total += int(r.Total)
			continue
		}
		v, err := expr.Total(f.Src)
		if err != nil {
			return err
		}
		total += int(v)
		e.Parts = addPart(e.Parts, a.Type, int(v))
	}
	if min := f.Rules.Attack.MinDamage; total < min && len(e.Parts) > 0 {
		e.Parts[0].Amount += min - total
		total = min
	}
	e.Damage = total
	return nil
}
