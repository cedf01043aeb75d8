package srd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/srd"
	"github.com/dndsh/dndsh/runtime/srdgen"
)

// dataDir finds shared/data (DNDSH_DATA, else up from here); the tests of
// the real files skip only when it is not on this machine.
func dataDir(t testing.TB) string {
	t.Helper()
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	if d := os.Getenv("DNDSH_DATA"); d != "" {
		if srdgen.FindData(d, exists) == "" {
			t.Fatalf("DNDSH_DATA=%s holds no srd-5.2.1/monsters-A-Z.md", d)
		}
		return d
	}
	wd, _ := os.Getwd()
	d := srdgen.FindData(filepath.ToSlash(wd), exists)
	if d == "" {
		t.Skip("no shared/data (the SRD files) above this folder; set DNDSH_DATA")
	}
	return d
}

func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parse521(t testing.TB) map[string]*srd.Monster {
	t.Helper()
	out := map[string]*srd.Monster{}
	for _, f := range []string{srdgen.File521AZ, srdgen.File521Animals} {
		ms, bad := srd.ParseMarkdown(filepath.Base(f), read(t, f))
		for _, e := range bad {
			t.Errorf("%s: %v", f, e)
		}
		for _, m := range ms {
			out[m.Name] = m
		}
	}
	return out
}

// TestEveryStatBlock521 reads both SRD 5.2.1 files: 235 and 95 stat
// blocks, none refused, each consistent (scores and their modifiers, the
// proficiency bonus of its CR, the lines every block prints).
func TestEveryStatBlock521(t *testing.T) {
	for f, want := range map[string]int{srdgen.File521AZ: 235, srdgen.File521Animals: 95} {
		ms, bad := srd.ParseMarkdown(filepath.Base(f), read(t, f))
		if len(ms) != want || len(bad) != 0 {
			t.Errorf("%s: %d stat blocks and %d refused, want %d and 0 (%v)", f, len(ms), len(bad), want, bad)
		}
		for _, m := range ms {
			where := m.Where()
			if m.AC <= 0 || m.HP <= 0 || m.CR == "" || m.PB < 2 || m.XP < 0 || len(m.Sizes) == 0 || m.Type == "" ||
				len(m.Speeds) == 0 || m.Alignment == "" || !m.HasInit {
				t.Errorf("%s: incomplete: %+v", where, m)
			}
			for i, a := range srd.Abilities {
				if m.Scores[i] < 1 || !m.SaveGiven[i] {
					t.Errorf("%s: %s score %d, save given %v", where, a, m.Scores[i], m.SaveGiven[i])
				}
			}
			for _, e := range m.Entries() {
				if e.Name == "" || e.Text == "" || e.Line <= m.Line {
					t.Errorf("%s: bad entry %+v", where, e.Entry)
				}
				if e.Attack != nil && e.Attack.Kind != "melee" && e.Attack.Kind != "ranged" && e.Attack.Kind != "melee or ranged" {
					t.Errorf("%s: %s: attack kind %q", where, e.Name, e.Attack.Kind)
				}
				if e.Save != nil && (e.Save.DC < 5 || e.Save.Ability == "") {
					t.Errorf("%s: %s: save %+v", where, e.Name, e.Save)
				}
			}
		}
	}
}

// mon is what the test expects of one stat block, transcribed from the
// data files (shared/data/srd-5.2.1) by hand.
type mon struct {
	name, size, typ, align  string
	ac, init, hp            int
	hitDice, speeds         string
	scores, saves           [6]int
	skills, senses          string
	passive                 int
	resist, vuln, immune    string
	condImmune              string
	cr                      string
	xp, lair, pb            int
	attack                  string // "Name +bonus reach/range damage"
	save                    string // "Name ability DC damage half area recharge"
	multi                   string // the engine's list, "Rend Rend Rend"
	legendUses, legendCount int
}

