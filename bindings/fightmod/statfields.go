package fightmod

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
)

// Field is one field of a stat block or of its attacks, with what it
// holds, for the checks of stat blocks and the API reference.
type Field struct {
	Name, Doc string
}

// StatFields are the stat-block fields the kernel reads (the creature and
// the fighter). A rule system declares the fields its scripts read with
// rules.merge("statblock.fields", {name = "what it holds", ...}); any other
// field is an error (a misspelling), so keep data of your own under data.
var StatFields = []Field{
	{"id", "the creature's id (a word; numbered when several are added: goblin1, goblin2); default its name"},
	{"name", "its name: a string or {en = ..., zh = ...}; default its id"},
	{"hp", "hit points (required unless max_hp is given)"},
	{"max_hp", "the hit point maximum (default hp)"},
	{"floor", "the lowest hit points it can reach (default 0; negative for rules with negative hit points)"},
	{"temp_hp", "temporary hit points"},
	{"nonlethal", "nonlethal damage taken"},
	{"ac", "armour class"},
	{"ac_descending", "true when a lower armour class is better (1e)"},
	{"abilities", "ability scores {str = 16, dex = 12, ...}"},
	{"speed", "speeds in feet {walk = 30, fly = 60, ...}"},
	{"size", "size name (tiny, small, medium, large, huge, gargantuan: the rule system's sizes)"},
	{"size_rank", "size as a number (the rules' size table)"},
	{"reach", "melee reach in feet (default 5)"},
	{"space", "footprint: squares per side, or {w =, h =, shared =} (default from the size)"},
	{"tags", "a list of words rules test (undead, goblinoid, pc, ...)"},
	{"senses", "senses and their range {darkvision = 60, blindsight = 10, ...}"},
	{"traits", "damage traits {{kind = immune|resist|vuln|resist_flat|vuln_flat, type = ...}...}"},
	{"resources", "uses and pools {name = {max, current, recharge = turn|round|rest|roll, rest, die, min, amount}}"},
	{"condition_immune", "conditions it cannot have {\"poisoned\", ...}"},
	{"pos", "its square {x, y} (encounters give at = {x, y} instead)"},
	{"init", "initiative modifier"},
	{"init_score", "the score that breaks initiative ties (the rules' \"score\" tie rule; default init)"},
	{"ac_types", "armour class by type {armor = 4, shield = 2, dex = 1, ...} (the rules' AC types: touch and flat-footed AC leave some out)"},
	{"slots", "action slots per turn beyond the rules' {name = count, ...}"},
	{"level", "level or hit dice, for rules that need it"},
	{"player", "true for a player character (the rules' treatment of player characters at 0 hit points)"},
	{"attacks", "its attacks (at least one; see the attack fields)"},
	{"multiattack", "the attack names its Attack action makes, in order"},
	{"tactics", "how it picks a target: lowest_hp, first, random, or function(self, enemies) -> target"},
	{"on", "hooks scoped to it {[event] = function(e) ... end or {fn, phase, priority, only, types, has}}; types (on damage.apply, a list of damage types): only damage with a part of one of them calls the hook (e.parts; the rest skips it without calling it); has (a condition's name or a list of them): the hook is called only while the creature has one of them (c:has)"},
	{"data", "free for your own data: nothing reads or checks it"},
}

