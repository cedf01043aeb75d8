package fight

import (
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/grid"
)

// Reason is one rule that applied to an attack: an advantage level, a
// modifier, a critical, a refusal, with what caused it.
type Reason struct {
	// Kind is "adv" (Level is the advantage level, negative for
	// disadvantage), "mod" (Level is a to-hit modifier), "ac" (Level is
	// added to the target's armour class), "crit" (hits are critical) or
	// "refuse" (the attack cannot be made).
	Kind  string
	Level int
	// Why names the cause: "target unconscious within 5 ft", "cover
	// half", "long range".
	Why string
}

// Situation is what the place of an attack says: the distance between
// attacker and target, the target's cover, who perceives whom, an enemy
// close enough to hamper a ranged attack, an ally flanking the target. A
// fight computes it from its map; with no map it is the abstraction in
// which a melee attacker stands one square away, a ranged one at the
// rules' NoMapRanged, nothing gives cover or blocks sight, no enemy
// hampers a ranged attack and nobody flanks.
type Situation struct {
	Distance     int
	Cover        grid.CoverGrade
	TargetSeen   bool // the attacker perceives the target
	AttackerSeen bool // the target perceives the attacker
	// TargetObscured: the attacker sees the target, lightly obscured;
	// AttackerObscured: the target sees the attacker, lightly obscured.
	TargetObscured, AttackerObscured bool
	InMelee                          *Fighter
	Flanker                          *Fighter
	// Measured: the distance is real (a map's, or given), so reach and
	// range can refuse an attack; the no-map abstraction is always in
	// reach.
	Measured bool
	// SourceSeen, when set, answers whether the bearer of a condition
	// sees the condition's source (its id); nil asks the fight.
	SourceSeen func(bearer *Fighter, source string) bool
}

// Assessment is what the rules make of an attack in its situation.
type Assessment struct {
	Adv, Dis int    // advantage and disadvantage sources (levels)
	Bonus    int    // to-hit modifier
	ACMod    int    // added to the target's armour class (untyped)
	AutoCrit bool   // a hit is a critical hit
	Refused  string // why the attack cannot be made, or ""
	// ACLose is the mask of the bonus types the target's armour class goes
	// without against this attack (see ACRule).
	ACLose uint32
	// MissChance is the percent chance that a hit misses (concealment).
	MissChance int
	// DamageMod is added to each roll of the damage (the attacker's
	// conditions' CondEffect.DamageMod and DamageModMelee).
	DamageMod int
	// typed bonuses to the target's armour class, and a type set to a
	// value (acSetType -1: none)
	typed                 [maxTypedAC]typedAC
	nTyped                int
	acSetType, acSetValue int
	// the attacker's and the target's conditions that are spent by this
	// attack (CondEffect.Spent): their instance ids
	spentA, spentT   [2]int
	nSpentA, nSpentT int
}

// spend removes the conditions an attack spent (CondEffect.Spent).
func (f *Fight) spend(x, t *Fighter, as *Assessment) {
	for i := 0; i < as.nSpentA; i++ {
		x.C.RemoveConditionID(as.spentA[i])
	}
	for i := 0; i < as.nSpentT; i++ {
		t.C.RemoveConditionID(as.spentT[i])
	}
}

// flags gathers what a fighter's conditions say about sight and moving.
type flags struct {
	blind, unseen, noActions, speedZero, allDifficult bool
	noOpportunity, partial                            bool
	// noApproach: an effect keeps the bearer from moving closer to its
	// source (fearSources); plain: the move is not the creature's own (a
	// push, a teleport): each step costs its length, whatever the ground
	// or the creature's way of moving
	noApproach, plain                        bool
	noThreat                                 bool // the bearer threatens no square
	speedMod, moveExtra, halvings, strenuous int
	obscured, obscuresView                   int
}

