package srdgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dndsh/dndsh/runtime/srd"
)

// gen3 holds the state of one 3e script being written.
type gen3 struct {
	m    *srd.Monster35
	s    *Script
	stat *table
	spec []*table
	// bases are the attack names of the routines, lower case and singular
	// ("claw" for "2 claws"), with their damage, for the specials.
	bases map[string]srd.Attack35
}

func (g *gen3) unmodelled(format string, args ...any) {
	g.s.Unmodelled = append(g.s.Unmodelled, fmt.Sprintf(format, args...))
}
func (g *gen3) inert(format string, args ...any) {
	g.s.Inert = append(g.s.Inert, fmt.Sprintf(format, args...))
}
func (g *gen3) unused(format string, args ...any) {
	g.s.Unused = append(g.s.Unused, fmt.Sprintf(format, args...))
}

// Write3e writes the 3e monster script of a SRD 3.5 stat block: the stat
// block as data for scripts/core/3e/bestiary.lua (the numbers as printed,
// damage reduction also the 3.0 way, the special abilities it knows by
// name as calls of the 3e ability scripts), and what it cannot model.
func Write3e(m *srd.Monster35) (*Script, error) {
	if m.ID == "" || m.HP <= 0 || m.AC == nil {
		return nil, fmt.Errorf("%s: a stat block needs an id, hit points and an Armor Class", m.Name)
	}
	g := &gen3{m: m, stat: &table{}, bases: map[string]srd.Attack35{}, s: &Script{ID: m.ID, Name: m.Name, Source: "SRD 3.5",
		Where: fmt.Sprintf("%s:%d", "srd35-monsters.json", m.Line), CR: crText35(m.CR), Type: strings.ToLower(m.Type),
		Size: strings.ToLower(m.Size)}}
	g.header()
	g.defense()
	g.attacks()
	g.specials()
	g.footer()
	return g.s, nil
}

// crText35 writes a challenge rating as printed ("1/3", "5").
func crText35(cr float64) string {
	for _, f := range []struct {
		v float64
		s string
	}{{0.125, "1/8"}, {1.0 / 6, "1/6"}, {0.25, "1/4"}, {1.0 / 3, "1/3"}, {0.5, "1/2"}} {
		if cr > f.v-0.01 && cr < f.v+0.01 {
			return f.s
		}
	}
	return trim(cr)
}

func trim(f float64) string {
	if f == float64(int(f)) {
		return fmt.Sprint(int(f))
	}
	return fmt.Sprint(f)
}

func (g *gen3) header() {
	m, t := g.m, g.stat
	name := (&table{}).set("en", m.Name)
	if zh := ChineseName(m.Name); zh != "" {
		name.set("zh", zh)
		g.s.Zh = zh
	}
	t.set("id", m.ID).set("name", name).set("source", "SRD 3.5").set("data", g.s.Where).set("part", m.Part)
	t.set("size", strings.ToLower(m.Size)).set("creature_type", strings.ToLower(m.Type))
	var sub []string
	for _, s := range m.Subtypes {
		sub = append(sub, srd.Slug(s))
	}
	t.setIf("subtypes", sub)
	t.set("hd", raw(trim(m.HD))).setIf("hit_dice", m.HitDice).set("hp", m.HP).set("init", m.Init)
	sp := map[string]int{}
	for k, v := range m.Speeds {
		if v > 0 {
			sp[k] = v
		}
	}
	t.set("speed", sp).setIf("fly", strings.ToLower(m.Fly))
	ab := &table{}
	var non []string
	for i, a := range []string{"str", "dex", "con", "int", "wis", "cha"} {
		if m.Scores[i] == nil {
			non = append(non, a)
			continue
		}
		ab.set(a, *m.Scores[i])
	}
	t.set("abilities", ab).setIf("nonabilities", non)
	if m.BAB != nil {
		t.set("bab", *m.BAB)
	} else {
		g.unmodelled("Base Attack/Grapple: not printed (base attack bonus 0 is used)")
	}
	if m.Grapple != nil {
		t.set("grapple", *m.Grapple)
	}
	sv := &table{}
	for _, x := range []struct {
		k string
		v *int
	}{{"fort", m.Fort}, {"ref", m.Ref}, {"will", m.Will}} {
		if x.v == nil {
			g.unmodelled("Saves: no %s save printed (%q; +0 is used)", x.k, m.Lines["Saves"])
			continue
		}
		sv.set(x.k, *x.v)
	}
	t.set("saves", sv)
	t.set("space", raw(trim(m.Space))).set("reach", raw(trim(m.Reach)))
	if strings.Contains(m.Lines["Space/Reach"], "(") {
		g.unmodelled("Space/Reach: %q (the exception in parentheses is not modelled)", m.Lines["Space/Reach"])
	}
	if _, ok := m.Lines["Space/Reach"]; !ok {
		g.unmodelled("Space/Reach: not printed (%s ft./%s ft. is used)", trim(m.Space), trim(m.Reach))
	}
	t.setIf("senses", senseTable(m.Senses)).setIf("vision", m.Vision)
	var feats []string
	for _, f := range m.Feats {
		feats = append(feats, srd.Slug(f))
	}
	t.setIf("feats", feats)
	t.set("cr", g.s.CR).setIf("alignment", m.Alignment)
}

