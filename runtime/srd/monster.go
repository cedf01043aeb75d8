// Package srd reads the openly licensed monster stat blocks of the System
// Reference Documents into plain Go values: the SRD 5.2.1 Markdown
// (ParseMarkdown), the 5e-database JSON of SRD 5.1 and 5.2.1 (ParseDB) and
// the SRD 3.5 JSON (Parse35, with the 3.0 differences applied as far as the
// data allows). It knows the layouts of those files, not any rule system:
// what a stat block means in a fight is for the scripts that a writer
// (runtime/srdgen) generates from these values.
//
// Every parser returns what it could read and one *errs.Error per stat
// block it refused, naming the file, the line and the stat block; a bad
// block never stops the others.
package srd

import (
	"fmt"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Sources of stat blocks.
const (
	SRD521 = "SRD 5.2.1"
	SRD51  = "SRD 5.1"
	SRD35  = "SRD 3.5"
)

// Abilities are the six ability ids in stat-block order.
var Abilities = [6]string{"str", "dex", "con", "int", "wis", "cha"}

// Monster is one 5e stat block. Zero values mean "not printed".
type Monster struct {
	ID        string // slug of the name: "adult_red_dragon"
	Name      string
	Source    string // SRD521 or SRD51
	File      string // the data file it came from
	Line      int    // the line of its heading (SRD 5.2.1) or record (JSON)
	Group     string // the family heading ("Goblins"), when there is one
	Sizes     []string
	Type      string   // "Dragon"
	Tags      []string // "Chromatic"
	Alignment string

	AC         int
	ACNote     string // what the AC comes from (SRD 5.1: "natural armor")
	Initiative int
	HasInit    bool // SRD 5.1 prints no Initiative (it is the Dexterity modifier)
	HP         int
	HitDice    string // "17d10+85"

	Speeds    []Speed
	Hover     bool
	SpeedNote string // text the speed line carries beyond mode and feet

	Scores [6]int
	Mods   [6]int
	Saves  [6]int
	// SaveGiven is set for each printed save: all six in SRD 5.2.1, only
	// the proficient ones in SRD 5.1.
	SaveGiven [6]bool

	Skills      []Bonus
	Vulns       []DamageTrait
	Resists     []DamageTrait
	Immunities  []DamageTrait
	CondImmune  []string // condition ids: "poisoned"
	Gear        []string
	Senses      []Bonus // range in feet ("darkvision" 60)
	SenseNote   string
	Passive     int
	Languages   string
	CR          string // "1/4", "10"
	XP          int
	XPLair      int
	PB          int
	Traits      []*Entry
	Actions     []*Entry
	Bonus       []*Entry
	Reactions   []*Entry
	Legendary   []*Entry
	LegendUses  int // Legendary Action Uses (3)
	LegendLair  int // uses in its lair (4), 0 when not printed
	LegendIntro string
	Forms       []string // SRD 5.1: ids of the other forms of a shape-changer
	Repairs     []string // documented defects of the source fixed on import
	// Printed holds the core lines as printed (plain text) by label:
	// "AC", "HP", "Speed", "Skills", "Resistances", ..., "CR".
	Printed map[string]string
}

// Speed is one movement mode.
type Speed struct {
	Mode string // walk, burrow, climb, fly, swim
	Feet int
}

// Bonus is a named number: a skill bonus, a sense range.
type Bonus struct {
	Name  string
	Value int
}

// DamageTrait is a damage type a creature resists, is vulnerable or immune
// to, with the qualifier the text adds ("from nonmagical attacks").
type DamageTrait struct {
	Type string // lower case: "fire"; "" when the text names no type
	Note string // the qualifier, or the whole item when Type is ""
}

// Entry is one trait, action, bonus action, reaction or legendary action.
type Entry struct {
	Name  string // without its limit: "Fire Breath"
	Limit Limit
	Text  string // plain text: markup removed, paragraphs joined by "\n"
	Line  int
	// What the text says, as far as the parser reads it (nil when not).
	Attack *Attack
	Save   *SaveEffect
	Multi  *Multiattack
}

// Limit is how often an entry may be used.
type Limit struct {
	Recharge int // the lowest face of a d6 that recharges it (5 for "Recharge 5-6"); 0 for none
	PerDay   int // X/Day
	LairDay  int // "or 4/Day in Lair"
	Each     bool
	Cost     int    // a legendary action's cost in uses (Costs 2 Actions); 0 means 1
	Rest     string // SRD 5.1 "Recharges after a Short or Long Rest": "short" or "long"
	Form     string // "Wolf or Hybrid Form Only": the forms that have it
	Text     string // the limit as printed: "Recharge 5-6"
}

// Damage is one damage part: "13 (2d6 + 6) Slashing".
type Damage struct {
	Avg  int
	Dice string // normalised: "2d6+6"; "" for a flat amount
	Type string // lower case
}

// Attack is an attack roll: "Melee Attack Roll: +10, reach 10 ft. Hit: ...".
type Attack struct {
	Kind   string // "melee", "ranged" or "melee or ranged"
	Bonus  int
	Reach  int    // feet, for melee
	Range  [2]int // normal and long range, for ranged
	Damage []Damage
	// WithAdvantage is extra damage "if the attack roll had Advantage".
	WithAdvantage []Damage
	// Alt is the damage instead of Damage when AltIf holds ("if the swarm
	// is Bloodied", "if used with two hands").
	Alt   []Damage
	AltIf string
	// Drain: the target's Hit Point maximum decreases by the damage taken.
	Drain bool
	// OnHit are the conditions a hit imposes; Rider is the rest of the Hit
	// text, which the parser did not read.
	OnHit []Effect
	Rider string
	// Save is a saving throw the hit calls for ("it is subjected to the
	// following effect").
	Save *SaveEffect
	// SaveIf is who the save applies to ("creature", "Humanoid",
	// "creature that isn't an Undead or elf").
	SaveIf  string
	Miss    string // the Miss or Hit or Miss text
	Targets string // SRD 5.1: "one target"
}

// SaveEffect is a saving-throw effect: "Dexterity Saving Throw: DC 17, each
// creature in a 30-foot Cone. Failure: ... Success: Half damage."
type SaveEffect struct {
	Ability     string // "dex"
	DC          int
	Targets     string // "each creature in a 30-foot Cone"
	Area        string // "30-foot Cone", "" for creatures named one by one
	Each        bool   // every creature in an area or range, not one
	Failure     string
	FailDmg     []Damage
	FailEffects []Effect // conditions a failure imposes
	Drain       bool     // a failure lowers the Hit Point maximum by the damage taken
	FailRest    string   // the failure text the parser did not read
	Success     string
	Half        bool // "Success: Half damage"
	Both        string
	Stages      bool // First/Second Failure (a save repeated over turns)
}

// Multiattack is what a Multiattack entry says.
type Multiattack struct {
	// Attacks are the named attacks, in order, with their counts.
	Attacks []Bonus
	// Choice lists the attacks of "makes N attacks, using A or B in any
	// combination"; Count is N.
	Choice []string
	Count  int
	// Uses are other entries the multiattack uses ("uses Reel").
	Uses []Bonus
	// Rest is what the parser did not read (replacements, conditions).
	Rest string
}

// Where names a stat block for messages: "monsters-A-Z.md:123 (Goblin Warrior)".
func (m *Monster) Where() string { return fmt.Sprintf("%s:%d (%s)", m.File, m.Line, m.Name) }

// Entries returns every entry of the stat block with its section name
// ("trait", "action", "bonus", "reaction", "legendary").
func (m *Monster) Entries() []Section {
	var out []Section
	for _, s := range []struct {
		kind string
		list []*Entry
	}{{"trait", m.Traits}, {"action", m.Actions}, {"bonus", m.Bonus}, {"reaction", m.Reactions}, {"legendary", m.Legendary}} {
		for _, e := range s.list {
			out = append(out, Section{Kind: s.kind, Entry: e})
		}
	}
	return out
}

// Section is an entry with the kind of section it is printed in.
type Section struct {
	Kind string
	*Entry
}

// Find returns the entry called name among the actions (then bonus actions,
// reactions, traits), or nil.
func (m *Monster) Find(name string) *Entry {
	for _, list := range [][]*Entry{m.Actions, m.Bonus, m.Reactions, m.Traits, m.Legendary} {
		for _, e := range list {
			if equalFold(e.Name, name) {
				return e
			}
		}
	}
	return nil
}

// blockErr is the error of a refused stat block.
func blockErr(file string, line int, name, format string, args ...any) *errs.Error {
	return &errs.Error{Kind: errs.Data, Layer: "import", File: file, Line: line,
		During: []string{"stat block " + name}, Msg: fmt.Sprintf("%s: %s", name, fmt.Sprintf(format, args...))}
}

// Effect is a condition an attack's hit or a failed save imposes.
type Effect struct {
	Condition string // condition id: "prone"
	MaxSize   string // "Large" for "a Large or smaller creature"; "" for any
	Escape    int    // the escape DC of a grapple
	// Until is how long it lasts: "" (until removed by its own rule, such
	// as standing up from Prone), "end_of_its_turn" (the target's next),
	// "start_of_its_turn", "start_of_source_turn", "end_of_source_turn"
	// (the creature that imposed it), "grapple" (until the grapple ends),
	// "save_ends" (a save at the end of each of its turns), "minute".
	Until string
}
