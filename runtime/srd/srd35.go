package srd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Monster35 is one SRD 3.5 stat block (shared/data/srd-3.5), with what a
// 3.0 stat block would print in ThreeOh. Nil numbers are the SRD's "—"
// (a nonability, no save).
type Monster35 struct {
	ID, Name, Heading string
	File, Part        string // the source RTF and core, psionic or epic
	Line              int    // the record's line in the JSON file
	Size, Type        string
	Subtypes          []string
	HD                float64
	HitDice           string // "6d8+36"
	HP                int
	Init              int
	Speeds            map[string]int
	Fly               string // maneuverability
	AC, Touch, Flat   *int
	BAB, Grapple      *int
	Attack            [][]Attack35 // alternatives, each a list of attacks made together
	FullAttack        [][]Attack35
	Space, Reach      float64
	SpecialAttacks    []string
	SpecialQualities  []string
	Fort, Ref, Will   *int
	Scores            [6]*int
	Skills            []Bonus
	Feats             []string
	BonusFeats        []string
	CR                float64
	Alignment         string
	Lines             map[string]string // the printed lines, the authority
	Repairs           []string
	ThreeOh           ThreeOh
	// What the printed lines say beyond the parsed numbers (srd35def.go):
	// the Armor Class by bonus type, the defences of the Special
	// Qualities, the senses, and the labelled paragraphs of the entry's
	// text (its special abilities).
	ACParts   map[string]int
	Defenses  Defenses35
	Senses    map[string]int
	Vision    []string // "low_light_vision", "scent"
	Abilities []Ability35
	// Problems are what a field's text says that could not be read, each
	// naming the field ("Armor Class: ..."); the writer lists them.
	Problems []string
}

// Attack35 is one attack of an attack routine.
type Attack35 struct {
	Count     int    `json:"count"`
	Name      string `json:"name"`
	Bonus     []int  `json:"bonus"`
	Mode      string `json:"mode"`
	Damage    string `json:"damage"`
	CritRange string `json:"crit_range"`
	CritMult  int    `json:"crit_mult"`
	Effect    string `json:"effect"`
	Raw       string `json:"raw"`
}

// ThreeOh is the stat block as 3.0 prints it, made from the 3.5 record
// with the differences the data README lists (3.0 versus 3.5): the
// "Medium-size" size name, "Attacks" and "Damage" lines instead of
// Attack, Full Attack and Base Attack/Grapple, "Face/Reach" instead of
// Space/Reach, AC without touch and flat-footed, damage reduction as
// "10/+1" where 3.5 says "10/magic", and the 3.0 skill names. What cannot
// be recovered (revised Hit Dice and damage, the 3.0 beast and
// shapechanger types) is said in Notes: treat the record as a close 3.5
// relative of the 3.0 creature.
type ThreeOh struct {
	Size      string
	Attacks   string // "2 claws +9 melee, bite +4 melee"
	Damage    string // "Claw 1d6+6, bite 1d6+3"
	FaceReach string // "10 ft. by 10 ft./10 ft."
	AC        string
	DR        []string // "10/+1"
	Skills    []Bonus
	Notes     []string
}

type raw35 struct {
	Meta struct {
		Edition string `json:"edition"`
	} `json:"meta"`
	Monsters []json.RawMessage `json:"monsters"`
	Sections []section35       `json:"sections"`
}