func senseTable(s map[string]int) *table {
	t := &table{}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.set(k, s[k])
	}
	return t
}

// acIgnored are the bonus types touch AC leaves out and the ones
// flat-footed AC leaves out (when positive): the same parts the 3e rules
// count (core/3e/ac.lua), used here only to check the printed figures.
var (
	touchIgnores = map[string]bool{"armor": true, "shield": true, "natural": true}
	flatIgnores  = map[string]bool{"dex": true, "dodge": true}
)

// defense writes the Armor Class by type and the defences.
func (g *gen3) defense() {
	m, t := g.m, g.stat
	t.set("ac", *m.AC)
	if m.Touch != nil {
		t.set("touch", *m.Touch)
	}
	if m.Flat != nil {
		t.set("flat_footed", *m.Flat)
	}
	parts := map[string]int{}
	for k, v := range m.ACParts {
		parts[k] = v
	}
	sum, touch, flat := 10, 10, 10
	for k, v := range parts {
		sum += v
		if !touchIgnores[k] {
			touch += v
		}
		if !flatIgnores[k] || v < 0 {
			flat += v
		}
	}
	if m.ACParts == nil {
		g.unmodelled("Armor Class %q: its parts are not printed (all of it is untyped: touch and flat-footed AC are the whole AC)", m.Lines["Armor Class"])
	}
	if d := *m.AC - sum; d != 0 {
		parts["untyped"] += d
		touch += d
		flat += d
		if m.ACParts != nil {
			g.s.Repairs = append(g.s.Repairs, fmt.Sprintf("Armor Class: the parts add up to %d, the total is %d (%+d untyped)", sum, *m.AC, d))
		}
	}
	if m.Touch != nil && *m.Touch != touch {
		g.unmodelled("touch AC %d: its parts give %d (that is used)", *m.Touch, touch)
	}
	if m.Flat != nil && *m.Flat != flat {
		g.unmodelled("flat-footed AC %d: its parts give %d (that is used)", *m.Flat, flat)
	}
	for _, p := range m.Problems {
		g.unmodelled("%s", p)
	}
	t.set("ac_types", parts)
	d := m.Defenses
	if len(d.DR) > 0 {
		list := &table{}
		for _, r := range d.DR {
			x := (&table{}).set("amount", r.Amount).set("by", r.By).set("by30", r.By30)
			list.add(x)
			for _, w := range strings.Fields(r.By) {
				if w == "bludgeoning" || w == "piercing" || w == "slashing" {
					g.unmodelled("%s: a %s weapon does not get past it (the 3.0 damage reduction is overcome by enhancement or material only)", r.Item, w)
				}
			}
		}
		t.set("dr", list)
	}
	t.setIf("sr", d.SR)
	if len(d.Resist) > 0 {
		t.set("resist", d.Resist)
	}
	var imm, other []string
	for _, w := range d.Immune {
		if contains(srd.Energy35, w) {
			imm = append(imm, w)
		} else {
			other = append(other, w)
		}
	}
	t.setIf("immune", imm)
	var vuln []string
	for _, w := range d.Vuln {
		if contains(srd.Energy35, w) {
			vuln = append(vuln, w)
		} else {
			g.unmodelled("vulnerability to %s: not an energy type", w)
		}
	}
	t.setIf("vuln", vuln)
	g.immunities(other)
	t.setIf("turn_resistance", d.TurnResistance)
	if d.FastHealing > 0 {
		t.set("fast_healing", d.FastHealing)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// immuneConditions are the immunities the 3e conditions have.
var immuneConditions = map[string]string{"sleep": "asleep", "paralysis": "paralyzed", "stunning": "stunned",
	"stun": "stunned", "sleep effects": "asleep"}

// inertImmunities are immunities nothing in a fight calls for.
var inertImmunities = map[string]bool{"poison": true, "disease": true, "petrification": true, "polymorph": true,
	"transformation": true, "acid and cold": true, "gaze attacks": true, "mind-affecting effects": true,
	"all mind-affecting effects": true, "mind-affecting spells and abilities": true, "charm": true,
	"energy drain": true, "death effects": true, "fear": true, "ability damage": true, "ability drain": true,
	"blindness": true, "deafness": true, "nausea": true, "confusion": true, "illusions": true,
	"poison effects": true, "necromantic effects": true, "necromancy effects": true, "magic": true}

func (g *gen3) immunities(list []string) {
	var conds []string
	for _, w := range list {
		switch {
		case immuneConditions[w] != "":
			conds = append(conds, immuneConditions[w])
		case w == "critical hits":
			g.stat.set("crit_immune", true)
		case w == "weapon damage":
			g.unmodelled("immunity to weapon damage: not modelled")
		case inertImmunities[w]:
			// "immunity to mind-affecting effects": the fights' sleep spell
			// asks whether it is immune to being asleep
			if strings.Contains(w, "mind-affecting") {
				conds = append(conds, "asleep")
			} else {
				g.inert("immunity to %s: nothing in the fights calls for it", w)
			}
		default:
			g.inert("immunity to %s: nothing in the fights calls for it", w)
		}
	}
	g.stat.setIf("condition_immune", conds)
}

// typeOf is the damage type of a natural weapon or a weapon by name ([K]
// Monster Manual 3.5, natural weapons; Player's Handbook 3.5, Table 7-5).
var typeOf = []struct{ word, typ string }{
	{"bite", "piercing"}, {"claw", "slashing"}, {"talon", "slashing"}, {"rake", "slashing"}, {"gore", "piercing"},
	{"horn", "piercing"}, {"sting", "piercing"}, {"spike", "piercing"}, {"quill", "piercing"}, {"tail blade", "slashing"},
	{"slam", "bludgeoning"}, {"tentacle", "bludgeoning"}, {"tail", "bludgeoning"}, {"hoof", "bludgeoning"},
	{"hooves", "bludgeoning"}, {"pincer", "bludgeoning"}, {"wing", "bludgeoning"}, {"butt", "bludgeoning"},
	{"stamp", "bludgeoning"}, {"ram", "bludgeoning"}, {"arm", "bludgeoning"}, {"tendril", "bludgeoning"},
	{"forelimb", "bludgeoning"}, {"pseudopod", "bludgeoning"}, {"foreclaw", "slashing"}, {"snake", "piercing"},
	{"rock", "bludgeoning"}, {"boulder", "bludgeoning"}, {"thrown object", "bludgeoning"}, {"tongue", "bludgeoning"},
	{"unarmed", "bludgeoning"}, {"chain", "slashing"}, {"strand", "bludgeoning"}, {"coil whip", "slashing"},
	{"greatsword", "slashing"}, {"longsword", "slashing"}, {"short sword", "piercing"}, {"bastard sword", "slashing"},
	{"scimitar", "slashing"}, {"falchion", "slashing"}, {"rapier", "piercing"}, {"dagger", "piercing"},
	{"axe", "slashing"}, {"glaive", "slashing"}, {"halberd", "slashing"}, {"scythe", "slashing"}, {"sickle", "slashing"},
	{"whip", "slashing"}, {"kukri", "slashing"}, {"pick", "piercing"}, {"spear", "piercing"}, {"trident", "piercing"},
	{"lance", "piercing"}, {"javelin", "piercing"}, {"bow", "piercing"}, {"crossbow", "piercing"}, {"dart", "piercing"},
	{"morningstar", "bludgeoning"}, {"mace", "bludgeoning"}, {"club", "bludgeoning"}, {"hammer", "bludgeoning"},
	{"flail", "bludgeoning"}, {"staff", "bludgeoning"}, {"quarterstaff", "bludgeoning"}, {"sling", "bludgeoning"},
	{"blade", "slashing"},
}

func damageType(name string) string {
	n := strings.ToLower(name)
	for _, x := range typeOf {
		if strings.Contains(n, x.word) {
			return x.typ
		}
	}
	return ""
}

var (
	extraRE    = srd.LazyRE(`^(?:plus|and) (\d+d\d+(?:[+-]\d+)?|\d+) (acid|cold|electricity|fire|sonic)$`)
	energyOnly = srd.LazyRE(`^(acid|cold|electricity|fire|sonic)$`)
)

// base is an attack's name as the specials name it: lower case, without
// a leading enhancement, singular ("claw" for "claws").
func base(name string) string {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.TrimLeft(n, "+0123456789 ")
	switch {
	case strings.HasSuffix(n, "hooves"):
		n = strings.TrimSuffix(n, "hooves") + "hoof"
	case strings.HasSuffix(n, "ies"):
		n = strings.TrimSuffix(n, "ies") + "y"
	case strings.HasSuffix(n, "ches"):
		n = strings.TrimSuffix(n, "es")
	case strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss"):
		n = strings.TrimSuffix(n, "s")
	}
	return n
}

// attackTable writes one printed attack.
func (g *gen3) attackTable(a srd.Attack35, line string) *table {
	name := a.Name
	if name == "" {
		name = "attack"
	}
	t := (&table{}).set("name", name)
	if a.Count > 1 {
		t.set("count", a.Count)
	}
	bonus := &table{}
	for _, b := range a.Bonus {
		bonus.add(b)
	}
	t.set("bonus", bonus)
	dmg := srdDice(a.Damage)
	effect := strings.TrimSpace(a.Effect)
	if dmg == "" && a.Damage != "" {
		if energyOnly().MatchString(strings.ToLower(a.Damage)) {
			g.unmodelled("%s: %s: damage %q (no dice)", line, a.Raw, a.Damage)
		} else {
			g.unmodelled("%s: %s: damage %q is not dice", line, a.Raw, a.Damage)
		}
	}
	t.set("damage", orZero(dmg))
	typ := damageType(name)
	if typ == "" && (strings.Contains(strings.ToLower(name), "touch") || strings.Contains(strings.ToLower(name), "ray")) {
		typ = ""
	}
	t.setIf("type", typ)
	mode := a.Mode
	switch mode {
	case "ranged", "ranged touch":
		t.set("ranged", true)
	case "":
		if len(a.Bonus) > 0 {
			t.set("mode_unknown", true)
		}
	}
	if strings.HasSuffix(mode, "touch") {
		t.set("touch", true)
	}
	if a.CritRange != "" {
		lo := 0
		fmt.Sscanf(strings.ReplaceAll(a.CritRange, "\u2013", "-"), "%d", &lo)
		if lo > 0 && lo < 20 {
			t.set("threat", lo)
		}
	}
	if a.CritMult > 2 {
		t.set("crit_mul", a.CritMult)
	}
	if effect != "" {
		e := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(effect, "plus "), "and ")))
		if x := extraRE().FindStringSubmatch(strings.ToLower(effect)); x != nil {
			t.set("extra", x[1]+"["+x[2]+"]")
		} else {
			t.set("effect", effect)
			if !g.effectKnown(e) {
				g.unmodelled("%s: %s: %q on a hit is not modelled", line, name, effect)
			}
		}
	}
	return t
}

