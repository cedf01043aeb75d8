package srd

import (
	"strings"
)

// segment is a labelled part of an entry: "_Hit:_ 13 (2d6 + 6) ...".
type segment struct {
	label string // "" for the text before the first label
	text  string
}

// labelRE matches the italic labels of SRD 5.2.1 entries.
var labelRE = lazyRE(`_((?:Melee or Ranged|Melee|Ranged) Attack Roll|Hit or Miss|Hit|Miss|(?:Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) Saving Throw|Failure or Success|Failure|Success|First Failure|Second Failure|Subsequent Failures|Trigger|Response):_`)

// segments splits an entry body at its italic labels.
func segments(body string) []segment {
	idx := labelRE().FindAllStringSubmatchIndex(body, -1)
	out := []segment{{text: strings.TrimSpace(body)}}
	if len(idx) == 0 {
		return out
	}
	out[0].text = strings.TrimSpace(body[:idx[0][0]])
	for i, m := range idx {
		end := len(body)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		out = append(out, segment{label: body[m[2]:m[3]], text: strings.TrimSpace(body[m[1]:end])})
	}
	return out
}

// limitRE matches the limit of an entry name: "Fire Breath (Recharge 5-6)".
var limitRE = lazyRE(`^(.*?)\s*\(([^()]*(?:Recharge|/Day|Costs|Day|Form)[^()]*)\)\s*$`)

var (
	rechargeRE = lazyRE(`Recharge (\d)(?:-6)?`)
	perDayRE   = lazyRE(`(\d+)/Day( Each)?`)
	lairDayRE  = lazyRE(`or (\d+)/Day in Lair`)
	costsRE    = lazyRE(`Costs (\d+) Actions`)
	restRE     = lazyRE(`Recharges after a (Short or Long|Long) Rest`)
)

// splitLimit parses "Name (limit)" into the name and its limit.
func splitLimit(name string) (string, Limit) {
	name = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(normalise(name)), "."))
	m := limitRE().FindStringSubmatch(name)
	if m == nil {
		return name, Limit{}
	}
	l := Limit{Text: m[2]}
	if r := rechargeRE().FindStringSubmatch(m[2]); r != nil {
		l.Recharge, _ = atoi(r[1])
	}
	if r := perDayRE().FindStringSubmatch(m[2]); r != nil {
		l.PerDay, _ = atoi(r[1])
		l.Each = r[2] != ""
	}
	if r := lairDayRE().FindStringSubmatch(m[2]); r != nil {
		l.LairDay, _ = atoi(r[1])
	}
	if r := costsRE().FindStringSubmatch(m[2]); r != nil {
		l.Cost, _ = atoi(r[1])
	}
	if r := restRE().FindStringSubmatch(m[2]); r != nil {
		l.Rest = "long"
		if strings.HasPrefix(r[1], "Short") {
			l.Rest = "short"
		}
	}
	if strings.Contains(m[2], "Form") {
		l.Form = m[2]
	}
	if l.Recharge == 0 && l.PerDay == 0 && l.Cost == 0 && l.Rest == "" && l.Form == "" {
		return name, Limit{}
	}
	return strings.TrimSpace(m[1]), l
}

var (
	bonusRE = lazyRE(`^([+-]\d+)`)
	reachRE = lazyRE(`reach (\d+) ft\.`)
	rangeRE = lazyRE(`range (\d+)(?:/(\d+))? ft\.`)
	dcRE    = lazyRE(`^DC (\d+)[,.]?\s*(.*)$`)
	areaRE  = lazyRE(`(\d+)-foot(?:-radius|-long)?(?:, \d+-foot-wide)?(?:, \d+-foot-tall)? (Cone|Cube|Line|Sphere|Emanation|Cylinder)`)
)

