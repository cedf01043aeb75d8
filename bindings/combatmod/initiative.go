package combatmod

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/runtime/combat"
)

// InitiativeOptions say how ReadInitiative reads an initiative table.
type InitiativeOptions struct {
	// Where names the table in messages ("combat.initiative").
	Where string
	// Layer is the errs layer of the errors ("fight", "combat").
	Layer string
	// Strict refuses unknown keys and fractional or out-of-range numbers,
	// and reads the keys only combat.new knows (tie_die, max_advantage,
	// group_turn, aware_newcomers_first). A lenient read (the fight
	// module's combat definition) ignores keys it does not know.
	Strict bool
	// Surprise reads the surprise kind from the table's "surprise" key (a
	// name). combat.new keeps surprise beside the initiative table instead.
	Surprise bool
}

// Default initiative settings, shared by combat.new and the fight module's
// combat definition.
var (
	defaultDie  = combat.Dice{Count: 1, Sides: 20}
	defaultTies = []string{"modifier", "reroll"}
)

// The names of the initiative table's keys, in reading order.
var (
	initiativeKeys = []string{"mode", "die", "ties", "reroll_each_round", "advantage"}
	strictKeys     = []string{"tie_die", "max_advantage", "group_turn", "aware_newcomers_first"}
)

// ReadInitiative fills the initiative policy of c from t (nil reads every
// default): mode = "individual"|"side" (individual), die = "1d20" or a
// number of faces (1d20), ties = a list of "modifier", "score", "reroll",
// "simultaneous" ({"modifier", "reroll"}), reroll_each_round (false),
// advantage = "cancel"|"net" (cancel), and with o.Strict also tie_die,
// max_advantage, group_turn and aware_newcomers_first; with o.Surprise,
// surprise = "none"|"lost_round"|"lost_segments"|"round"|"disadvantage"
// and surprise_always (false).
// The first problem found is returned as an error of kind Script whose
// message starts with o.Where; c's initiative fields are then partly set.
func ReadInitiative(t *lua.LTable, o InitiativeOptions, c *combat.Config) error {
	r := &initReader{Record: luaval.Record{T: t, Where: o.Where, Layer: o.Layer}, o: o}
	if o.Strict && t != nil {
		known := slices.Concat(initiativeKeys, strictKeys)
		if o.Surprise {
			known = append(known, "surprise", "surprise_always")
		}
		r.checkKeys(known)
	}
	switch m := r.Str("mode", "individual"); m {
	case "individual":
		c.Mode = combat.Individual
	case "side":
		c.Mode = combat.BySide
	default:
		r.Fail("mode %q: want individual or side", m)
	}
	c.Die = r.die("die", defaultDie)
	c.Ties = c.Ties[:0]
	for _, s := range r.Strs("ties", defaultTies) {
		rule, ok := TieRuleNamed(s)
		if !ok {
			r.Fail("ties: unknown rule %q (modifier, score, reroll, simultaneous)", s)
			continue
		}
		c.Ties = append(c.Ties, rule)
	}
	if len(c.Ties) == 0 {
		c.Ties = nil
	}
	c.RerollEachRound = r.Bool("reroll_each_round", false)
	if o.Surprise {
		s := r.Str("surprise", "none")
		k, ok := SurpriseKindNamed(s)
		if !ok {
			r.Fail("surprise %q: want none, lost_round, lost_segments, round or disadvantage", s)
		}
		c.Surprise = k
		// surprise_always: the surprise round opens whenever anyone is
		// aware, everyone aware included (a variant's "every first round
		// is a surprise round").
		c.SurpriseAlways = r.Bool("surprise_always", false)
	}
	switch s := r.Str("advantage", "cancel"); s {
	case "cancel":
		c.Advantage = combat.AdvantageCancel
	case "net":
		c.Advantage = combat.AdvantageNet
	default:
		r.Fail("advantage %q: want cancel or net", s)
	}
	if o.Strict {
		c.TieDie = r.die("tie_die", combat.Dice{})
		c.MaxAdvantage = r.NonNeg("max_advantage", 0)
		c.GroupTurn = r.Bool("group_turn", false)
		c.AwareNewcomersFirst = r.Bool("aware_newcomers_first", false)
	}
	return r.Err
}

