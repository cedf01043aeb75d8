// Package fight plays encounters by themselves: the kernel's attack
// pipeline (declare, roll, damage, apply, down) over runtime/combat's
// initiative and time, runtime/check's d20 tests and runtime/creature's
// damage bookkeeping, with default tactics.
//
// Everything a rule system decides is a parameter in Rules (compiled once
// per run from the system's Lua data): the attack test, how a hit is decided
// (ascending armour class, or a needed-roll function such as an attack
// matrix), what a critical hit does to damage, the damage steps, what
// happens at 0 hit points. Scripts change a fight through events raised on
// an event.Bus at each step; an event nobody listens to costs one array
// lookup. A Fight is reused from trial to trial (Reset), so a batch study
// allocates per worker, not per trial.
package fight

import (
	"fmt"

	"github.com/dndsh/dndsh/runtime/check"
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/grid"
	"github.com/dndsh/dndsh/runtime/rng"
)

// CritRule says what a critical hit does to damage.
type CritRule uint8

// The critical-hit damage rules.
const (
	CritNone       CritRule = iota // no extra damage
	CritDoubleDice                 // roll the damage dice twice (modifiers once)
	CritMultiply                   // roll damage CritMul times (dice and modifiers)
)

// DownRule says what happens when a creature's hit points reach its floor.
type DownRule uint8

// The down rules.
const (
	DownDead  DownRule = iota // dead: out of the fight
	DownDying                 // down and dying: out of the fight unless a script revives it
)

// AttackRule is how an attack roll is made and decided.
type AttackRule struct {
	// Test is the template d20 test: sides, natural-face rules (automatic
	// hit and miss, threat range, confirmation), stacking and advantage
	// policy. Its Target and Mods are set per attack.
	Test check.Test
	// Needed, when set, gives the natural-plus-modifiers total needed to hit
	// instead of the target's armour class (attack matrices). It gets the
	// attacker, the target and the change the rules make to the target's
	// armour class for this attack (cover, conditions: the Assessment's
	// ACMod), which the rule system applies on its own scale.
	Needed func(attacker, target *Fighter, acMod int) int
	// Crit is what a confirmed critical does to damage; CritMul is the
	// default multiplier of CritMultiply.
	Crit    CritRule
	CritMul int
	// MinDamage is the least damage a hit does (after modifiers, before
	// the target's traits).
	MinDamage int
	// CritImmuneTag: a target with this tag takes no critical hits (its
	// threats are ordinary hits); "" for none.
	CritImmuneTag string
}

// Rules are a rule system's parameters for fights.
type Rules struct {
	Combat combat.Config
	Attack AttackRule
	// Steps is the damage application order (nil: creature.DefaultSteps).
	Steps []creature.DamageStep
	// Down says what happens at the floor, per side kind: Players for
	// fighters marked Player, Monsters for the others.
	Players, Monsters DownRule
	// MaxRounds ends a fight that runs too long as a draw: one still going
	// when round MaxRounds ends (0: when the surprise round or segments
	// end, if any) is a draw.
	MaxRounds int
	// Conditions are what conditions do in a fight, by condition name
	// (compiled from the rule system's condition definitions).
	Conditions map[string]*CondEffect
	// DownCondition is added to a creature that goes down dying (and
	// removed when it is revived); "" adds none. ReviveCondition is added
	// when a downed creature is revived (it wakes up prone, say).
	DownCondition, ReviveCondition string
	// Dying, when set, is the dying creatures' save track, rolled by the
	// kernel at the start of each of their turns (after dying.turn hooks).
	Dying *DyingSave
	// Space are the rules of space (the map, movement, reach, cover,
	// sight); they apply with and without a map.
	Space SpaceRules
	// AC types the parts of armour classes (see ACRule).
	AC ACRule
	// StartConditions are given to every fighter when a trial starts (a
	// creature flat-footed until it first acts).
	StartConditions []string
	// HP are the rules of hit points beyond the floor: where a creature
	// drops, bleeding, massive damage, states by hit points and by
	// nonlethal damage (see HPRule).
	HP HPRule
}

// DyingSave is a track of saves a dying creature rolls at the start of its
// turns: enough successes stabilise it, enough failures kill it. Special
// natural faces count double or revive it, and damage taken while dying
// counts as failures.
type DyingSave struct {
	Die, DC             int // roll 1dDie; DC or more succeeds
	Successes, Failures int // needed to stabilise, to die
	DoubleFail          check.FaceRange
	Revive              check.FaceRange // natural faces that revive with ReviveHP
	ReviveHP            int
	DamageFailures      int  // failures per hit taken while dying
	CritFailures        int  // failures per critical hit taken while dying
	Massive             bool // going down with damage past zero of at least the maximum kills
}