// effectKnown reports whether an attack's rider is one of its special
// attacks (specials() maps it, or lists it as not modelled).
func (g *gen3) effectKnown(e string) bool {
	for _, a := range g.m.SpecialAttacks {
		n := strings.ToLower(a)
		if strings.HasPrefix(n, e) {
			return true // mapped, or listed as unmodelled by specials()
		}
	}
	return false
}

func orZero(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

// srdDice normalises printed damage dice ("1d6+6", "2d8–1", "1d4+1") for
// the dice roller; "" when it is not dice.
func srdDice(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(s), "\u2013", "-"), " ", "")
	if s == "" {
		return ""
	}
	if diceRE().MatchString(s) {
		return s
	}
	return ""
}

var diceRE = srd.LazyRE(`^(?:\d+d\d+(?:[+-]\d+)?|\d+)$`)

// attacks writes the Attack line's first routine (the attack a standard
// action makes) and the Full Attack line's first routine (a full attack);
// the other routines ("or") are listed as unused.
func (g *gen3) attacks() {
	m := g.m
	for _, x := range []struct {
		key, line string
		list      [][]srd.Attack35
	}{{"attack", "Attack", m.Attack}, {"full_attack", "Full Attack", m.FullAttack}} {
		if len(x.list) == 0 {
			continue
		}
		rt := &table{}
		for _, a := range x.list[0] {
			rt.add(g.attackTable(a, x.line))
			if _, ok := g.bases[base(a.Name)]; !ok {
				g.bases[base(a.Name)] = a
			}
		}
		g.stat.set(x.key, rt)
		for _, alt := range x.list[1:] {
			var raws []string
			for _, a := range alt {
				raws = append(raws, a.Raw)
			}
			g.unused("%s: or %s (the fights use the first routine)", x.line, strings.Join(raws, " and "))
		}
	}
	if len(m.Attack) == 0 && len(m.FullAttack) == 0 {
		g.inert("Attack: %q: it has no attack and makes none in a fight", m.Lines["Attack"])
	}
	for _, r := range append(append([][]srd.Attack35{}, m.Attack...), m.FullAttack...) {
		for _, a := range r {
			if len(a.Bonus) == 0 && a.Name != "" && strings.EqualFold(a.Name, "swarm") {
				g.unmodelled("%s: a swarm attack (automatic damage to creatures in its space) is made as an attack at +0", a.Raw)
				return
			}
		}
	}
}

