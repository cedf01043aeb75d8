package combat

import (
	"github.com/dndsh/dndsh/runtime/errs"
)

// layer is the errs layer of every error of this package.
const layer = "kernel"

func ruleErr(format string, args ...any) *errs.Error {
	return errs.New(errs.Rule, layer, format, args...)
}

func dataErr(format string, args ...any) *errs.Error {
	return errs.New(errs.Data, layer, "combat config: "+format, args...)
}

// Mode says who rolls initiative.
type Mode uint8

const (
	// Individual: every participant (or group, see Spec.Group) rolls
	// Config.Die plus its modifier.
	Individual Mode = iota
	// BySide: every side rolls Config.Die plus the side's modifier; all the
	// members of a side act in that side's step.
	BySide
)

// Dice is Count dice of Sides faces, summed.
type Dice struct {
	Count int // zero means one die
	Sides int // faces 1..Sides
}

func (d Dice) n() int {
	if d.Count <= 0 {
		return 1
	}
	return d.Count
}

// TieRule is one link of the chain that orders equal initiative results.
type TieRule uint8

const (
	// TieModifier puts the higher initiative modifier first.
	TieModifier TieRule = iota + 1
	// TieScore puts the higher tie-break score (Spec.Score) first.
	TieScore
	// TieCaller asks Config.TieOrder.
	TieCaller
	// TieReroll makes only the tied units roll Config.TieDie, again and again
	// until the tie breaks; the rolls order them, their results stay equal.
	// It ends the chain.
	TieReroll
	// TieSimultaneous makes the tied units act at the same time, in one
	// step. It ends the chain.
	TieSimultaneous
)

// String returns the rule's name.
func (r TieRule) String() string {
	switch r {
	case TieModifier:
		return "modifier"
	case TieScore:
		return "score"
	case TieCaller:
		return "caller"
	case TieReroll:
		return "reroll"
	case TieSimultaneous:
		return "simultaneous"
	}
	return "tie(?)"
}

// AdvantageRule says how a participant's initiative advantage and
// disadvantage levels combine into one net level. A net level n rolls
// 1+|n| sets of Config.Die and keeps the highest total (n > 0) or the
// lowest (n < 0).
type AdvantageRule uint8

const (
	// AdvantageNet adds levels up: net = advantage - disadvantage.
	AdvantageNet AdvantageRule = iota
	// AdvantageCancel keeps at most one level: any advantage and any
	// disadvantage cancel whatever their counts.
	AdvantageCancel
)

// SurpriseKind selects how surprise works.
type SurpriseKind uint8

const (
	// SurpriseNone: surprise has no effect here (a script may still act on
	// the Surprised flag).
	SurpriseNone SurpriseKind = iota
	// SurpriseLostRound: surprised participants skip their turn in round 1
	// and cannot act during it.
	SurpriseLostRound
	// SurpriseLostSegments: RollSurprise (or SetLostSegments) gives
	// participants lost segments; when any participant has lost segments,
	// Begin opens round 0, a phase of as many segments as the largest loss.
	// Each segment is one step whose members are the participants that have
	// not lost it. Round 1 starts with a fresh initiative roll.
	SurpriseLostSegments
	// SurpriseRound: when some but not all active participants are aware
	// (or any is, with Config.SurpriseAlways), Begin opens round 0 in which
	// only aware participants act, with the budget of Config.SurpriseSlots.
	// Unaware participants roll when round 1 starts and join the order; the
	// aware keep their results.
	SurpriseRound
	// SurpriseInitiativeDisadvantage: a surprised participant's first
	// initiative roll takes Config.SurpriseDisadvantage more levels of
	// disadvantage.
	SurpriseInitiativeDisadvantage
)

// Reset says when an action slot refills.
type Reset uint8

const (
	// ResetTurnStart refills the slot when its owner's turn starts.
	ResetTurnStart Reset = iota
	// ResetRoundStart refills the slot for everyone when a round starts.
	ResetRoundStart
	// ResetNever refills it only through SetSlot.
	ResetNever
)

// Unlimited is a slot count that never runs out.
const Unlimited = -1

