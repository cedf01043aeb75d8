package fight

import (
	"github.com/dndsh/dndsh/runtime/check"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/event"
)

// reset readies e for a new attack of x with a against t: every field
// zero but the slices' storage and Roll (the roll resets it; a refused
// attack's Roll is the last one's). Field by field: one assignment of a
// whole AttackEvent copies its large Roll twice.
func (e *AttackEvent) reset(x, t *Fighter, a *Attack) {
	e.Attacker, e.Target, e.Attack = x, t, a
	e.Adv, e.Dis, e.Bonus, e.DamageMod = 0, 0, 0, 0
	e.Rolled, e.Hit, e.Crit = false, false, false
	e.Mul, e.Damage, e.MissRoll = 0, 0, 0
	e.Nonlethal = false
	e.Parts = e.Parts[:0]
	e.Applied = creature.Outcome{}
	e.Refused = ""
	e.Distance, e.Cover = 0, 0
	e.Why = e.Why[:0]
	e.Taken = e.Taken[:0]
	e.Touch, e.NoDamage = false, false
}

// attackDice rolls the dice the attacker's conditions add to its attack
// roll (AttackDie), in condition order, before the d20.
func (f *Fight) attackDice(e *AttackEvent) error {
	if e.Attacker.C.ConditionCount() == 0 {
		return nil
	}
	effs := f.effectsNow(e.Attacker)
	for i, in := range effs {
		if in.ef.AttackDie == nil || lapsed(effs, i) {
			continue
		}
		n, err := in.ef.AttackDie.Total(f.Src)
		if err != nil {
			return err
		}
		e.Bonus += int(n)
	}
	return nil
}

// turnStarts ends x's conditions that end as its turn starts (those that
// end when it acts, only if it can act).
func (f *Fight) turnStarts(x *Fighter) {
	if len(f.Rules.Conditions) == 0 || x.C.ConditionCount() == 0 {
		return
	}
	able := f.canAct(x)
	f.conds = x.C.Conditions(f.conds[:0])
	for _, c := range f.conds {
		if ef := f.Rules.Conditions[c.Name]; ef != nil && (ef.EndsAtTurnStart || ef.EndsWhenActs && able) {
			x.C.RemoveConditionID(c.ID)
		}
	}
}

// effectsNow is f.effects(x, ...) kept with x until its conditions change
// (a dying creature's turn asks twice). The slice is x's: read it only.
func (f *Fight) effectsNow(x *Fighter) []inForce {
	if x.C.ConditionCount() == 0 || len(f.Rules.Conditions) == 0 {
		return nil // f.effects' common case, told inline
	}
	return f.effectsKept(x)
}

// effectsKept is effectsNow of a creature with conditions.
//
//go:noinline
func (f *Fight) effectsKept(x *Fighter) []inForce {
	if g := x.C.ConditionGen(); x.effC != x.C || x.effGen != g || x.eff == nil {
		x.eff = f.effects(x, x.eff[:0])
		x.effC, x.effGen = x.C, g
	}
	return x.eff
}

// canAct reports whether a condition takes x's actions away. (A creature
// with no condition, the common case, is told apart inline.)
func (f *Fight) canAct(x *Fighter) bool {
	return x.C.ConditionCount() == 0 || f.canActBy(x)
}

// canActBy is canAct by x's effects in force.
//
//go:noinline
func (f *Fight) canActBy(x *Fighter) bool {
	for _, in := range f.effectsNow(x) {
		if in.ef.NoActions {
			return false
		}
	}
	return true
}

// guards reports whether x can hamper a ranged attack beside it: no
// condition takes its actions away, but one that KeepsGuard.
func (f *Fight) guards(x *Fighter) bool {
	for _, in := range f.effectsNow(x) {
		if in.ef.NoActions && !in.ef.KeepsGuard {
			return false
		}
	}
	return true
}

// Strike resolves one attack of x with a against t (adv is an extra
// advantage level) through the whole pipeline and returns its event
// record (reused by the next Strike).
func (f *Fight) Strike(x, t *Fighter, a *Attack, adv int) (*AttackEvent, error) {
	return f.StrikeWith(x, t, a, StrikeOpts{Adv: adv})
}

