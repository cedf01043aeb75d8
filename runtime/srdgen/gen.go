// Package srdgen writes monster scripts from stat blocks read by
// runtime/srd: one Lua file per stat block, data first (the stat block as
// a table for scripts/core/5e/bestiary.lua), with what the importer could
// model as data (attacks, Multiattack, save effects with their recharge,
// legendary actions, conditions a hit imposes), the traits it recognises
// by name mapped to the shared ability scripts (scripts/monsters/abilities)
// with their numbers as parameters, and, listed in the script, what it
// could not model.
//
// A writer exists per rule system's stat-block format: Write5e (for
// scripts/core/5e/bestiary.lua) and Write3e (SRD 3.5 stat blocks for
// scripts/core/3e/bestiary.lua, gen3e.go).
package srdgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dndsh/dndsh/runtime/srd"
)

// Script is one generated monster script.
type Script struct {
	ID, Name   string
	Zh         string // the Chinese name, "" when there is none
	Source     string // "SRD 5.2.1"
	Where      string // "monsters-A-Z.md:123"
	CR, Type   string
	Size       string
	Text       []byte
	Modelled   []string // entries modelled (as data or by an ability)
	Unmodelled []string // what the script does not do, with the reason
	Inert      []string // entries with no effect in a fight, with the reason
	Unused     []string // optional choices the monster never takes
	Repairs    []string // fixes the writer made to the data (3e)
}

// Full reports whether the script models everything its stat block does
// in a fight.
func (s *Script) Full() bool { return len(s.Unmodelled) == 0 }

// Status is "full" or "partial".
func (s *Script) Status() string {
	if s.Full() {
		return "full"
	}
	return "partial"
}

// gen holds the state of one script being written.
type gen struct {
	m      *srd.Monster
	s      *Script
	stat   *table
	attack map[string]*srd.Entry // attack entries by lower-case name
	atkT   []*table
	acts   []*table // save-effect actions
	bonus  []*table
	spec   []*table // specials
	uses   []string
}

func (g *gen) unmodelled(format string, args ...any) {
	g.s.Unmodelled = append(g.s.Unmodelled, fmt.Sprintf(format, args...))
}
func (g *gen) inert(format string, args ...any) {
	g.s.Inert = append(g.s.Inert, fmt.Sprintf(format, args...))
}
func (g *gen) unused(format string, args ...any) {
	g.s.Unused = append(g.s.Unused, fmt.Sprintf(format, args...))
}
func (g *gen) modelled(name string) { g.s.Modelled = append(g.s.Modelled, name) }

// excerpt shortens s for a note.
func excerpt(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len([]rune(s)) > 90 {
		r := []rune(s)
		return string(r[:87]) + "..."
	}
	return s
}

// Write5e writes the 5e monster script of m.
func Write5e(m *srd.Monster) (*Script, error) {
	if m.ID == "" || m.HP <= 0 || m.AC <= 0 {
		return nil, fmt.Errorf("%s: a stat block needs an id, hit points and an AC", m.Where())
	}
	g := &gen{m: m, s: &Script{ID: m.ID, Name: m.Name, Source: m.Source, Where: fmt.Sprintf("%s:%d", m.File, m.Line),
		CR: m.CR, Type: strings.ToLower(m.Type), Size: strings.ToLower(m.Sizes[0])}, stat: &table{}, attack: map[string]*srd.Entry{}}
	g.header()
	g.attacks()
	g.multiattack()
	g.saveActions()
	g.traits()
	g.reactions()
	g.legendary()
	if len(g.atkT) == 0 {
		hasAttack := false
		for _, sec := range m.Entries() {
			hasAttack = hasAttack || sec.Attack != nil
		}
		if hasAttack {
			g.unmodelled("no attack the importer could read: it cannot fight")
		} else if len(g.acts) == 0 && len(g.bonus) == 0 {
			g.inert("it has no attack and no save effect: it makes none in a fight")
		}
	}
	g.footer()
	return g.s, nil
}