// CondEffect is what a condition does to fights: advantage levels on the
// bearer's attacks and on attacks against it, flat modifiers, automatic
// criticals, lost actions. A rule system declares these as data; what a
// condition does beyond them is left to hooks.
type CondEffect struct {
	// Name is the condition's name; Implied are the effects of the
	// conditions it implies (transitively, each once), in force with it.
	Name    string
	Implied []*CondEffect
	// NoAttackSource: the bearer cannot attack the condition's source.
	NoAttackSource bool
	// AttackModVsSource is added to the bearer's attack rolls against the
	// condition's source; DefenseModVsSource to the source's attack rolls
	// against the bearer (-2: the bearer has +2 AC against it). Spent: the
	// condition ends once it has counted on one attack roll (aid another's
	// +2 on the next attack).
	AttackModVsSource, DefenseModVsSource int
	Spent                                 bool
	// NoAttackNamed: the bearer cannot make the attack the condition's
	// source names (a weapon it was disarmed of, or that broke).
	NoAttackNamed bool

	AttackAdv         int  // on the bearer's attack rolls (+1 advantage, -1 disadvantage)
	DefenseAdv        int  // on attack rolls against the bearer
	DefenseAdvMelee   int  // on melee attack rolls against the bearer (added to DefenseAdv)
	DefenseAdvRanged  int  // on ranged attack rolls against the bearer
	AttackMod         int  // to the bearer's attack rolls
	AttackModPerLevel int  // to the bearer's attack rolls, per level of the condition
	SaveMod           int  // to the bearer's dying saves
	SaveModPerLevel   int  // to the bearer's dying saves, per level of the condition
	ACMod             int  // to the bearer's armour class
	AutoCritMelee     bool // melee hits against the bearer are critical
	NoActions         bool // the bearer takes no actions on its turn

	// Effects that depend on where the attacker stands (see Situation).
	// Near is the distance in feet of the *Near fields (0: one square).
	Near           int
	DefenseAdvNear int  // on attack rolls against the bearer from within Near
	DefenseAdvFar  int  // on attack rolls against the bearer from farther
	AutoCritNear   bool // hits against the bearer from within Near are critical
	// AttackAdvExceptSource is on the bearer's attack rolls against anyone
	// but the creature that gave it the condition (its source).
	AttackAdvExceptSource int
	// AttackAdvSourceSeen is on the bearer's attack rolls while it can see
	// the condition's source.
	AttackAdvSourceSeen int
	// DefenseAdvSeen is on attack rolls against the bearer by attackers it
	// can see.
	DefenseAdvSeen int
	// Blind: the bearer perceives nothing but by senses that work blinded.
	// Unseen: others perceive the bearer only by senses that see the
	// invisible. What not perceiving does is the rules' SightRule.
	Blind, Unseen bool
	// SpeedZero: the bearer cannot move (and Lapses effects lapse);
	// SpeedPerLevel changes its speed per level; MoveExtra adds feet per
	// foot to its moves (crawling).
	SpeedZero     bool
	SpeedPerLevel int
	MoveExtra     int
	// NoApproach: the bearer can't willingly move closer to the
	// condition's source (Frightened); a move of its own stops before the
	// first step that would.
	NoApproach bool
	// Lapses: the effects above do not count while the bearer also has a
	// condition with NoActions or SpeedZero (5e's Dodge).
	Lapses bool
	// KeepsGuard: the condition's NoActions neither makes Lapses effects
	// lapse nor stops the bearer hampering a ranged attack made beside it
	// (a rule system whose condition takes actions away without
	// incapacitating: the modded 5e's Stunned).
	KeepsGuard bool
	// EndsAtTurnStart: the condition ends as its bearer's turn starts.
	EndsAtTurnStart bool
	// AttackDie, when set, is rolled before each of the bearer's attack
	// rolls and added to it (5e's Bless: 1d4).
	AttackDie *dice.Expr

	// AttackAdvUnlessTag is on the bearer's attack rolls except its melee
	// attacks that carry one of UnlessTags (an attack's Tags: a hold that
	// hampers every attack but those with a light weapon or bare hands).
	AttackAdvUnlessTag int
	UnlessTags         []string
	// SpeedHalvings halves the bearer's speed that many times; halvings
	// of different effects multiply (two of them quarter it), and the
	// result is rounded down to whole squares.
	SpeedHalvings int
	// AllDifficult: every square is difficult terrain for the bearer.
	AllDifficult bool
	// UnseenBySource: the condition's source (a creature's id) does not
	// perceive the bearer (hidden from one observer); others still do.
	UnseenBySource bool
	// Obscured is how obscured the bearer is to every viewer (1 lightly:
	// seen, but the rules' Sight.TargetObscured applies; 2 heavily: not
	// seen); ObscuresView is how obscured everything is to the bearer (it
	// stands in fog). A viewer's sense that ignores light (see
	// grid.SenseRule) ignores both.
	Obscured, ObscuresView int
	// To-hit modifiers of attacks against the bearer (all, melee, ranged)
	// and of the bearer's own melee and ranged attacks.
	DefenseMod, DefenseModMelee, DefenseModRanged int
	AttackModMelee, AttackModRanged               int
	// DamageMod is added to the damage of the bearer's weapon attacks,
	// DamageModMelee to that of its melee ones (each time a critical hit
	// rolls the damage; at least 1 point is left when either applies).
	DamageMod, DamageModMelee int
	// ACType is 1 + the index of ACMod's bonus type (0: untyped; see
	// ACRule).
	ACType int
	// ACLose is the mask of the bonus types the bearer loses from its
	// armour class; FoeACLose those its targets lose against it while they
	// cannot perceive it. ACSetType, when not 0, is 1 + the index of a type
	// whose part is replaced by ACSetValue (Dex treated as 0).
	ACLose, FoeACLose     uint32
	ACSetType, ACSetValue int
	// NoThreat: the bearer threatens no square (3.0's grappling).
	NoThreat bool
	// NoOpportunity: the bearer makes no opportunity attacks. Partial: it
	// takes only a partial action on its turn (one attack or one move).
	// Strenuous is the damage it takes after a turn in which it attacked.
	NoOpportunity, Partial bool
	Strenuous              int
	// MissChance is the percent chance that a hit on the bearer misses
	// (concealment; the highest of the bearer's counts).
	MissChance int
	// EndsWhenActs: the condition ends as its bearer's turn starts if the
	// bearer can act then (a creature that cannot act stays flat-footed).
	EndsWhenActs bool
	// NoRangedUnless: the bearer makes no ranged attack but with attacks of
	// this group ("" for none allowed) when NoRanged is set.
	NoRanged       bool
	NoRangedUnless string
	// ACVsSource: ACMod counts only against attacks by the condition's
	// source (a Dodge feat's one designated opponent).
	ACVsSource bool
	// ACLoseUnless names a tag whose bearer keeps the types ACLose would
	// take (uncanny dodge keeps the Dex bonus while flat-footed).
	ACLoseUnless string
	// ACLoseExceptSource: the bearer keeps them against the condition's
	// source (a grappler keeps its Dex bonus against the one it grapples).
	ACLoseExceptSource bool
	// Levels are effects that join this one while the condition's level
	// is at least their Min (a condition whose levels add their own
	// effects), in the order given.
	Levels []LevelEffect
}

