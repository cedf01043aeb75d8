package srd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// sizes are the size words of a type line.
var sizes = []string{"Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan"}

// typeLineRE matches "_Huge Dragon (Chromatic), Chaotic Evil_" and
// "_Medium or Small Humanoid, Neutral_".
var typeLineRE = lazyRE(`^_((?:Tiny|Small|Medium|Large|Huge|Gargantuan)(?: or (?:Tiny|Small|Medium|Large|Huge|Gargantuan))*) ([^,(]+?)(?: \(([^)]*)\))?, ([^_]+)_\s*$`)

// ParseMarkdown reads the stat blocks of an SRD 5.2.1 Markdown file
// (monsters-A-Z.md, animals.md). file names it in the stat blocks and in
// errors. A stat block starts at a heading followed by its italic
// size-and-type line; its sections are the headings one level below.
func ParseMarkdown(file string, data []byte) ([]*Monster, []*errs.Error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var out []*Monster
	var bad []*errs.Error
	group := ""
	for i := 0; i < len(lines); i++ {
		level, title := heading(lines[i])
		if level == 0 {
			continue
		}
		if !isBlockStart(lines, i) {
			if level <= 2 {
				group = title
			}
			continue
		}
		end := len(lines)
		for j := i + 1; j < len(lines); j++ {
			if l, _ := heading(lines[j]); l > 0 && l <= level {
				end = j
				break
			}
		}
		m, err := parseBlock(file, lines, i, end, level)
		if err != nil {
			bad = append(bad, err)
		} else {
			if group != title && group != "" && level > 2 {
				m.Group = group
			}
			out = append(out, m)
		}
		i = end - 1
	}
	return out, bad
}

// heading returns the level and title of a Markdown heading line.
func heading(s string) (int, string) {
	n := 0
	for n < len(s) && s[n] == '#' {
		n++
	}
	if n == 0 || n >= len(s) || s[n] != ' ' {
		return 0, ""
	}
	return n, strings.TrimSpace(s[n+1:])
}

// isBlockStart: the heading at i is followed (after blank lines) by an
// italic line starting with a size.
func isBlockStart(lines []string, i int) bool {
	for j := i + 1; j < len(lines) && j < i+4; j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		if !strings.HasPrefix(t, "_") {
			return false
		}
		for _, s := range sizes {
			if strings.HasPrefix(t, "_"+s) {
				return true
			}
		}
		return false
	}
	return false
}

// lineRE matches a "**Label** value" core line.
var lineRE = lazyRE(`^\*\*([A-Za-z ]+)\*\*\s*(.*?)\s*(?:<br>)?\s*$`)