func (g *gen) header() {
	m, t := g.m, g.stat
	name := (&table{}).set("en", m.Name)
	if zh := ChineseName(m.Name); zh != "" {
		name.set("zh", zh)
		g.s.Zh = zh
	}
	t.set("id", m.ID).set("name", name).set("source", m.Source).set("data", g.s.Where)
	if m.Group != "" {
		t.set("group", m.Group)
	}
	t.set("size", strings.ToLower(m.Sizes[0]))
	if len(m.Sizes) > 1 {
		t.set("sizes", lower(m.Sizes))
	}
	tags := []string{strings.ToLower(m.Type)}
	for _, x := range m.Tags {
		tags = append(tags, srd.Slug(x))
	}
	t.set("creature_type", strings.ToLower(m.Type)).set("tags", tags).set("alignment", m.Alignment)
	t.set("ac", m.AC)
	init := m.Initiative
	if !m.HasInit {
		init = m.Mods[1] // SRD 5.1: Initiative is the Dexterity modifier
	}
	t.set("init", init).set("hp", m.HP).setIf("hit_dice", m.HitDice)
	sp := map[string]int{}
	for _, s := range m.Speeds {
		sp[s.Mode] = s.Feet
	}
	t.set("speed", sp).setIf("hover", m.Hover)
	ab := &table{}
	saves := &table{}
	for i, a := range srd.Abilities {
		ab.set(a, m.Scores[i])
		if !m.SaveGiven[i] {
			continue
		}
		if s := m.Saves[i]; s != m.Mods[i] && s != m.Mods[i]+m.PB {
			g.unmodelled("%s save %+d: neither the modifier %+d nor modifier + PB %+d (the modifier is used)",
				strings.ToUpper(a), s, m.Mods[i], m.Mods[i]+m.PB)
			continue
		}
		saves.set(a, m.Saves[i])
	}
	t.set("abilities", ab).setIf("saves", saves)
	if len(m.Skills) > 0 {
		sk := map[string]int{}
		for _, s := range m.Skills {
			a, ok := skillAbility[s.Name]
			if !ok {
				g.unmodelled("skill %s: unknown", s.Name)
				continue
			}
			mod := m.Mods[a]
			if s.Value != mod+m.PB && s.Value != mod+2*m.PB {
				g.unmodelled("skill %s %+d: neither modifier + PB nor modifier + 2 x PB (left out)", s.Name, s.Value)
				continue
			}
			sk[s.Name] = s.Value
		}
		if len(sk) > 0 {
			t.set("skills", sk)
		}
	}
	traits := &table{}
	var notes []string
	for _, l := range []struct {
		kind, label string
		list        []srd.DamageTrait
	}{{"immune", "Immunity", m.Immunities}, {"resist", "Resistance", m.Resists}, {"vuln", "Vulnerability", m.Vulns}} {
		for _, d := range l.list {
			if d.Type == "" {
				g.unmodelled("%s %q: not a plain damage type", l.label, d.Note)
				continue
			}
			traits.add((&table{}).set("kind", l.kind).set("type", d.Type))
			if d.Note != "" {
				// "from nonmagical attacks": the fights' weapons are
				// nonmagical, so the trait applies to them.
				notes = append(notes, fmt.Sprintf("%s to %s %s", l.label, d.Type, d.Note))
			}
		}
	}
	t.setIf("traits", traits).setIf("trait_notes", notes)
	t.setIf("condition_immune", m.CondImmune)
	if len(m.Gear) > 0 {
		t.set("gear", m.Gear)
	}
	senses := map[string]int{}
	for _, s := range m.Senses {
		senses[s.Name] = s.Value
	}
	t.set("senses", senses).set("passive_perception", m.Passive)
	t.set("languages", m.Languages)
	t.set("cr", m.CR).set("xp", m.XP).setIf("xp_lair", m.XPLair).set("pb", m.PB)
	if len(m.Repairs) > 0 {
		t.set("repairs", m.Repairs)
	}
}

var skillAbility = map[string]int{"acrobatics": 1, "animal_handling": 4, "arcana": 3, "athletics": 0, "deception": 5,
	"history": 3, "insight": 4, "intimidation": 5, "investigation": 3, "medicine": 4, "nature": 3, "perception": 4,
	"performance": 5, "persuasion": 5, "religion": 3, "sleight_of_hand": 1, "stealth": 1, "survival": 4}