// LevelEffect is an effect a condition adds from a level on.
type LevelEffect struct {
	Min    int
	Effect *CondEffect
}

// Attack is one attack a fighter can make.
type Attack struct {
	Name   string
	Bonus  int        // to hit
	Damage *dice.Expr // rolled on a hit; labelled terms give their own damage types
	Type   string     // damage type of unlabelled damage
	// Threat overrides the rules' threat range (a weapon's 19-20).
	Threat  check.FaceRange
	CritMul int // overrides the rules' multiplier when > 0
	Reach   int
	// ReachMin is the nearest distance a melee attack reaches (a reach
	// weapon that cannot strike adjacent foes); 0 for none.
	ReachMin int
	Ranged   bool
	// Range lists a ranged attack's band limits in feet (normal, long), or
	// its range increment (see RangeRule).
	Range []int
	// Tags are what conditions may ask of the attack ("light", "unarmed").
	Tags []string
	// NoReach: a melee attack that reaches only creatures sharing the
	// attacker's space (reach 0 ft: a tiny creature's).
	NoReach bool
	// NoThreat: a melee attack that threatens no square (its wielder makes
	// no opportunity attack with it, flanks with it or is engaged by it):
	// a stat block's threatens = false, or the rules' UnarmedRule.
	NoThreat bool
	// Touch: the attack ignores the armour-class types of the rules'
	// ACRule.TouchIgnores. Nonlethal: its damage goes to the nonlethal
	// track. Group is the weapon group conditions may name (a prone
	// attacker may still shoot a crossbow).
	Touch, Nonlethal bool
	Group            string
	// Extra is damage rolled once on a hit and never multiplied (sneak
	// attack dice, a flaming weapon's fire); nil for none.
	Extra *dice.Expr

	critExpr *dice.Expr // Damage with its dice doubled, made on first use
	tags     tagsMemo   // the tags of its events (attackTags)
	// Data is free for the binding layer (its Lua name, for instance).
	Data any
}

// tagsMemo keeps an attack's event tags with what they were worked out
// from: the bus, how many tags it had named, the attack's kind and group.
type tagsMemo struct {
	bus    *event.Bus
	n      int
	ranged bool
	group  string
	tags   event.Tags
}

// attackTags returns the tags of an attack event of a (nil: no attack, a
// damage dealt by Deal, melee for the hooks as IsRanged says) on bus b:
// event.TagRanged or event.TagMelee, and its group's (event.GroupTag),
// those of them that some handler needs. m keeps them until one of what
// they come from changes.
func attackTags(b *event.Bus, m *tagsMemo, a *Attack) event.Tags {
	ranged, group := false, ""
	if a != nil {
		ranged, group = a.Ranged, a.Group
	}
	if m.bus == b && m.n == b.TagCount() && m.ranged == ranged && m.group == group {
		return m.tags
	}
	var t event.Tags
	if ranged {
		t = b.LookupTag(event.TagRanged)
	} else {
		t = b.LookupTag(event.TagMelee)
	}
	if group != "" {
		t |= b.LookupTag(event.GroupTag(group))
	}
	*m = tagsMemo{bus: b, n: b.TagCount(), ranged: ranged, group: group, tags: t}
	return t
}

// Fighter is a creature taking part in a fight.
type Fighter struct {
	ID     string
	Owner  event.Owner // numeric id for owner-scoped hooks (index + 1)
	Side   int
	Player bool
	C      *creature.Creature // the state now
	Base   *creature.Creature // the state at the start of every trial
	Init   int                // initiative modifier
	// Score breaks initiative ties (the rules' "score" tie rule).
	Score int
	// ACParts are the typed parts of its armour class (see ACRule).
	ACParts []ACPart
	// Slots override the rules' refill counts of action slots for this
	// fighter (more attacks of opportunity a round).
	Slots []combat.SlotCount
	// Group shares one initiative roll among fighters with the same
	// non-empty value; Surprised and Unaware feed the rules' surprise
	// policy (see combat.Spec).
	Group              string
	Surprised, Unaware bool
	// HasCount gives the fighter the initiative count Count instead of a
	// roll (a player's own roll entered at the table).
	HasCount bool
	Count    int
	Attacks  []Attack
	// Multi is how many attacks make up one Attack action; each is an index
	// into Attacks (empty: one attack with Attacks[0]). A fighter with no
	// Attacks makes no attack (a creature whose stat block has none).
	Multi []int
	Level int // for needed-roll rules
	// Tactic picks a target; nil uses the fight's default.
	Tactic Tactic
	// Data is free for the binding layer (its Lua handle, for instance).
	Data any

	// Per-trial bookkeeping, the fight's to write (Out above all: its
	// lists of fighters still in follow the changes it makes).
	Out    bool // dead, down or fled: takes no turns, is not a target
	Dead   bool
	Fled   bool // left the fight alive (morale)
	Stable bool // down but no longer dying: no dying.turn events
	// Dying save track of the current trial.
	SaveSuccesses, SaveFailures int
	// LastSave is the fighter's last dying save of this trial (Round 0:
	// none yet), for the table to show.
	LastSave    DyingRoll
	DamageDealt int
	DamageTaken int
	Attacks0    int // attacks made
	Hits        int
	// Moved is how far, in feet, the fighter has moved this turn; Path is
	// every square it entered this trial (for pictures of the fight), when
	// the fight records paths.
	Moved int
	Path  []grid.Pos

	diagonals       int  // diagonal steps this turn (alternating diagonals)
	dashes          int  // the Dashes of this turn (more than one under TurnRule.DashRepeats)
	stepped         bool // took the rules' free step this turn
	charged         bool // charged this turn
	walk            int  // its walking speed this turn, once walkRead
	walkRead        bool
	reach, reachMin int  // the band of distances it threatens
	threat          bool // a melee attack of its threatens (not NoThreat): see threatening
	onMapNow        bool // counted in the space's occupancy
	// the size rank of the size called rankName (SpaceRules.rankOf)
	rankName  string
	rankVal   int
	rankKnown bool
	part      combat.Handle // x's participant in the encounter (Run asks CanActHandle)
	// eff caches the effects of its conditions (effectsNow), worked out
	// for the creature effC at its ConditionGen effGen.
	eff    []inForce
	effC   *creature.Creature
	effGen uint64
}