// flagsOf reads x's conditions' sight and movement flags.
func (f *Fight) flagsOf(x *Fighter) flags {
	if x.C.ConditionCount() == 0 || len(f.Rules.Conditions) == 0 {
		// no effect in force: effects' own test, written out rather than
		// shared through a helper, which would take flagsOf over the
		// inlining budget (80; it is 80 as written)
		return flags{}
	}
	return f.flagsIn(x)
}

// flagsIn is flagsOf for a creature with conditions.
func (f *Fight) flagsIn(x *Fighter) flags {
	return flagsFrom(f.effectsNow(x))
}

// flagsFrom gathers the flags of the effects in force effs.
func flagsFrom(effs []inForce) flags {
	var fl flags
	for _, in := range effs {
		ef := in.ef
		fl.blind = fl.blind || ef.Blind
		fl.unseen = fl.unseen || ef.Unseen
		fl.noActions = fl.noActions || ef.NoActions
		fl.speedZero = fl.speedZero || ef.SpeedZero
		fl.allDifficult = fl.allDifficult || ef.AllDifficult
		fl.speedMod += ef.SpeedPerLevel * max(in.c.Level, 1)
		fl.moveExtra += ef.MoveExtra
		fl.halvings += ef.SpeedHalvings
		fl.obscured = max(fl.obscured, ef.Obscured)
		fl.obscuresView = max(fl.obscuresView, ef.ObscuresView)
		fl.noOpportunity = fl.noOpportunity || ef.NoOpportunity
		fl.noApproach = fl.noApproach || ef.NoApproach
		fl.noThreat = fl.noThreat || ef.NoThreat
		fl.partial = fl.partial || ef.Partial
		fl.strenuous = max(fl.strenuous, ef.Strenuous)
	}
	return fl
}

// obscurement is how obscured t is to v by their conditions (0 clear, 1
// lightly, 2 heavily): the worse of t's Obscured and v's ObscuresView,
// unless v has, within d, a sense the rules say ignores light.
func (f *Fight) obscurement(v *Fighter, fv, ft *flags, d int) int {
	o := max(ft.obscured, fv.obscuresView)
	if o == 0 {
		return 0
	}
	pol := &f.Rules.Space.Sight.Policy
	f.senses = v.C.Senses(f.senses[:0])
	for i := range pol.Rules {
		r := &pol.Rules[i]
		if !r.IgnoresLight || r.NotSight {
			continue
		}
		if rng, ok := senseRange(f.senses, r.Name); ok && (rng < 0 || d <= rng) {
			return 0
		}
	}
	return o
}

// Sees reports whether v perceives t by sight (or a sight-like sense):
// the rules' sight policy with the conditions' Blind and Unseen (and
// UnseenBySource, heavy obscurement), the map's walls, and (without a map)
// the distance of the attack a, when given.
func (f *Fight) Sees(v, t *Fighter, a *Attack) bool {
	fv, ft := f.flagsOf(v), f.flagsOf(t)
	d := f.Distance(v, t, a)
	return f.sees(v, t, d, fv.blind, ft.unseen) && f.obscurement(v, &fv, &ft, d) < 2
}

// SeesAt is Sees at distance d with no map in between (a what-if).
func (f *Fight) SeesAt(v, t *Fighter, d int) bool {
	fv, ft := f.flagsOf(v), f.flagsOf(t)
	return f.sees(v, t, d, fv.blind, ft.unseen) && f.obscurement(v, &fv, &ft, d) < 2
}

// sees is Sees with the flags worked out; d is the distance senses must
// reach when there is no map.
func (f *Fight) sees(v, t *Fighter, d int, blind, unseen bool) bool {
	return f.seesHidden(v, t, d, blind, unseen || f.hiddenFrom(t, v))
}