func lower(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// damageExpr writes damage parts as dndsh dice ("2d6+6 + 1d6[fire]"):
// the first part's type is the attack's type, the others are labelled.
func damageExpr(parts []srd.Damage) (string, string) {
	var b []string
	for i, d := range parts {
		x := d.Dice
		if x == "" {
			x = fmt.Sprint(d.Avg)
		}
		if i > 0 {
			x += "[" + d.Type + "]"
		}
		b = append(b, x)
	}
	if len(parts) == 0 {
		return "", ""
	}
	return strings.Join(b, " + "), parts[0].Type
}

// attacks writes the attack entries of the actions and bonus actions.
func (g *gen) attacks() {
	reach := 5
	for _, sec := range g.m.Entries() {
		a := sec.Attack
		if a == nil || (sec.Kind != "action" && sec.Kind != "bonus") {
			continue
		}
		e := sec.Entry
		if len(a.Damage) == 0 && len(a.OnHit) == 0 && a.Save == nil {
			g.unmodelled("%s: the hit deals no damage the importer could read (%s)", e.Name, excerpt(a.Rider))
			continue
		}
		dmg, typ := damageExpr(a.Damage)
		if dmg == "" {
			dmg = "0"
		}
		t := (&table{}).set("name", e.Name).set("bonus", a.Bonus).set("damage", dmg).setIf("type", typ)
		if a.Kind == "ranged" {
			t.set("ranged", true)
		} else if a.Reach > 0 {
			t.set("reach", a.Reach)
			reach = max(reach, a.Reach)
		}
		if a.Range[0] > 0 {
			t.set("range", &table{items: []any{a.Range[0], a.Range[1]}})
		}
		if sec.Kind == "bonus" {
			t.set("bonus_action", true)
			g.unmodelled("%s: a Bonus Action attack (the engine makes attacks as the Action)", e.Name)
		}
		if e.Limit.Recharge > 0 || e.Limit.PerDay > 0 {
			// a limited attack: its kit makes it when it is ready (never
			// part of the Multiattack)
			t.set("variant", true)
			limit(t, e.Limit)
		}
		if len(a.WithAdvantage) > 0 {
			x, _ := damageExpr(a.WithAdvantage)
			t.set("with_advantage", x)
		}
		if len(a.OnHit) > 0 {
			t.set("on_hit", effects(a.OnHit))
		}
		if a.Save != nil {
			sv, ok := g.saveSpec(e.Name, a.Save, true)
			if ok {
				if a.SaveIf != "" && a.SaveIf != "creature" {
					sv.set("only", srd.Slug(a.SaveIf))
				}
				t.set("hit_save", sv)
			}
		}
		if len(a.Alt) > 0 {
			g.alternative(e.Name, a, t)
		}
		t.setIf("drain", a.Drain)
		if e.Limit.Form != "" {
			g.unused("%s: %s (shape changes are not modelled: it has every form's attacks)", e.Name, e.Limit.Form)
		}
		for _, r := range sentences(a.Rider) {
			switch {
			case chargeRE().MatchString(r):
				g.unused("%s: %q (a charge: fights have no positions, so it never moves before a hit)", e.Name, excerpt(r))
			case pushRE().MatchString(r):
				g.inert("%s: %q (fights have no positions)", e.Name, excerpt(r))
			case objectRE().MatchString(r):
				g.inert("%s: %q (objects)", e.Name, excerpt(r))
			default:
				g.unmodelled("%s: on a hit, %q", e.Name, excerpt(r))
			}
		}
		if a.Miss != "" && strings.Contains(a.Miss, "damage") {
			g.unmodelled("%s: %q", e.Name, excerpt(a.Miss))
		}
		g.attack[strings.ToLower(e.Name)] = e
		g.atkT = append(g.atkT, t)
		g.modelled(e.Name)
	}
	g.stat.set("reach", reach)
	at := &table{}
	// limited attacks last: the engine's attack without a Multiattack is
	// the first one
	for _, limited := range []bool{false, true} {
		for _, t := range g.atkT {
			if t.has("variant") == limited {
				at.add(t)
			}
		}
	}
	g.stat.set("attacks", at) // attacks = {}: it makes none
}

var (
	chargeRE  = srd.LazyRE(`moved \d+\+? feet straight toward`)
	pushRE    = srd.LazyRE(`(?:pushes|pulls) the target|is pushed up to|is pulled up to`)
	objectRE  = srd.LazyRE(`^If the target is a (?:creature or a )?flammable object`)
	sentEndRE = srd.LazyRE(`\.\s+`)
)

// sentences splits a rider into its sentences (a leading ", and ..."
// fragment is one).
func sentences(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" || s == "." {
		return nil
	}
	var out []string
	for _, p := range sentEndRE().Split(s, -1) {
		if p = strings.TrimSpace(p); p != "" && p != "." {
			out = append(out, p)
		}
	}
	return out
}