// Alive reports whether f is still in the fight.
func (f *Fighter) Alive() bool { return !f.Out }

// Tactic chooses the target of a fighter's attack among the living enemies
// (never empty), or nil to do nothing.
type Tactic func(fight *Fight, self *Fighter, enemies []*Fighter) *Fighter

// LowestHP targets the enemy with the least hit points (ties: the first).
func LowestHP(f *Fight, self *Fighter, enemies []*Fighter) *Fighter {
	var p *lowPick
	var s int
	if len(enemies) >= lowPickMin {
		p, s = f.lowPickFor(self, enemies)
	}
	if p != nil && p.best != nil && p.gen == f.gen && p.n == len(enemies) {
		if w := &f.hpSide[s]; p.hp == w.N {
			return p.best // nothing changed among them since the last pick
		} else if p.hp+1 == w.N && f.onePick(p, w.Last) {
			p.hp = w.N
			return p.best // one fighter's hit points changed: the pick follows
		}
	}
	best := lowestOf(enemies)
	if p != nil {
		*p = lowPick{gen: f.gen, n: len(enemies), hp: f.hpSide[s].N, best: best, bestHP: best.C.HP()}
	}
	return best
}

// lowestOf returns the first of the fighters (not empty) with the fewest
// hit points.
func lowestOf(l []*Fighter) *Fighter {
	best := l[0]
	for _, e := range l[1:] {
		if e.C.HP() < best.C.HP() {
			best = e
		}
	}
	return best
}

// onePick updates the pick p when the one change of hit points among its
// side since p was made is fighter i's (its creature, or a clone of it):
// the pick is the same as a fresh scan's, as long as the pick's own hit
// points did not rise. It reports false when a scan must decide.
func (f *Fight) onePick(p *lowPick, i int) bool {
	if uint(i) >= uint(len(f.Fighters)) {
		return false
	}
	x := f.Fighters[i]
	hp := x.C.HP()
	switch {
	case x == p.best:
		// lower or the same: still the lowest, and the first of those
		// as low
		ok := hp <= p.bestHP
		p.bestHP = hp
		return ok
	case hp > p.bestHP || x.Out || x.Side != p.best.Side:
		// every other one's hit points stand: the pick's are still
		// the least (x was not a candidate, or stays above them)
		return true
	case hp < p.bestHP || x.Owner < p.best.Owner:
		// the enemies are in fight order (Owner's): the first of the
		// lowest is x
		p.best, p.bestHP = x, hp
		return true
	}
	return true // as low as the pick, after it
}

// lowPickMin is the fewest enemies for which LowestHP keeps its pick:
// fewer are scanned faster than the pick is checked.
const lowPickMin = 16

// lowPick is LowestHP's pick among one side's fighters still in, with
// what it stands on: the side's list (its gen and length: within a gen the
// list only loses fighters, so one as long has the same ones), its count
// of changes of hit points (hp) and the pick's hit points then.
type lowPick struct {
	gen, n, hp int
	best       *Fighter
	bestHP     int
}

// lowPickFor returns the pick kept for enemies and their side when
// enemies is the fight's own list of the side opposing self (Enemies of a
// two-sided fight) and the sides' hit points are watched; nil otherwise.
func (f *Fight) lowPickFor(self *Fighter, enemies []*Fighter) (*lowPick, int) {
	if f == nil || self == nil || f.watchGen != f.gen || len(f.Sides) != 2 || len(f.low) != 2 ||
		len(f.alive) != 2 || (self.Side != 0 && self.Side != 1) || len(enemies) == 0 {
		return nil, 0
	}
	s := 1 - self.Side
	l := f.alive[s]
	if f.aliveGen[s] != f.gen || f.aliveOuts[s] != f.sideOuts[s] || len(l) != len(enemies) || &l[0] != &enemies[0] {
		return nil, 0
	}
	return &f.low[s], s
}

// FirstEnemy targets the first living enemy in fight order.
func FirstEnemy(_ *Fight, _ *Fighter, enemies []*Fighter) *Fighter { return enemies[0] }

// RandomEnemy targets a random living enemy (from the fight's source).
func RandomEnemy(f *Fight, _ *Fighter, enemies []*Fighter) *Fighter {
	return enemies[f.Src.Uint64n(uint64(len(enemies)))]
}

// Tactics are the built-in tactics by name.
func Tactics(name string) (Tactic, bool) {
	switch name {
	case "lowest_hp":
		return LowestHP, true
	case "first":
		return FirstEnemy, true
	case "random":
		return RandomEnemy, true
	}
	return nil, false
}

