package srd

import (
	"fmt"
	"sort"
	"strings"
)

// Ability35 is a labelled paragraph of a SRD 3.5 entry's text: a special
// ability ("Paralysis", kind "Ex") with its text.
type Ability35 struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// DR35 is one damage reduction: Amount/By as 3.5 prints it ("magic",
// "cold iron or good", "-" for none) and By30 as 3.0 writes it ("+1").
type DR35 struct {
	Amount    int
	By, By30  string
	Item      string // the Special Qualities item it was read from
	Bypassing []string
}

// Defenses35 are the defences a stat block's Special Qualities list:
// damage reduction, spell resistance, energy resistance, immunities,
// vulnerabilities, fast healing, regeneration, turn resistance. Items
// names the list items each was read from (the writer marks them read).
type Defenses35 struct {
	DR             []DR35
	SR             int
	Resist         map[string]int // energy type -> amount
	Immune         []string       // energy types and other words ("poison", "sleep")
	Vuln           []string
	FastHealing    int
	Regeneration   int
	TurnResistance int
	Items          map[string]bool
}

// Energy35 are the energy types of 3.x.
var Energy35 = []string{"acid", "cold", "electricity", "fire", "sonic"}

var (
	acPartsRE   = lazyRE(`^\s*(?:AC )?-?\d+\s*\(([^)]*)\)`)
	acPartRE    = lazyRE(`^([+-]\d+)\s*(.*)$`)
	drItemRE    = lazyRE(`(?i)^(?:damage reduction|DR)\s+(\d+)\s*/\s*(.+)$`)
	srItemRE    = lazyRE(`(?i)^(?:SR|spell resistance)\s+(\d+)$`)
	resToRE     = lazyRE(`(?i)^resistance to (\w+) (\d+)(?: and (\w+) (\d+))?$`)
	resOfRE     = lazyRE(`(?i)^(?:and )?(\w+)(?: and (\w+))? resistance (\d+)$`)
	resMoreRE   = lazyRE(`(?i)^(?:and )?(\w+) (\d+)$`)
	immToRE     = lazyRE(`(?i)^(?:immunity|immune) to (.+)$`)
	immOfRE     = lazyRE(`(?i)^(\w+)(?: and (\w+))? immunity$`)
	vulnToRE    = lazyRE(`(?i)^vulnerability to (.+)$`)
	vulnOfRE    = lazyRE(`(?i)^(\w+) vulnerability$`)
	fastRE      = lazyRE(`(?i)^fast healing (\d+)$`)
	regenRE     = lazyRE(`(?i)^regeneration (\d+)$`)
	turnResRE   = lazyRE(`(?i)^(?:\+(\d+) turn resistance|turn resistance \+(\d+))$`)
	senseItemRE = lazyRE(`(?i)^(darkvision|blindsight|blindsense|tremorsense)\s+(\d+)\s*ft\.?`)
	andSplitRE  = lazyRE(`\s*(?:,|\band\b)\s*`)
)

// acType maps an Armor Class part's name to its bonus type.
func acType(name string) string {
	n := strings.ToLower(strings.Trim(name, ".*"))
	switch {
	case n == "dex":
		return "dex"
	case n == "size", n == "deflection", n == "insight", n == "dodge", n == "profane", n == "sacred", n == "luck":
		return n
	case strings.HasPrefix(n, "natural"), strings.HasPrefix(n, "amulet"):
		return "natural"
	case strings.Contains(n, "shield") || strings.Contains(n, "buckler"):
		return "shield"
	case strings.HasPrefix(n, "ring"):
		return "deflection"
	case n == "haste":
		return "dodge"
	}
	return "armor" // armour by name ("chain shirt", "+2 full plate armor", "bracers of armor +2")
}