// seesHidden is sees with unseen telling whether t is hidden from v too.
func (f *Fight) seesHidden(v, t *Fighter, d int, blind, unseen bool) bool {
	walls := f.Space != nil && f.Space.Map.Walls.Len() > 0
	if !blind && !unseen && !walls {
		return true
	}
	pol := &f.Rules.Space.Sight.Policy
	f.senses = v.C.Senses(f.senses[:0])
	if f.Space == nil {
		// No map: nothing blocks; senses reach as far as the attack's
		// distance.
		if !blind && !unseen {
			return true
		}
		for i := range pol.Rules {
			r := &pol.Rules[i]
			rng, ok := senseRange(f.senses, r.Name)
			if !ok || (rng >= 0 && d > rng) || r.NotSight {
				continue
			}
			if (!blind || r.WorksBlinded) && (!unseen || r.SeesInvisible) {
				return true
			}
		}
		return false
	}
	p := *pol
	p.Grid = f.Rules.Space.Grid
	ok, _ := p.Sees(grid.Viewer{Body: v.body(), Senses: f.senses, Blinded: blind},
		grid.Target{Body: t.body(), Invisible: unseen}, nil, f.Space.Map.Walls)
	return ok
}

func senseRange(s []grid.Sense, name string) (int, bool) {
	for i := range s {
		if s[i].Name == name {
			return s[i].Range, true
		}
	}
	return 0, false
}

// situation works out where attack a of x against t is made.
func (f *Fight) situation(x, t *Fighter, a *Attack, s *Situation) {
	f.situationAt(x, t, a, f.Distance(x, t, a), true, s)
	s.Measured = f.Space != nil
}

// SituationAt is the situation of an attack made from distance d: on the
// fight's map when it has one (d is then the map's distance), else the
// no-map abstraction at that distance (a script's "what if the goblin
// stood 10 ft away").
func (f *Fight) SituationAt(x, t *Fighter, a *Attack, d int, s *Situation) {
	f.situationAt(x, t, a, d, false, s)
}

// situationAt is SituationAt; measured says that d is the map's distance
// between x and t (Distance's), which flanking then need not measure again.
func (f *Fight) situationAt(x, t *Fighter, a *Attack, d int, measured bool, s *Situation) {
	*s = Situation{Distance: d, Measured: true}
	// each side's effects read once, for its flags and whether it hides
	// from the other (sees' hiddenFrom)
	var fx, ft flags
	var xHidden, tHidden bool
	if effs := f.effectsNow(x); len(effs) > 0 {
		fx, xHidden = flagsFrom(effs), hiddenIn(effs, t)
	}
	if effs := f.effectsNow(t); len(effs) > 0 {
		ft, tHidden = flagsFrom(effs), hiddenIn(effs, x)
	}
	s.TargetSeen = f.seesHidden(x, t, d, fx.blind, ft.unseen || tHidden)
	s.AttackerSeen = f.seesHidden(t, x, d, ft.blind, fx.unseen || xHidden)
	// Obscurement: heavily obscured is not seen, lightly still seen.
	if s.TargetSeen {
		switch f.obscurement(x, &fx, &ft, d) {
		case 1:
			s.TargetObscured = true
		case 2:
			s.TargetSeen = false
		}
	}
	if s.AttackerSeen {
		switch f.obscurement(t, &ft, &fx, d) {
		case 1:
			s.AttackerObscured = true
		case 2:
			s.AttackerSeen = false
		}
	}
	if f.Space == nil {
		return
	}
	sr := &f.Rules.Space
	if measured {
		s.Cover = f.coverAt(x, t, d)
	} else {
		s.Cover = f.Cover(x, t)
	}
	if a.Ranged && sr.RangedInMelee.Within > 0 && sr.RangedInMelee.Target {
		s.InMelee = f.engagedAlly(x, t)
	} else if a.Ranged && sr.RangedInMelee.Within > 0 {
		xb := x.body()
		for _, y := range f.Fighters {
			if y.Out || y.Side == x.Side || sr.Grid.Between(y.body(), xb) > sr.RangedInMelee.Within {
				continue
			}
			if sr.RangedInMelee.NeedsAble && !f.guards(y) {
				continue
			}
			if sr.RangedInMelee.NeedsSight && !f.Sees(y, x, nil) {
				continue
			}
			s.InMelee = y
			break
		}
	}
	f.flanker(x, t, a, d, measured, s)
}