// alternative writes an attack's alternative damage ("or 5 (2d4) Piercing
// damage if the swarm is Bloodied") when the condition is one the fights
// know.
func (g *gen) alternative(name string, a *srd.Attack, t *table) {
	x, _ := damageExpr(a.Alt)
	cond := strings.ToLower(a.AltIf)
	when := ""
	switch {
	case strings.Contains(cond, "swarm is bloodied") || strings.Contains(cond, "half of its hit points or fewer"):
		when = "self_bloodied"
	case strings.Contains(cond, "target is bloodied"):
		when = "target_bloodied"
	case strings.Contains(cond, "advantage"):
		when = "advantage"
	case strings.Contains(cond, "target is grappled"):
		when = "target_grappled"
	case strings.Contains(cond, "two hands") || strings.Contains(cond, "enlarged"):
		g.unused("%s: the damage %s %s (not used)", name, x, a.AltIf)
		return
	default:
		g.unmodelled("%s: the damage %s %s", name, x, a.AltIf)
		return
	}
	t.set("alt_damage", x).set("alt_if", when)
}

func effects(list []srd.Effect) *table {
	out := &table{}
	for _, e := range list {
		t := (&table{}).set("condition", e.Condition)
		if e.MaxSize != "" {
			t.set("max_size", strings.ToLower(e.MaxSize))
		}
		t.setIf("escape", e.Escape).setIf("lasts", e.Until)
		out.add(t)
	}
	return out
}

// expected is an attack's average damage (for choosing among attacks).
func expected(e *srd.Entry) int {
	n := 0
	for _, d := range e.Attack.Damage {
		n += d.Avg
	}
	return n
}

// findAttack finds an attack by name, also by its singular or plural
// ("claws" for Claw, SRD 5.1's lower-case names).
func (g *gen) findAttack(name string) *srd.Entry {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, k := range []string{n, strings.TrimSuffix(n, "s"), n + "s"} {
		if e := g.attack[k]; e != nil {
			return e
		}
	}
	return nil
}

// multiattack writes the engine's multiattack list from the Multiattack
// entry.
func (g *gen) multiattack() {
	var entry *srd.Entry
	for _, e := range g.m.Actions {
		if e.Multi != nil {
			entry = e
		}
	}
	if entry == nil {
		return
	}
	mu := entry.Multi
	var list []string
	ok := true
	for _, a := range mu.Attacks {
		e := g.findAttack(a.Name)
		if e == nil && strings.EqualFold(a.Name, "melee") {
			// "two melee attacks": its best melee attack
			for _, x := range g.attack {
				if x.Attack.Kind != "ranged" && (e == nil || expected(x) > expected(e) || expected(x) == expected(e) && x.Name < e.Name) {
					e = x
				}
			}
			if e != nil {
				g.unused("Multiattack: always %s (its melee attack with the most damage)", e.Name)
			}
		}
		if e == nil {
			if act := g.m.Find(a.Name); act != nil && act.Attack == nil {
				// SRD 5.1 lists "Frightful Presence" among the attacks
				g.uses = append(g.uses, act.Name)
				continue
			}
			g.unmodelled("Multiattack: %d %s attack(s): no such attack was read", a.Value, a.Name)
			ok = false
			continue
		}
		for i := 0; i < a.Value; i++ {
			list = append(list, e.Name)
		}
	}
	if len(mu.Choice) > 0 {
		var best *srd.Entry
		for _, c := range mu.Choice {
			e := g.findAttack(c)
			if e != nil && (best == nil || expected(e) > expected(best)) {
				best = e
			}
		}
		if best == nil {
			g.unmodelled("Multiattack: %s: none of them was read", strings.Join(mu.Choice, ", "))
			ok = false
		} else {
			for i := 0; i < mu.Count; i++ {
				list = append(list, best.Name)
			}
			if len(mu.Choice) > 1 {
				g.unused("Multiattack: always %s (the most damage) of %s", best.Name, strings.Join(mu.Choice, ", "))
			}
		}
	}
	for _, u := range mu.Uses {
		if e := g.findAttack(u.Name); e != nil {
			for i := 0; i < u.Value; i++ {
				list = append(list, e.Name)
			}
			continue
		}
		g.uses = append(g.uses, u.Name)
	}
	for _, part := range strings.Split(mu.Rest, "; ") {
		part = strings.TrimSpace(part)
		switch {
		case part == "":
		case strings.HasPrefix(part, "It can replace") || strings.HasPrefix(part, "or ") ||
			strings.HasPrefix(part, "optional:") || strings.HasPrefix(part, "The dragon can use its Frightful Presence"):
			g.unused("Multiattack: %s", excerpt(part))
		default:
			g.unmodelled("Multiattack: %q", excerpt(part))
			ok = false
		}
	}
	if len(list) > 0 {
		g.stat.set("multiattack", list)
		if ok {
			g.modelled("Multiattack")
		}
	} else {
		g.unmodelled("Multiattack: no attack read (%s)", excerpt(entry.Text))
	}
}