// parseEntry reads the structure of an SRD 5.2.1 entry body (with its
// italic labels) into e and sets e.Text to its plain text.
func parseEntry(e *Entry, body string) {
	segs := segments(body)
	var text []string
	for _, s := range segs {
		t := plainParas(s.text)
		if s.label != "" {
			t = s.label + ": " + t
		}
		if t != "" {
			text = append(text, t)
		}
	}
	e.Text = strings.Join(text, " ")
	e.Text = strings.ReplaceAll(e.Text, " \n", "\n")
	for i := 0; i < len(segs); i++ {
		s := segs[i]
		switch {
		case strings.HasSuffix(s.label, "Attack Roll"):
			a := &Attack{Kind: strings.ToLower(strings.TrimSuffix(s.label, " Attack Roll"))}
			readAttackHead(a, plain(s.text))
			for j := i + 1; j < len(segs); j++ {
				switch {
				case segs[j].label == "Hit":
					a.Damage, a.Rider = parseDamages(plain(segs[j].text))
					a.WithAdvantage, a.Rider = advantageRider(a.Rider)
					a.Alt, a.AltIf, a.Rider = altDamage(a.Rider)
					if strings.HasPrefix(a.Rider, "plus ") {
						more, rest := parseDamages(strings.TrimPrefix(a.Rider, "plus "))
						a.Damage, a.Rider = append(a.Damage, more...), trimRider(rest)
					}
					a.Drain, a.Rider = drainRider(a.Rider)
					a.OnHit, a.Rider = readEffects(a.Rider)
				case segs[j].label == "Miss" || segs[j].label == "Hit or Miss":
					a.Miss = strings.TrimSpace(a.Miss + " " + segs[j].label + ": " + plain(segs[j].text))
				case strings.HasSuffix(segs[j].label, "Saving Throw"):
					a.Save = readSave(segs[j:])
					j = len(segs)
				}
			}
			if a.Save != nil {
				if g := gateRE().FindStringSubmatch(a.Rider); g != nil {
					a.SaveIf = g[1]
					a.Rider = strings.TrimSpace(a.Rider[len(g[0]):])
				}
			}
			e.Attack = a
			return
		case strings.HasSuffix(s.label, "Saving Throw"):
			e.Save = readSave(segs[i:])
			return
		}
	}
}

// gateRE matches the sentence that leads a hit's saving throw.
var gateRE = lazyRE(`^If the target is an? (creature|Humanoid|non-Undead creature|creature that isn't an Undead or elf|creature that isn't an Undead|creature that isn't a Construct or an Undead), (?:it is subjected to the following effect|it must make the following saving throw)\.?`)

// readSave reads a saving-throw effect from its segments (the first is
// the "X Saving Throw" one).
func readSave(segs []segment) *SaveEffect {
	sv := &SaveEffect{Ability: abilityID(segs[0].label)}
	m := dcRE().FindStringSubmatch(plain(segs[0].text))
	if m != nil {
		sv.DC, _ = atoi(m[1])
		sv.Targets = strings.TrimSuffix(strings.TrimSpace(m[2]), ".")
	}
	if a := areaRE().FindString(sv.Targets); a != "" {
		sv.Area = a
	}
	sv.Each = strings.HasPrefix(sv.Targets, "each ") || strings.HasPrefix(sv.Targets, "any ")
	for j := 1; j < len(segs); j++ {
		t := plain(segs[j].text)
		switch segs[j].label {
		case "Failure":
			sv.Failure = t
			sv.FailDmg, sv.FailRest = parseDamages(t)
			sv.Drain, sv.FailRest = drainRider(sv.FailRest)
			sv.FailEffects, sv.FailRest = readEffects(sv.FailRest)
		case "Success":
			sv.Success = t
			sv.Half = strings.HasPrefix(t, "Half damage")
		case "Failure or Success":
			sv.Both = t
		case "First Failure", "Second Failure", "Subsequent Failures":
			sv.Stages = true
			if sv.Failure == "" {
				sv.Failure = t
			}
		default:
			return sv
		}
	}
	return sv
}