// parseBlock reads the stat block in lines[start:end] (start is its
// heading; line numbers are 1-based).
func parseBlock(file string, lines []string, start, end, level int) (*Monster, *errs.Error) {
	_, name := heading(lines[start])
	m := &Monster{Name: name, ID: Slug(name), Source: SRD521, File: file, Line: start + 1}
	fail := func(i int, format string, args ...any) (*Monster, *errs.Error) {
		return nil, blockErr(file, i+1, name, format, args...)
	}
	i := start + 1
	for i < end && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	tm := typeLineRE().FindStringSubmatch(strings.TrimSpace(lines[i]))
	if tm == nil {
		return fail(i, "cannot read the size, type and alignment line %q", strings.TrimSpace(lines[i]))
	}
	m.Sizes = strings.Split(tm[1], " or ")
	m.Type = strings.TrimSpace(tm[2])
	if tm[3] != "" {
		for _, t := range strings.Split(tm[3], ",") {
			m.Tags = append(m.Tags, strings.TrimSpace(t))
		}
	}
	m.Alignment = strings.TrimSpace(tm[4])
	i++
	var table []string
	tableLine := 0
	seen := map[string]int{}
	section := ""
	var cur *Entry
	var curBody []string
	flush := func() {
		if cur == nil {
			return
		}
		parseEntry(cur, strings.Join(curBody, "\n"))
		if strings.EqualFold(cur.Name, "Multiattack") {
			cur.Multi = parseMulti(cur.Text)
		}
		cur, curBody = nil, nil
	}
	for ; i < end; i++ {
		raw := lines[i]
		t := strings.TrimSpace(raw)
		if l, title := heading(raw); l == level+1 {
			flush()
			section = strings.ToLower(title)
			switch section {
			case "traits", "actions", "bonus actions", "reactions", "legendary actions":
			default:
				return fail(i, "unknown section %q (Traits, Actions, Bonus Actions, Reactions, Legendary Actions)", title)
			}
			continue
		} else if l > 0 {
			return fail(i, "unexpected heading %q inside the stat block", t)
		}
		switch {
		case t == "" || t == "<hr>":
			if t == "" && cur != nil && section != "" {
				flush()
			}
			continue
		case strings.HasPrefix(t, "<table"):
			tableLine = i
			for ; i < end; i++ {
				table = append(table, lines[i])
				if strings.Contains(lines[i], "</table>") {
					break
				}
			}
			if i >= end {
				return fail(tableLine, "the ability table has no </table>")
			}
			continue
		}
		if section == "" {
			lm := lineRE().FindStringSubmatch(t)
			if lm == nil {
				return fail(i, "cannot read %q (a **Label** line expected before the first section)", t)
			}
			if err := m.coreLine(lm[1], lm[2]); err != "" {
				return fail(i, "%s", err)
			}
			if m.Printed == nil {
				m.Printed = map[string]string{}
			}
			m.Printed[lm[1]] = plain(lm[2])
			seen[lm[1]] = i
			continue
		}
		if section == "legendary actions" && strings.HasPrefix(t, "_Legendary Action Uses") {
			m.LegendIntro = plain(t)
			um := legendUsesRE().FindStringSubmatch(m.LegendIntro)
			if um == nil {
				return fail(i, "cannot read the Legendary Action Uses line %q", t)
			}
			m.LegendUses, _ = atoi(um[1])
			if um[2] != "" {
				m.LegendLair, _ = atoi(um[2])
			}
			continue
		}
		if em := entryRE().FindStringSubmatch(t); em != nil {
			flush()
			en, lim := splitLimit(em[1])
			cur = &Entry{Name: en, Limit: lim, Line: i + 1}
			curBody = []string{em[2]}
			switch section {
			case "traits":
				m.Traits = append(m.Traits, cur)
			case "actions":
				m.Actions = append(m.Actions, cur)
			case "bonus actions":
				m.Bonus = append(m.Bonus, cur)
			case "reactions":
				m.Reactions = append(m.Reactions, cur)
			case "legendary actions":
				m.Legendary = append(m.Legendary, cur)
			}
			continue
		}
		if cur != nil {
			curBody = append(curBody, t)
			continue
		}
		return fail(i, "text outside any entry: %q", t)
	}
	flush()
	for _, need := range []string{"AC", "HP", "Speed", "CR"} {
		if _, ok := seen[need]; !ok {
			return fail(start, "no **%s** line", need)
		}
	}
	if table == nil {
		return fail(start, "no ability table")
	}
	if msg := m.readAbilityTable(table); msg != "" {
		return fail(tableLine, "ability table: %s", msg)
	}
	if m.LegendUses == 0 && len(m.Legendary) > 0 {
		return fail(m.Legendary[0].Line-1, "Legendary Actions without a Legendary Action Uses line")
	}
	return m, nil
}

var (
	entryRE      = lazyRE(`^\*\*_(.+?)_\*\*\s*(.*)$`)
	legendUsesRE = lazyRE(`Legendary Action Uses: (\d+)(?: \((\d+) in Lair\))?`)
	acRE         = lazyRE(`^(\d+)(?:\s*\(([^)]*)\))?\s*(?:\*\*Initiative\*\*\s*([+-]\d+)\s*\(\d+\))?$`)
	initRE       = lazyRE(`^([+-]\d+)\s*\(\d+\)$`)
	hpRE         = lazyRE(`^(\d+)\s*\(([^)]*)\)$`)
	hpFlatRE     = lazyRE(`^(\d+)$`)
	speedRE      = lazyRE(`^(?:(Burrow|Climb|Fly|Swim) )?(\d+) ft\.\s*(.*)$`)
	skillRE      = lazyRE(`^(.+?) ([+-]\d+)$`)
	senseRE      = lazyRE(`^(Blindsight|Darkvision|Tremorsense|Truesight) (\d+) ft\.\s*(.*)$`)
	passiveRE    = lazyRE(`Passive Perception (\d+)`)
	crRE         = lazyRE(`^(\d+(?:/\d+)?) \((?:XP ([\d,]+)|([\d,]+) XP)(?:,? or ([\d,]+) in lair)?; PB ([+-]\d+)\)$`)
)