// TieRuleNamed returns the tie rule of a name: modifier, score, reroll or
// simultaneous.
func TieRuleNamed(s string) (combat.TieRule, bool) {
	switch s {
	case "modifier":
		return combat.TieModifier, true
	case "score":
		return combat.TieScore, true
	case "reroll":
		return combat.TieReroll, true
	case "simultaneous":
		return combat.TieSimultaneous, true
	}
	return 0, false
}

// SurpriseKindNamed returns the surprise kind of a name: none, lost_round,
// lost_segments, round or disadvantage.
func SurpriseKindNamed(s string) (combat.SurpriseKind, bool) {
	switch s {
	case "none":
		return combat.SurpriseNone, true
	case "lost_round":
		return combat.SurpriseLostRound, true
	case "lost_segments":
		return combat.SurpriseLostSegments, true
	case "round":
		return combat.SurpriseRound, true
	case "disadvantage":
		return combat.SurpriseInitiativeDisadvantage, true
	}
	return combat.SurpriseNone, false
}

// initReader reads the fields of one table (luaval.Record: the first
// error is kept). Its messages are "<where>: <key> <problem>", the fight
// module's form.
type initReader struct {
	luaval.Record
	o InitiativeOptions
}

// checkKeys refuses keys outside known, in sorted order so the first one
// reported does not depend on the table's layout.
func (r *initReader) checkKeys(known []string) {
	var bad []string
	for k, _ := r.T.Next(lua.LNil); k != lua.LNil; k, _ = r.T.Next(k) {
		s, ok := k.(lua.LString)
		if !ok {
			r.Fail("unexpected key %s (the fields have names)", lua.LVAsString(k))
			return
		}
		if !slices.Contains(known, string(s)) {
			bad = append(bad, string(s))
		}
	}
	if len(bad) == 0 {
		return
	}
	slices.Sort(bad)
	hint := ""
	if bad[0] == "surprise" && !r.o.Surprise {
		hint = "; surprise is a field of the combat config, beside initiative"
	}
	r.Fail("unknown key %q (known: %s%s)", bad[0], strings.Join(known, ", "), hint)
}

// die reads "1d20", "d6" or a number of faces.
func (r *initReader) die(key string, def combat.Dice) combat.Dice {
	v := r.Get(key)
	if v == lua.LNil {
		return def
	}
	d, ok := ParseDie(v, r.o.Strict)
	if !ok {
		r.Fail("%s must be a die such as \"1d20\" or 20", key)
		return def
	}
	return d
}

var reDie = regexp.MustCompile(`^([0-9]*)d([0-9]+)$`)

// ParseDie reads a die: "NdM", "dM" or a number of faces M. A strict read
// wants the whole text to be the die and the numbers to be whole and
// positive; a lenient one (the fight module's) reads what fmt.Sscanf
// reads and leaves the checks to the kernel.
func ParseDie(v lua.LValue, strict bool) (combat.Dice, bool) {
	switch x := v.(type) {
	case lua.LNumber:
		f := float64(x)
		if !strict {
			return combat.Dice{Count: 1, Sides: int(f)}, true
		}
		if f == math.Trunc(f) && f >= 1 && f <= 1<<20 {
			return combat.Dice{Count: 1, Sides: int(f)}, true
		}
	case lua.LString:
		s := strings.ToLower(string(x))
		if strict {
			m := reDie.FindStringSubmatch(strings.TrimSpace(s))
			if m == nil || len(m[1]) > 4 || len(m[2]) > 6 {
				return combat.Dice{}, false
			}
			n, sides := 1, atoi(m[2])
			if m[1] != "" {
				n = atoi(m[1])
			}
			if n < 1 || sides < 1 {
				return combat.Dice{}, false
			}
			return combat.Dice{Count: n, Sides: sides}, true
		}
		var n, sides int
		if _, err := fmt.Sscanf(s, "%dd%d", &n, &sides); err == nil && n > 0 && sides > 0 {
			return combat.Dice{Count: n, Sides: sides}, true
		}
		if _, err := fmt.Sscanf(s, "d%d", &sides); err == nil && sides > 0 {
			return combat.Dice{Count: 1, Sides: sides}, true
		}
	}
	return combat.Dice{}, false
}

// atoi reads a short run of decimal digits.
func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