// AttackFields are the fields of an attack the kernel reads; a rule system
// adds its own with rules.merge("statblock.attack_fields", {...}).
var AttackFields = []Field{
	{"name", "the attack's name"},
	{"bonus", "to-hit bonus"},
	{"damage", "damage dice (\"1d8+3\"; labelled parts \"1d6[fire]\" give a hit several damage types)"},
	{"type", "its damage type (one of the rule system's statblock.damage_types)"},
	{"reach", "melee reach in feet (default 5)"},
	{"reach_min", "the nearest distance it can strike at (a reach weapon's)"},
	{"ranged", "true for a ranged attack"},
	{"range", "range in feet: normal, or {normal, long}"},
	{"threat", "the natural faces that threaten a critical hit (default the rules')"},
	{"crit_mul", "its critical multiplier (rules that multiply damage)"},
	{"extra", "damage rolled once on a hit and never multiplied (sneak attack dice, a flaming weapon's fire: \"1d6[fire]\")"},
	{"tags", "words conditions may ask of the attack (light, unarmed, ...)"},
	{"touch", "true for a touch attack (against touch AC)"},
	{"nonlethal", "true for nonlethal damage"},
	{"group", "the weapon group conditions may name (crossbow: a prone attacker may still shoot one)"},
}

// fieldNames returns the kernel's names and the keys of the rule system's
// definition def (a table of name -> doc), sorted.
func fieldNames(g *rulesmod.Rules, kernel []Field, def string) map[string]bool {
	out := map[string]bool{}
	for _, f := range kernel {
		out[f.Name] = true
	}
	if t, ok := g.Value(def).(*lua.LTable); ok {
		t.ForEach(func(k, _ lua.LValue) {
			if s, ok := k.(lua.LString); ok {
				out[string(s)] = true
			}
		})
	}
	return out
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// statSource is where a stat block was written: a monster file, or the
// encounter file (for an inline stat = {...}); for errors that point at
// the line.
type statSource struct {
	file  string
	lines []string
	// from is the line where the stat block starts (0: anywhere).
	from int
}

func newStatSource(file string, src []byte) *statSource {
	if file == "" {
		return nil
	}
	return &statSource{file: file, lines: strings.Split(string(src), "\n")}
}

// find returns the line and column (from 1, in characters) of the first
// match of re at or after line from, or 0, 0.
func (s *statSource) find(re *regexp.Regexp, from int) (int, int) {
	if s == nil {
		return 0, 0
	}
	for i := max(from-1, 0); i < len(s.lines); i++ {
		if m := re.FindStringIndex(s.lines[i]); m != nil {
			return i + 1, len([]rune(s.lines[i][:m[0]])) + 1
		}
	}
	return 0, 0
}

// fail is an error at the first place re matches (from line from), or
// with no place when there is none.
func (s *statSource) fail(re *regexp.Regexp, from int, msg, hint string) *errs.Error {
	e := &errs.Error{Kind: errs.Data, Layer: "monsters", Msg: msg, Hint: hint}
	if s == nil {
		return e
	}
	e.File = s.file
	if line, col := s.find(re, from); line > 0 {
		e.Line, e.Col, e.Source = line, col, s.lines[line-1]
	}
	return e
}

func keyPattern(key string) *regexp.Regexp {
	return regexp.MustCompile(`(\b|\[")` + regexp.QuoteMeta(key) + `("\])?\s*=`)
}

// fieldAliases are names people give fields that the stat block spells
// another way, for the "did you mean" of an unknown field.
var fieldAliases = map[string]string{
	"hitpoints": "hp", "hit_points": "hp", "hitpoint": "hp", "health": "hp", "maxhp": "max_hp",
	"armor_class": "ac", "armour_class": "ac", "armor": "ac", "armour": "ac",
	"initiative": "init", "attack": "attacks", "actions": "attacks", "speeds": "speed",
	"to_hit": "bonus", "tohit": "bonus", "hit": "bonus", "attack_bonus": "bonus",
	"dmg": "damage", "damage_type": "type", "dtype": "type", "stats": "abilities", "ability_scores": "abilities",
}

// unknownField words the error for an unknown field name among known.
func unknownField(what, key string, known []string) (string, string) {
	msg := fmt.Sprintf("unknown field %s in %s", key, what)
	if a, ok := fieldAliases[strings.ToLower(key)]; ok && slices.Contains(known, a) {
		msg += fmt.Sprintf("; did you mean %s?", a)
	} else if best, ok := errs.Nearest(key, known); ok {
		msg += fmt.Sprintf("; did you mean %s?", best)
	}
	return msg, "the fields are listed in docs/lua-api.md (stat blocks); keep data of your own under data = {...}"
}

// checkStatFields checks a stat block's fields and its attacks' fields
// against the kernel's and the rule system's, and its attacks' damage
// types against the rule system's statblock.damage_types (when it declares
// them). src, when known, is where the stat block was written.
func checkStatFields(g *rulesmod.Rules, stat *lua.LTable, src *statSource) error {
	who := lua.LVAsString(stat.RawGetString("id"))
	if who == "" {
		if s, ok := stat.RawGetString("name").(lua.LString); ok {
			who = string(s)
		}
	}
	what := "the stat block"
	if who != "" {
		what += " of " + who
	}
	known := fieldNames(g, StatFields, "statblock.fields")
	for _, k := range luart.SortedKeys(stat) {
		if !known[k] {
			msg, hint := unknownField(what, k, sortedSet(known))
			return src.fail(keyPattern(k), src.fromLine(), msg, hint)
		}
	}
	if stat.RawGetString("hp") == lua.LNil && stat.RawGetString("max_hp") == lua.LNil {
		return src.fail(keyPattern("id"), src.fromLine(), what+" has no hp: a stat block needs its hit points (hp = N)",
			"the fields are listed in docs/lua-api.md (stat blocks)")
	}
	list, ok := stat.RawGetString("attacks").(*lua.LTable)
	if !ok {
		return nil
	}
	from := src.fromLine()
	if l, _ := src.find(keyPattern("attacks"), from); l > 0 {
		from = l
	}
	aknown := fieldNames(g, AttackFields, "statblock.attack_fields")
	types := damageTypes(g)
	for i := 1; i <= list.Len(); i++ {
		at, ok := list.RawGetInt(i).(*lua.LTable)
		if !ok {
			continue
		}
		name := lua.LVAsString(at.RawGetString("name"))
		if name == "" {
			name = fmt.Sprint(i)
		}
		for _, k := range luart.SortedKeys(at) {
			if !aknown[k] {
				msg, hint := unknownField(fmt.Sprintf("attack %s of %s", name, what), k, sortedSet(aknown))
				return src.fail(keyPattern(k), from, msg, hint)
			}
		}
		if types == nil {
			continue
		}
		check := func(t string) error {
			if t == "" || types[t] {
				return nil
			}
			msg := fmt.Sprintf("unknown damage type %q in attack %s of %s", t, name, what)
			if best, ok := errs.Nearest(t, sortedSet(types)); ok {
				msg += fmt.Sprintf("; did you mean %s?", best)
			}
			return src.fail(regexp.MustCompile(regexp.QuoteMeta(t)), from, msg,
				"the damage types are "+strings.Join(sortedSet(types), ", "))
		}
		if err := check(lua.LVAsString(at.RawGetString("type"))); err != nil {
			return err
		}
		if d, ok := at.RawGetString("damage").(lua.LString); ok {
			if e, err := dice.Parse(string(d)); err == nil {
				for _, l := range e.LabelNames() {
					if err := check(l); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

func (s *statSource) fromLine() int {
	if s == nil {
		return 0
	}
	return s.from
}

// damageTypes returns the rule system's damage types (statblock.damage_types,
// a list of ids), or nil when it declares none.
func damageTypes(g *rulesmod.Rules) map[string]bool {
	t, ok := g.Value("statblock.damage_types").(*lua.LTable)
	if !ok {
		return nil
	}
	out := map[string]bool{}
	for i := 1; i <= t.Len(); i++ {
		switch v := t.RawGetInt(i).(type) {
		case lua.LString:
			out[string(v)] = true
		case *lua.LTable:
			out[lua.LVAsString(v.RawGetString("id"))] = true
		}
	}
	return out
}