var (
	targetSizeRE = srd.LazyRE(`^one (Tiny|Small|Medium|Large|Huge|Gargantuan) or smaller creature`)
	onceRE       = srd.LazyRE(`can't take this action again until the start of its next turn`)
)

// saveSpec writes a save effect as data: ability, DC, damage, half, the
// conditions of a failure, the targets. ok is false when nothing of it
// could be modelled.
func (g *gen) saveSpec(name string, sv *srd.SaveEffect, onHit bool) (*table, bool) {
	t := (&table{}).set("save", sv.Ability).set("dc", sv.DC)
	if sv.Ability == "" || sv.DC == 0 {
		g.unmodelled("%s: cannot read the saving throw", name)
		return nil, false
	}
	if len(sv.FailDmg) > 0 {
		d, typ := damageExpr(sv.FailDmg)
		t.set("damage", d).set("type", typ)
	}
	if sv.Half {
		t.set("half", true)
	}
	t.setIf("drain", sv.Drain)
	if len(sv.FailEffects) > 0 {
		t.set("effects", effects(sv.FailEffects))
	}
	if !onHit {
		g.targets(name, sv, t)
	}
	if sv.Stages {
		g.unmodelled("%s: a save repeated over turns (First and Second Failure)", name)
	}
	if sv.FailRest != "" && sv.FailRest != "." {
		g.unmodelled("%s: on a failure, %q", name, excerpt(sv.FailRest))
	}
	if sv.Success != "" && !sv.Half {
		g.unmodelled("%s: on a success, %q", name, excerpt(sv.Success))
	}
	if sv.Both != "" {
		if onceRE().MatchString(sv.Both) {
			t.set("once_per_turn", true)
		} else {
			g.unmodelled("%s: %q", name, excerpt(sv.Both))
		}
	}
	if len(sv.FailDmg) == 0 && len(sv.FailEffects) == 0 {
		if sv.FailRest == "" {
			g.unmodelled("%s: the failure does nothing the importer could read", name)
		}
		return nil, false
	}
	return t, true
}

// targets writes who a save effect catches: every creature of an area
// (area), or one creature (max_size, needs).
func (g *gen) targets(name string, sv *srd.SaveEffect, t *table) {
	if sv.Area != "" {
		t.set("area", sv.Area)
		return
	}
	if sv.Each {
		// "each creature within 30 feet", "each enemy in ..."
		t.set("area", sv.Targets)
		return
	}
	tg := sv.Targets
	if m := targetSizeRE().FindStringSubmatch(tg); m != nil {
		t.set("max_size", strings.ToLower(m[1]))
	}
	for _, c := range srd.Conditions {
		if strings.Contains(strings.ToLower(tg), "has the "+c+" condition") || strings.Contains(tg, strings.ToUpper(c[:1])+c[1:]+" creature") {
			t.set("needs", c)
		}
	}
	if strings.Contains(tg, "Grappled by") || strings.Contains(tg, "Charmed by") || strings.Contains(tg, "Charmed or Grappled") {
		t.set("needs", "grappled_by_self")
		if strings.Contains(tg, "Charmed") {
			g.unmodelled("%s: targets a creature Charmed by it (only Grappled ones are found)", name)
		}
	}
	if strings.Contains(tg, "0 Hit Points") {
		g.unmodelled("%s: targets a creature at 0 Hit Points", name)
	}
}

