package srdgen

import (
	"strings"

	"github.com/dndsh/dndsh/runtime/srd"
)

// A recogniser reads a trait, bonus action or reaction it knows by name
// into an ability of scripts/monsters/abilities with its parameters; ok
// is false when the text does not say what the ability needs.
type recogniser func(e *srd.Entry) (t *table, ok bool)

var (
	regainRE    = srd.LazyRE(`regains (\d+) [Hh]it [Pp]oints`)
	atLeast1RE  = srd.LazyRE(`if it has at least 1 [Hh]it [Pp]oint`)
	stoppedRE   = srd.LazyRE(`takes ([A-Za-z]+)(?: or ([A-Za-z]+))? damage(?: or damage from holy water)?, this trait doesn't function`)
	diesOnlyRE  = srd.LazyRE(`dies only if it starts its turn with 0 [Hh]it [Pp]oints`)
	fortDCRE    = srd.LazyRE(`DC (?:of )?(\d+) ?(?:plus|\+) ?the damage taken`)
	parryRE     = srd.LazyRE(`adds (\d+) to its AC`)
	auraRE      = srd.LazyRE(`^At the (end|start) of each of the [^']+'s turns, each creature (?:of the [^']+'s choice )?(?:in an? (\d+)-foot Emanation originating from [^,]+|within (\d+) feet of it) takes (\d+) \(([^)]+)\) ([A-Za-z]+) damage`)
	bloodyRE    = srd.LazyRE(`Advantage on (melee )?attack rolls against any creature that doesn't have all its [Hh]it [Pp]oints`)
	frenzyMelee = srd.LazyRE(`(?i)advantage on melee attack rolls`)
	bloodiedRE  = srd.LazyRE(`(?i)advantage on (?:melee )?attack rolls(?: while it is Bloodied)?\.?$`)
	heatedRE    = srd.LazyRE(`^A creature that touches the [^ ]+ or hits it with a melee attack while within 5 (?:ft\.|feet) of it takes \d+ \(([^)]+)\) ([a-zA-Z]+) damage\.?$`)
	martialRE   = srd.LazyRE(`^Once per turn, the [^ ]+ can deal an extra \d+ \(([^)]+)\) damage to a creature it hits with a weapon attack if that creature is within 5 (?:ft\.|feet) of an ally of the [^ ]+ that isn't incapacitated\.?$`)
)

func ability(name string) *table { return (&table{}).set("ability", name) }

var recognisers = map[string]recogniser{
	"pack tactics":     func(*srd.Entry) (*table, bool) { return ability("pack_tactics"), true },
	"magic resistance": func(*srd.Entry) (*table, bool) { return ability("magic_resistance"), true },
	"legendary resistance": func(e *srd.Entry) (*table, bool) {
		if e.Limit.PerDay == 0 {
			return nil, false
		}
		t := ability("legendary_resistance").set("uses", e.Limit.PerDay)
		t.setIf("lair", e.Limit.LairDay)
		return t, true
	},
	"regeneration": func(e *srd.Entry) (*table, bool) {
		m := regainRE().FindStringSubmatch(e.Text)
		if m == nil {
			return nil, false
		}
		t := ability("regeneration").set("hp", atoi(m[1]))
		if s := stoppedRE().FindStringSubmatch(e.Text); s != nil {
			types := []string{strings.ToLower(s[1])}
			if s[2] != "" {
				types = append(types, strings.ToLower(s[2]))
			}
			t.set("stopped_by", types)
		}
		t.setIf("needs_hp", atLeast1RE().MatchString(e.Text))
		t.setIf("rises", diesOnlyRE().MatchString(e.Text))
		return t, true
	},
	"undead fortitude": func(e *srd.Entry) (*table, bool) {
		m := fortDCRE().FindStringSubmatch(e.Text)
		if m == nil {
			return nil, false
		}
		return ability("undead_fortitude").set("dc", atoi(m[1])).set("except", []string{"radiant"}).set("crit", true), true
	},
	"nimble escape":  func(*srd.Entry) (*table, bool) { return ability("nimble_escape"), true },
	"cunning action": func(*srd.Entry) (*table, bool) { return ability("nimble_escape"), true },
	"parry": func(e *srd.Entry) (*table, bool) {
		m := parryRE().FindStringSubmatch(e.Text)
		if m == nil {
			return nil, false
		}
		return ability("parry").set("ac", atoi(m[1])), true
	},
	"bloodied fury": func(e *srd.Entry) (*table, bool) {
		if !bloodiedRE().MatchString(e.Text) {
			return nil, false
		}
		t := ability("bloodied_fury")
		if strings.Contains(strings.ToLower(e.Text), "melee attack rolls") {
			t.set("melee", true)
		}
		return t, true
	},
	"heated body": func(e *srd.Entry) (*table, bool) {
		m := heatedRE().FindStringSubmatch(e.Text)
		if m == nil {
			return nil, false
		}
		return ability("retaliation").set("damage", strings.ReplaceAll(m[1], " ", "")).set("type", strings.ToLower(m[2])), true
	},
	"martial advantage": func(e *srd.Entry) (*table, bool) {
		m := martialRE().FindStringSubmatch(e.Text)
		if m == nil {
			return nil, false
		}
		return ability("martial_advantage").set("damage", strings.ReplaceAll(m[1], " ", "")), true
	},
	"blood frenzy": func(e *srd.Entry) (*table, bool) {
		if !bloodyRE().MatchString(e.Text) && !frenzyMelee().MatchString(e.Text) {
			return nil, false
		}
		t := ability("blood_frenzy")
		if frenzyMelee().MatchString(e.Text) {
			t.set("melee", true)
		}
		return t, true
	},
}