// specialKey is a special attack's or quality's name without numbers and
// parentheses ("rend" for "Rend 2d6+9").
func specialKey(s string) string {
	n := strings.ToLower(normaliseDash(s))
	if i := strings.IndexAny(n, "(0123456789"); i > 0 {
		n = n[:i]
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(n), "+-"))
}

func normaliseDash(s string) string { return strings.ReplaceAll(s, "\u2013", "-") }

// mappedSpecials are the special attacks specials() maps to ability code.
var mappedSpecials = map[string]bool{"rend": true, "improved grab": true, "paralysis": true, "trip": true,
	"breath weapon": true}

// inertQualities have no effect in the fights, with the reason.
var inertQualities = map[string]string{
	"darkvision": "senses", "low-light vision": "senses", "lowlight vision": "senses", "scent": "senses",
	"keen scent": "senses", "blindsight": "senses", "blindsense": "senses", "tremorsense": "senses",
	"see in darkness": "senses (fights have no darkness)", "all-around vision": "senses", "keen senses": "senses",
	"telepathy": "communication", "tongues": "communication", "speak with animals": "communication",
	"speak with sharks": "communication", "wild empathy": "out of combat", "hold breath": "breathing",
	"amphibious": "breathing", "water breathing": "breathing", "aquatic subtype": "breathing",
	"earth glide": "movement", "spider climb": "movement", "flight": "movement", "sprint": "movement",
	"water dependent": "out of combat", "tree dependent": "out of combat", "summon familiar": "out of combat",
	"immunities": "see its immunities", "also see text": "see its text", "see text": "see its text",
	"traits": "see its type", "gnome traits": "see its text", "svirfneblin traits": "see its text",
	"outsider traits": "see its type", "abomination traits": "see its type", "psionic traits": "see its type",
}