// readDefenses reads the Armor Class parts, the defences and the senses of
// a record from its printed lines.
func readDefenses(m *Monster35) {
	line := normalise(m.Lines["Armor Class"])
	if g := acPartsRE().FindStringSubmatch(line); g != nil {
		m.ACParts = map[string]int{}
		for _, p := range strings.Split(g[1], ",") {
			q := acPartRE().FindStringSubmatch(strings.TrimSpace(p))
			if q == nil {
				m.Problems = append(m.Problems, fmt.Sprintf("Armor Class: part %q is not a bonus", strings.TrimSpace(p)))
				continue
			}
			n, _ := atoi(q[1])
			m.ACParts[acType(q[2])] += n
		}
	}
	d := &m.Defenses
	d.Resist = map[string]int{}
	d.Items = map[string]bool{}
	m.Senses = map[string]int{}
	state := ""
	for _, raw := range m.SpecialQualities {
		it := strings.TrimSpace(normalise(raw))
		low := strings.ToLower(it)
		read := true
		switch {
		case drItemRE().MatchString(it):
			g := drItemRE().FindStringSubmatch(it)
			n, _ := atoi(g[1])
			by := strings.ToLower(strings.Join(strings.Fields(g[2]), " "))
			if by == "-" || by == "\u2014" {
				by = "-"
			}
			d.DR = append(d.DR, DR35{Amount: n, By: by, By30: dr30(by), Item: raw, Bypassing: drBypass(by)})
			state = ""
		case srItemRE().MatchString(it):
			n, _ := atoi(srItemRE().FindStringSubmatch(it)[1])
			d.SR = n
		case resToRE().MatchString(it):
			g := resToRE().FindStringSubmatch(it)
			read = addResist(d, g[1], g[2]) && (g[3] == "" || addResist(d, g[3], g[4]))
			state = "resist"
		case resOfRE().MatchString(it):
			g := resOfRE().FindStringSubmatch(it)
			read = addResist(d, g[1], g[3]) && (g[2] == "" || addResist(d, g[2], g[3]))
			state = "resist"
		case immToRE().MatchString(it):
			d.Immune = append(d.Immune, words(immToRE().FindStringSubmatch(it)[1])...)
			state = "immune"
		case immOfRE().MatchString(it):
			g := immOfRE().FindStringSubmatch(it)
			d.Immune = append(d.Immune, words(g[1]+" and "+g[2])...)
		case vulnToRE().MatchString(it):
			d.Vuln = append(d.Vuln, words(vulnToRE().FindStringSubmatch(it)[1])...)
		case vulnOfRE().MatchString(it):
			d.Vuln = append(d.Vuln, strings.ToLower(vulnOfRE().FindStringSubmatch(it)[1]))
		case fastRE().MatchString(it):
			d.FastHealing, _ = atoi(fastRE().FindStringSubmatch(it)[1])
		case regenRE().MatchString(it):
			d.Regeneration, _ = atoi(regenRE().FindStringSubmatch(it)[1])
		case turnResRE().MatchString(it):
			g := turnResRE().FindStringSubmatch(it)
			d.TurnResistance, _ = atoi(g[1] + g[2])
		case senseItemRE().MatchString(it):
			g := senseItemRE().FindStringSubmatch(it)
			m.Senses[strings.ToLower(g[1])], _ = atoi(g[2])
		case low == "low-light vision" || low == "lowlight vision" || low == "low light vision":
			m.Vision = append(m.Vision, "low_light_vision")
		case low == "scent" || low == "keen scent":
			m.Vision = append(m.Vision, "scent")
		case state == "resist" && resMoreRE().MatchString(it):
			g := resMoreRE().FindStringSubmatch(it)
			read = addResist(d, g[1], g[2])
		case state == "immune" && !strings.ContainsAny(low, "0123456789") && len(strings.Fields(low)) <= 3:
			d.Immune = append(d.Immune, words(low)...)
		default:
			read = false
		}
		if read {
			d.Items[raw] = true
		}
	}
	sort.Strings(m.Vision)
}

// addResist adds an energy resistance; false when the word is no energy
// type.
func addResist(d *Defenses35, typ, n string) bool {
	t := strings.ToLower(typ)
	if !contains(Energy35, t) {
		return false
	}
	d.Resist[t], _ = atoi(n)
	return true
}

// words splits "electricity and poison" or "acid, cold" into words.
func words(s string) []string {
	var out []string
	for _, w := range andSplitRE().Split(strings.ToLower(s), -1) {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// dr30 writes a 3.5 damage reduction's "by" as 3.0 does (README, "3.0
// versus 3.5"): magic as +1 and epic as +6 (the least enhancement bonus
// that overcomes it); other materials and alignments are kept.
func dr30(by string) string {
	ws := strings.Fields(by)
	for i, w := range ws {
		switch w {
		case "magic":
			ws[i] = "+1"
		case "epic":
			ws[i] = "+6"
		}
	}
	return strings.Join(ws, " ")
}

// drBypass lists what overcomes a damage reduction, one alternative per
// item ("cold iron or good" gives "cold iron", "good"; "good and silver"
// gives "good and silver": both at once).
func drBypass(by string) []string {
	if by == "-" {
		return nil
	}
	var out []string
	for _, alt := range strings.Split(by, " or ") {
		out = append(out, strings.TrimSpace(alt))
	}
	return out
}