// StrikeOpts are the extras of one attack beyond the attacker's, the
// target's and the map's: an advantage level, a to-hit bonus (a charge's),
// a damage multiplier (AttackEvent.Mul; 0 for none), and Sure: the attack
// hits without a roll and is a critical hit (a coup de grace). Touch,
// NoDamage and Nonlethal are a script's (see AttackEvent): a grab, a trip,
// subdual damage.
type StrikeOpts struct {
	Adv, Bonus, Mul            int
	Sure                       bool
	Touch, NoDamage, Nonlethal bool
}

// StrikeWith is Strike with extras.
func (f *Fight) StrikeWith(x, t *Fighter, a *Attack, o StrikeOpts) (*AttackEvent, error) {
	// no defer: Strike has too many exits for an open-coded one, and a
	// panic (a VM bug) is recovered far above, where the frames are reset
	fr := f.push()
	e, err := f.strike(fr, x, t, a, o)
	f.pop()
	return e, err
}

func (f *Fight) strike(fr *frame, x, t *Fighter, a *Attack, o StrikeOpts) (*AttackEvent, error) {
	adv, bonus, mul, sure := o.Adv, o.Bonus, o.Mul, o.Sure
	e := &fr.atk
	e.reset(x, t, a)
	e.Bonus, e.Mul, e.Touch, e.NoDamage, e.Nonlethal = bonus, mul, o.Touch, o.NoDamage, o.Nonlethal || a.Nonlethal
	if adv > 0 {
		e.Adv = adv
	} else {
		e.Dis = -adv
	}
	// Where the attack is made and what the rules make of it. With no map
	// and no condition on either side nothing of it applies (a melee or
	// ranged attack at its nominal distance, both in sight, no cover): the
	// batch study's common case skips the work.
	var sit Situation
	as := &f.noAssess // nothing assessed: read only
	// (effectsNow: kept with each fighter until its conditions change, so
	// the assessment below reads them again for nothing)
	if f.Space != nil || len(f.effectsNow(x)) > 0 || len(f.effectsNow(t)) > 0 || f.Explain || e.Touch {
		as = &fr.as
		*as = Assessment{acSetType: -1}
		f.situation(x, t, a, &sit)
		f.assess(e, &sit, as, f.Explain)
	}
	e.Distance, e.Cover = sit.Distance, sit.Cover
	if as.Refused != "" {
		e.Refused = as.Refused
		if f.Trace != nil {
			f.trace("%s cannot attack %s with %s: %s", x.ID, t.ID, a.Name, as.Refused)
		}
		f.struck(e)
		return e, nil
	}
	e.Adv += as.Adv
	e.Dis += as.Dis
	e.Bonus += as.Bonus
	e.DamageMod = as.DamageMod
	autoCrit := as.AutoCrit
	if err := f.attackDice(e); err != nil {
		return nil, err
	}
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
		// the rules' change to the target's armour class (cover), for a
		// needed-roll rule to apply on its own scale
		tt.Target = rule.Needed(x, t, f.acOf(t, as)-t.C.AC.Value)
		if f.failed != nil && f.table {
			// A table fight has no Run to report the script's error.
			err := f.failed
			f.failed = nil
			return nil, err
		}
	} else {
		tt.Target = f.acOf(t, as)
	}
	if !a.Threat.Empty() {
		tt.Naturals.Threat = a.Threat
	} else {
		tt.Naturals.Threat = rule.Test.Naturals.Threat
	}
	if sure {
		e.Roll = check.Result{Target: tt.Target}
		e.Hit, autoCrit = true, true
	} else {
		if err := tt.RollInto(f.Src, &e.Roll); err != nil {
			return nil, err
		}
		e.Rolled = true
		e.Hit = e.Roll.Success
	}
	f.spend(x, t, as)
	e.Crit = e.Hit && (e.Roll.Crit || autoCrit)
	if e.Crit && rule.CritImmuneTag != "" && t.C.HasTag(rule.CritImmuneTag) {
		e.Crit = false
	}
	if e.Hit && as.MissChance > 0 {
		// concealment: a d% within the miss chance turns the hit into a miss
		face, err := f.Src.Roll(1, 100)
		if err != nil {
			return nil, err
		}
		e.MissRoll = face
		if face <= as.MissChance {
			e.Hit, e.Crit = false, false
			if f.Trace != nil {
				f.trace("%s's hit on %s misses: %d within the %d%% miss chance", x.ID, t.ID, face, as.MissChance)
			}
		}
	}
	x.Attacks0++
	if err := f.dispatch(&fr.ev, e, f.ids.atkRoll, event.Roll); err != nil {
		return nil, err
	}
	if err := f.dispatch(&fr.ev, e, f.ids.atkRoll, event.Result); err != nil {
		return nil, err
	}
	if e.NoDamage && !fr.ev.Cancelled() {
		if f.Trace != nil {
			kind, res := "no-damage", "miss"
			if e.Touch {
				kind = "touch"
			}
			if e.Hit {
				res = "hit"
			}
			f.trace("%s makes a %s attack on %s with %s%s: %d vs %d, %s", x.ID, kind, t.ID, a.Name, f.where(e), e.Roll.Total, tt.Target, res)
		}
		return e, nil
	}
	if !e.Hit || fr.ev.Cancelled() {
		if f.Trace != nil {
			f.trace("%s attacks %s with %s%s: %d vs %d, miss", x.ID, t.ID, a.Name, f.where(e), e.Roll.Total, tt.Target)
		}
		if f.Record != nil {
			f.recordAttack(e)
		}
		f.struck(e)
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
		f.struck(e)
		return e, nil
	}
	if f.Trace != nil {
		f.trace("%s hits %s with %s%s: %d vs %d%s, %d damage", x.ID, t.ID, a.Name, f.where(e), e.Roll.Total, tt.Target, critText(e.Crit), e.Damage)
	}
	if f.Record != nil {
		f.recordAttack(e)
	}
	err := f.Apply(e)
	f.struck(e)
	return e, err
}