// Outcome is the result of one trial.
type Outcome struct {
	Winner int // side index, or -1 for a draw (everyone out, or MaxRounds)
	Rounds int
}

// AttackEvent is the payload of attack.declare, attack.roll, damage.roll,
// damage.apply and creature.down. Handlers may change it: Adv and Bonus
// before the roll (declare, modify), Hit and Crit after it (result),
// Damage before it is applied (damage.roll result), Cancel to stop.
type AttackEvent struct {
	Attacker, Target *Fighter
	Attack           *Attack
	// Adv and Dis count sources of advantage and disadvantage; the attack
	// rule's advantage policy turns them into dice (on/off systems cancel
	// any of one against any of the other, graded ones subtract).
	Adv, Dis int
	Bonus    int // extra to-hit modifier
	// DamageMod is the attacker's conditions' change to each roll of the
	// damage (CondEffect.DamageMod, DamageModMelee).
	DamageMod int
	Roll      check.Result
	Rolled    bool // the attack roll was made (Roll holds it)
	Hit, Crit bool
	// Mul multiplies the damage like a critical hit (a weapon set against
	// a charge); several multipliers combine by adding what each adds
	// beyond one (x2 and x2 make x3). 0 or 1: none.
	Mul    int
	Damage int // total damage to apply
	// MissRoll is the d% rolled against the target's miss chance (0: none).
	MissRoll int
	// Nonlethal sends the damage to the nonlethal track (the attack's own
	// Nonlethal does too).
	Nonlethal bool
	Parts     []creature.Damage // per type, before the target's traits
	Applied   creature.Outcome
	// Refused says why the attack could not be made (out of reach, total
	// cover); nothing was rolled.
	Refused string
	// Distance, Cover: where the attacker stood.
	Distance int
	Cover    grid.CoverGrade
	// Why lists the rules that applied (advantage, modifiers, criticals),
	// filled when the fight explains (Explain).
	Why []Reason
	// Taken is what each type came to after the target's traits (set when
	// the damage is applied: damage.apply's after phase on).
	Taken []creature.Damage
	// Touch makes this attack a touch attack whatever its weapon (a grab,
	// a trip); NoDamage stops it once the roll is decided (no damage is
	// rolled or dealt).
	Touch, NoDamage bool
}

// IsRanged reports whether the event's attack is a ranged one (false when
// it has none): hooks registered for melee or ranged attacks only
// (rules.on's attacks option) are skipped by it without a call.
func (e *AttackEvent) IsRanged() bool { return e.Attack != nil && e.Attack.Ranged }

// AttackGroup is the group of the event's attack ("" when it has none):
// hooks registered for one group (rules.on's group option) read it.
func (e *AttackEvent) AttackGroup() string {
	if e.Attack == nil {
		return ""
	}
	return e.Attack.Group
}

// DyingRoll is one dying save: the round, the die's face, the total with
// the conditions' modifiers, what it did (Outcome: "revive", "success",
// "failure", "double_failure") and the tally right after it (before a
// stable creature's counters are cleared).
type DyingRoll struct {
	Round, Face, Total  int
	Outcome             string
	Successes, Failures int
}

// TurnEvent is the payload of turn.start, turn.act, turn.end, round.start,
// round.end (after a round's last step, before the next round starts) and
// encounter.start/end. A turn.act handler that performs the fighter's
// action sets Acted so the default attack is skipped.
type TurnEvent struct {
	Fighter *Fighter
	Round   int
	Acted   bool
	Skip    bool // turn.start: the fighter loses this turn
}

// eventNames are the events a fight raises, in the order of the ids
// fields.
var eventNames = [...]string{"encounter.start", "encounter.end", "round.start", "turn.start", "turn.act", "turn.end",
	"attack.declare", "attack.roll", "damage.roll", "damage.apply", "creature.down", "dying.turn", "creature.dying",
	"round.end", "move.step", "move.reach", "damage.massive"}

// EventNames returns the names of the events a fight raises (scripts hook
// them with rules.on, or a stat block's on table).
func EventNames() []string { return append([]string(nil), eventNames[:]...) }

// ids are the interned event ids.
type ids struct {
	encStart, encEnd, roundStart, turnStart, turnAct, turnEnd event.ID
	atkDeclare, atkRoll, dmgRoll, dmgApply, down, dying       event.ID
	dyingStart, roundEnd                                      event.ID
	moveStep, moveReach, massive                              event.ID
}