// typeTraits are the "X traits" qualities the 3e bestiary models from the
// creature type (core/3e/bestiary.lua: type_traits).
var typeTraits = map[string]bool{"undead traits": true, "construct traits": true, "elemental traits": true,
	"plant traits": true, "ooze traits": true, "vermin traits": true}

// specials maps the special attacks and qualities: the ones with ability
// code to it, the defences (read by defense()) as data, the rest listed.
func (g *gen3) specials() {
	m := g.m
	for _, a := range m.SpecialAttacks {
		key := specialKey(a)
		if !mappedSpecials[key] || !g.mapSpecial(key, a) {
			if !mappedSpecials[key] {
				g.unmodelled("%s: not modelled%s", a, abilityKind(m, key))
			}
		}
	}
	for _, q := range m.SpecialQualities {
		key := specialKey(q)
		switch {
		case m.Defenses.Items[q] && !strings.HasPrefix(key, "fast healing"):
			if key == "regeneration" {
				g.regeneration(q)
			}
			if why, ok := inertQualities[key]; ok {
				g.inert("%s: %s", q, why)
			}
		case key == "single actions only":
			g.spec = append(g.spec, (&table{}).set("ability", "partial_actions_only"))
		case typeTraits[key] && strings.EqualFold(strings.TrimSuffix(key, " traits"), m.Type):
			// the type's traits: bestiary.lua models them from the type
		case typeTraits[key]:
			g.unmodelled("%s: traits of another type than its own (%s)", q, m.Type)
		case inertQualities[key] != "":
			g.inert("%s: %s", q, inertQualities[key])
		case strings.HasSuffix(key, " empathy"):
			g.inert("%s: out of combat", q)
		case m.Defenses.Items[q]:
		default:
			g.unmodelled("%s: not modelled%s", q, abilityKind(m, key))
		}
	}
	for _, f := range m.Feats {
		switch srd.Slug(f) {
		case "power_attack":
			g.spec = append(g.spec, (&table{}).set("feat", "power_attack"))
		case "cleave":
			g.spec = append(g.spec, (&table{}).set("feat", "cleave"))
		case "great_cleave":
			g.spec = append(g.spec, (&table{}).set("feat", "cleave"))
			g.unmodelled("Great Cleave: played as Cleave (one extra attack a round)")
		}
	}
	g.hookConflicts()
	if t := strings.ToLower(m.Type); typeTraits[t+" traits"] {
		g.stat.set("type_traits", t)
	}
}

// hooksOf are the events each special's code hooks with their phase and
// scope (scripts/monsters/abilities/3e.lua, core/3e/classes/fighter.lua):
// a creature has one hook per event, in one phase and scope
// (core/3e/special/hooks.lua), so two specials that need one event
// differently cannot both be played.
var hooksOf = map[string]map[string]string{
	"rend":                 {"attack.roll": "result"},
	"improved_grab":        {"damage.apply": "after actor", "turn.act": "declare", "attack.declare": "declare subject", "creature.down": "subject"},
	"paralysis":            {"damage.apply": "after actor"},
	"trip_on_hit":          {"damage.apply": "after actor"},
	"breath_weapon":        {"turn.act": "declare"},
	"regeneration":         {"damage.apply": "modify subject"},
	"power_attack":         {"attack.roll": "modify", "damage.roll": "result"},
	"cleave":               {"creature.down": "actor"},
	"undead":               {"turn.act": "declare"},
	"partial_actions_only": {},
}