// saveActions writes the actions and bonus actions that are save effects.
func (g *gen) saveActions() {
	for _, sec := range g.m.Entries() {
		if sec.Save == nil || sec.Attack != nil || (sec.Kind != "action" && sec.Kind != "bonus") {
			continue
		}
		e := sec.Entry
		t, ok := g.saveSpec(e.Name, sec.Save, false)
		if !ok {
			continue
		}
		t.fields = append([]field{{"name", e.Name}}, t.fields...)
		limit(t, e.Limit)
		if sec.Kind == "bonus" {
			g.bonus = append(g.bonus, t)
		} else {
			g.acts = append(g.acts, t)
		}
		g.modelled(e.Name)
	}
	for _, x := range []struct {
		key  string
		list []*table
	}{{"actions", g.acts}, {"bonus_actions", g.bonus}} {
		if len(x.list) > 0 {
			lt := &table{}
			for _, t := range x.list {
				lt.add(t)
			}
			g.stat.set(x.key, lt)
		}
	}
}

func limit(t *table, l srd.Limit) {
	t.setIf("recharge", l.Recharge)
	if l.PerDay > 0 {
		t.set("per_day", l.PerDay)
	}
	if l.Rest != "" {
		t.set("per_rest", l.Rest)
	}
}

// footer writes the remaining fields and the file.
func (g *gen) footer() {
	m, t := g.m, g.stat
	if len(g.uses) > 0 {
		var known []string
		for _, u := range g.uses {
			if g.isAction(u) {
				known = append(known, u)
			} else {
				g.unmodelled("Multiattack: uses %s, which is not modelled", u)
			}
		}
		if len(known) > 0 {
			t.set("multi_uses", known)
		}
	}
	if len(g.spec) > 0 {
		st := &table{}
		for _, s := range g.spec {
			st.add(s)
		}
		t.set("specials", st)
	}
	g.text()
	t.set("modelled", g.s.Status())
	t.setIf("unmodelled", g.s.Unmodelled)
	t.setIf("inert", g.s.Inert)
	t.setIf("unused", g.s.Unused)
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s (id %q), %s, %s.\n", m.Name, m.ID, m.Source, g.s.Where)
	b.WriteString("-- Generated by `dndsh import` from the stat block (do not edit: a\n")
	fmt.Fprintf(&b, "-- hand-written monsters/5e/%s.lua wins over this file).\n--\n", m.ID)
	for _, l := range attribution(m.Source) {
		b.WriteString("-- " + l + "\n")
	}
	b.WriteString("local bestiary = require(\"core.5e.bestiary\")\n\nreturn bestiary.monster")
	block(&b, t, "", 118)
	b.WriteString("\n")
	g.s.Text = []byte(b.String())
}

func (g *gen) isAction(name string) bool {
	for _, t := range append(append([]*table{}, g.acts...), g.bonus...) {
		if strings.EqualFold(t.fields[0].val.(string), name) {
			return true
		}
	}
	return false
}

// text writes the entries as printed (dndsh monster shows them).
func (g *gen) text() {
	m := g.m
	tt := &table{}
	if len(m.Printed) > 0 {
		keys := make([]string, 0, len(m.Printed))
		for k := range m.Printed {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		pr := &table{}
		for _, k := range keys {
			pr.set(strings.ToLower(k), m.Printed[k])
		}
		tt.set("lines", pr)
	}
	for _, s := range []struct {
		key  string
		list []*srd.Entry
	}{{"traits", m.Traits}, {"actions", m.Actions}, {"bonus_actions", m.Bonus}, {"reactions", m.Reactions}, {"legendary", m.Legendary}} {
		if len(s.list) == 0 {
			continue
		}
		lt := &table{}
		for _, e := range s.list {
			name := e.Name
			if e.Limit.Text != "" {
				name += " (" + e.Limit.Text + ")"
			}
			lt.add(&table{items: []any{name, e.Text}})
		}
		tt.set(s.key, lt)
	}
	tt.setIf("legendary_intro", m.LegendIntro)
	g.stat.set("text", tt)
}

// attribution is the notice the source's licence requires (data NOTICE).
func attribution(source string) []string {
	if source == srd.SRD51 {
		return []string{
			"This work includes material taken from the System Reference Document 5.1",
			"(“SRD 5.1”) by Wizards of the Coast LLC and available at",
			"https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1",
			"is licensed under the Creative Commons Attribution 4.0 International",
			"License available at https://creativecommons.org/licenses/by/4.0/legalcode.",
		}
	}
	return []string{
		"This work includes material from the System Reference Document 5.2.1",
		"(“SRD 5.2.1”) by Wizards of the Coast LLC, available at",
		"https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the",
		"Creative Commons Attribution 4.0 International License, available at",
		"https://creativecommons.org/licenses/by/4.0/legalcode.",
	}
}
