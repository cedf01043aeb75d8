package srd

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// DamageTypes are the damage types stat blocks name (lower case).
var DamageTypes = []string{"acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
	"piercing", "poison", "psychic", "radiant", "slashing", "thunder"}

// Conditions are the condition ids stat blocks name.
var Conditions = []string{"blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled",
	"incapacitated", "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained",
	"stunned", "unconscious"}

func isDamageType(s string) bool { return contains(DamageTypes, s) }
func isCondition(s string) bool  { return contains(Conditions, s) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func equalFold(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// normalise replaces the typography of the sources with ASCII where it
// carries meaning: U+2212 minus and en dashes become "-", non-breaking and
// em spaces become spaces, curly apostrophes stay (they are part of names).
func normalise(s string) string {
	if !strings.ContainsAny(s, "\u2212\u2013\u00a0\u2003&") {
		return s
	}
	r := strings.NewReplacer("\u2212", "-", "\u2013", "-", "\u00a0", " ", "\u2003", " ", "&emsp;", " ", "&nbsp;", " ", "&amp;", "&")
	return r.Replace(s)
}

var (
	tagRE    = lazyRE(`<[^>]*>`)
	spacesRE = lazyRE(`[ \t]+`)
)

// plain removes Markdown emphasis and HTML tags and squeezes spaces.
func plain(s string) string {
	s = normalise(s)
	s = tagRE().ReplaceAllString(s, " ")
	s = strings.NewReplacer("**", "", "__", "").Replace(s)
	s = stripItalics(s)
	return strings.TrimSpace(spacesRE().ReplaceAllString(s, " "))
}

// stripItalics removes the underscores that mark italics (_Fireball_),
// leaving underscores inside words.
func stripItalics(s string) string {
	if !strings.Contains(s, "_") {
		return s
	}
	b := []rune(s)
	out := make([]rune, 0, len(b))
	for i, r := range b {
		if r == '_' {
			prev := i > 0 && isWord(b[i-1])
			next := i+1 < len(b) && isWord(b[i+1])
			if !(prev && next) {
				continue
			}
		}
		out = append(out, r)
	}
	return string(out)
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Slug is the id of a name: lower case, runs of other characters as one
// underscore ("Will-o'-Wisp" is "will_o_wisp").
func Slug(name string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
		case r == '\'' || r == '\u2019':
			// apostrophes join: "Will-o'-Wisp" -> will_o_wisp
			under = true
		default:
			under = true
		}
	}
	return b.String()
}

// atoi reads a signed integer with optional "+" and thousands commas.
func atoi(s string) (int, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(normalise(s), ",", ""))
	s = strings.TrimPrefix(s, "+")
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// diceRE matches a dice expression as stat blocks print it: "2d6 + 6",
// "1d10", "4d6 - 1".
var diceRE = lazyRE(`^(\d+)d(\d+)(?:\s*([+-])\s*(\d+))?$`)

// normDice normalises "2d6 + 6" to "2d6+6"; ok is false when s is no
// plain dice expression.
func normDice(s string) (string, bool) {
	s = strings.TrimSpace(normalise(s))
	m := diceRE().FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	out := m[1] + "d" + m[2]
	if m[3] != "" && m[4] != "0" {
		out += m[3] + m[4]
	}
	return out, true
}

// damageRE matches one damage part: "13 (2d6 + 6) Slashing damage" or a
// flat "1 Piercing damage".
var damageRE = lazyRE(`^(\d+)(?:\s*\(([^)]*)\))?\s+([A-Za-z]+)\s+damage`)

// parseDamages reads "N (XdY + Z) Type damage [plus N (...) Type damage]..."
// from the start of s. It returns the parts and the rest of s after them.
func parseDamages(s string) ([]Damage, string) {
	var out []Damage
	rest := strings.TrimSpace(s)
	for {
		m := damageRE().FindStringSubmatchIndex(rest)
		if m == nil {
			break
		}
		avg, _ := atoi(rest[m[2]:m[3]])
		d := Damage{Avg: avg, Type: strings.ToLower(rest[m[6]:m[7]])}
		if m[4] >= 0 {
			dice, ok := normDice(rest[m[4]:m[5]])
			if !ok {
				break
			}
			d.Dice = dice
		}
		if !isDamageType(d.Type) {
			break
		}
		out = append(out, d)
		rest = strings.TrimSpace(rest[m[1]:])
		next, ok := strings.CutPrefix(rest, "plus ")
		if !ok {
			break
		}
		if damageRE().MatchString(next) {
			rest = next
			continue
		}
		rest = "plus " + next
		break
	}
	return out, rest
}

// abilityID maps "Dexterity" (or "dex") to "dex".
func abilityID(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, a := range Abilities {
		if strings.HasPrefix(s, a) {
			return a
		}
	}
	return ""
}

// splitList splits "a, b, and c" or "a, b; c" at commas (not inside
// parentheses), dropping "and"/"or" before the last item.
func splitList(s string) []string {
	var out []string
	depth := 0
	start := 0
	flush := func(end int) {
		item := strings.TrimSpace(s[start:end])
		item = strings.TrimPrefix(item, "and ")
		item = strings.TrimPrefix(item, "or ")
		if item != "" {
			out = append(out, item)
		}
	}
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(s))
	return out
}

// numberWords are the counts Multiattack entries spell out.
var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "twice": 2, "once": 1, "thrice": 3}

// LazyRE returns a regular expression compiled on its first use: the
// parsers run rarely, the programs that link them start often (compiling
// them all at start-up cost every dndsh command 5 ms).
func LazyRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

func lazyRE(expr string) func() *regexp.Regexp { return LazyRE(expr) }