// SlotDef declares a per-turn action slot.
type SlotDef struct {
	Name  string // what Spend names
	Count int    // uses per refill; Unlimited for no limit
	Reset Reset  // when it refills
	// OffTurn lets the owner spend the slot outside its own turn (a
	// response to another's action); other slots are spent only during the
	// owner's turn.
	OffTurn bool
}

// Composite is a slot name that spends several slots at once, all or none
// (an action that takes the whole turn uses up two lesser slots). A part
// may repeat.
type Composite struct {
	Name  string   // what Spend names; not a slot's name
	Parts []string // the slots it spends, one use each
}

// SlotCount sets one slot's count (see Config.SurpriseSlots).
type SlotCount struct {
	Name  string // a declared slot
	Count int    // its refill count; Unlimited for no limit
}

// DelayRule limits how late a delaying participant may act.
type DelayRule struct {
	// HasFloor turns the floor on: the lowest count a delayer may name is
	// Floor, minus its initiative modifier when FloorMinusModifier is set.
	// A delayer that never re-enters takes the floor as its count.
	HasFloor           bool
	Floor              int  // the floor's base count
	FloorMinusModifier bool // lower the floor by the delayer's modifier
}

// Config is the policy a rule system's script chooses for its encounters.
type Config struct {
	// Initiative.
	Mode     Mode
	Die      Dice                  // the initiative die
	Ties     []TieRule             // after the result; empty keeps the order of addition
	TieDie   Dice                  // the die of TieReroll; zero value means Die
	TieOrder func(a, b string) int // for TieCaller: < 0 puts a first, 0 is still tied; a and b are participant ids, group keys or side names
	// Advantage turns a participant's advantage levels into one net level.
	Advantage AdvantageRule
	// MaxAdvantage > 0 caps the net level's size.
	MaxAdvantage int
	// RerollEachRound rolls initiative again at the start of every round
	// (sides or individuals). Participants given a count (Spec.HasCount)
	// keep it.
	RerollEachRound bool
	// GroupTurn makes the members of a group act in one step; otherwise
	// they take consecutive turns on the group's count (under
	// TieSimultaneous they share a step anyway, as equal results do).
	GroupTurn bool
	// AwareNewcomersFirst puts aware newcomers (Join) above everyone: their
	// count is the highest count in the order plus one, and among
	// themselves they go by Score, highest first, then by Ties.
	AwareNewcomersFirst bool

	// Surprise.
	Surprise SurpriseKind
	// SurpriseDisadvantage is the number of disadvantage levels of
	// SurpriseInitiativeDisadvantage; zero means one.
	SurpriseDisadvantage int
	// SurpriseSlots overrides slot counts during round 0 of SurpriseRound.
	SurpriseSlots []SlotCount
	// SurpriseAlways opens the surprise round whenever anyone is aware,
	// even when everyone is.
	SurpriseAlways bool
	// SurpriseUnordered makes the surprise round roll nothing: the aware act
	// one after another in the order they were added, and everyone rolls
	// when round 1 starts.
	SurpriseUnordered bool
	// SurpriseDie is the die of RollSurprise when a side names none.
	SurpriseDie Dice

	// Delay and ready.
	Delay DelayRule
	// ReadyMovesInitiative: a readied participant that acts on its trigger
	// takes the triggering participant's count and moves to just before it
	// in the order. Otherwise its place does not change.
	ReadyMovesInitiative bool
	// ReadySlot, when set, is spent when a readied participant acts on its
	// trigger; one that cannot spend it does not act.
	ReadySlot string

	// Slots is the per-turn action budget, declared by the script.
	Slots []SlotDef
	// Composites are slot names that spend several slots at once.
	Composites []Composite

	// Time.
	SegmentsPerRound int // 0: rounds have no segments
	RoundSeconds     int // length of a round in seconds; 0: seconds unknown
	RoundsPerTurn    int // the system's "turn" as a span of time; 0: none
}

// maxTieRolls bounds TieReroll, so that a manual roller that keeps entering
// equal faces gets an error instead of a hang.
const maxTieRolls = 64