// hookConflicts drops the specials whose hooks a special before them (the
// abilities, then the feats) already holds in another phase or scope.
func (g *gen3) hookConflicts() {
	held := map[string]string{}
	by := map[string]string{}
	if strings.EqualFold(g.m.Type, "undead") {
		held["turn.act"], by["turn.act"] = "declare", "the undead type"
	}
	var kept []*table
	for _, t := range g.spec {
		name := ""
		for _, f := range t.fields {
			if f.key == "ability" || f.key == "feat" {
				name = f.val.(string)
			}
		}
		clash := ""
		for ev, ph := range hooksOf[name] {
			if h, ok := held[ev]; ok && h != ph {
				clash = by[ev]
			}
		}
		if clash != "" {
			g.unmodelled("%s: not played with %s (both need the creature's %s hook, differently)", strings.ReplaceAll(name, "_", " "), clash, firstClash(hooksOf[name], held))
			continue
		}
		for ev, ph := range hooksOf[name] {
			held[ev], by[ev] = ph, strings.ReplaceAll(name, "_", " ")
		}
		kept = append(kept, t)
	}
	g.spec = kept
}

func firstClash(mine, held map[string]string) string {
	var evs []string
	for ev, ph := range mine {
		if h, ok := held[ev]; ok && h != ph {
			evs = append(evs, ev)
		}
	}
	sort.Strings(evs)
	return strings.Join(evs, ", ")
}

// abilityKind names an ability's kind from the entry's text (" (Su)").
func abilityKind(m *srd.Monster35, key string) string {
	if a := findAbility(m, key); a != nil && a.Kind != "" {
		return " (" + a.Kind + ")"
	}
	return ""
}

var (
	hitsWithRE  = srd.LazyRE(`(?i)hits? (?:an opponent |a creature |a foe )?with (?:a |an |its |both |two )?(\w+(?: \w+)?) attacks?`)
	mustHitRE   = srd.LazyRE(`(?i)must hit [^.]*?with (?:a |an |its |both |two |his |her )?(\w+(?: \w+)?)(?: or (\w+))? attacks?`)
	hitByRE     = srd.LazyRE(`(?i)hit by (?:a|an|the) [^ ]+(?: [^ ]+)?[’'] ?s? ?(\w+)(?: or (\w+))? attacks?`)
	fortDC35RE  = srd.LazyRE(`(?i)DC (\d+) Fortitude save|Fortitude (?:save )?\(?DC (\d+)`)
	forRoundsRE = srd.LazyRE(`(?i)paralyzed for (\d+d\d+(?:\+\d+)?|\d+) rounds?`)
	addDmgRE    = srd.LazyRE(`(?i)(?:additional |extra )?(\d+d\d+(?:[+-]\d+)?) points? of (?:damage|(\w+) damage)`)
	rendItemRE  = srd.LazyRE(`(?i)^rend (\d+d\d+(?:[+-]\d+)?)$`)
	breathRE    = srd.LazyRE(`(?i)(\d+)-(?:foot|ft\.?) (cone|line)`)
	breathDmgRE = srd.LazyRE(`(?i)(\d+d\d+(?:[+-]\d+)?) (?:points of )?(acid|cold|electricity|fire|sonic)`)
	breathDCRE  = srd.LazyRE(`(?i)Reflex DC (\d+)|DC (\d+) Reflex`)
	breathEvRE  = srd.LazyRE(`(?i)once every (\d+d\d+|\d+) rounds`)
)

// findAbility finds the entry paragraph of a special ability by its name
// (the key of specialKey).
func findAbility(m *srd.Monster35, key string) *srd.Ability35 {
	for i := range m.Abilities {
		if specialKey(m.Abilities[i].Name) == key {
			return &m.Abilities[i]
		}
	}
	return nil
}

// attackNamed finds the routine attack a text names ("claw"), also by a
// name that ends with it ("bite" for "Bite").
func (g *gen3) attackNamed(name string) (string, bool) {
	n := base(name)
	if _, ok := g.bases[n]; ok {
		return n, true
	}
	for b := range g.bases {
		if strings.HasSuffix(b, " "+n) || strings.HasPrefix(b, n+" ") {
			return b, true
		}
	}
	return "", false
}

// attacksNamed finds the routine attacks of names (empty ones skipped), or
// returns the first name it cannot find.
func (g *gen3) attacksNamed(names []string) (ats []string, missing string) {
	for _, n := range names {
		if n == "" {
			continue
		}
		at, ok := g.attackNamed(n)
		if !ok {
			return nil, n
		}
		ats = append(ats, at)
	}
	return ats, ""
}

