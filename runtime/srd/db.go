package srd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// dbMonster is a record of the 5e-database monster files (both editions).
type dbMonster struct {
	Index     string `json:"index"`
	Name      string `json:"name"`
	Size      string `json:"size"`
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	Alignment string `json:"alignment"`
	AC        []struct {
		Type  string `json:"type"`
		Value int    `json:"value"`
		Armor []struct {
			Name string `json:"name"`
		} `json:"armor"`
	} `json:"armor_class"`
	HP      int                      `json:"hit_points"`
	HitDice string                   `json:"hit_dice"`
	HPRoll  string                   `json:"hit_points_roll"`
	Speed   map[string]any           `json:"speed"`
	Str     int                      `json:"strength"`
	Dex     int                      `json:"dexterity"`
	Con     int                      `json:"constitution"`
	Int     int                      `json:"intelligence"`
	Wis     int                      `json:"wisdom"`
	Cha     int                      `json:"charisma"`
	Profs   []dbProficiency          `json:"proficiencies"`
	Vulns   []string                 `json:"damage_vulnerabilities"`
	Resists []string                 `json:"damage_resistances"`
	Immune  []string                 `json:"damage_immunities"`
	Conds   []struct{ Index string } `json:"condition_immunities"`
	Senses  map[string]any           `json:"senses"`
	Langs   string                   `json:"languages"`
	CR      float64                  `json:"challenge_rating"`
	PB      int                      `json:"proficiency_bonus"`
	XP      int                      `json:"xp"`
	XPLair  int                      `json:"xp_in_lair"`
	Traits  []dbAction               `json:"special_abilities"`
	Actions []dbAction               `json:"actions"`
	Bonus   []dbAction               `json:"bonus_actions"`
	React   []dbAction               `json:"reactions"`
	Legend  []dbAction               `json:"legendary_actions"`
	Forms   []struct{ Index string } `json:"forms"`
}

type dbProficiency struct {
	Value int `json:"value"`
	Prof  struct {
		Index string `json:"index"`
	} `json:"proficiency"`
}

type dbAction struct {
	Name        string `json:"name"`
	Desc        string `json:"desc"`
	AttackBonus *int   `json:"attack_bonus"`
	Damage      []struct {
		Type struct {
			Index string `json:"index"`
		} `json:"damage_type"`
		Dice string `json:"damage_dice"`
	} `json:"damage"`
	DC *struct {
		Type struct {
			Index string `json:"index"`
		} `json:"dc_type"`
		Value   int    `json:"dc_value"`
		Success string `json:"success_type"`
	} `json:"dc"`
	Usage *struct {
		Type  string   `json:"type"`
		Dice  string   `json:"dice"`
		Min   int      `json:"min_value"`
		Times int      `json:"times"`
		Lair  int      `json:"times_in_lair"`
		Rests []string `json:"rest_types"`
	} `json:"usage"`
	MultiType string `json:"multiattack_type"`
	Multi     []struct {
		Name  string `json:"action_name"`
		Count any    `json:"count"`
	} `json:"actions"`
}

// ParseDB reads a 5e-database monster file (a JSON array of records):
// source is SRD51 for the 2014 file, SRD521 for the 2024 one. Lines are
// those of each record's opening brace in data.
func ParseDB(file, source string, data []byte) ([]*Monster, []*errs.Error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, []*errs.Error{{Kind: errs.Data, Layer: "import", File: file, Msg: "not a JSON array of monster records: " + err.Error()}}
	}
	lines := elementLines(data, "", len(raw))
	var out []*Monster
	var bad []*errs.Error
	for i, r := range raw {
		var d dbMonster
		line := lines[i]
		if err := json.Unmarshal(r, &d); err != nil {
			bad = append(bad, blockErr(file, line, fmt.Sprintf("record %d", i+1), "%v", err))
			continue
		}
		m, err := fromDB(file, source, line, &d)
		if err != nil {
			bad = append(bad, err)
			continue
		}
		out = append(out, m)
	}
	return out, bad
}