// coreLine reads one "**Label** value" line; it returns a message when the
// value cannot be read.
func (m *Monster) coreLine(label, v string) string {
	v = normalise(strings.TrimSpace(v))
	switch label {
	case "AC":
		g := acRE().FindStringSubmatch(v)
		if g == nil {
			return "cannot read the AC line " + quote(v)
		}
		m.AC, _ = atoi(g[1])
		m.ACNote = g[2]
		if g[3] != "" {
			m.Initiative, _ = atoi(g[3])
			m.HasInit = true
		}
	case "Initiative":
		// Succubus: Initiative on a line of its own.
		g := initRE().FindStringSubmatch(v)
		if g == nil {
			return "cannot read the Initiative line " + quote(v)
		}
		m.Initiative, _ = atoi(g[1])
		m.HasInit = true
	case "HP":
		if g := hpRE().FindStringSubmatch(v); g != nil {
			m.HP, _ = atoi(g[1])
			d, ok := normDice(g[2])
			if !ok {
				return "cannot read the hit dice " + quote(g[2])
			}
			m.HitDice = d
		} else if g := hpFlatRE().FindStringSubmatch(v); g != nil {
			m.HP, _ = atoi(g[1])
		} else {
			return "cannot read the HP line " + quote(v)
		}
	case "Speed":
		for _, part := range splitList(v) {
			g := speedRE().FindStringSubmatch(part)
			if g == nil {
				m.SpeedNote = strings.TrimSpace(m.SpeedNote + "; " + part)
				continue
			}
			mode := "walk"
			if g[1] != "" {
				mode = strings.ToLower(g[1])
			}
			feet, _ := atoi(g[2])
			note := strings.TrimSpace(g[3])
			if note == "(hover)" {
				m.Hover = true
				note = ""
			}
			if note != "" {
				m.SpeedNote = strings.TrimPrefix(m.SpeedNote+"; "+part, "; ")
			}
			if m.speed(mode) >= 0 {
				continue // "40 ft., 30 ft. (wolf form only)": the first counts
			}
			m.Speeds = append(m.Speeds, Speed{Mode: mode, Feet: feet})
		}
		if len(m.Speeds) == 0 {
			return "cannot read the Speed line " + quote(v)
		}
	case "Skills":
		for _, part := range splitList(v) {
			g := skillRE().FindStringSubmatch(part)
			if g == nil {
				return "cannot read the skill " + quote(part)
			}
			n, _ := atoi(g[2])
			m.Skills = append(m.Skills, Bonus{Name: Slug(g[1]), Value: n})
		}
	case "Resistances":
		m.Resists = damageList(v)
	case "Vulnerabilities":
		m.Vulns = damageList(v)
	case "Immunities":
		dmg, conds, _ := strings.Cut(v, ";")
		if !strings.Contains(v, ";") && !startsWithDamageType(v) {
			dmg, conds = "", v
		}
		m.Immunities = damageList(dmg)
		for _, c := range splitList(conds) {
			id := strings.ToLower(c)
			note := ""
			if i := strings.Index(id, " ("); i >= 0 {
				id, note = id[:i], c[i:]
			}
			if !isCondition(id) {
				return "unknown condition " + quote(c) + " in Immunities"
			}
			if note != "" {
				// "Charmed (with Mind Blank)": a conditional immunity is no
				// immunity in a fight.
				m.Immunities = append(m.Immunities, DamageTrait{Note: plain(c)})
				continue
			}
			m.CondImmune = append(m.CondImmune, id)
		}
	case "Gear":
		for _, g := range splitList(v) {
			m.Gear = append(m.Gear, plain(g))
		}
	case "Senses":
		senses, passive, _ := strings.Cut(v, ";")
		if !strings.Contains(v, ";") {
			senses, passive = "", v
		}
		for _, s := range splitList(senses) {
			g := senseRE().FindStringSubmatch(s)
			if g == nil {
				return "cannot read the sense " + quote(s)
			}
			n, _ := atoi(g[2])
			m.Senses = append(m.Senses, Bonus{Name: strings.ToLower(g[1]), Value: n})
			if g[3] != "" {
				m.SenseNote = strings.TrimPrefix(m.SenseNote+"; "+s, "; ")
			}
		}
		g := passiveRE().FindStringSubmatch(passive)
		if g == nil {
			return "no Passive Perception in the Senses line " + quote(v)
		}
		m.Passive, _ = atoi(g[1])
	case "Languages":
		m.Languages = plain(v)
	case "CR":
		g := crRE().FindStringSubmatch(v)
		if g == nil {
			return "cannot read the CR line " + quote(v)
		}
		m.CR = g[1]
		xp := g[2]
		if xp == "" {
			xp = g[3]
		}
		m.XP, _ = atoi(xp)
		if g[4] != "" {
			m.XPLair, _ = atoi(g[4])
		}
		m.PB, _ = atoi(g[5])
	default:
		return "unknown line **" + label + "**"
	}
	return ""
}

func quote(s string) string { return "\"" + s + "\"" }

// speed returns the feet of a mode, or -1.
func (m *Monster) speed(mode string) int {
	for _, s := range m.Speeds {
		if s.Mode == mode {
			return s.Feet
		}
	}
	return -1
}

func startsWithDamageType(s string) bool {
	w := strings.ToLower(strings.TrimSpace(s))
	for _, t := range DamageTypes {
		if strings.HasPrefix(w, t) {
			return true
		}
	}
	return false
}