// mapSpecial writes a special attack the 3e ability scripts have (see
// mappedSpecials); false, with the reason listed, when the text does not
// give what the ability needs.
func (g *gen3) mapSpecial(key, item string) bool {
	m := g.m
	ab := findAbility(m, key)
	text := ""
	if ab != nil {
		text = normaliseDash(ab.Text)
	}
	fail := func(why string) bool {
		g.unmodelled("%s: known by name, but %s", item, why)
		return false
	}
	switch key {
	case "rend":
		dmg := ""
		if x := rendItemRE().FindStringSubmatch(normaliseDash(item)); x != nil {
			dmg = x[1]
		} else if x := addDmgRE().FindStringSubmatch(text); x != nil {
			dmg = x[1]
		}
		h := hitsWithRE().FindStringSubmatch(text)
		if dmg == "" || h == nil {
			return fail("its text gives no damage or attack")
		}
		at, ok := g.attackNamed(h[1])
		if !ok {
			return fail("its attack " + h[1] + " is not in the full attack")
		}
		g.spec = append(g.spec, (&table{}).set("ability", "rend").set("attack", at).set("damage", dmg).set("type", "slashing"))
	case "improved grab":
		h := mustHitRE().FindStringSubmatch(text)
		if h == nil {
			if x := hitsWithRE().FindStringSubmatch(text); x != nil {
				h = []string{x[0], x[1], ""}
			}
		}
		if h == nil {
			return fail("its text names no attack")
		}
		ats, missing := g.attacksNamed(h[1:])
		if missing != "" {
			return fail("its attack " + missing + " is not in the full attack")
		}
		a := g.bases[ats[0]]
		d := srdDice(a.Damage)
		if d == "" {
			return fail("its attack's damage is not dice")
		}
		g.spec = append(g.spec, (&table{}).set("ability", "improved_grab").set("attacks", ats).set("damage", d).setIf("type", damageType(a.Name)))
		if len(ats) > 1 {
			g.unused("%s: a won grapple check deals the %s's damage (%s)", item, ats[0], d)
		}
		if strings.Contains(strings.ToLower(text), "constrict") || hasSpecial(m, "constrict") {
			g.unmodelled("%s: the grapple's constrict damage is not modelled (each won grapple check deals the attack's damage)", item)
		}
	case "paralysis":
		h := hitByRE().FindStringSubmatch(text)
		dc := fortDC35RE().FindStringSubmatch(text)
		r := forRoundsRE().FindStringSubmatch(text)
		if h == nil || dc == nil || r == nil {
			return fail("its text gives no attack, Fortitude DC or duration")
		}
		ats, missing := g.attacksNamed(h[1:])
		if missing != "" {
			return fail("its attack " + missing + " is not in the full attack")
		}
		t := (&table{}).set("ability", "paralysis").set("attacks", ats).set("dc", atoi(dc[1]+dc[2])).set("rounds", r[1])
		if strings.Contains(text, "Elves have immunity") {
			t.set("immune_tag", "elf")
		}
		g.spec = append(g.spec, t)
	case "trip":
		h := hitsWithRE().FindStringSubmatch(text)
		if h == nil {
			return fail("its text names no attack")
		}
		at, ok := g.attackNamed(h[1])
		if !ok {
			return fail("its attack " + h[1] + " is not in the full attack")
		}
		g.spec = append(g.spec, (&table{}).set("ability", "trip_on_hit").set("attack", at))
	case "breath weapon":
		all := normaliseDash(item) + " " + text
		sh := breathRE().FindStringSubmatch(all)
		dm := breathDmgRE().FindStringSubmatch(all)
		dc := breathDCRE().FindStringSubmatch(all)
		if sh == nil || dm == nil || dc == nil {
			return fail("its text gives no shape, energy damage or Reflex DC")
		}
		every := "1d4"
		if e := breathEvRE().FindStringSubmatch(all); e != nil {
			every = e[1]
		} else {
			g.unused("%s: no interval printed: once every 1d4 rounds, as the dragons'", item)
		}
		g.spec = append(g.spec, (&table{}).set("ability", "breath_weapon").set("shape", strings.ToLower(sh[2])).
			set("length", atoi(sh[1])).set("damage", dm[1]).set("type", strings.ToLower(dm[2])).set("save", "ref").
			set("dc", atoi(dc[1]+dc[2])).set("recharge", every))
		if strings.Contains(strings.ToLower(all), " or ") {
			g.unused("%s: one breath only (%s %s)", item, dm[1], strings.ToLower(dm[2]))
		}
	default:
		return false
	}
	return true
}

func hasSpecial(m *srd.Monster35, key string) bool {
	for _, a := range m.SpecialAttacks {
		if specialKey(a) == key {
			return true
		}
	}
	return false
}