var twenty = []mon{
	{name: "Goblin Warrior", size: "Small", typ: "Fey", align: "Chaotic Neutral", ac: 15, init: 2, hp: 10, hitDice: "3d6",
		speeds: "walk 30", scores: [6]int{8, 15, 10, 10, 8, 8}, saves: [6]int{-1, 2, 0, 0, -1, -1}, skills: "stealth+6",
		senses: "darkvision60", passive: 9, cr: "1/4", xp: 50, pb: 2, attack: "Scimitar +4 r5 1d6+2 slashing [adv 1d4]"},
	{name: "Troll", size: "Large", typ: "Giant", align: "Chaotic Evil", ac: 15, init: 1, hp: 94, hitDice: "9d10+45",
		speeds: "walk 30", scores: [6]int{18, 13, 20, 7, 9, 7}, saves: [6]int{4, 1, 5, -2, -1, -2}, skills: "perception+5",
		senses: "darkvision60", passive: 15, cr: "5", xp: 1800, pb: 3, attack: "Rend +7 r10 2d6+4 slashing", multi: "Rend*3"},
	{name: "Lich", size: "Medium", typ: "Undead", align: "Neutral Evil", ac: 20, init: 17, hp: 315, hitDice: "42d8+126",
		speeds: "walk 30", scores: [6]int{11, 16, 16, 21, 14, 16}, saves: [6]int{0, 10, 10, 12, 9, 3},
		skills: "arcana+19 history+12 insight+9 perception+9", senses: "truesight120", passive: 19, resist: "cold lightning",
		immune: "necrotic poison", condImmune: "charmed exhaustion frightened paralyzed poisoned", cr: "21", xp: 33000,
		lair: 41000, pb: 7, attack: "Eldritch Burst +12 r5 120/120 4d12+5 force", multi: "Eldritch Burst*3",
		legendUses: 3, legendCount: 3},
	{name: "Scout", size: "Medium", typ: "Humanoid", align: "Neutral", ac: 13, init: 2, hp: 16, hitDice: "3d8+3",
		speeds: "walk 30", scores: [6]int{11, 14, 12, 11, 13, 11}, saves: [6]int{0, 2, 1, 0, 1, 0},
		skills: "nature+4 perception+5 stealth+6 survival+5", passive: 15, cr: "1/2", xp: 100, pb: 2,
		attack: "Shortsword +4 r5 1d6+2 piercing"},
	{name: "Salamander", size: "Large", typ: "Elemental", align: "Neutral Evil", ac: 15, init: 2, hp: 90, hitDice: "12d10+24",
		speeds: "climb 30, walk 30", scores: [6]int{18, 14, 15, 11, 10, 12}, saves: [6]int{4, 2, 2, 0, 0, 1},
		senses: "darkvision60", passive: 10, vuln: "cold", immune: "fire", cr: "5", xp: 1800, pb: 3,
		attack: "Flame Spear +7 r5 20/60 2d8+4 piercing 2d6 fire", save: "Constrict str 15 2d6+4 bludgeoning 2d6 fire",
		multi: "Flame Spear*2"},
	{name: "Ghoul", size: "Medium", typ: "Undead", align: "Chaotic Evil", ac: 12, init: 2, hp: 22, hitDice: "5d8",
		speeds: "walk 30", scores: [6]int{13, 15, 10, 7, 10, 6}, saves: [6]int{1, 2, 0, -2, 0, -2}, senses: "darkvision60",
		passive: 10, immune: "poison", condImmune: "charmed exhaustion poisoned", cr: "1", xp: 200, pb: 2,
		attack: "Bite +4 r5 1d6+2 piercing 1d6 necrotic", multi: "Bite*2"},
	{name: "Bandit Captain", size: "Medium", typ: "Humanoid", align: "Neutral", ac: 15, init: 3, hp: 52, hitDice: "8d8+16",
		speeds: "walk 30", scores: [6]int{15, 16, 14, 14, 11, 14}, saves: [6]int{4, 5, 2, 2, 2, 2},
		skills: "athletics+4 deception+4", passive: 10, cr: "2", xp: 450, pb: 2, attack: "Scimitar +5 r5 1d6+3 slashing"},
	{name: "Mummy", size: "Medium", typ: "Undead", align: "Lawful Evil", ac: 11, init: -1, hp: 58, hitDice: "9d8+18",
		speeds: "walk 20", scores: [6]int{16, 8, 15, 6, 12, 12}, saves: [6]int{3, -1, 2, -2, 3, 1}, senses: "darkvision60",
		passive: 11, vuln: "fire", immune: "necrotic poison", condImmune: "charmed exhaustion frightened paralyzed poisoned",
		cr: "3", xp: 700, pb: 2, attack: "Rotting Fist +5 r5 1d10+3 bludgeoning 3d6 necrotic", save: "Dreadful Glare wis 11",
		multi: "Rotting Fist*2"},
	{name: "Wight", size: "Medium", typ: "Undead", align: "Neutral Evil", ac: 14, init: 4, hp: 82, hitDice: "11d8+33",
		speeds: "walk 30", scores: [6]int{15, 14, 16, 10, 13, 15}, saves: [6]int{2, 2, 3, 0, 1, 2},
		skills: "perception+3 stealth+4", senses: "darkvision60", passive: 13, resist: "necrotic", immune: "poison",
		condImmune: "exhaustion poisoned", cr: "3", xp: 700, pb: 2, attack: "Necrotic Sword +4 r5 1d8+2 slashing 1d8 necrotic",
		save: "Life Drain con 13 1d8+2 necrotic", multi: "Necrotic Sword*2"},
	{name: "Young White Dragon", size: "Large", typ: "Dragon", align: "Chaotic Evil", ac: 17, init: 3, hp: 123,
		hitDice: "13d10+52", speeds: "burrow 20, fly 80, swim 40, walk 40", scores: [6]int{18, 10, 18, 6, 11, 12},
		saves: [6]int{4, 3, 4, 2, 3, 1}, skills: "perception+6 stealth+3", senses: "blindsight30 darkvision120", passive: 16,
		immune: "cold", cr: "6", xp: 2300, pb: 3, attack: "Rend +7 r10 2d4+4 slashing 1d4 cold",
		save: "Cold Breath con 15 9d8 cold half 30-foot Cone recharge5", multi: "Rend*3"},
	{name: "Adult Red Dragon", size: "Huge", typ: "Dragon", align: "Chaotic Evil", ac: 19, init: 12, hp: 256,
		hitDice: "19d12+133", speeds: "climb 40, fly 80, walk 40", scores: [6]int{27, 10, 25, 16, 13, 23},
		saves: [6]int{8, 6, 7, 3, 7, 6}, skills: "perception+13 stealth+6", senses: "blindsight60 darkvision120",
		passive: 23, immune: "fire", cr: "17", xp: 18000, lair: 20000, pb: 6, attack: "Rend +14 r10 1d10+8 slashing 2d4 fire",
		save: "Fire Breath dex 21 17d6 fire half 60-foot Cone recharge5", multi: "Rend*3", legendUses: 3, legendCount: 3},
	{name: "Aboleth", size: "Large", typ: "Aberration", align: "Lawful Evil", ac: 17, init: 7, hp: 150, hitDice: "20d10+40",
		speeds: "swim 40, walk 10", scores: [6]int{21, 9, 15, 18, 15, 18}, saves: [6]int{5, 3, 6, 8, 6, 4},
		skills: "history+12 perception+10", senses: "darkvision120", passive: 20, cr: "10", xp: 5900, lair: 7200, pb: 4,
		attack: "Tentacle +9 r15 2d6+5 bludgeoning", save: "Consume Memories int 16 3d6 psychic half",
		multi: "Tentacle*2", legendUses: 3, legendCount: 2},
	{name: "Zombie", size: "Medium", typ: "Undead", align: "Neutral Evil", ac: 8, init: -2, hp: 15, hitDice: "2d8+6",
		speeds: "walk 20", scores: [6]int{13, 6, 16, 3, 6, 5}, saves: [6]int{1, -2, 3, -4, 0, -3}, senses: "darkvision60",
		passive: 8, immune: "poison", condImmune: "exhaustion poisoned", cr: "1/4", xp: 50, pb: 2,
		attack: "Slam +3 r5 1d8+1 bludgeoning"},
	{name: "Will-o'-Wisp", size: "Tiny", typ: "Undead", align: "Chaotic Evil", ac: 19, init: 9, hp: 27, hitDice: "11d4",
		speeds: "fly 50, walk 5", scores: [6]int{1, 28, 10, 13, 14, 11}, saves: [6]int{-5, 9, 0, 1, 2, 0},
		senses: "darkvision120", passive: 12, resist: "acid bludgeoning cold fire necrotic piercing slashing",
		immune: "lightning poison", condImmune: "exhaustion grappled paralyzed petrified poisoned prone restrained unconscious",
		cr: "2", xp: 450, pb: 2, attack: "Shock +4 r5 2d8+2 lightning", save: "Consume Life con 10"},
	{name: "Ancient Red Dragon", size: "Gargantuan", typ: "Dragon", align: "Chaotic Evil", ac: 22, init: 14, hp: 507,
		hitDice: "26d20+234", speeds: "climb 40, fly 80, walk 40", scores: [6]int{30, 10, 29, 18, 15, 27},
		saves: [6]int{10, 7, 9, 4, 9, 8}, skills: "perception+16 stealth+7", senses: "blindsight60 darkvision120",
		passive: 26, immune: "fire", cr: "24", xp: 62000, lair: 75000, pb: 7, attack: "Rend +17 r15 2d8+10 slashing 3d6 fire",
		save: "Fire Breath dex 24 26d6 fire half 90-foot Cone recharge5", multi: "Rend*3", legendUses: 3, legendCount: 3},
	{name: "Remorhaz", size: "Huge", typ: "Monstrosity", align: "Unaligned", ac: 17, init: 5, hp: 195, hitDice: "17d12+85",
		speeds: "burrow 30, walk 40", scores: [6]int{24, 13, 21, 4, 10, 5}, saves: [6]int{7, 1, 5, -3, 0, -3},
		senses: "darkvision60 tremorsense60", passive: 10, immune: "cold fire", cr: "11", xp: 7200, pb: 4,
		attack: "Bite +11 r10 2d10+7 piercing 4d6 fire", save: "Swallow str 19"},
	{name: "Winter Wolf", size: "Large", typ: "Monstrosity", align: "Neutral Evil", ac: 13, init: 1, hp: 75, hitDice: "10d10+20",
		speeds: "walk 50", scores: [6]int{18, 13, 14, 7, 12, 8}, saves: [6]int{4, 1, 2, -2, 1, -1},
		skills: "perception+5 stealth+5", passive: 15, immune: "cold", cr: "3", xp: 700, pb: 2,
		attack: "Bite +6 r5 2d6+4 piercing", save: "Cold Breath con 12 4d8 cold half 15-foot Cone recharge5"},
	{name: "Wyvern", size: "Large", typ: "Dragon", align: "Unaligned", ac: 14, init: 0, hp: 127, hitDice: "15d10+45",
		speeds: "fly 80, walk 30", scores: [6]int{19, 10, 16, 5, 12, 6}, saves: [6]int{4, 0, 3, -3, 1, -2},
		skills: "perception+4", senses: "darkvision120", passive: 14, cr: "6", xp: 2300, pb: 3,
		attack: "Bite +7 r5 2d8+4 piercing", multi: "Bite Sting"},
	{name: "Succubus", size: "Medium", typ: "Fiend", align: "Neutral Evil", ac: 15, init: 3, hp: 71, hitDice: "13d8+13",
		speeds: "fly 60, walk 30", scores: [6]int{8, 17, 13, 15, 12, 20}, saves: [6]int{-1, 3, 1, 2, 1, 5},
		skills: "deception+9 insight+5 perception+5 persuasion+9 stealth+7", senses: "darkvision60", passive: 15,
		resist: "cold fire poison psychic", cr: "4", xp: 1100, pb: 2, attack: "Fiendish Touch +7 r5 2d10+5 psychic",
		save: "Draining Kiss con 15 3d8 psychic half", multi: "Fiendish Touch"},
	{name: "Wolf", size: "Medium", typ: "Beast", align: "Unaligned", ac: 12, init: 2, hp: 11, hitDice: "2d8+2",
		speeds: "walk 40", scores: [6]int{14, 15, 12, 3, 12, 6}, saves: [6]int{2, 2, 1, -4, 1, -2},
		skills: "perception+5 stealth+4", senses: "darkvision60", passive: 15, cr: "1/4", xp: 50, pb: 2,
		attack: "Bite +4 r5 1d6+2 piercing"},
}