// auraNames are traits that deal damage around the creature each turn.
var auraNames = []string{"fire aura", "heat aura", "cold aura"}

// inertTraits have no effect in a fight without positions, light or
// terrain: the reason says why.
var inertTraits = map[string]string{
	"amphibious": "breathing", "water breathing": "breathing", "hold breath": "breathing",
	"limited amphibiousness": "breathing", "spider climb": "movement", "web walker": "movement",
	"ice walk": "movement", "flyby": "movement (fights have no opportunity attacks)", "standing leap": "movement",
	"running leap": "movement", "leap": "movement", "tunneler": "movement", "earth glide": "movement",
	"incorporeal movement": "movement", "amorphous": "movement", "tree stride": "movement", "jumper": "movement",
	"charge": "movement", "aquatic charge": "movement", "aggressive": "movement", "bubble dash": "movement",
	"swoop": "movement", "pursuit": "movement", "ethereal stride": "movement",
	"echolocation": "senses", "keen smell": "senses (Perception)", "keen sight": "senses (Perception)",
	"keen hearing": "senses (Perception)", "keen hearing and smell": "senses (Perception)",
	"keen sight and smell": "senses (Perception)", "keen hearing and sight": "senses (Perception)",
	"keen senses": "senses (Perception)", "devil's sight": "senses (fights have no darkness)",
	"ethereal sight": "senses", "web sense": "senses", "divine awareness": "senses", "sense magic": "senses",
	"iron scent": "senses", "treasure sense": "senses", "blind senses": "senses",
	"illumination": "light (fights have no light)", "ignited illumination": "light (fights have no light)",
	"variable illumination": "light (fights have no light)",
	"sunlight sensitivity":  "light (fights have no sunlight)", "light sensitivity": "light (fights have no light)",
	"sunlight weakness": "light (fights have no sunlight)", "sunlight": "light (fights have no sunlight)",
	"running water": "terrain (fights have no running water)", "vampire weakness": "sunlight and running water (fights have neither)",
	"vampire weaknesses": "sunlight and running water (fights have neither)",
	"siege monster":      "objects and structures", "shark telepathy": "communication", "telepathic bond": "communication",
	"probing telepathy": "communication", "speak with beasts and plants": "communication", "mimicry": "deception out of combat",
	"false appearance": "disguise out of combat", "stone camouflage": "hiding in terrain", "snow camouflage": "hiding in terrain",
	"underwater camouflage": "hiding in terrain", "beast of burden": "carrying", "immutable form": "shape-changing magic (not cast in fights)",
	"ephemeral": "carrying", "inscrutable": "divination", "shielded mind": "divination", "read thoughts": "communication",
	"brute": "included in its attacks' damage", "magic weapons": "its attacks count as magical (no fighter here resists nonmagical ones)",
	"angelic weapons": "included in its attacks' damage", "hellish weapons": "included in its attacks' damage",
	"heated weapons": "included in its attacks' damage", "forbiddance": "planar travel", "stake to the heart": "out of combat",
	"diabolical restoration": "after death (returns later)", "demonic restoration": "after death (returns later)",
	"exalted restoration": "after death (returns later)", "eldritch restoration": "after death (returns later)",
	"fiendish restoration": "after death (returns later)", "elemental restoration": "after death (returns later)",
	"celestial restoration": "after death (returns later)", "hellish restoration": "after death (returns later)",
	"undead restoration": "after death (returns later)", "rejuvenation": "after death (returns later)",
	"hellish rejuvenation": "after death (returns later)", "swarm": "space sharing (and no healing, which its fights never give it)",
	"tail spike regrowth": "out of combat", "labyrinthine recall": "out of combat", "faultless tracker": "out of combat",
	"wakeful": "out of combat (sleep)", "unusual nature": "out of combat", "bound": "out of combat",
	"training": "out of combat", "spirit jar": "out of combat", "soul bag": "out of combat",
	"agile": "movement (fights have no opportunity attacks)", "abduct": "movement",
	"teleport": "movement",
}

// traits maps the traits (and non-attack bonus actions) to abilities.
func (g *gen) traits() {
	for _, sec := range g.m.Entries() {
		switch {
		case sec.Kind != "trait" && sec.Kind != "bonus" && sec.Kind != "action":
			continue // reactions(), legendary()
		case sec.Attack != nil || sec.Multi != nil:
			continue // attacks(), multiattack()
		case sec.Save != nil && sec.Kind != "trait":
			continue // saveActions()
		}
		g.special(sec.Kind, sec.Entry)
	}
}