type rec35 struct {
	ID         string            `json:"id"`
	Name       string            `json:"name"`
	Heading    string            `json:"heading"`
	File       string            `json:"file"`
	Part       string            `json:"part"`
	Size       string            `json:"size"`
	Type       string            `json:"type"`
	Subtypes   []string          `json:"subtypes"`
	HD         *float64          `json:"hd"`
	HP         *int              `json:"hp"`
	Init       *int              `json:"init"`
	Speed      map[string]any    `json:"speed_ft"`
	AC         *int              `json:"ac"`
	Touch      *int              `json:"touch"`
	Flat       *int              `json:"flat_footed"`
	BAB        *int              `json:"bab"`
	Grapple    *int              `json:"grapple"`
	Attack     [][]Attack35      `json:"attack"`
	FullAttack [][]Attack35      `json:"full_attack"`
	Space      *float64          `json:"space_ft"`
	Reach      *float64          `json:"reach_ft"`
	SA         []string          `json:"special_attacks"`
	SQ         []string          `json:"special_qualities"`
	Fort       *int              `json:"fort"`
	Ref        *int              `json:"ref"`
	Will       *int              `json:"will"`
	Str        *int              `json:"str"`
	Dex        *int              `json:"dex"`
	Con        *int              `json:"con"`
	Int        *int              `json:"int"`
	Wis        *int              `json:"wis"`
	Cha        *int              `json:"cha"`
	Feats      []string          `json:"feats"`
	BonusFeats []string          `json:"bonus_feats"`
	CR         *float64          `json:"cr"`
	Lines      map[string]string `json:"lines"`
	Repairs    []json.RawMessage `json:"repairs"`
	Missing    []string          `json:"missing_lines"`
	Section    *int              `json:"section"`
	SeeAlso    []int             `json:"see_also_sections"`
}

type section35 struct {
	Heading   string      `json:"heading"`
	Abilities []Ability35 `json:"abilities"`
}

// Parse35 reads the SRD 3.5 monster file (srd35-monsters.json): one
// Monster35 per stat block. A record without hit points or Armor Class
// (Psicrystal: "As master's HD") is refused with its name and line.
func Parse35(file string, data []byte) ([]*Monster35, []*errs.Error) {
	var r raw35
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, []*errs.Error{{Kind: errs.Data, Layer: "import", File: file, Msg: "not the SRD 3.5 monster file: " + err.Error()}}
	}
	if r.Meta.Edition != "3.5" {
		return nil, []*errs.Error{{Kind: errs.Data, Layer: "import", File: file, Msg: fmt.Sprintf("edition %q, want 3.5", r.Meta.Edition)}}
	}
	lines := elementLines(data, "monsters", len(r.Monsters))
	var out []*Monster35
	var bad []*errs.Error
	for i, raw := range r.Monsters {
		var x rec35
		if err := json.Unmarshal(raw, &x); err != nil {
			bad = append(bad, blockErr(file, lines[i], fmt.Sprintf("record %d", i+1), "%v", err))
			continue
		}
		m, err := from35(file, lines[i], &x)
		if err != nil {
			bad = append(bad, err)
			continue
		}
		for _, k := range append([]int{derefInt(x.Section, -1)}, x.SeeAlso...) {
			if k >= 0 && k < len(r.Sections) {
				m.Abilities = append(m.Abilities, r.Sections[k].Abilities...)
			}
		}

		out = append(out, m)
	}
	return out, bad
}

var (
	hd35RE    = lazyRE(`^([\d/ ]+d\d+(?:\s*[+-–]\s*\d+)?)`)
	skill35RE = lazyRE(`^(.+?) ([+-–]\d+)`)
)