func speeds(m *srd.Monster) string {
	var out []string
	for _, s := range m.Speeds {
		out = append(out, fmt.Sprintf("%s %d", s.Mode, s.Feet))
	}
	sortStrings(out)
	return strings.Join(out, ", ")
}

func sortStrings(s []string) {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
}

func bonuses(list []srd.Bonus, sep string) string {
	var out []string
	for _, b := range list {
		out = append(out, fmt.Sprintf("%s%s%d", b.Name, sep, b.Value))
	}
	return strings.Join(out, " ")
}

func types(list []srd.DamageTrait) string {
	var out []string
	for _, d := range list {
		out = append(out, d.Type)
	}
	return strings.Join(out, " ")
}

func damages(list []srd.Damage) string {
	var out []string
	for _, d := range list {
		out = append(out, d.Dice+" "+d.Type)
	}
	return strings.Join(out, " ")
}

func attackText(e *srd.Entry) string {
	a := e.Attack
	s := fmt.Sprintf("%s %+d", e.Name, a.Bonus)
	if a.Reach > 0 {
		s += fmt.Sprintf(" r%d", a.Reach)
	}
	if a.Range[0] > 0 {
		s += fmt.Sprintf(" %d/%d", a.Range[0], a.Range[1])
	}
	s += " " + damages(a.Damage)
	if len(a.WithAdvantage) > 0 {
		s += " [adv " + a.WithAdvantage[0].Dice + "]"
	}
	return s
}