// InMeleeOf returns the first of enemies (fighters of other sides) that
// hampers a ranged attack by x at the given distances from it (dist[i] for
// enemies[i]), by the rules' RangedInMelee; nil for none. It is the rule a
// fight applies on its map, for callers that bring their own geometry.
func (f *Fight) InMeleeOf(x *Fighter, enemies []*Fighter, dist []int) *Fighter {
	sr := &f.Rules.Space
	if sr.RangedInMelee.Within <= 0 {
		return nil
	}
	for i, y := range enemies {
		if y.Out || dist[i] > sr.RangedInMelee.Within {
			continue
		}
		if sr.RangedInMelee.NeedsAble && !f.guards(y) {
			continue
		}
		fy, fx := f.flagsOf(y), f.flagsOf(x)
		if sr.RangedInMelee.NeedsSight && !(f.sees(y, x, dist[i], fy.blind, fx.unseen) && f.obscurement(y, &fy, &fx, dist[i]) < 2) {
			continue
		}
		return y
	}
	return nil
}

// flanker finds an ally of x that flanks t with it, for a melee attack:
// the first, in fight order, that can act and flanks t with x. Flanking is
// grid.Flanks (both threaten t, from opposite sides), its parts taken in
// turn so that each is worked out once: x's threat once for every ally,
// then for each ally the cheap tests that turn most down (Beyond, the
// sides) before its threat and whether it can act. Beyond is read from
// t's window for the ally's reach and footprint (grid.Window: the gap
// between two bodies is the same from either, so Beyond(y, t) is Beyond
// of t with y's reach), worked out once for allies alike. When measured,
// d is the map's distance between x and t, and x's threat is read from it.
func (f *Fight) flanker(x, t *Fighter, a *Attack, d int, measured bool, s *Situation) {
	sr := &f.Rules.Space
	if f.Space == nil || a.Ranged || !sr.Flank.On {
		return
	}
	g := sr.Grid
	xb, tb := x.body(), t.body()
	if measured && (d > xb.Reach || d < xb.ReachMin) || !measured && !g.Threatens(xb, tb) {
		return // Threatens, with the distance known when it is
	}
	var w grid.Window
	wReach, wSpace, have := 0, grid.Footprint{}, false
	// x's side's fighters still in the fight, in fight order
	for _, y := range f.inSide(x.Side) {
		if y == x || y.Out {
			continue
		}
		c := y.C
		if !have || y.reach != wReach || c.Space != wSpace {
			w = g.WindowOf(grid.Body{Pos: tb.Pos, Space: tb.Space, Reach: y.reach}, c.Space)
			wReach, wSpace, have = y.reach, c.Space, true
		}
		// grid.Flanks with x's threat known, the cheapest test first (each
		// only turns y down, so the order changes nothing)
		if w.Beyond(c.Pos) {
			continue
		}
		yb := y.body()
		if !grid.OppositeSides(xb, yb, tb) {
			continue
		}
		if g.Threatens(yb, tb) && f.canAct(y) && f.threatening(y) {
			s.Flanker = y
			return
		}
	}
}

// sourceSeen reports whether bearer sees the fighter called source. A
// source that is no creature of the fight (a spell, a trap, none given)
// counts as seen: the condition applies as written; one that died or fled
// is gone from sight.
func (f *Fight) sourceSeen(bearer *Fighter, source string) bool {
	y := f.byID[source]
	if y == nil {
		return true
	}
	if !y.onMap() {
		return false
	}
	return f.Sees(bearer, y, nil)
}