// Fight is an encounter that plays itself; reuse it across trials.
type Fight struct {
	Rules    *Rules
	Fighters []*Fighter
	Sides    []string
	Bus      *event.Bus
	Src      *rng.Source
	Default  Tactic
	// Trace, when set, receives a line per step (dndsh run's readable log).
	Trace func(format string, args ...any)
	// Record, when set, receives a structured record per step (attack,
	// down, dying save, round, initiative): dndsh run --json's journal.
	Record func(kind string, fields map[string]any)
	// Stop, when set, is asked before every turn whether the fight must
	// stop (its deadline passed, the user pressed Ctrl-C): a non-nil error
	// ends Run with that error.
	Stop func() error

	enc     *combat.Encounter
	byID    map[string]*Fighter
	ids     ids
	frames  []*frame // attack-level steps in progress (see push)
	depth   int
	turn    TurnEvent
	tev     event.Event // turn-level events (see emitTurn)
	enemies []*Fighter
	// wa and wb witness a fight not yet over (see winner): two fighters
	// still in it on different sides, checked before any scan.
	wa, wb *Fighter
	// alive[s] lists side s's fighters still in the fight, in fight
	// order (see inSide); a list is rebuilt when its aliveGen is not gen,
	// which grows whenever a fighter may come back or join (Reset, revive,
	// Add), and otherwise only loses the fighters gone out: it is
	// looked over for them only when its side's count of fighters gone
	// out has grown since (sideOuts, aliveOuts).
	alive     [][]*Fighter
	aliveGen  []int
	aliveOuts []int
	gen       int
	// hpSide[s] counts the hit-point changes of side s's creatures (their
	// WatchHP, pointed here by Reset for the trial: watchGen is the gen it
	// stands for); low[s] is LowestHP's last pick among side s, good while
	// the side's list (gen, outs) and that count stand.
	hpSide   []creature.HPWatch
	watchGen int
	low      []lowPick
	// sideOuts[s] counts the times a fighter of side s was taken out of
	// the fight (see goOut), as long as alive is as long as Sides; every
	// place that sets a Fighter's Out goes through goOut.
	sideOuts []int
	test     check.Test
	noAssess Assessment // an attack with nothing to assess (strike); never written
	dopts    creature.DamageOptions
	rec      creature.DamageRecord
	conds    []creature.Condition
	round    int
	failed   error           // an error reported by a tactic (Fail), returned by Run
	table    bool            // played by hand (NewTable)
	expired  []combat.Expiry // effects ended by the last Begin or Next (table)

	// Space is the battle map and who stands where; nil when the
	// encounter has no map.
	Space *Space
	// Explain fills AttackEvent.Why (the REPL's table, dndsh run).
	Explain bool
	// RecordPaths keeps every fighter's Path (dndsh run --svg).
	RecordPaths bool
	// OnStrike, when set, is told of every attack that was rolled or
	// refused, once it is resolved (damage applied): the table shows the
	// attacks a command set off (opportunity attacks, reactions).
	OnStrike  func(e *AttackEvent)
	areaBuf   []*Fighter
	senses    []grid.Sense
	moveEv    MoveEvent
	hostiles  []*Fighter
	chargeBuf []grid.Pos // ChargePath's scratch
	moveNear  []*Fighter
	moveDepth int          // moves under way (move)
	oaLists   [][]*Fighter // each depth's MoveResult.Opportunity, reused
	roomBuf   []grid.Pos
	chargeGeo map[chargeKey][]chargeEnd // chargeEnds' answers
	// chargeNear: some of them, by the target's offset
	chargeNear [32]chargeSlot
	noSlot     [2]string // CanOpportunity's "no <slot> left", for the slot named first
	// noAttackTags: the tags of attack events with no attack (attackTags)
	noAttackTags tagsMemo
}

// Fail records an error met where none can be returned (inside a tactic);
// Run stops and returns it.
func (f *Fight) Fail(err error) {
	if f.failed == nil {
		f.failed = err
	}
}

// New prepares a fight of fighters under rules. Fighters' Base states are
// copied into their current state at every Reset.
func New(rules *Rules, bus *event.Bus, src *rng.Source, fighters []*Fighter, sides []string) (*Fight, error) {
	if len(fighters) == 0 {
		return nil, errs.New(errs.Rule, "kernel", "a fight needs fighters")
	}
	return build(rules, bus, src, fighters, sides)
}

func build(rules *Rules, bus *event.Bus, src *rng.Source, fighters []*Fighter, sides []string) (*Fight, error) {
	f := &Fight{Rules: rules, Fighters: fighters, Sides: sides, Bus: bus, Src: src, Default: LowestHP,
		byID: make(map[string]*Fighter, len(fighters))}
	if f.Bus == nil {
		f.Bus = event.New()
	}
	for i, x := range fighters {
		if _, dup := f.byID[x.ID]; dup {
			return nil, errs.New(errs.Rule, "kernel", "two fighters are called %q", x.ID)
		}
		if x.Side < 0 || x.Side >= len(sides) {
			return nil, errs.New(errs.Rule, "kernel", "fighter %q has no side %d", x.ID, x.Side)
		}
		x.Owner = event.Owner(i + 1)
		f.byID[x.ID] = x
		if x.C == nil {
			x.C = x.Base.Clone()
		}
		f.prepare(x)
	}
	var err error
	intern := func(name string) event.ID {
		id, e := f.Bus.Intern(name)
		if e != nil && err == nil {
			err = e
		}
		return id
	}
	n := eventNames
	f.ids = ids{intern(n[0]), intern(n[1]), intern(n[2]), intern(n[3]), intern(n[4]), intern(n[5]), intern(n[6]),
		intern(n[7]), intern(n[8]), intern(n[9]), intern(n[10]), intern(n[11]), intern(n[12]), intern(n[13]),
		intern(n[14]), intern(n[15]), intern(n[16])}
	if err != nil {
		return nil, err
	}
	f.test = rules.Attack.Test
	f.noAssess = Assessment{acSetType: -1}
	f.dopts.Steps = rules.Steps
	f.enemies = make([]*Fighter, 0, len(fighters))
	return f, nil
}

// Fighter returns the fighter with id, or nil.
func (f *Fight) Fighter(id string) *Fighter { return f.byID[id] }

// Round returns the current round.
func (f *Fight) Round() int { return f.round }

func (f *Fight) trace(format string, args ...any) {
	if f.Trace != nil {
		f.Trace(format, args...)
	}
}