func saveText(e *srd.Entry) string {
	sv := e.Save
	s := fmt.Sprintf("%s %s %d", e.Name, sv.Ability, sv.DC)
	if d := damages(sv.FailDmg); d != "" {
		s += " " + d
	}
	if sv.Half {
		s += " half"
	}
	if sv.Area != "" {
		s += " " + sv.Area
	}
	if e.Limit.Recharge > 0 {
		s += fmt.Sprintf(" recharge%d", e.Limit.Recharge)
	}
	return s
}

// TestTwentyMonsters checks 20 stat blocks field by field against the
// values transcribed from the data (three of them are the damaged tables
// the data README lists, one the Succubus with its Initiative on a line
// of its own).
func TestTwentyMonsters(t *testing.T) {
	all := parse521(t)
	for _, w := range twenty {
		m := all[w.name]
		if m == nil {
			t.Errorf("%s: not parsed", w.name)
			continue
		}
		got := []struct {
			field     string
			got, want any
		}{
			{"size", m.Sizes[0], w.size}, {"type", m.Type, w.typ}, {"alignment", m.Alignment, w.align},
			{"AC", m.AC, w.ac}, {"initiative", m.Initiative, w.init}, {"HP", m.HP, w.hp}, {"hit dice", m.HitDice, w.hitDice},
			{"speeds", speeds(m), w.speeds}, {"scores", m.Scores, w.scores}, {"saves", m.Saves, w.saves},
			{"skills", bonuses(m.Skills, "+"), strings.ReplaceAll(w.skills, "+-", "-")}, {"senses", bonuses(m.Senses, ""), w.senses},
			{"passive", m.Passive, w.passive}, {"resistances", types(m.Resists), w.resist},
			{"vulnerabilities", types(m.Vulns), w.vuln}, {"immunities", types(m.Immunities), w.immune},
			{"condition immunities", strings.Join(m.CondImmune, " "), w.condImmune}, {"CR", m.CR, w.cr}, {"XP", m.XP, w.xp},
			{"XP in lair", m.XPLair, w.lair}, {"PB", m.PB, w.pb}, {"legendary uses", m.LegendUses, w.legendUses},
			{"legendary actions", len(m.Legendary), w.legendCount},
		}
		for _, g := range got {
			if fmt.Sprint(g.got) != fmt.Sprint(g.want) {
				t.Errorf("%s: %s = %v, the data says %v", w.name, g.field, g.got, g.want)
			}
		}
		var atk, sav string
		var multi []string
		for _, e := range m.Actions {
			if e.Attack != nil && atk == "" {
				atk = attackText(e)
			}
			if e.Save != nil && sav == "" {
				sav = saveText(e)
			}
			if e.Multi != nil {
				for _, a := range e.Multi.Attacks {
					for i := 0; i < a.Value; i++ {
						multi = append(multi, a.Name)
					}
				}
				for i := 0; i < e.Multi.Count; i++ {
					multi = append(multi, e.Multi.Choice[0])
				}
			}
		}
		for _, e := range m.Bonus {
			if e.Save != nil && sav == "" {
				sav = saveText(e)
			}
		}
		if strings.TrimSpace(atk) != w.attack {
			t.Errorf("%s: first attack %q, the data says %q", w.name, atk, w.attack)
		}
		if w.save != "" && !strings.HasPrefix(sav, w.save) {
			t.Errorf("%s: first save effect %q, the data says %q", w.name, sav, w.save)
		}
		if w.multi != "" && compress(multi) != w.multi {
			t.Errorf("%s: multiattack %q, the data says %q", w.name, compress(multi), w.multi)
		}
	}
}