func from35(file string, line int, x *rec35) (*Monster35, *errs.Error) {
	name := x.Name
	if name == "" {
		name = x.ID
	}
	if x.HP == nil || x.HD == nil {
		return nil, blockErr(file, line, name, "no hit points (%q): it cannot be played as a monster", x.Lines["Hit Dice"])
	}
	if x.AC == nil {
		return nil, blockErr(file, line, name, "no Armor Class (%q)", x.Lines["Armor Class"])
	}
	m := &Monster35{ID: Slug(x.ID), Name: name, Heading: x.Heading, File: x.File, Part: x.Part, Line: line,
		Size: x.Size, Type: x.Type, Subtypes: x.Subtypes, HD: *x.HD, HP: *x.HP, AC: x.AC, Touch: x.Touch, Flat: x.Flat,
		BAB: x.BAB, Grapple: x.Grapple, Attack: x.Attack, FullAttack: x.FullAttack, SpecialAttacks: x.SA,
		SpecialQualities: x.SQ, Fort: x.Fort, Ref: x.Ref, Will: x.Will, Feats: x.Feats, BonusFeats: x.BonusFeats,
		Lines: x.Lines, Alignment: x.Lines["Alignment"], Speeds: map[string]int{}}
	if x.Init != nil {
		m.Init = *x.Init
	}
	if x.CR != nil {
		m.CR = *x.CR
	}
	if x.Space != nil {
		m.Space = *x.Space
	}
	if x.Reach != nil {
		m.Reach = *x.Reach
	}
	m.Scores = [6]*int{x.Str, x.Dex, x.Con, x.Int, x.Wis, x.Cha}
	for k, v := range x.Speed {
		switch f := v.(type) {
		case float64:
			m.Speeds[k] = int(f)
		case string:
			if k == "fly_maneuverability" {
				m.Fly = f
			}
		}
	}
	if g := hd35RE().FindString(normalise(x.Lines["Hit Dice"])); g != "" {
		m.HitDice = strings.ReplaceAll(g, " ", "")
	}
	for _, s := range splitList(normalise(x.Lines["Skills"])) {
		if g := skill35RE().FindStringSubmatch(s); g != nil {
			n, _ := atoi(g[2])
			m.Skills = append(m.Skills, Bonus{Name: Slug(g[1]), Value: n})
		}
	}
	for _, r := range x.Repairs {
		m.Repairs = append(m.Repairs, string(r))
	}
	readDefenses(m)
	m.ThreeOh = threeOh(m)
	return m, nil
}

// skills30 are the 3.5 skill names that had another name in 3.0.
var skills30 = map[string]string{"survival": "wilderness_lore", "sleight_of_hand": "pick_pocket"}

// threeOh writes the 3.0 view of a 3.5 record (see ThreeOh).
func threeOh(m *Monster35) ThreeOh {
	t := ThreeOh{Size: m.Size}
	if m.Size == "Medium" {
		t.Size = "Medium-size"
	}
	var atk, dmg []string
	for i, routine := range m.FullAttack {
		for _, a := range routine {
			bonus := make([]string, len(a.Bonus))
			for j, b := range a.Bonus {
				bonus[j] = fmt.Sprintf("%+d", b)
			}
			count := ""
			if a.Count > 1 {
				count = fmt.Sprint(a.Count) + " "
			}
			mode := a.Mode
			if mode != "" {
				mode = " " + mode
			}
			atk = append(atk, strings.TrimSpace(count+a.Name+" "+strings.Join(bonus, "/")+mode))
			d := a.Damage
			if a.Effect != "" {
				d += " " + a.Effect
			}
			dmg = append(dmg, a.Name+" "+d)
		}
		if i == 0 {
			break // 3.0 prints the main routine; the "or" alternatives are in Attack
		}
	}
	t.Attacks = strings.Join(atk, ", ")
	t.Damage = strings.Join(dmg, ", ")
	sp := trimFeet(m.Space)
	t.FaceReach = fmt.Sprintf("%s ft. by %s ft./%s ft.", sp, sp, trimFeet(m.Reach))
	if m.AC != nil {
		t.AC = fmt.Sprint(*m.AC)
	}
	for _, d := range m.Defenses.DR {
		t.DR = append(t.DR, fmt.Sprintf("%d/%s", d.Amount, d.By30))
	}
	for _, s := range m.Skills {
		n := s.Name
		if o, ok := skills30[n]; ok {
			n = o
		}
		t.Skills = append(t.Skills, Bonus{Name: n, Value: s.Value})
	}
	t.Notes = append(t.Notes, "3.5 record: Hit Dice, damage by size, skills and feats may differ from the 3.0 creature")
	if len(t.DR) > 0 {
		t.Notes = append(t.Notes, "damage reduction: 3.5 \"/magic\" written as 3.0 \"/+1\" and \"/epic\" as \"/+6\" (the least bonus that overcomes it); other materials kept")
	}
	if m.Space != m.Reach || m.Space > 5 {
		t.Notes = append(t.Notes, "Face/Reach: 3.0 faces of long creatures (5 ft. by 10 ft.) are not in the data; the face is the 3.5 space, square")
	}
	return t
}

func derefInt(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

func trimFeet(f float64) string {
	if f == float64(int(f)) {
		return fmt.Sprint(int(f))
	}
	return fmt.Sprint(f)
}