// special maps one entry: a recognised ability, a known no-effect entry,
// a death burst or aura, or an unmodelled one.
func (g *gen) special(kind string, e *srd.Entry) {
	name := strings.ToLower(e.Name)
	if r, ok := recognisers[name]; ok {
		if t, ok := r(e); ok {
			g.spec = append(g.spec, t)
			g.modelled(e.Name)
			return
		}
		g.unmodelled("%s: known by name but its text does not give its numbers (%s)", e.Name, excerpt(e.Text))
		return
	}
	if why, ok := inertTraits[name]; ok {
		g.inert("%s: %s", e.Name, why)
		return
	}
	if name == "death burst" && e.Save != nil {
		t, ok := g.saveSpec(e.Name, e.Save, false)
		if ok {
			t.fields = append([]field{{"ability", "death_burst"}}, t.fields...)
			g.spec = append(g.spec, t)
			g.modelled(e.Name)
		}
		return
	}
	for _, a := range auraNames {
		if name != a {
			continue
		}
		m := auraRE().FindStringSubmatch(e.Text)
		if m == nil {
			break
		}
		area := m[2]
		if area == "" {
			area = m[3]
		}
		dice := strings.ReplaceAll(m[5], " ", "")
		t := ability("damage_aura").set("when", m[1]).set("radius", atoi(area)).set("damage", dice).set("type", strings.ToLower(m[6]))
		g.spec = append(g.spec, t)
		g.modelled(e.Name)
		if rest := strings.TrimSpace(e.Text[len(m[0]):]); rest != "." && rest != "" {
			g.unmodelled("%s: %q", e.Name, excerpt(strings.TrimPrefix(rest, ".")))
		}
		return
	}
	switch {
	case strings.HasPrefix(name, "spellcasting") || strings.Contains(name, "spellcasting"):
		g.unmodelled("%s: spells are not modelled", e.Name)
	case strings.HasPrefix(name, "shape-shift") || strings.HasPrefix(name, "change shape") || strings.HasPrefix(name, "shapechanger"):
		g.unmodelled("%s: shape changes are not modelled", e.Name)
	default:
		g.unmodelled("%s: not modelled (%s)", e.Name, excerpt(e.Text))
	}
}

// reactions maps the reactions.
func (g *gen) reactions() {
	for _, e := range g.m.Reactions {
		name := strings.ToLower(e.Name)
		if r, ok := recognisers[name]; ok {
			if t, ok := r(e); ok {
				g.spec = append(g.spec, t)
				g.modelled(e.Name)
				continue
			}
		}
		g.unmodelled("%s (Reaction): not modelled (%s)", e.Name, excerpt(e.Text))
	}
}

var (
	legAttackRE = srd.LazyRE(`(?i)makes (?:one|a) ([A-Z][\w' ]*?) attack`)
	legUsesRE   = srd.LazyRE(`uses ([A-Z][\w' ]*?)(?: to |\.| and |,|$)`)
	legMoveRE   = srd.LazyRE(`^The [^.]*? (?:moves|flies) up to (?:half )?its (?:Speed|Fly Speed|speed)`)
)

// legendary writes the legendary actions the importer can model: one
// attack ("makes one Rend attack"), a save effect, or a use of a modelled
// action.
func (g *gen) legendary() {
	m := g.m
	if len(m.Legendary) == 0 {
		return
	}
	lt := &table{}
	for _, e := range m.Legendary {
		var t *table
		switch {
		case e.Save != nil && e.Attack == nil:
			if sv, ok := g.saveSpec(e.Name, e.Save, false); ok {
				t = sv
			}
		case e.Attack != nil:
			g.unmodelled("%s (Legendary Action): an attack of its own", e.Name)
		default:
			if a := legAttackRE().FindStringSubmatch(e.Text); a != nil && g.attack[strings.ToLower(a[1])] != nil {
				t = (&table{}).set("attack", g.attack[strings.ToLower(a[1])].Name)
				if legMoveRE().MatchString(e.Text) {
					g.inert("%s (Legendary Action): its move (fights have no positions)", e.Name)
				}
			} else if u := legUsesRE().FindStringSubmatch(e.Text); u != nil && g.isAction(u[1]) && !strings.Contains(e.Text, "Spellcasting") {
				t = (&table{}).set("use", u[1])
			}
		}
		if t == nil {
			if e.Save == nil && e.Attack == nil {
				g.unmodelled("%s (Legendary Action): not modelled (%s)", e.Name, excerpt(e.Text))
			}
			continue
		}
		t.fields = append([]field{{"name", e.Name}}, t.fields...)
		t.setIf("cost", e.Limit.Cost)
		if onceRE().MatchString(e.Text) && !t.has("once_per_turn") {
			t.set("once_per_turn", true)
		}
		lt.add(t)
		g.modelled(e.Name)
	}
	if lt.empty() {
		return
	}
	l := (&table{}).set("uses", m.LegendUses).setIf("lair", m.LegendLair).set("actions", lt)
	g.stat.set("legendary", l)
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n = n*10 + int(r-'0')
		}
	}
	return n
}