// compress writes ["Rend", "Rend", "Rend"] as "Rend*3".
func compress(list []string) string {
	if len(list) > 1 {
		same := true
		for _, x := range list {
			same = same && x == list[0]
		}
		if same {
			return fmt.Sprintf("%s*%d", list[0], len(list))
		}
	}
	return strings.Join(list, " ")
}

// TestDamagedTablesRepaired: the three damaged ability tables of the data
// README read to the values it gives; Will-o'-Wisp's missing STR score is
// the one documented repair.
func TestDamagedTablesRepaired(t *testing.T) {
	all := parse521(t)
	for name, want := range map[string][3][6]int{
		"Ancient Red Dragon": {{30, 10, 29, 18, 15, 27}, {10, 0, 9, 4, 2, 8}, {10, 7, 9, 4, 9, 8}},
		"Remorhaz":           {{24, 13, 21, 4, 10, 5}, {7, 1, 5, -3, 0, -3}, {7, 1, 5, -3, 0, -3}},
		"Will-o'-Wisp":       {{1, 28, 10, 13, 14, 11}, {-5, 9, 0, 1, 2, 0}, {-5, 9, 0, 1, 2, 0}},
	} {
		m := all[name]
		if m.Scores != want[0] || m.Mods != want[1] || m.Saves != want[2] {
			t.Errorf("%s: scores %v mods %v saves %v, want %v", name, m.Scores, m.Mods, m.Saves, want)
		}
		if (name == "Will-o'-Wisp") != (len(m.Repairs) == 1) {
			t.Errorf("%s: repairs %v", name, m.Repairs)
		}
	}
}