// validate checks c and fills defaults into a private copy.
func (c Config) validate() (Config, error) {
	switch c.Mode {
	case Individual, BySide:
	default:
		return c, dataErr("unknown initiative mode %d", c.Mode)
	}
	if c.Die.Sides < 1 || c.Die.Count < 0 {
		return c, dataErr("initiative die needs at least one face (got %dd%d)", c.Die.Count, c.Die.Sides)
	}
	if c.TieDie.Sides == 0 {
		c.TieDie = c.Die
	}
	if c.TieDie.Sides < 1 || c.TieDie.Count < 0 {
		return c, dataErr("tie die needs at least one face")
	}
	c.Ties = append([]TieRule(nil), c.Ties...)
	for i, r := range c.Ties {
		switch r {
		case TieModifier, TieScore:
		case TieCaller:
			if c.TieOrder == nil {
				return c, dataErr("tie rule %q needs TieOrder", r)
			}
		case TieReroll, TieSimultaneous:
			if i != len(c.Ties)-1 {
				return c, dataErr("tie rule %q must end the chain", r)
			}
		default:
			return c, dataErr("unknown tie rule %d", r)
		}
	}
	if c.Advantage > AdvantageCancel {
		return c, dataErr("unknown advantage rule %d", c.Advantage)
	}
	if c.MaxAdvantage < 0 {
		return c, dataErr("MaxAdvantage must not be negative")
	}
	if c.Surprise > SurpriseInitiativeDisadvantage {
		return c, dataErr("unknown surprise kind %d", c.Surprise)
	}
	if c.SurpriseDisadvantage == 0 {
		c.SurpriseDisadvantage = 1
	}
	if c.SegmentsPerRound < 0 || c.RoundSeconds < 0 || c.RoundsPerTurn < 0 {
		return c, dataErr("segments, seconds and rounds per turn must not be negative")
	}
	if c.Surprise == SurpriseLostSegments && c.SegmentsPerRound == 0 {
		return c, dataErr("lost-segment surprise needs SegmentsPerRound")
	}
	c.Slots = append([]SlotDef(nil), c.Slots...)
	for i, s := range c.Slots {
		if s.Name == "" {
			return c, dataErr("slot %d has no name", i+1)
		}
		if s.Count < Unlimited {
			return c, dataErr("slot %q has count %d", s.Name, s.Count)
		}
		if s.Reset > ResetNever {
			return c, dataErr("slot %q has an unknown reset %d", s.Name, s.Reset)
		}
		for _, t := range c.Slots[:i] {
			if t.Name == s.Name {
				return c, dataErr("slot %q declared twice", s.Name)
			}
		}
	}
	comps := make([]Composite, len(c.Composites))
	for i, k := range c.Composites {
		if k.Name == "" || len(k.Parts) == 0 {
			return c, dataErr("composite slot %d needs a name and parts", i+1)
		}
		if slotIndex(c.Slots, k.Name) >= 0 {
			return c, dataErr("composite %q has the name of a slot", k.Name)
		}
		for _, t := range comps[:i] {
			if t.Name == k.Name {
				return c, dataErr("composite %q declared twice", k.Name)
			}
		}
		for _, p := range k.Parts {
			if slotIndex(c.Slots, p) < 0 {
				return c, dataErr("composite %q names unknown slot %q", k.Name, p)
			}
		}
		comps[i] = Composite{Name: k.Name, Parts: append([]string(nil), k.Parts...)}
	}
	c.Composites = comps
	c.SurpriseSlots = append([]SlotCount(nil), c.SurpriseSlots...)
	for _, s := range c.SurpriseSlots {
		if slotIndex(c.Slots, s.Name) < 0 {
			return c, dataErr("surprise budget names unknown slot %q", s.Name)
		}
		if s.Count < Unlimited {
			return c, dataErr("surprise budget gives slot %q count %d", s.Name, s.Count)
		}
	}
	if c.ReadySlot != "" && slotIndex(c.Slots, c.ReadySlot) < 0 {
		return c, dataErr("ReadySlot names unknown slot %q", c.ReadySlot)
	}
	return c, nil
}

func slotIndex(slots []SlotDef, name string) int {
	for i := range slots {
		if slots[i].Name == name {
			return i
		}
	}
	return -1
}