// assess applies the rules to attack e in situation s: the conditions of
// attacker and target, sight, cover, range, a hampered ranged attack and
// flanking. It fills out; with explain it lists each rule in e.Why.
func (f *Fight) assess(e *AttackEvent, s *Situation, out *Assessment, explain bool) {
	*out = Assessment{acSetType: -1}
	x, t, a := e.Attacker, e.Target, e.Attack
	if a.Touch || e.Touch {
		out.ACLose |= f.Rules.AC.TouchIgnores
	}
	sr := &f.Rules.Space
	why := e.Why[:0]
	// The causes come in three parts, joined only when explaining (an
	// attack in a batch study allocates nothing).
	adv := func(level int, c1, c2, c3 string) {
		if level == 0 {
			return
		}
		if level > 0 {
			out.Adv += level
		} else {
			out.Dis -= level
		}
		if explain {
			why = append(why, Reason{Kind: "adv", Level: level, Why: c1 + c2 + c3})
		}
	}
	note := func(kind string, level int, c1, c2, c3 string) {
		if explain {
			why = append(why, Reason{Kind: kind, Level: level, Why: c1 + c2 + c3})
		}
	}
	refuse := func(c1, c2 string) {
		if out.Refused == "" {
			out.Refused = c1 + c2
		}
		note("refuse", 0, c1, c2, "")
	}
	unit := sr.unit()
	// range and reach
	if s.Measured {
		if !sr.inRange(a, s.Distance) {
			if a.Ranged {
				refuse("out of range", "")
			} else {
				refuse("out of reach", "")
			}
		}
	}
	if a.Ranged {
		if b := sr.rangeBand(a, s.Distance); b > 0 {
			ef := sr.rangeEffect(b)
			adv(ef.Adv, "range", "", "")
			if ef.Mod != 0 {
				out.Bonus += ef.Mod
				note("mod", ef.Mod, "range", "", "")
			}
		}
		if s.InMelee != nil {
			ef := sr.RangedInMelee.Effect
			what := "enemy within reach: "
			if sr.RangedInMelee.Target {
				what = "target in melee with "
			}
			adv(ef.Adv, what, s.InMelee.ID, "")
			if ef.Mod != 0 {
				out.Bonus += ef.Mod
				note("mod", ef.Mod, what, s.InMelee.ID, "")
			}
		}
	} else if s.Flanker != nil {
		ef := sr.Flank.Effect
		adv(ef.Adv, "flanking with ", s.Flanker.ID, "")
		if ef.Mod != 0 {
			out.Bonus += ef.Mod
			note("mod", ef.Mod, "flanking with ", s.Flanker.ID, "")
		}
	}
	// cover
	if s.Cover != grid.CoverNone {
		ce := sr.CoverEffects[s.Cover]
		if ce.Untargetable {
			refuse("cover ", s.Cover.String())
		} else if ce.AC != 0 {
			out.addTyped(f.Rules.AC.CoverType, ce.AC)
			note("ac", ce.AC, "cover ", s.Cover.String(), "")
		}
	}
	// sight
	if !s.TargetSeen {
		adv(sr.Sight.TargetUnseen, "can't see the target", "", "")
		if m := sr.Sight.TargetUnseenMiss; m > out.MissChance {
			out.MissChance = m
			note("miss", m, "can't see the target", "", "")
		}
	} else if s.TargetObscured {
		adv(sr.Sight.TargetObscured, "the target is lightly obscured", "", "")
	}
	if !sr.Sight.BonusNeedsClear || (s.TargetSeen && !s.TargetObscured) {
		if !s.AttackerSeen {
			adv(sr.Sight.AttackerUnseen, "the target can't see the attacker", "", "")
		} else if s.AttackerObscured {
			adv(sr.Sight.AttackerObscured, "the attacker is lightly obscured to the target", "", "")
		}
	}
	// conditions
	if len(f.Rules.Conditions) > 0 {
		seen := s.SourceSeen
		if seen == nil {
			seen = f.sourceSeen
		}
		effA := f.effectsNow(x) // x's to read: nothing below changes conditions
		for i, in := range effA {
			ef, c := in.ef, in.c
			if lapsed(effA, i) {
				continue
			}
			adv(ef.AttackAdv, "attacker ", ef.Name, "")
			if m := ef.AttackMod + ef.AttackModPerLevel*c.Level; m != 0 {
				out.Bonus += m
				note("mod", m, "attacker ", ef.Name, "")
			}
			if ef.AttackAdvExceptSource != 0 && (c.Source == "" || c.Source != t.ID) {
				adv(ef.AttackAdvExceptSource, "attacker ", ef.Name, ", the target is not its source")
			}
			if ef.AttackAdvSourceSeen != 0 && seen(x, c.Source) {
				adv(ef.AttackAdvSourceSeen, "attacker ", ef.Name, ", its source in sight")
			}
			if ef.NoAttackSource && c.Source != "" && c.Source == t.ID {
				refuse("attacker "+ef.Name, ": can't attack its source")
			}
			if ef.NoAttackNamed && c.Source != "" && c.Source == a.Name {
				refuse("attacker "+ef.Name, ": no "+a.Name)
			}
			if ef.AttackModVsSource != 0 && c.Source != "" && c.Source == t.ID {
				out.Bonus += ef.AttackModVsSource
				note("mod", ef.AttackModVsSource, "attacker ", ef.Name, " against its source")
				if ef.Spent && out.nSpentA < len(out.spentA) {
					out.spentA[out.nSpentA] = c.ID
					out.nSpentA++
				}
			}
			if ef.AttackAdvUnlessTag != 0 && !ef.exempt(a) {
				adv(ef.AttackAdvUnlessTag, "attacker ", ef.Name, "")
			}
			m := ef.AttackModMelee
			if a.Ranged {
				m = ef.AttackModRanged
				if ef.NoRanged && (ef.NoRangedUnless == "" || ef.NoRangedUnless != a.Group) {
					refuse("attacker ", ef.Name+": no ranged attack")
				}
			}
			if m != 0 {
				out.Bonus += m
				note("mod", m, "attacker ", ef.Name, "")
			}
			dm := ef.DamageMod
			if !a.Ranged {
				dm += ef.DamageModMelee
			}
			if dm != 0 {
				out.DamageMod += dm
				note("damage", dm, "attacker ", ef.Name, "")
			}
			if ef.FoeACLose != 0 && !s.AttackerSeen {
				out.ACLose |= ef.FoeACLose
				note("ac", 0, "attacker ", ef.Name, ": the target loses bonuses to AC")
			}
		}
		effT := f.effectsNow(t)
		for i, in := range effT {
			ef := in.ef
			if lapsed(effT, i) {
				continue
			}
			if c := in.c; ef.DefenseModVsSource != 0 && c.Source != "" && c.Source == x.ID {
				out.Bonus += ef.DefenseModVsSource
				note("mod", ef.DefenseModVsSource, "target ", ef.Name, " against its source")
				if ef.Spent && out.nSpentT < len(out.spentT) {
					out.spentT[out.nSpentT] = c.ID
					out.nSpentT++
				}
			}
			adv(ef.DefenseAdv, "target ", ef.Name, "")
			if a.Ranged {
				adv(ef.DefenseAdvRanged, "target ", ef.Name, ", ranged attack")
			} else {
				adv(ef.DefenseAdvMelee, "target ", ef.Name, ", melee attack")
				if ef.AutoCritMelee && !out.AutoCrit {
					out.AutoCrit = true
					note("crit", 0, "automatic: target ", ef.Name, ", melee attack")
				}
			}
			near := ef.Near
			if near <= 0 {
				near = unit
			}
			if s.Distance <= near {
				adv(ef.DefenseAdvNear, "target ", ef.Name, within(explain, " within ", near, sr.Unit))
				if ef.AutoCritNear && !out.AutoCrit {
					out.AutoCrit = true
					note("crit", 0, "automatic: target ", ef.Name, within(explain, " within ", near, sr.Unit))
				}
			} else {
				adv(ef.DefenseAdvFar, "target ", ef.Name, within(explain, " beyond ", near, sr.Unit))
			}
			if ef.DefenseAdvSeen != 0 && s.AttackerSeen {
				adv(ef.DefenseAdvSeen, "target ", ef.Name, ", it sees the attacker")
			}
			if ef.ACMod != 0 && (!ef.ACVsSource || in.c.Source == x.ID) {
				out.addTyped(ef.ACType-1, ef.ACMod)
				note("ac", ef.ACMod, "target ", ef.Name, "")
			}
			m := ef.DefenseMod + ef.DefenseModMelee
			if a.Ranged {
				m = ef.DefenseMod + ef.DefenseModRanged
			}
			if m != 0 {
				out.Bonus += m
				note("mod", m, "target ", ef.Name, "")
			}
			if ef.ACLose != 0 && (ef.ACLoseUnless == "" || !t.C.HasTag(ef.ACLoseUnless)) &&
				!(ef.ACLoseExceptSource && t.C.HasConditionFrom(in.c.Name, x.ID)) {
				out.ACLose |= ef.ACLose
				note("ac", 0, "target ", ef.Name, ": loses bonuses to AC")
			}
			if ef.ACSetType > 0 {
				out.acSetType, out.acSetValue = ef.ACSetType-1, ef.ACSetValue
				note("ac", 0, "target ", ef.Name, ": a part of its AC is set")
			}
			if ef.MissChance > out.MissChance {
				out.MissChance = ef.MissChance
				note("miss", ef.MissChance, "target ", ef.Name, "")
			}
		}
	}
	if explain {
		e.Why = why
	}
}