// malformed holds four stat blocks: a good one, one with a broken AC line,
// one whose table gives a score and a modifier that disagree, one with no
// CR line, and a last good one.
const malformed = `# Test

## Good One

_Small Beast, Unaligned_

**AC** 12 **Initiative** +2 (12) <br>
**HP** 7 (2d6) <br>
**Speed** 30 ft. <br>

<table><tbody>
<tr><td><strong>STR</strong></td><td>10</td><td>+0</td><td>+0</td><td><strong>DEX</strong></td><td>14</td><td>+2</td><td>+2</td><td><strong>CON</strong></td><td>10</td><td>+0</td><td>+0</td></tr>
<tr><td><strong>INT</strong></td><td>2</td><td>−4</td><td>−4</td><td><strong>WIS</strong></td><td>12</td><td>+1</td><td>+1</td><td><strong>CHA</strong></td><td>6</td><td>−2</td><td>−2</td></tr>
</tbody></table>

**Senses** Passive Perception 11<br>
**Languages** None<br>
**CR** 1/8 (XP 25; PB +2)

### Actions

<hr>

**_Bite._** _Melee Attack Roll:_ +4, reach 5 ft. _Hit:_ 4 (1d4 + 2) Piercing damage.

## Bad AC

_Small Beast, Unaligned_

**AC** twelve <br>
**HP** 7 (2d6) <br>

## Bad Table

_Small Beast, Unaligned_

**AC** 12 **Initiative** +2 (12) <br>
**HP** 7 (2d6) <br>
**Speed** 30 ft. <br>

<table><tbody>
<tr><td><strong>STR</strong></td><td>10</td><td>+3</td><td>+0</td><td><strong>DEX</strong></td><td>14</td><td>+2</td><td>+2</td><td><strong>CON</strong></td><td>10</td><td>+0</td><td>+0</td></tr>
<tr><td><strong>INT</strong></td><td>2</td><td>−4</td><td>−4</td><td><strong>WIS</strong></td><td>12</td><td>+1</td><td>+1</td><td><strong>CHA</strong></td><td>6</td><td>−2</td><td>−2</td></tr>
</tbody></table>

**CR** 1/8 (XP 25; PB +2)

## No CR

_Small Beast, Unaligned_

**AC** 12 **Initiative** +2 (12) <br>
**HP** 7 (2d6) <br>
**Speed** 30 ft. <br>

## Good Two

_Tiny Beast, Unaligned_

**AC** 10 **Initiative** +0 (10) <br>
**HP** 1 (1d4 − 1) <br>
**Speed** 20 ft. <br>

<table><tbody>
<tr><td><strong>STR</strong></td><td>2</td><td>−4</td><td>−4</td><td><strong>DEX</strong></td><td>11</td><td>+0</td><td>+0</td><td><strong>CON</strong></td><td>8</td><td>−1</td><td>−1</td></tr>
<tr><td><strong>INT</strong></td><td>2</td><td>−4</td><td>−4</td><td><strong>WIS</strong></td><td>10</td><td>+0</td><td>+0</td><td><strong>CHA</strong></td><td>4</td><td>−3</td><td>−3</td></tr>
</tbody></table>

**Senses** Passive Perception 10<br>
**Languages** None<br>
**CR** 0 (XP 10; PB +2)
`