// elementLines returns the 1-based line of each element of a JSON array:
// the document itself (key "") or the array under a top-level key.
func elementLines(data []byte, key string, n int) []int {
	out := make([]int, 0, n)
	dec := json.NewDecoder(bytes.NewReader(data))
	lineAt := func(off int64) int {
		for off < int64(len(data)) && data[off] != '{' && data[off] != '[' && data[off] != '"' {
			off++
		}
		return bytes.Count(data[:off], []byte("\n")) + 1
	}
	elements := func() {
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return
		}
		for dec.More() {
			off := dec.InputOffset()
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return
			}
			out = append(out, lineAt(off+int64(len(bytes.TrimRight(data[off:off], " ")))))
		}
	}
	if key == "" {
		elements()
	} else if t, err := dec.Token(); err == nil && t == json.Delim('{') {
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				break
			}
			if k == key {
				elements()
				break
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				break
			}
		}
	}
	for len(out) < n {
		out = append(out, 0)
	}
	return out
}

func fromDB(file, source string, line int, d *dbMonster) (*Monster, *errs.Error) {
	name := d.Name
	if name == "" {
		return nil, blockErr(file, line, "record "+d.Index, "no name")
	}
	fail := func(format string, args ...any) (*Monster, *errs.Error) {
		return nil, blockErr(file, line, name, format, args...)
	}
	m := &Monster{Name: name, ID: Slug(d.Index), Source: source, File: file, Line: line,
		Type: titleCase(d.Type), Alignment: d.Alignment, Languages: d.Langs, PB: d.PB, XP: d.XP, XPLair: d.XPLair}
	if m.ID == "" {
		m.ID = Slug(name)
	}
	for _, s := range strings.Split(d.Size, " or ") {
		m.Sizes = append(m.Sizes, titleCase(s))
	}
	if d.Subtype != "" {
		m.Tags = []string{titleCase(d.Subtype)}
	}
	if len(d.AC) == 0 {
		return fail("no armor_class")
	}
	m.AC = d.AC[0].Value
	var armor []string
	for _, a := range d.AC[0].Armor {
		armor = append(armor, a.Name)
	}
	m.ACNote = strings.TrimSpace(d.AC[0].Type + " " + strings.Join(armor, ", "))
	if d.HP <= 0 {
		return fail("hit_points %d", d.HP)
	}
	m.HP = d.HP
	if d.HPRoll != "" {
		dice, ok := normDice(d.HPRoll)
		if !ok {
			return fail("cannot read hit_points_roll %q", d.HPRoll)
		}
		m.HitDice = dice
	}
	for _, mode := range []string{"walk", "burrow", "climb", "fly", "swim"} {
		v, ok := d.Speed[mode]
		if !ok {
			continue
		}
		s, _ := v.(string)
		feet, ok := atoi(strings.TrimSuffix(strings.TrimSpace(s), " ft."))
		if !ok {
			m.SpeedNote = strings.TrimPrefix(m.SpeedNote+"; "+mode+" "+s, "; ")
			continue
		}
		m.Speeds = append(m.Speeds, Speed{Mode: mode, Feet: feet})
	}
	if h, ok := d.Speed["hover"].(bool); ok && h {
		m.Hover = true
	}
	m.Scores = [6]int{d.Str, d.Dex, d.Con, d.Int, d.Wis, d.Cha}
	for i, s := range m.Scores {
		if s <= 0 {
			return fail("%s score %d", Abilities[i], s)
		}
		m.Mods[i] = modOf(s)
	}
	for _, p := range d.Profs {
		switch idx := p.Prof.Index; {
		case strings.HasPrefix(idx, "saving-throw-"):
			a := abilityIndex(strings.TrimPrefix(idx, "saving-throw-"))
			if a < 0 {
				return fail("unknown proficiency %q", idx)
			}
			m.Saves[a], m.SaveGiven[a] = p.Value, true
		case strings.HasPrefix(idx, "skill-"):
			m.Skills = append(m.Skills, Bonus{Name: Slug(strings.TrimPrefix(idx, "skill-")), Value: p.Value})
		default:
			return fail("unknown proficiency %q", idx)
		}
	}
	for i := range m.Saves {
		if !m.SaveGiven[i] {
			m.Saves[i] = m.Mods[i]
		}
	}
	m.Vulns = dbDamage(d.Vulns)
	m.Resists = dbDamage(d.Resists)
	m.Immunities = dbDamage(d.Immune)
	for _, c := range d.Conds {
		if !isCondition(c.Index) {
			return fail("unknown condition immunity %q", c.Index)
		}
		m.CondImmune = append(m.CondImmune, c.Index)
	}
	for _, k := range []string{"blindsight", "darkvision", "tremorsense", "truesight"} {
		if v, ok := d.Senses[k].(string); ok {
			feet, ok := atoi(strings.Fields(v + " x")[0])
			if !ok {
				return fail("cannot read sense %s %q", k, v)
			}
			m.Senses = append(m.Senses, Bonus{Name: k, Value: feet})
			if rest := strings.TrimSpace(strings.TrimPrefix(v, strconv.Itoa(feet)+" ft.")); rest != "" {
				m.SenseNote = strings.TrimPrefix(m.SenseNote+"; "+k+" "+v, "; ")
			}
		}
	}
	if pp, ok := d.Senses["passive_perception"].(float64); ok {
		m.Passive = int(pp)
	}
	m.CR = crText(d.CR)
	for _, f := range d.Forms {
		m.Forms = append(m.Forms, Slug(f.Index))
	}
	lists := []struct {
		in  []dbAction
		out *[]*Entry
	}{{d.Traits, &m.Traits}, {d.Actions, &m.Actions}, {d.Bonus, &m.Bonus}, {d.React, &m.Reactions}, {d.Legend, &m.Legendary}}
	for _, l := range lists {
		for _, a := range l.in {
			*l.out = append(*l.out, dbEntry(a))
		}
	}
	if len(m.Legendary) > 0 {
		// SRD 5.1 prints "can take 3 legendary actions" for every
		// legendary creature; the count is no field of the data.
		m.LegendUses = 3
	}
	return m, nil
}