// Reset restores every fighter to its base state and builds a fresh
// initiative order, for a new trial drawing from the fight's source.
func (f *Fight) Reset() error {
	if f.table {
		return errs.New(errs.Rule, "kernel", "a table fight is played by hand; it cannot be reset or run")
	}
	f.gen++
	for _, x := range f.Fighters {
		x.C.CopyFrom(x.Base)
		if len(f.hpSide) != len(f.Sides) {
			f.hpSide, f.low = make([]creature.HPWatch, len(f.Sides)), make([]lowPick, len(f.Sides))
		}
		x.C.WatchHP(&f.hpSide[x.Side], int(x.Owner)-1)
		x.Out, x.Dead, x.Fled, x.Stable = false, false, false, false
		x.SaveSuccesses, x.SaveFailures = 0, 0
		x.LastSave = DyingRoll{}
		x.DamageDealt, x.DamageTaken, x.Attacks0, x.Hits = 0, 0, 0, 0
		x.newTurn()
		x.Path = x.Path[:0]
		x.onMapNow = f.Space != nil
		if err := f.startConditions(x); err != nil {
			return err
		}
	}
	f.watchGen = f.gen // every fighter's hit points watched (LowestHP)
	if f.Space != nil {
		f.Space.reset(f.Fighters)
	}
	f.round, f.depth = 0, 0 // a trial cut short by an error leaves no frame behind
	if f.enc != nil {
		f.enc.Restart()
		return nil
	}
	enc, err := combat.New(f.Rules.Combat, f.Src)
	if err != nil {
		return err
	}
	for _, s := range f.Sides {
		if err := enc.AddSide(combat.SideSpec{Name: s}); err != nil {
			return err
		}
	}
	for _, x := range f.Fighters {
		if err := enc.Add(x.spec(f.Sides[x.Side])); err != nil {
			return err
		}
		x.part = enc.Handle(x.ID)
	}
	enc.Quiet(true) // Run reads no transitions
	f.enc = enc
	return nil
}

// Encounter returns the initiative and time state of the current trial.
func (f *Fight) Encounter() *combat.Encounter { return f.enc }

// emitTurn dispatches a turn-level event when anyone listens.
func (f *Fight) emitTurn(id event.ID, x *Fighter) error {
	if !f.Bus.Has(id) {
		return nil
	}
	// Turn-level events have their own Event: a hook that acts (strikes,
	// deals damage, downs a creature) dispatches attack-level events on
	// their own frames while the turn event is still being dispatched.
	f.tev.Reset(id)
	if x != nil {
		f.tev.Actor = x.Owner
	}
	f.tev.Data = &f.turn
	return f.Bus.Run(&f.tev, event.AllPhases)
}

// recordMap sends the battle map and where every fighter starts (its
// north-west square and footprint) to f.Record; "move" records follow.
func (f *Fight) recordMap() {
	m := f.Space.Map
	pos := make([]map[string]any, 0, len(f.Fighters))
	for _, x := range f.Fighters {
		w, h := x.C.Space.Dims()
		pos = append(pos, map[string]any{"id": x.ID, "side": f.Sides[x.Side], "x": x.C.Pos.X, "y": x.C.Pos.Y, "w": w, "h": h})
	}
	f.Record("map", map[string]any{"width": m.W, "height": m.H, "square": f.Rules.Space.Grid.Square,
		"unit": f.unitName(), "rows": m.Rows(), "positions": pos})
}

// Run plays one trial from Reset to the end and returns its outcome.
func (f *Fight) Run() (Outcome, error) {
	if err := f.Reset(); err != nil {
		return Outcome{}, err
	}
	f.failed = nil
	f.turn = TurnEvent{}
	if f.Record != nil && f.Space != nil {
		f.recordMap()
	}
	if err := f.emitTurn(f.ids.encStart, nil); err != nil {
		return Outcome{}, err
	}
	if _, err := f.enc.Begin(); err != nil {
		return Outcome{}, err
	}
	maxRounds := f.Rules.MaxRounds
	lastRound := -1
	for {
		if w, over := f.winner(); over {
			f.turn = TurnEvent{Round: f.round}
			if err := f.emitTurn(f.ids.encEnd, nil); err != nil {
				return Outcome{}, err
			}
			return Outcome{Winner: w, Rounds: f.round}, nil
		}
		r := f.enc.Round()
		if r > maxRounds {
			return Outcome{Winner: -1, Rounds: maxRounds}, nil
		}
		if r != lastRound {
			lastRound = r
			f.round = r
			if f.Trace != nil {
				f.trace("-- round %d", r)
			}
			if f.Record != nil {
				order := make([]map[string]any, 0, len(f.Fighters))
				for _, id := range f.enc.Order() {
					n, _ := f.enc.Count(id)
					order = append(order, map[string]any{"id": id, "count": n})
				}
				f.Record("round", map[string]any{"round": r, "order": order})
			}
			f.turn = TurnEvent{Round: r}
			if err := f.emitTurn(f.ids.roundStart, nil); err != nil {
				return Outcome{}, err
			}
		}
		for _, ref := range f.enc.CurrentRefs() {
			x := f.Fighters[ref] // Spec.Ref: the fighter's index (see spec)
			if x.Dead || x.Fled {
				// nothing played on its turns until it is revived: the
				// encounter passes its steps by itself (revive wakes it)
				f.enc.SetDormant(x.part, true)
				continue // no need to ask Stop
			}
			if !f.enc.CanActHandle(x.part) {
				continue // nothing played: no need to ask Stop
			}
			if f.Stop != nil {
				if err := f.Stop(); err != nil {
					return Outcome{}, err
				}
			}
			if x.Out && x.Stable {
				continue
			}
			if x.Out {
				// A dying creature's turn: scripts roll its death saves
				// (dying.turn); one they revive takes its turn.
				f.turnStarts(x)
				if err := f.emitTurnAs(f.ids.dying, x); err != nil {
					return Outcome{}, err
				}
				if x.Out && !x.Dead && !x.Stable && f.Rules.Dying != nil {
					if err := f.dyingSave(x); err != nil {
						return Outcome{}, err
					}
				}
				if x.Out {
					continue
				}
			}
			if err := f.takeTurn(x); err != nil {
				return Outcome{}, err
			}
			if f.failed != nil {
				return Outcome{}, f.failed
			}
			if _, over := f.winner(); over {
				break
			}
		}
		if _, over := f.winner(); over {
			continue // decided: no more turns, no round end, no initiative
		}
		more, err := f.enc.EndStep()
		if err != nil {
			return Outcome{}, err
		}
		if more {
			continue
		}
		// The round's order is done: the dying bleed (the rules' Bleed).
		// round.end: its last step (rules that act "last in the round"); it
		// may end the fight. Only then does the next round open, with its
		// initiative.
		if f.Rules.HP.Bleed != nil {
			if err := f.bleed(); err != nil {
				return Outcome{}, err
			}
		}
		if f.Bus.Has(f.ids.roundEnd) {
			f.turn = TurnEvent{Round: r}
			if err := f.emitTurn(f.ids.roundEnd, nil); err != nil {
				return Outcome{}, err
			}
			if f.failed != nil {
				return Outcome{}, f.failed
			}
			if _, over := f.winner(); over {
				continue
			}
		}
		if r >= maxRounds {
			return Outcome{Winner: -1, Rounds: maxRounds}, nil
		}
		if _, err := f.enc.NextTurn(); err != nil {
			return Outcome{}, err
		}
		if f.Stop != nil {
			if err := f.Stop(); err != nil {
				return Outcome{}, err
			}
		}
	}
}