// TestMalformedBlocksAreRefusedByName: each bad stat block is refused with
// its name and the line of the defect; the good ones around them parse.
func TestMalformedBlocksAreRefusedByName(t *testing.T) {
	ms, bad := srd.ParseMarkdown("test.md", []byte(malformed))
	if len(ms) != 2 || ms[0].Name != "Good One" || ms[1].Name != "Good Two" {
		t.Fatalf("parsed %d blocks, want Good One and Good Two", len(ms))
	}
	if ms[1].HitDice != "1d4-1" || ms[0].Actions[0].Attack == nil || ms[0].Actions[0].Attack.Bonus != 4 {
		t.Errorf("good blocks read wrong: %+v %+v", ms[1], ms[0].Actions[0])
	}
	want := []struct {
		line int
		text string
	}{
		{30, "Bad AC: cannot read the AC line"},
		{41, "Bad Table: ability table: str score 10 has modifier +0, the table says +3"},
		{48, "No CR: no **CR** line"},
	}
	if len(bad) != len(want) {
		t.Fatalf("refused %d, want %d: %v", len(bad), len(want), bad)
	}
	for i, w := range want {
		e := bad[i]
		if e.File != "test.md" || e.Line != w.line || !strings.Contains(e.Error(), w.text) || !strings.Contains(strings.Join(e.During, " "), "stat block") {
			t.Errorf("refusal %d: %q (line %d), want line %d and %q", i, e.Error(), e.Line, w.line, w.text)
		}
	}
}

// TestGarbageNeverPanics feeds the parsers truncated and shuffled copies
// of the real files: they report, they do not crash.
func TestGarbageNeverPanics(t *testing.T) {
	b := read(t, srdgen.File521AZ)
	for _, cut := range []int{1, 100, 1000, 5000, 33333, len(b) / 2} {
		srd.ParseMarkdown("cut.md", b[:cut])
		srd.ParseMarkdown("tail.md", b[len(b)-cut:])
	}
	j := read(t, srdgen.FileDB2014)
	for _, cut := range []int{0, 1, 2, 1000, len(j) / 3} {
		if _, bad := srd.ParseDB("cut.json", srd.SRD51, j[:cut]); len(bad) == 0 {
			t.Errorf("a JSON file cut at %d gave no error", cut)
		}
	}
	if _, bad := srd.Parse35("x.json", []byte(`{"meta": {"edition": "3.0"}, "monsters": []}`)); len(bad) != 1 {
		t.Errorf("a non-3.5 file was accepted")
	}
}

// TestDB: the 5e-database files: 334 SRD 5.1 records and 3 SRD 5.2.1
// ones, none refused; the five save effects whose success_type says
// "none" though the text says half damage are read as half (README).
func TestDB(t *testing.T) {
	old, bad := srd.ParseDB("2014.json", srd.SRD51, read(t, srdgen.FileDB2014))
	if len(old) != 334 || len(bad) != 0 {
		t.Fatalf("2014: %d records, %d refused: %v", len(old), len(bad), bad)
	}
	by := map[string]*srd.Monster{}
	for _, m := range old {
		by[m.Name] = m
	}
	for name, action := range map[string]string{"Adult Red Dragon": "Fire Breath", "Ancient White Dragon": "Cold Breath",
		"Green Dragon Wyrmling": "Poison Breath", "Lich": "Disrupt Life", "Winter Wolf": "Cold Breath"} {
		e := by[name].Find(action)
		if e == nil || e.Save == nil || !e.Save.Half {
			t.Errorf("%s %s: not read as half damage on a success", name, action)
		}
	}
	g := by["Goblin"]
	if g.AC != 15 || g.HP != 7 || g.HitDice != "2d6" || g.CR != "1/4" || g.HasInit || g.Scores != [6]int{8, 14, 10, 10, 8, 8} ||
		bonuses(g.Skills, "+") != "stealth+6" || g.Actions[0].Attack.Bonus != 4 || damages(g.Actions[0].Attack.Damage) != "1d6+2 slashing" ||
		g.Actions[1].Attack.Range != [2]int{80, 320} || g.Saves != [6]int{-1, 2, 0, 0, -1, -1} {
		t.Errorf("2014 Goblin: %+v", g)
	}
	orc := by["Orc"]
	if orc.Line == 0 || orc.Actions[0].Attack == nil || orc.Actions[0].Attack.Bonus != 5 {
		t.Errorf("2014 Orc: %+v", orc)
	}
	r := by["Adult Red Dragon"]
	if r.LegendUses != 3 || len(r.Legendary) != 3 || r.Legendary[2].Limit.Cost != 2 {
		t.Errorf("2014 Adult Red Dragon legendary: %d uses, %d actions", r.LegendUses, len(r.Legendary))
	}
	neu, bad := srd.ParseDB("2024.json", srd.SRD521, read(t, srdgen.FileDB2024))
	if len(neu) != 3 || len(bad) != 0 {
		t.Fatalf("2024: %d records, %d refused", len(neu), len(bad))
	}
}