var (
	normalRE   = srd.LazyRE(`(?i)[^.]*normal damage[^.]*`)
	typeWordRE = srd.LazyRE(`(?i)\b(acid|cold|electricity|fire|sonic|bludgeoning|piercing|slashing)\b`)
)

// regeneration maps "regeneration 5" to the 3e ability script (3.0's
// regeneration: damage is subdual but for the types that deal normal
// damage, which its text names). Weapons of an alignment or material
// ("good-aligned silvered weapons") are not the fights': their damage is
// subdual to it too.
func (g *gen3) regeneration(item string) {
	text := ""
	if ab := findAbility(g.m, "regeneration"); ab != nil {
		text = normaliseDash(ab.Text)
	}
	normal := []string{}
	sentence := normalRE().FindString(text)
	for _, w := range typeWordRE().FindAllString(sentence, -1) {
		if w = strings.ToLower(w); !contains(normal, w) {
			normal = append(normal, w)
		}
	}
	if strings.Contains(sentence, "weapon") {
		g.inert("%s: %q (the fights' weapons are neither aligned nor of a special material: their damage is subdual to it)", item, excerpt(sentence))
	}
	if sentence == "" && !strings.Contains(text, "No form of attack deals lethal damage") {
		g.unmodelled("%s: its text names no damage that is normal to it (all damage is subdual)", item)
	}
	g.spec = append(g.spec, (&table{}).set("ability", "regeneration").set("amount", g.m.Defenses.Regeneration).set("normal", normal))
}

// footer writes the remaining fields and the file.
func (g *gen3) footer() {
	m, t := g.m, g.stat
	if len(g.spec) > 0 {
		st := &table{}
		for _, s := range g.spec {
			st.add(s)
		}
		t.set("specials", st)
	}
	o := m.ThreeOh
	th := (&table{}).set("size", o.Size).set("attacks", o.Attacks).set("damage", o.Damage).set("face_reach", o.FaceReach).
		setIf("dr", o.DR).set("notes", o.Notes)
	t.set("three_oh", th)
	t.setIf("repairs", append(append([]string{}, m.Repairs...), g.s.Repairs...))
	g.s.Unmodelled = dedupe(g.s.Unmodelled)
	g.s.Inert = dedupe(g.s.Inert)
	t.set("modelled", g.s.Status())
	t.setIf("unmodelled", g.s.Unmodelled)
	t.setIf("inert", g.s.Inert)
	t.setIf("unused", g.s.Unused)
	pr := &table{}
	for _, k := range lineOrder {
		if v, ok := m.Lines[k]; ok {
			pr.add(&table{items: []any{k, v}})
		}
	}
	t.set("lines", pr)
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s (id %q), SRD 3.5, %s.\n", m.Name, m.ID, g.s.Where)
	b.WriteString("-- Generated by `dndsh import --system 3e` from the stat block (do not edit: a\n")
	fmt.Fprintf(&b, "-- hand-written monsters/3e/%s.lua wins over this file).\n--\n", m.ID)
	for _, l := range Attribution35 {
		b.WriteString("-- " + l + "\n")
	}
	b.WriteString("local bestiary = require(\"core.3e.bestiary\")\n\nreturn bestiary.monster")
	block(&b, t, "", 118)
	b.WriteString("\n")
	g.s.Text = []byte(b.String())
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range list {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// lineOrder is the order of a SRD 3.5 stat block's lines.
var lineOrder = []string{"Size/Type", "Hit Dice", "Initiative", "Speed", "Armor Class", "Base Attack/Grapple", "Attack",
	"Full Attack", "Attacks", "Damage", "Space/Reach", "Special Attacks", "Special Qualities", "Saves", "Abilities", "Skills",
	"Feats", "Epic Feats", "Environment", "Organization", "Challenge Rating", "Treasure", "Alignment", "Advancement",
	"Level Adjustment"}

// Attribution35 is the notice each imported 3e script carries: what is
// Open Game Content (OGL 1.0a section 8) and the SRD's section 15 lines.
var Attribution35 = []string{
	"Open Game Content: the stat block below (its numbers, names and printed lines)",
	"is from the System Reference Document v3.5 (shared/data/srd-3.5), used under",
	"the Open Game License v1.0a (OGL-1.0a.txt; see NOTICE). Section 15:",
	"Open Game License v 1.0a Copyright 2000, Wizards of the Coast, Inc.",
	"System Reference Document Copyright 2000-2003, Wizards of the Coast, Inc.;",
	"Authors Jonathan Tweet, Monte Cook, Skip Williams, Rich Baker, Andy Collins,",
	"David Noonan, Rich Redman, Bruce R. Cordell, John D. Rateliff, Thomas Reid,",
	"James Wyatt, based on original material by E. Gary Gygax and Dave Arneson.",
}