// winner reports the winning side once at most one side has fighters left.
func (f *Fight) winner() (int, bool) {
	if a, b := f.wa, f.wb; a != nil && b != nil && !a.Out && !b.Out && a.Side != b.Side {
		return 0, false
	}
	w := -1
	var first *Fighter
	for _, x := range f.Fighters {
		if x.Out {
			continue
		}
		if first == nil {
			first, w = x, x.Side
			continue
		}
		if x.Side != w {
			f.wa, f.wb = first, x
			return 0, false
		}
	}
	return w, true
}

func (f *Fight) takeTurn(x *Fighter) error {
	x.newTurn()
	f.turnStarts(x)
	// emitTurn is not inlined: Has, which it asks first, is asked here
	// first of the events that have no handler
	f.turn = TurnEvent{Fighter: x, Round: f.round}
	if f.Bus.Has(f.ids.turnStart) {
		if err := f.emitTurn(f.ids.turnStart, x); err != nil {
			return err
		}
	}
	if f.turn.Skip || x.Out {
		return nil
	}
	f.turn.Acted = !f.canAct(x)
	if f.Bus.Has(f.ids.turnAct) {
		if err := f.emitTurn(f.ids.turnAct, x); err != nil {
			return err
		}
	}
	if !f.turn.Acted && !x.Out {
		if err := f.attackAction(x); err != nil {
			return err
		}
	}
	f.turn = TurnEvent{Fighter: x, Round: f.round}
	var err error
	if f.Bus.Has(f.ids.turnEnd) {
		err = f.emitTurn(f.ids.turnEnd, x)
	}
	if x.C.TagCount() > 0 {
		f.endTurnTags(x)
	}
	return err
}

// emitTurnAs raises a turn-level event for x with a fresh TurnEvent.
func (f *Fight) emitTurnAs(id event.ID, x *Fighter) error {
	f.turn = TurnEvent{Fighter: x, Round: f.round}
	return f.emitTurn(id, x)
}

// dispatch runs one phase of the attack-level event ev (payload e) when
// anyone listens.
func (f *Fight) dispatch(ev *event.Event, e *AttackEvent, id event.ID, ph event.Phase) error {
	if !f.Bus.HasPhase(id, ph) {
		return nil
	}
	ev.Tags = 0
	if f.Bus.TagCount() > 0 { // else no handler needs a tag: untagged
		m := &f.noAttackTags
		if e.Attack != nil {
			m = &e.Attack.tags
		}
		ev.Tags = attackTags(f.Bus, m, e.Attack)
		if !f.Bus.HasPhaseFor(id, ph, ev.Tags) {
			return nil
		}
	}
	ev.Actor, ev.Subject = 0, e.Target.Owner
	if e.Attacker != nil {
		ev.Actor = e.Attacker.Owner
	}
	ev.Data = e
	return f.Bus.Dispatch(ev, ph)
}

// frame holds what one attack-level step dispatches: its event and, for
// Strike and Deal, its attack record. Steps nest (a hook that strikes back
// while an attack is being resolved), so each gets its own frame; frames
// are reused, so nesting does not allocate after the first time.
type frame struct {
	ev  event.Event
	atk AttackEvent
	as  Assessment // the attack's, when it is assessed (see strike)
}

// push returns the next frame.
func (f *Fight) push() *frame {
	if f.depth == len(f.frames) {
		f.frames = append(f.frames, &frame{})
	}
	fr := f.frames[f.depth]
	f.depth++
	return fr
}

func (f *Fight) pop() { f.depth-- }

// Depth is how many attack-level steps are in progress (nested frames): 1
// while an attack's events are dispatched, 2 when a hook of it strikes,
// and so on. Bindings give each depth its own view of the event.
func (f *Fight) Depth() int { return f.depth }

// String describes the fight's fighters.
func (f *Fight) String() string {
	s := ""
	for _, x := range f.Fighters {
		s += fmt.Sprintf("%s (%s) hp %d/%d\n", x.ID, f.Sides[x.Side], x.C.HP(), x.C.MaxHP())
	}
	return s
}

// spec is x's initiative entry.
func (x *Fighter) spec(side string) combat.Spec {
	return combat.Spec{ID: x.ID, Side: side, Group: x.Group, Modifier: x.Init, Score: x.Score,
		Aware: !x.Unaware, Surprised: x.Surprised, Slots: x.Slots, HasCount: x.HasCount, Count: x.Count,
		Ref: int(x.Owner) - 1}
}