// within renders " within 5 ft" when explaining, else "".
func within(explain bool, word string, n int, unit string) string {
	if !explain || n == 0 {
		return ""
	}
	return word + feet(n, unit)
}

// feet renders a distance with its unit ("5 ft").
func feet(n int, unit string) string {
	if unit == "" {
		unit = "ft"
	}
	return itoa(n) + " " + unit
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Assess works out what the rules make of attack a of x against t where
// they stand now, with each rule that applied (the REPL's attack lines,
// and scripts that want the same answer the fight would give). s, when
// not nil, replaces the situation the fight would compute.
func (f *Fight) Assess(x, t *Fighter, a *Attack, s *Situation) (Assessment, Situation, []Reason) {
	var sit Situation
	if s != nil {
		sit = *s
	} else {
		f.situation(x, t, a, &sit)
	}
	e := &AttackEvent{Attacker: x, Target: t, Attack: a}
	var out Assessment
	f.assess(e, &sit, &out, true)
	return out, sit, e.Why
}

// speedOf is x's speed for the turn in feet: its walking speed with its
// conditions (0 while one stops it).
func (f *Fight) speedOf(x *Fighter) int {
	if !x.walkRead {
		// read once a turn (a creature's speed is looked up by name)
		x.walkRead = true
		x.walk = x.C.Speed("walk")
		if x.walk == 0 && !hasSpeeds(x.C) {
			x.walk = f.Rules.Space.DefaultSpeed
		}
	}
	return f.speedFrom(x, x.walk)
}

// SpeedFrom returns what x's conditions make of a base speed in feet (its
// speed in another mode, a speed with a bonus): 0 while one stops it, the
// per-level changes, the halvings.
func (f *Fight) SpeedFrom(x *Fighter, base int) int { return f.speedFrom(x, base) }

func (f *Fight) speedFrom(x *Fighter, base int) int {
	fl := f.flagsOf(x)
	if fl.speedZero {
		return 0
	}
	s := max(base+fl.speedMod, 0)
	if fl.halvings > 0 {
		// halvings multiply; the result is rounded down to whole squares
		u := f.Rules.Space.unit()
		s = (s >> min(fl.halvings, 30)) / u * u
	}
	return s
}

func hasSpeeds(c *creature.Creature) bool {
	var buf [4]creature.Speed
	return len(c.Speeds(buf[:0])) > 0
}

// Speed returns x's speed this turn in feet (its walking speed with its
// conditions' changes).
func (f *Fight) Speed(x *Fighter) int { return f.speedOf(x) }