// readAttackHead reads "+10, reach 10 ft." or "+4, range 80/320 ft." (or
// both, "reach 5 ft. or range 20/60 ft.").
func readAttackHead(a *Attack, s string) {
	if m := bonusRE().FindStringSubmatch(s); m != nil {
		a.Bonus, _ = atoi(m[1])
	}
	if m := reachRE().FindStringSubmatch(s); m != nil {
		a.Reach, _ = atoi(m[1])
	}
	if m := rangeRE().FindStringSubmatch(s); m != nil {
		a.Range[0], _ = atoi(m[1])
		if m[2] != "" {
			a.Range[1], _ = atoi(m[2])
		} else {
			a.Range[1] = a.Range[0]
		}
	}
	if i := strings.Index(s, "ft., "); i >= 0 && !strings.Contains(s[i:], "range") {
		a.Targets = strings.TrimSuffix(strings.TrimSpace(s[i+5:]), ".")
	}
}

// advRE matches "plus 2 (1d4) Slashing damage if the attack roll had
// Advantage" after the main damage (with its leading comma).
var advRE = lazyRE(`^,?\s*plus (\d+ \([^)]*\) [A-Za-z]+ damage) if the attack roll had Advantage\.?\s*`)

func advantageRider(rest string) ([]Damage, string) {
	m := advRE().FindStringSubmatchIndex(rest)
	if m == nil {
		return nil, trimRider(rest)
	}
	d, _ := parseDamages(rest[m[2]:m[3]])
	return d, trimRider(rest[m[1]:])
}

// altRE matches an alternative damage: ", or 5 (2d4) Piercing damage if
// the swarm is Bloodied" (also between dashes, before a "plus" part).
var altRE = lazyRE(`^(?:,\s*|—)or (\d+ \([^)]*\) [A-Za-z]+ damage) (if [^.—]*?|while [^.—]*?)(?:—|\.|$)`)

func altDamage(rest string) ([]Damage, string, string) {
	m := altRE().FindStringSubmatchIndex(rest)
	if m == nil {
		return nil, "", rest
	}
	d, _ := parseDamages(rest[m[2]:m[3]])
	return d, rest[m[4]:m[5]], trimRider(rest[m[1]:])
}

// drainRE matches a hit point maximum drain: "If the target is a creature,
// its Hit Point maximum decreases by an amount equal to the damage taken."
var drainRE = lazyRE(`(?i)^,?\s*(?:and )?(?:if the target is a creature, )?(?:its|the target's) hit point maximum (?:decreases|is reduced) by an amount equal to the (?:\w+ )?damage taken\.?\s*`)

func drainRider(rest string) (bool, string) {
	m := drainRE().FindString(rest)
	if m == "" {
		return false, rest
	}
	return true, trimRider(rest[len(m):])
}

// trimRider drops the full stop that ends a damage sentence.
func trimRider(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, ".")
	return strings.TrimSpace(s)
}