// TestDBCrossCheck compares the SRD 5.2.1 Markdown with the 2024 JSON (the
// same three stat blocks): they agree; a changed field is reported.
func TestDBCrossCheck(t *testing.T) {
	all := parse521(t)
	neu, _ := srd.ParseDB("2024.json", srd.SRD521, read(t, srdgen.FileDB2024))
	for _, c := range neu {
		n, d := srdgen.Compare(all[c.Name], c)
		if n < 20 || len(d) != 0 {
			t.Errorf("%s: %d fields compared, differences %v", c.Name, n, d)
		}
	}
	c := *neu[0]
	c.HP++
	c.Scores[2]++
	if _, d := srdgen.Compare(all[c.Name], &c); len(d) != 2 {
		t.Errorf("two changed fields gave %v", d)
	}
}

// TestParse35: the SRD 3.5 file: 539 records, Psicrystal (no hit points
// of its own) refused by name and line, the rest parsed, with the 3.0
// view of the README's differences.
func TestParse35(t *testing.T) {
	ms, bad := srd.Parse35("srd35-monsters.json", read(t, srdgen.File35))
	if len(ms) != 538 || len(bad) != 1 || !strings.Contains(bad[0].Error(), "Psicrystal") || bad[0].Line == 0 {
		t.Fatalf("%d parsed, refused %v", len(ms), bad)
	}
	by := map[string]*srd.Monster35{}
	for _, m := range ms {
		by[m.ID] = m
		if m.Line == 0 || m.HP <= 0 || m.AC == nil || m.Name == "" {
			t.Errorf("%s: incomplete %+v", m.ID, m)
		}
	}
	tr := by["troll"]
	if tr.HP != 63 || tr.HitDice != "6d8+36" || *tr.AC != 16 || *tr.Touch != 11 || *tr.Flat != 14 || *tr.BAB != 4 ||
		*tr.Grapple != 14 || *tr.Fort != 11 || *tr.Scores[0] != 23 || tr.Speeds["land"] != 30 || tr.CR != 5 ||
		len(tr.FullAttack) != 1 || len(tr.FullAttack[0]) != 2 || tr.FullAttack[0][0].Count != 2 || tr.Reach != 10 {
		t.Errorf("troll: %+v", tr)
	}
	o := tr.ThreeOh
	if o.Size != "Large" || o.Attacks != "2 claws +9 melee, bite +4 melee" || o.Damage != "claws 1d6+6, bite 1d6+3" ||
		o.FaceReach != "10 ft. by 10 ft./10 ft." || bonuses(o.Skills, "+") != "listen+5 spot+6" {
		t.Errorf("troll in 3.0: %+v", o)
	}
	var medium, dr, survival bool
	for _, m := range ms {
		if m.Size == "Medium" && m.ThreeOh.Size == "Medium-size" {
			medium = true
		}
		for _, d := range m.ThreeOh.DR {
			dr = dr || strings.HasSuffix(d, "/+1")
		}
		for i, s := range m.Skills {
			survival = survival || (s.Name == "survival" && m.ThreeOh.Skills[i].Name == "wilderness_lore")
		}
	}
	if !medium || !dr || !survival {
		t.Errorf("3.0 differences: Medium-size %v, DR /+1 %v, Wilderness Lore %v", medium, dr, survival)
	}
}