// crText writes a challenge rating as a stat block prints it.
func crText(cr float64) string {
	switch cr {
	case 0.125:
		return "1/8"
	case 0.25:
		return "1/4"
	case 0.5:
		return "1/2"
	}
	return strconv.FormatFloat(cr, 'f', -1, 64)
}

func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if w == "or" || w == "and" {
			continue
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// dbQualRE matches the SRD 5.1 damage lists with a qualifier:
// "bludgeoning, piercing, and slashing from nonmagical attacks".
var dbQualRE = lazyRE(`^(.+?) (from .*)$`)

func dbDamage(list []string) []DamageTrait {
	var out []DamageTrait
	for _, item := range list {
		types, note := item, ""
		if m := dbQualRE().FindStringSubmatch(item); m != nil {
			types, note = m[1], m[2]
		}
		parts := splitList(strings.ReplaceAll(types, " and ", ", "))
		ok := len(parts) > 0
		for _, p := range parts {
			ok = ok && isDamageType(strings.ToLower(p))
		}
		if !ok {
			out = append(out, DamageTrait{Note: item})
			continue
		}
		for _, p := range parts {
			out = append(out, DamageTrait{Type: strings.ToLower(p), Note: note})
		}
	}
	return out
}

var (
	dbAttackRE = lazyRE(`^(Melee or Ranged|Melee|Ranged) (?:Weapon|Spell) Attack: ([+-]\d+) to hit, (.*?)\s*Hit: (.*)$`)
	dbAttack24 = lazyRE(`^(Melee or Ranged|Melee|Ranged) Attack Roll: ([+-]\d+), (.*?)\s*Hit: (.*)$`)
	dbAreaRE   = lazyRE(`(\d+)-(?:foot|ft\.)(?:-radius)? (cone|line|cube|sphere|emanation|cylinder)`)
)

// dbEntry turns a 5e-database action into an Entry: its structured fields
// where it has them, its desc (the authoritative text) for the rest.
func dbEntry(a dbAction) *Entry {
	name, lim := splitLimit(a.Name)
	e := &Entry{Name: name, Limit: lim, Text: strings.TrimSpace(normalise(a.Desc))}
	if u := a.Usage; u != nil {
		switch u.Type {
		case "recharge on roll":
			e.Limit.Recharge = u.Min
		case "per day":
			e.Limit.PerDay, e.Limit.LairDay = u.Times, u.Lair
		case "recharge after rest":
			e.Limit.Rest = "long"
			for _, r := range u.Rests {
				if r == "short" {
					e.Limit.Rest = "short"
				}
			}
		}
	}
	text := strings.Join(strings.Fields(e.Text), " ")
	if strings.EqualFold(name, "Multiattack") {
		e.Multi = parseMulti(text)
		if len(e.Multi.Attacks) == 0 && len(e.Multi.Choice) == 0 && a.MultiType == "actions" {
			// SRD 5.1: "makes three attacks: one with its bite and two with
			// its claws": the structured list.
			e.Multi = &Multiattack{Rest: dbMultiRest(text)}
			for _, x := range a.Multi {
				n := 1
				switch c := x.Count.(type) {
				case float64:
					n = int(c)
				case string:
					n, _ = strconv.Atoi(c)
				}
				e.Multi.Attacks = append(e.Multi.Attacks, Bonus{Name: x.Name, Value: n})
			}
		}
		return e
	}
	if m := dbAttackRE().FindStringSubmatch(text); m != nil || dbAttack24().FindStringSubmatch(text) != nil {
		if m == nil {
			m = dbAttack24().FindStringSubmatch(text)
		}
		at := &Attack{Kind: strings.ToLower(m[1])}
		readAttackHead(at, "+0, "+m[3])
		at.Bonus, _ = atoi(m[2])
		if a.AttackBonus != nil {
			at.Bonus = *a.AttackBonus
		}
		at.Damage, at.Rider = parseDamages(m[4])
		at.Alt, at.AltIf, at.Rider = altDamage(at.Rider)
		at.Rider = trimRider(at.Rider)
		at.Drain, at.Rider = drainRider(at.Rider)
		at.OnHit, at.Save, at.Rider = dbRider(at.Rider)
		e.Attack = at
		return e
	}
	if a.DC != nil {
		sv := &SaveEffect{Ability: a.DC.Type.Index, DC: a.DC.Value}
		for _, d := range a.Damage {
			dice, ok := normDice(d.Dice)
			if ok && isDamageType(d.Type.Index) {
				sv.FailDmg = append(sv.FailDmg, Damage{Dice: dice, Type: d.Type.Index})
			}
		}
		// desc is the authority: five records say success_type "none"
		// where the text says half damage (data README, Known quirks).
		sv.Half = strings.Contains(text, "half as much damage") || strings.Contains(text, "Half damage")
		if am := dbAreaRE().FindStringSubmatch(text); am != nil {
			sv.Area = am[1] + "-foot " + titleCase(am[2])
			if am[2] == "radius" {
				sv.Area = am[1] + "-foot-radius Sphere"
			}
		}
		sv.Each = strings.Contains(text, "Each creature") || strings.Contains(text, "each creature")
		sv.Failure = text
		sv.FailEffects, sv.FailRest = dbFailEffects(text)
		e.Save = sv
	}
	return e
}

// dbMultiRest is the part of an SRD 5.1 Multiattack text beyond its list
// of attacks ("The dragon can use its Frightful Presence.").
func dbMultiRest(text string) string {
	var rest []string
	for _, s := range strings.Split(text, ". ") {
		s = strings.TrimSuffix(strings.TrimSpace(s), ".")
		if strings.Contains(s, "makes ") && strings.Contains(s, "attack") {
			continue
		}
		rest = append(rest, s)
	}
	return strings.Join(rest, "; ")
}

var (
	dbGrappleRE = lazyRE(`^(?:If the target is a (Tiny|Small|Medium|Large|Huge|Gargantuan) or smaller creature, )?(?:it|the target) is grappled \(escape DC (\d+)\)\.?\s*(?:Until this grapple ends, the target is restrained\.?)?\s*`)
	dbProneRE   = lazyRE(`^If the target is a (Tiny|Small|Medium|Large|Huge|Gargantuan) or smaller creature, it must succeed on a DC (\d+) (Strength|Dexterity|Constitution) saving throw or be knocked prone\.?\s*`)
	dbHalfRE    = lazyRE(`^,?\s*and the target must make a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw, taking (\d+ \([^)]*\) [a-z]+ damage) on a failed save, or half as much damage on a successful one\.?\s*`)
	dbSaveRE    = lazyRE(`^(?:If the target is a creature, |The target )?(?:it )?must (?:succeed on|make) a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or (?:be|become) (poisoned|paralyzed|frightened|stunned|blinded|restrained|charmed|knocked prone)(?: (for 1 minute|until the end of its next turn|until the start of [^.]* next turn))?\.?\s*`)
)

// dbRider reads the SRD 5.1 phrasings of what a hit does beyond damage.
func dbRider(s string) ([]Effect, *SaveEffect, string) {
	var effs []Effect
	var sv *SaveEffect
	s = strings.TrimSpace(s)
	for {
		if m := dbGrappleRE().FindStringSubmatch(s); m != nil {
			esc, _ := atoi(m[2])
			effs = append(effs, Effect{Condition: "grappled", MaxSize: m[1], Escape: esc})
			if strings.Contains(m[0], "restrained") {
				effs = append(effs, Effect{Condition: "restrained", MaxSize: m[1], Until: "grapple"})
			}
			s = strings.TrimSpace(s[len(m[0]):])
			continue
		}
		if m := dbHalfRE().FindStringSubmatch(s); m != nil && sv == nil {
			dc, _ := atoi(m[1])
			d, _ := parseDamages(m[3])
			sv = &SaveEffect{Ability: abilityID(m[2]), DC: dc, Targets: "the target", FailDmg: d, Half: true}
			s = strings.TrimSpace(s[len(m[0]):])
			continue
		}
		if m := dbProneRE().FindStringSubmatch(s); m != nil && sv == nil {
			dc, _ := atoi(m[2])
			sv = &SaveEffect{Ability: abilityID(m[3]), DC: dc, Targets: "the target",
				FailEffects: []Effect{{Condition: "prone", MaxSize: m[1]}}}
			s = strings.TrimSpace(s[len(m[0]):])
			continue
		}
		if m := dbSaveRE().FindStringSubmatch(s); m != nil && sv == nil {
			dc, _ := atoi(m[1])
			cond := m[3]
			if cond == "knocked prone" {
				cond = "prone"
			}
			ef := Effect{Condition: cond, Until: dbUntil(m[4])}
			sv = &SaveEffect{Ability: abilityID(m[2]), DC: dc, Targets: "the target", FailEffects: []Effect{ef}}
			s = strings.TrimSpace(s[len(m[0]):])
			continue
		}
		return effs, sv, s
	}
}

func dbUntil(s string) string {
	switch {
	case s == "":
		return ""
	case s == "for 1 minute":
		return "minute"
	case strings.HasPrefix(s, "until the end of its next turn"):
		return "end_of_its_turn"
	default:
		return "start_of_source_turn"
	}
}

// dbFailEffects reads the conditions of an SRD 5.1 save effect ("or
// become frightened for 1 minute").
var dbFailRE = lazyRE(`or (?:be|become) (poisoned|paralyzed|frightened|stunned|blinded|restrained|charmed|knocked prone)(?: (for 1 minute|until the end of its next turn|until the start of [^.]* next turn))?`)

func dbFailEffects(text string) ([]Effect, string) {
	m := dbFailRE().FindStringSubmatch(text)
	if m == nil {
		return nil, ""
	}
	cond := m[1]
	if cond == "knocked prone" {
		cond = "prone"
	}
	until := dbUntil(m[2])
	if until == "minute" && strings.Contains(text, "repeat the saving throw at the end of each of its turns") {
		until = "save_ends"
	}
	return []Effect{{Condition: cond, Until: until}}, ""
}