// damageList reads "Acid, Cold" (one type per item; anything else is kept
// as a note).
func damageList(v string) []DamageTrait {
	var out []DamageTrait
	for _, item := range splitList(v) {
		t := strings.ToLower(plain(item))
		if isDamageType(t) {
			out = append(out, DamageTrait{Type: t})
			continue
		}
		out = append(out, DamageTrait{Note: plain(item)})
	}
	return out
}

// cellRE matches one table cell.
var cellRE = lazyRE(`<td>(.*?)</td>`)

// readAbilityTable reads the two-row table of scores, modifiers and saves.
// It reads each ability's label and the numbers that follow it up to the
// next label, whatever cells they sit in, so the merged and shifted cells
// of the damaged tables (README: Known quirks) still give their numbers;
// a row that does not give score, modifier and save consistently is an
// error, unless its score is the one a documented defect lost.
func (m *Monster) readAbilityTable(rows []string) string {
	var tokens []string
	for _, r := range rows {
		for _, c := range cellRE().FindAllStringSubmatch(r, -1) {
			cell := normalise(c[1])
			if strings.HasPrefix(cell, "<strong>") {
				tokens = append(tokens, "#"+strings.ToLower(plain(cell)))
				continue
			}
			for _, f := range strings.Fields(plain(cell)) {
				tokens = append(tokens, splitGlued(f)...)
			}
		}
	}
	found := 0
	for k := 0; k < len(tokens); k++ {
		if !strings.HasPrefix(tokens[k], "#") {
			continue
		}
		ab := abilityIndex(strings.TrimPrefix(tokens[k], "#"))
		if ab < 0 {
			return "unknown ability label " + quote(tokens[k][1:])
		}
		var nums []string
		for j := k + 1; j < len(tokens) && !strings.HasPrefix(tokens[j], "#"); j++ {
			if abilityIndex(strings.ToLower(tokens[j])) >= 0 {
				continue // a stray label printed as a value ("DEX")
			}
			nums = append(nums, tokens[j])
		}
		found++
		if len(nums) >= 3 {
			m.Scores[ab], _ = atoi(nums[0])
			m.Mods[ab], _ = atoi(nums[1])
			m.Saves[ab], _ = atoi(nums[2])
			m.SaveGiven[ab] = true
		} else if len(nums) == 2 && strings.HasPrefix(nums[0], "-") || len(nums) == 2 && strings.HasPrefix(nums[0], "+") {
			// the score cell is missing: the modifier and the save remain
			m.Mods[ab], _ = atoi(nums[0])
			m.Saves[ab], _ = atoi(nums[1])
			m.SaveGiven[ab] = true
			fix, ok := missingScore[m.Name+"/"+Abilities[ab]]
			if !ok {
				return Abilities[ab] + " has no score (cells: " + strings.Join(nums, " ") + ")"
			}
			m.Scores[ab] = fix
			m.Repairs = append(m.Repairs, strings.ToUpper(Abilities[ab])+" score cell missing; "+
				"score "+itoa(fix)+" from the data README's list of known defects")
		} else {
			return Abilities[ab] + ": want score, modifier and save, got " + quote(strings.Join(nums, " "))
		}
		if mod := modOf(m.Scores[ab]); mod != m.Mods[ab] {
			return Abilities[ab] + " score " + itoa(m.Scores[ab]) + " has modifier " + signed(mod) + ", the table says " + signed(m.Mods[ab])
		}
	}
	if found != 6 {
		return "found " + itoa(found) + " of the six abilities"
	}
	return ""
}

// missingScore holds the ability scores a documented defect of the SRD
// 5.2.1 Markdown lost (shared/data README, Known quirks): the table keeps
// the modifier and save but not the score.
var missingScore = map[string]int{"Will-o'-Wisp/str": 1}

// splitGlued splits "CON29" (a label glued to a number) into its parts.
func splitGlued(f string) []string {
	for i := 1; i < len(f); i++ {
		if (f[i] >= '0' && f[i] <= '9' || f[i] == '+' || f[i] == '-') && f[i-1] >= 'A' && f[i-1] <= 'Z' {
			return []string{f[:i], f[i:]}
		}
	}
	// "+10+10", "10+0": two numbers glued
	for i := 1; i < len(f); i++ {
		if (f[i] == '+' || f[i] == '-') && f[i-1] >= '0' && f[i-1] <= '9' {
			return append([]string{f[:i]}, splitGlued(f[i:])...)
		}
	}
	return []string{f}
}

func abilityIndex(s string) int {
	for i, a := range Abilities {
		if s == a {
			return i
		}
	}
	return -1
}

// modOf is the ability modifier of a score: floor((score - 10) / 2).
func modOf(score int) int {
	d := score - 10
	if d < 0 {
		return -((-d + 1) / 2)
	}
	return d / 2
}

func itoa(n int) string { return strconv.Itoa(n) }

func signed(n int) string { return fmt.Sprintf("%+d", n) }