// struck tells OnStrike of a finished attack that was rolled or refused.
func (f *Fight) struck(e *AttackEvent) {
	if f.OnStrike != nil {
		f.OnStrike(e)
	}
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
	if f.Space != nil {
		rec["distance"] = e.Distance
		rec["cover"] = e.Cover.String()
	}
	if len(e.Why) > 0 {
		why := make([]string, len(e.Why))
		for i, r := range e.Why {
			why[i] = r.Why
		}
		rec["why"] = why
	}
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

// where describes the place of an attack on a map (" at 10 ft, half
// cover"), "" without a map.
func (f *Fight) where(e *AttackEvent) string {
	if f.Space == nil {
		return ""
	}
	s := " at " + feet(e.Distance, f.Rules.Space.Unit)
	if e.Cover != 0 {
		s += ", " + e.Cover.String() + " cover"
	}
	return s
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
	if e.Mul > 1 {
		// multipliers add what each adds beyond one: x2 and x3 make x4
		times += e.Mul - 1
	}
	e.Parts = e.Parts[:0]
	total := 0
	for i := 0; i < times; i++ {
		v, err := f.rollInto(expr, a.Type, e)
		if err != nil {
			return err
		}
		total += v
	}
	if d := e.DamageMod * times; d != 0 && len(e.Parts) > 0 {
		// the conditions' change, with every roll; at least 1 is left
		if total+d < 1 {
			d = 1 - total
		}
		e.Parts[0].Amount += d
		total += d
	}
	if a.Extra != nil {
		// extra dice: rolled once, never multiplied
		t, err := f.rollInto(a.Extra, a.Type, e)
		if err != nil {
			return err
		}
		total += t
	}
	if min := f.Rules.Attack.MinDamage; total < min && len(e.Parts) > 0 {
		e.Parts[0].Amount += min - total
		total = min
	}
	e.Damage = total
	return nil
}

// rollInto rolls expr once into e's damage parts (labelled terms give their
// own types, the rest is of type typ) and returns its total.
func (f *Fight) rollInto(expr *dice.Expr, typ string, e *AttackEvent) (int, error) {
	if expr.HasLabels() {
		r, err := expr.Roll(f.Src)
		if err != nil {
			return 0, err
		}
		for _, l := range r.Labels {
			t := l.Label
			if t == "" {
				t = typ
			}
			e.Parts = addPart(e.Parts, t, int(l.Total))
		}
		return int(r.Total), nil
	}
	v, err := expr.Total(f.Src)
	if err != nil {
		return 0, err
	}
	e.Parts = addPart(e.Parts, typ, int(v))
	return int(v), nil
}