// plainParas is plain() that keeps paragraph breaks ("<br>" + "&emsp;") as
// newlines.
func plainParas(s string) string {
	parts := strings.Split(strings.ReplaceAll(s, "<br/>", "<br>"), "<br>")
	var out []string
	for _, p := range parts {
		if t := plain(p); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}

// ---- Multiattack ----

var (
	multiSubjectRE = lazyRE(`^The [^.]*? makes (.*)$`)
	countAttackRE  = lazyRE(`^(one|two|three|four|five|six|seven|eight) (.+?) attacks?$`)
	choiceRE       = lazyRE(`^(one|two|three|four|five|six|seven|eight) (?:other )?attacks, using (.+?) in any combination$`)
	usesRE         = lazyRE(`^(?:it )?(?:uses|can use) (?:either )?(.+?)(?: if available)?( twice)?$`)
)

// parseMulti reads a Multiattack entry's text.
func parseMulti(text string) *Multiattack {
	m := &Multiattack{}
	first, rest, _ := strings.Cut(text, ". ")
	first = strings.TrimSuffix(strings.TrimSpace(first), ".")
	var notes []string
	if rest != "" {
		notes = append(notes, strings.TrimSpace(rest))
	}
	sm := multiSubjectRE().FindStringSubmatch(first)
	if sm == nil {
		m.Rest = text
		return m
	}
	body := sm[1]
	if i := strings.Index(body, ": "); i >= 0 {
		// SRD 5.1: "two attacks: one with its bite and two with its claws"
		if withs := withClauses(body[i+2:]); withs != nil {
			m.Attacks = withs.Attacks
			notes = append(notes, withs.Rest)
			m.Rest = strings.Trim(strings.Join(notes, "; "), "; ")
			return m
		}
	}
	// "..., or it makes three Poison Ray attacks": the first routine.
	for _, alt := range []string{", or it makes ", " or uses ", ", or it "} {
		if i := strings.Index(body, alt); i >= 0 {
			notes = append([]string{"or " + strings.TrimPrefix(strings.TrimPrefix(body[i:], ","), " or ")}, notes...)
			body = body[:i]
		}
	}
	for _, cl := range multiClauses(body) {
		cl = strings.TrimPrefix(cl, "makes ")
		cl = strings.TrimPrefix(cl, "it makes ")
		if c := choiceRE().FindStringSubmatch(cl); c != nil {
			m.Count = numberWords[c[1]]
			m.Choice = append(m.Choice, splitOr(c[2])...)
			continue
		}
		if c := countAttackRE().FindStringSubmatch(cl); c != nil {
			n := numberWords[c[1]]
			names := splitOr(c[2])
			if len(names) > 1 {
				// "two Javelin or Morningstar attacks"
				m.Count = n
				m.Choice = names
				continue
			}
			m.Attacks = append(m.Attacks, Bonus{Name: names[0], Value: n})
			continue
		}
		if c := usesRE().FindStringSubmatch(cl); c != nil {
			n := 1
			if c[2] != "" {
				n = 2
			}
			names := splitOr(c[1])
			m.Uses = append(m.Uses, Bonus{Name: names[0], Value: n})
			if len(names) > 1 {
				notes = append(notes, "or uses "+strings.Join(names[1:], " or "))
			}
			if strings.HasPrefix(cl, "can use") || strings.HasPrefix(cl, "it can use") {
				notes = append(notes, "optional: "+cl)
			}
			continue
		}
		notes = append(notes, cl)
	}
	m.Rest = strings.Join(notes, "; ")
	return m
}

var withRE = lazyRE(`^(one|two|three|four) with its (.+)$`)

// withClauses reads "one with its bite and one with its claws or spear".
func withClauses(s string) *Multiattack {
	out := &Multiattack{}
	var rest []string
	for _, cl := range strings.Split(strings.ReplaceAll(s, ", and ", " and "), " and ") {
		m := withRE().FindStringSubmatch(strings.TrimSpace(cl))
		if m == nil {
			return nil
		}
		names := splitOr(m[2])
		out.Attacks = append(out.Attacks, Bonus{Name: names[0], Value: numberWords[m[1]]})
		if len(names) > 1 {
			rest = append(rest, "or with its "+strings.Join(names[1:], " or "))
		}
	}
	out.Rest = strings.Join(rest, "; ")
	return out
}

// multiClauses splits "one Bite attack, two Claw attacks, and uses Roar"
// at its commas and "and"s; a fragment that starts no clause ("Claw, or
// Harpoon in any combination", "or Swallow") belongs to the one before.
func multiClauses(s string) []string {
	s = strings.ReplaceAll(s, ", and ", ", ")
	var frags []string
	for _, part := range strings.Split(s, ", ") {
		for _, p := range strings.Split(part, " and ") {
			if p = strings.TrimSpace(p); p != "" {
				frags = append(frags, p)
			}
		}
	}
	var out []string
	for _, f := range frags {
		starts := strings.HasPrefix(f, "makes ") || strings.HasPrefix(f, "uses ") || strings.HasPrefix(f, "it ") ||
			strings.HasPrefix(f, "can use ")
		if w, _, _ := strings.Cut(f, " "); numberWords[w] > 0 {
			starts = true
		}
		if !starts && len(out) > 0 {
			out[len(out)-1] += ", " + f
			continue
		}
		out = append(out, f)
	}
	return out
}

// splitOr splits "A, B, or C" / "A or B" / "A and B" into names.
func splitOr(s string) []string {
	s = strings.ReplaceAll(s, ", or ", ", ")
	s = strings.ReplaceAll(s, " or ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ---- effects of hits and failed saves ----

var (
	sizeCondRE = lazyRE(`^If the target is a (Tiny|Small|Medium|Large|Huge|Gargantuan) or smaller creature, it has the (\w+) condition(?: \(escape DC (\d+)\))?(?: from [^,.]*)?(.*)$`)
	hasCondRE  = lazyRE(`^(?:,?\s*and )?(?:[Tt]he target|it) has the (\w+)(?: and (\w+))? conditions?(?: \(escape DC (\d+)\))?(?: from [^,.]*)?(.*)$`)
	untilRE    = lazyRE(`^\s*(?:until the (end|start) of (its|the [^']+'s) next turn|until the grapple ends|for 1 minute|(?:,? and (?:it |the target )?repeats the save at the end of each of its turns, ending the effect on itself on a success))`)
	whileGrRE  = lazyRE(`^While Grappled, the target has the Restrained condition\.?`)
	minuteRE   = lazyRE(`^\s*After 1 minute, it succeeds automatically\.?`)
)

// readEffects reads the conditions at the start of a hit's or a failed
// save's text. It returns them and what it could not read.
func readEffects(s string) ([]Effect, string) {
	var out []Effect
	rest := strings.TrimSpace(s)
	for rest != "" {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "."))
		if rest == "" {
			break
		}
		var effs []Effect
		var tail string
		if m := sizeCondRE().FindStringSubmatch(rest); m != nil {
			effs = []Effect{{Condition: strings.ToLower(m[2]), MaxSize: m[1]}}
			effs[0].Escape, _ = atoi(m[3])
			tail = m[4]
		} else if m := hasCondRE().FindStringSubmatch(rest); m != nil {
			effs = []Effect{{Condition: strings.ToLower(m[1])}}
			if m[2] != "" {
				effs = append(effs, Effect{Condition: strings.ToLower(m[2])})
			}
			effs[0].Escape, _ = atoi(m[3])
			tail = m[4]
		} else if m := whileGrRE().FindString(rest); m != "" && len(out) > 0 && out[len(out)-1].Condition == "grappled" {
			last := out[len(out)-1]
			out = append(out, Effect{Condition: "restrained", MaxSize: last.MaxSize, Until: "grapple"})
			rest = rest[len(m):]
			continue
		} else if m := minuteRE().FindString(rest); m != "" && len(out) > 0 {
			rest = rest[len(m):]
			continue
		} else {
			break
		}
		for _, e := range effs {
			if !isCondition(e.Condition) {
				return out, rest
			}
		}
		// the duration
		until := ""
		if u := untilRE().FindStringSubmatch(tail); u != nil {
			full := u[0]
			switch {
			case strings.Contains(full, "grapple ends"):
				until = "grapple"
			case strings.Contains(full, "1 minute"):
				until = "minute"
			case strings.Contains(full, "repeats the save"):
				until = "save_ends"
			case u[2] == "its":
				until = u[1] + "_of_its_turn"
			default:
				until = u[1] + "_of_source_turn"
			}
			tail = tail[len(full):]
		}
		for i := range effs {
			effs[i].Until = until
			if i > 0 {
				effs[i].MaxSize = effs[0].MaxSize
			}
		}
		out = append(out, effs...)
		// ", and it has the Restrained condition until the grapple ends"
		tail = strings.TrimSpace(tail)
		if strings.HasPrefix(tail, ",") {
			tail = strings.TrimSpace(strings.TrimPrefix(tail, ","))
		}
		if strings.HasPrefix(tail, "and ") {
			rest = tail
			continue
		}
		if tail != "" && !strings.HasPrefix(tail, ".") {
			return out, tail
		}
		rest = tail
	}
	return out, strings.TrimSpace(rest)
}
