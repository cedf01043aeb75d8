// Package fightmod is the Lua module "fight": encounters that play
// themselves. A rule system declares its combat parameters as data
// (rules.define("combat", {...}), compiled here once into fight.Rules); an
// encounter file returns a plain table naming the sides and their
// creatures (inline stat blocks or monster ids); fight.run plays it, and
// `dndsh run` / `dndsh sim` play it once or a hundred thousand times.
//
// The combat definition (every field optional; defaults in brackets):
//
//	initiative = { mode = "individual"|"side", die = "1d20", ties = {"modifier", "reroll"},
//	               reroll_each_round = false, surprise = "none"|"lost_round"|"lost_segments"|"round"|"disadvantage",
//	               advantage = "cancel"|"net" }          -- read by combatmod.ReadInitiative, as combat.new reads it
//	segments = 0, round_seconds = 6,
//	slots = { action = 1, bonus = 1, reaction = { count = 1, off_turn = true } },  -- per-turn action budget
//	attack = { die = 20, auto_hit = 20, auto_miss = 1, threat = 20, confirm = false,
//	           crit = "double_dice"|"multiply"|"none", crit_mul = 2, min_damage = 0,
//	           count = { {face, value}... },   -- natural faces counted as another value
//	           advantage = "onoff"|"graded"|{ mode = "graded", cap = 0, max_dice = 0, step = 0 } },
//	damage_steps = { "immune", "adjust", "resist", "vuln" },
//	down = { players = "dying"|"dead", monsters = "dead"|"dying",
//	         condition = "unconscious",   -- added while down and dying
//	         revive_condition = "prone",  -- added when a downed creature is revived
//	         dying_save = { die = 20, dc = 10, successes = 3, failures = 3, double_fail = 1,
//	                        revive = 20, revive_hp = 1, damage_failures = 1, crit_failures = 2,
//	                        massive = false } },  -- rolled by the kernel at the dying creature's turn
//	max_rounds = 100
package fightmod

import (
	"fmt"
	"reflect"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/combatmod"
	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/check"
	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
)

// specErr is an error in a combat definition or an encounter table.
func specErr(where, format string, args ...any) *errs.Error {
	return &errs.Error{Kind: errs.Script, Layer: "fight", Msg: where + ": " + fmt.Sprintf(format, args...)}
}

// tbl reads fields of a table leniently, keeping the first error.
type tbl = luaval.Record

// rec returns a record reader of t named where, in the fight layer.
func rec(t *lua.LTable, where string) *tbl { return &tbl{T: t, Where: where, Layer: "fight"} }

// faces reads a face or a {lo, hi} range.
func faces(r *tbl, key string, def check.FaceRange) check.FaceRange {
	switch v := r.Get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LNumber:
		return check.Face(int(v))
	case lua.LBool:
		if !v {
			return check.FaceRange{}
		}
	case *lua.LTable:
		lo, ok1 := v.RawGetInt(1).(lua.LNumber)
		hi, ok2 := v.RawGetInt(2).(lua.LNumber)
		if ok1 && ok2 {
			return check.Faces(int(lo), int(hi))
		}
	}
	r.Fail("%s must be a face, {lo, hi} or false", key)
	return def
}

// SystemRules compiles the fight rules of g's rule system: its combat
// definition (rules.define("combat", ...)), its conditions' effects and
// its attack's needed-roll function (combat.attack.needed, an attack
// matrix). Fights that play themselves and fights played by hand get their
// rules from here, so an attack resolves the same in both.
func SystemRules(g *rulesmod.Rules) (*fight.Rules, error) {
	def, ok := g.Value("combat").(*lua.LTable)
	if !ok {
		return nil, &errs.Error{Kind: errs.Rule, Layer: "fight", Msg: fmt.Sprintf("the rule system %q defines no combat table (rules.define(\"combat\", {...}))", g.System)}
	}
	rules, err := CompileRules(def)
	if err != nil {
		return nil, err
	}
	if rules.Conditions, err = CompileConditions(g, rules); err != nil {
		return nil, err
	}
	if fn, ok := def.RawGetString("attack").(*lua.LTable); ok {
		if needed, ok := fn.RawGetString("needed").(*lua.LFunction); ok {
			rules.Attack.Needed = luaNeeded(g.R, needed)
		}
	}
	return rules, nil
}

// CompileRules turns a combat definition table into fight.Rules.
func CompileRules(t *lua.LTable) (*fight.Rules, error) {
	root := rec(t, "combat")
	rules := &fight.Rules{}
	c := &rules.Combat
	ini := root.Sub("initiative")
	iniErr := combatmod.ReadInitiative(ini.T, combatmod.InitiativeOptions{Where: ini.Where, Layer: "fight", Surprise: true}, c)
	c.SegmentsPerRound = root.Int("segments", 0)
	c.RoundSeconds = root.Int("round_seconds", 0)
	if slots := root.Sub("slots"); slots.T != nil {
		for _, name := range sortedKeys(slots.T) {
			if _, ok := slots.Get(name).(*lua.LTable); ok {
				// {count = 1, off_turn = true}: a slot its owner may spend
				// outside its own turn (a reaction).
				st := slots.Sub(name)
				c.Slots = append(c.Slots, combat.SlotDef{Name: name, Count: st.Int("count", 1), OffTurn: st.Bool("off_turn", false)})
				if st.Err != nil {
					return nil, st.Err
				}
				continue
			}
			c.Slots = append(c.Slots, combat.SlotDef{Name: name, Count: slots.Int(name, 1)})
		}
	}

	atk := root.Sub("attack")
	sides := atk.Int("die", 20)
	rules.Attack.Test = check.Test{Sides: sides, Naturals: check.Naturals{
		AutoSuccess:   faces(atk, "auto_hit", check.Face(sides)),
		AutoFailure:   faces(atk, "auto_miss", check.Face(1)),
		Threat:        faces(atk, "threat", check.Face(sides)),
		ConfirmThreat: atk.Bool("confirm", false),
	}}
	rules.Attack.Test.AdvPolicy = advPolicy(atk)
	// count = {{1, -10}, {20, 30}}: natural faces that count as another
	// value in the total (confirmation rolls too).
	if cs := atk.Sub("count"); cs.T != nil {
		for i := 1; i <= cs.T.Len(); i++ {
			pair, ok := cs.T.RawGetInt(i).(*lua.LTable)
			var face, val lua.LNumber
			ok1, ok2 := false, false
			if ok {
				face, ok1 = pair.RawGetInt(1).(lua.LNumber)
				val, ok2 = pair.RawGetInt(2).(lua.LNumber)
			}
			if !ok || !ok1 || !ok2 || int(face) < 1 || int(face) > sides {
				cs.Fail("count[%d] must be {face, value} with a face of 1..%d", i, sides)
				break
			}
			rules.Attack.Test.Naturals.Count = append(rules.Attack.Test.Naturals.Count, check.FaceValue{Face: int(face), Value: int(val)})
		}
		if cs.Err != nil {
			return nil, cs.Err
		}
	}
	switch s := atk.Str("crit", "double_dice"); s {
	case "double_dice":
		rules.Attack.Crit = fight.CritDoubleDice
	case "multiply":
		rules.Attack.Crit = fight.CritMultiply
	case "none":
		rules.Attack.Crit = fight.CritNone
	default:
		atk.Fail("crit %q: want double_dice, multiply or none", s)
	}
	rules.Attack.CritMul = atk.Int("crit_mul", 2)
	rules.Attack.MinDamage = atk.Int("min_damage", 0)

	for _, s := range root.Strs("damage_steps", nil) {
		var st creature.DamageStep
		if err := st.UnmarshalText([]byte(s)); err != nil {
			root.Fail("damage_steps: unknown step %q", s)
			continue
		}
		rules.Steps = append(rules.Steps, st)
	}
	down := root.Sub("down")
	rules.Players = downRule(down, "players", fight.DownDying)
	rules.Monsters = downRule(down, "monsters", fight.DownDead)
	rules.DownCondition = down.Str("condition", "")
	rules.ReviveCondition = down.Str("revive_condition", "")
	if ds := down.Sub("dying_save"); ds.T != nil {
		rules.Dying = &fight.DyingSave{
			Die: ds.Int("die", 20), DC: ds.Int("dc", 10),
			Successes: ds.Int("successes", 3), Failures: ds.Int("failures", 3),
			DoubleFail: faces(ds, "double_fail", check.FaceRange{}), Revive: faces(ds, "revive", check.FaceRange{}),
			ReviveHP: ds.Int("revive_hp", 1), DamageFailures: ds.Int("damage_failures", 1),
			CritFailures: ds.Int("crit_failures", 2), Massive: ds.Bool("massive", false),
		}
		if ds.Err != nil {
			return nil, ds.Err
		}
	}
	rules.Attack.CritImmuneTag = atk.Str("crit_immune_tag", "")
	readHP(down, &rules.HP)
	if err := readAC(root, &rules.AC); err != nil {
		return nil, err
	}
	rules.StartConditions = root.Strs("start_conditions", nil)
	rules.MaxRounds = root.IntIn("max_rounds", 100, 0, MaxRounds)
	var err error
	if rules.Space, err = readSpace(root); err != nil {
		return nil, err
	}
	if root.Err != nil {
		return nil, root.Err
	}
	if iniErr != nil {
		return nil, iniErr
	}
	for _, x := range []*tbl{atk, down} {
		if x.Err != nil {
			return nil, x.Err
		}
	}
	return rules, nil
}

// advPolicy reads attack.advantage: "onoff", "graded", or a table {mode =
// "graded", cap =, max_dice =, step =} (the built-in dice rule of
// check.AdvPolicy: 1 + |net| dice up to max_dice, then step per level).
func advPolicy(atk *tbl) check.AdvPolicy {
	mode := func(s string) check.AdvMode {
		switch s {
		case "onoff":
			return check.AdvOnOff
		case "graded":
			return check.AdvGraded
		}
		atk.Fail("advantage %q: want onoff or graded", s)
		return check.AdvOnOff
	}
	if _, ok := atk.Get("advantage").(*lua.LTable); !ok {
		return check.AdvPolicy{Mode: mode(atk.Str("advantage", "onoff"))}
	}
	t := atk.Sub("advantage")
	checkKeys(t, "mode", "cap", "max_dice", "step")
	p := check.AdvPolicy{Mode: mode(t.Str("mode", "graded")), Cap: t.Int("cap", 0), MaxDice: t.Int("max_dice", 0), Step: t.Int("step", 0)}
	if p.Cap < 0 || p.MaxDice < 0 {
		t.Fail("cap and max_dice must be 0 (none) or more")
	}
	if t.Err != nil && atk.Err == nil {
		atk.Err = t.Err
	}
	return p
}

func downRule(t *tbl, key string, def fight.DownRule) fight.DownRule {
	switch s := t.Str(key, ""); s {
	case "":
		return def
	case "dead":
		return fight.DownDead
	case "dying":
		return fight.DownDying
	default:
		t.Fail("%s %q: want dead or dying", key, s)
		return def
	}
}

func sortedKeys(t *lua.LTable) []string {
	var keys []string
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			keys = append(keys, string(s))
		}
	})
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// compileAttacks reads a stat block's attacks list.
func compileAttacks(st *tbl) ([]fight.Attack, []int) {
	list := st.Sub("attacks")
	var out []fight.Attack
	if list.T == nil {
		st.Fail("attacks: a fighter needs a list of attacks (attacks = {} for none)")
		return nil, nil
	}
	for i := 1; i <= list.T.Len(); i++ {
		at, ok := list.T.RawGetInt(i).(*lua.LTable)
		if !ok {
			list.Fail("attacks[%d] must be a table", i)
			continue
		}
		a := rec(at, fmt.Sprintf("%s[%d]", list.Where, i))
		dmg := a.Str("damage", "")
		e, err := dice.Parse(dmg)
		if err != nil {
			a.Fail("damage %q: %v", dmg, err)
			st.Err = a.Err
			continue
		}
		var rng []int
		switch rv := a.Get("range").(type) {
		case lua.LNumber:
			rng = []int{int(rv)}
		case *lua.LTable:
			for k := 1; k <= rv.Len(); k++ {
				n, ok := rv.RawGetInt(k).(lua.LNumber)
				if !ok || n < 0 {
					a.Fail("range[%d] must be a distance in feet", k)
					break
				}
				rng = append(rng, int(n))
			}
		case *lua.LNilType:
		default:
			a.Fail("range must be a distance or a list {normal, long}")
		}
		var extra *dice.Expr
		if x := a.Str("extra", ""); x != "" {
			if extra, err = dice.Parse(x); err != nil {
				a.Fail("extra %q: %v", x, err)
			}
		}
		out = append(out, fight.Attack{Name: a.Str("name", fmt.Sprintf("attack %d", i)), Bonus: a.Int("bonus", 0), Damage: e,
			Type: a.Str("type", ""), Threat: faces(a, "threat", check.FaceRange{}), CritMul: a.Int("crit_mul", 0),
			Reach: a.Int("reach", 0), ReachMin: a.Int("reach_min", 0), Ranged: a.Bool("ranged", false), Range: rng,
			Tags: a.Strs("tags", nil), Touch: a.Bool("touch", false), Nonlethal: a.Bool("nonlethal", false),
			Group: a.Str("group", ""), Extra: extra, NoReach: a.Get("reach") == lua.LNumber(0),
			NoThreat: a.Get("threatens") == lua.LFalse})
		if a.Err != nil && st.Err == nil {
			st.Err = a.Err
		}
	}
	var multi []int
	if m := st.Get("multiattack"); m != lua.LNil {
		mt, ok := m.(*lua.LTable)
		if !ok {
			st.Fail("multiattack must be a list of attack names")
			return out, nil
		}
		for i := 1; i <= mt.Len(); i++ {
			name := lua.LVAsString(mt.RawGetInt(i))
			found := -1
			for j := range out {
				if out[j].Name == name {
					found = j
				}
			}
			if found < 0 {
				st.Fail("multiattack names %q, which is not one of its attacks", name)
				continue
			}
			multi = append(multi, found)
		}
	}
	return out, multi
}

// noEffect reports whether a condition's own effect does nothing.
func noEffect(e *fight.CondEffect) bool {
	z := *e
	z.Name, z.Implied = "", nil
	return reflect.ValueOf(z).IsZero()
}

// condFightKeys are the keys of a condition's fight table.
var condFightKeys = []string{"attack_adv", "defense_adv", "defense_adv_melee", "defense_adv_ranged", "attack_mod",
	"attack_mod_per_level", "save_mod", "save_mod_per_level", "ac_mod", "auto_crit_melee", "no_actions", "near",
	"defense_adv_near", "defense_adv_far", "auto_crit_near", "attack_adv_except_source", "attack_adv_source_seen",
	"defense_adv_seen", "blind", "unseen", "speed_zero", "speed_per_level", "move_extra", "lapses", "keeps_guard", "ends", "attack_die", "no_attack_source",
	"attack_adv_unless_tag", "unless_tags", "speed_halvings", "all_difficult", "unseen_by_source", "obscured", "obscures_view",
	"levels", "defense_mod", "defense_mod_melee", "defense_mod_ranged", "attack_mod_melee", "attack_mod_ranged", "ac_type",
	"ac_lose", "foe_ac_lose", "ac_set", "no_opportunity", "partial", "strenuous", "miss_chance", "no_ranged_unless",
	"ac_vs_source", "ac_lose_unless", "ac_lose_except_source", "attack_mod_vs_source", "defense_mod_vs_source", "spent",
	"no_attack_named", "damage_mod", "damage_mod_melee", "no_approach", "no_threat"}

// levelKeys are the keys of an entry of a condition's fight.levels: the
// effect keys (but ends and levels) and the level it starts at.
var levelKeys = func() []string {
	var out []string
	for _, k := range condFightKeys {
		switch k {
		case "ends", "levels", "ac_type", "ac_lose", "foe_ac_lose", "ac_set", "no_ranged_unless":
			// read for the condition itself only
		default:
			out = append(out, k)
		}
	}
	return append(out, "level")
}()

// condEffect reads the effect keys of a condition's fight table (or of
// one of its levels).
func condEffect(f *tbl, speedZero bool) fight.CondEffect {
	e := fight.CondEffect{
		AttackAdv: f.Int("attack_adv", 0), DefenseAdv: f.Int("defense_adv", 0),
		DefenseAdvMelee: f.Int("defense_adv_melee", 0), DefenseAdvRanged: f.Int("defense_adv_ranged", 0),
		AttackMod: f.Int("attack_mod", 0), AttackModPerLevel: f.Int("attack_mod_per_level", 0), ACMod: f.Int("ac_mod", 0),
		SaveMod: f.Int("save_mod", 0), SaveModPerLevel: f.Int("save_mod_per_level", 0),
		AutoCritMelee: f.Bool("auto_crit_melee", false), NoActions: f.Bool("no_actions", false),
		Near: f.Int("near", 0), DefenseAdvNear: f.Int("defense_adv_near", 0), DefenseAdvFar: f.Int("defense_adv_far", 0),
		AutoCritNear: f.Bool("auto_crit_near", false), AttackAdvExceptSource: f.Int("attack_adv_except_source", 0),
		AttackAdvSourceSeen: f.Int("attack_adv_source_seen", 0), DefenseAdvSeen: f.Int("defense_adv_seen", 0),
		Blind: f.Bool("blind", false), Unseen: f.Bool("unseen", false), SpeedZero: speedZero || f.Bool("speed_zero", false),
		SpeedPerLevel: f.Int("speed_per_level", 0), MoveExtra: f.Int("move_extra", 0),
		Lapses: f.Bool("lapses", false), KeepsGuard: f.Bool("keeps_guard", false), NoAttackSource: f.Bool("no_attack_source", false),
		AttackAdvUnlessTag: f.Int("attack_adv_unless_tag", 0), UnlessTags: f.Strs("unless_tags", nil),
		SpeedHalvings: f.Int("speed_halvings", 0), AllDifficult: f.Bool("all_difficult", false),
		UnseenBySource: f.Bool("unseen_by_source", false), Obscured: f.Int("obscured", 0), ObscuresView: f.Int("obscures_view", 0),
		DefenseMod: f.Int("defense_mod", 0), DefenseModMelee: f.Int("defense_mod_melee", 0),
		DefenseModRanged: f.Int("defense_mod_ranged", 0), AttackModMelee: f.Int("attack_mod_melee", 0),
		AttackModRanged: f.Int("attack_mod_ranged", 0), NoOpportunity: f.Bool("no_opportunity", false),
		Partial: f.Bool("partial", false), Strenuous: f.Int("strenuous", 0), MissChance: f.Int("miss_chance", 0),
		ACVsSource: f.Bool("ac_vs_source", false), ACLoseUnless: f.Str("ac_lose_unless", ""),
		ACLoseExceptSource: f.Bool("ac_lose_except_source", false),
		AttackModVsSource:  f.Int("attack_mod_vs_source", 0), DefenseModVsSource: f.Int("defense_mod_vs_source", 0),
		Spent: f.Bool("spent", false), NoAttackNamed: f.Bool("no_attack_named", false),
		DamageMod: f.Int("damage_mod", 0), DamageModMelee: f.Int("damage_mod_melee", 0),
		NoApproach: f.Bool("no_approach", false), NoThreat: f.Bool("no_threat", false),
	}
	for _, k := range []string{"obscured", "obscures_view"} {
		if n := f.Int(k, 0); n < 0 || n > 2 {
			f.Fail("%s must be 0 (clear), 1 (lightly) or 2 (heavily), got %d", k, n)
		}
	}
	if src := f.Str("attack_die", ""); src != "" {
		x, err := dice.Parse(src)
		if err != nil {
			f.Fail("attack_die: %v", err)
		} else {
			e.AttackDie = x
		}
	}
	return e
}

// CompileConditions reads every "condition.<name>" definition's `fight`
// table (attack_adv, defense_adv, defense_adv_melee, defense_adv_ranged,
// attack_mod, attack_mod_per_level, save_mod, save_mod_per_level (dying
// saves), ac_mod, auto_crit_melee, no_actions) and `implies` list into
// the fight engine's condition effects. A condition's effects include those
// of the conditions it implies (transitively, each once).
func CompileConditions(g *rulesmod.Rules, fr *fight.Rules) (map[string]*fight.CondEffect, error) {
	type raw struct {
		eff     fight.CondEffect
		implies []string
	}
	defs := map[string]*raw{}
	names := g.Prefixed("condition.")
	for _, full := range names {
		t, ok := g.Value(full).(*lua.LTable)
		if !ok {
			continue
		}
		name := strings.TrimPrefix(full, "condition.")
		c := rec(t, full)
		f := c.Sub("fight")
		d := &raw{implies: c.Strs("implies", nil)}
		checkKeys(f, condFightKeys...)
		d.eff = condEffect(f, c.Bool("speed_zero", false))
		d.eff.NoApproach = d.eff.NoApproach || c.Bool("no_approach", false) // a condition's own key, as speed_zero
		switch ends := f.Str("ends", ""); ends {
		case "":
		case "turn_start":
			d.eff.EndsAtTurnStart = true
		case "acts":
			d.eff.EndsWhenActs = true
		default:
			f.Fail("ends: \"turn_start\" or \"acts\" expected, got %q", ends)
		}
		if v := f.Get("no_ranged_unless"); v != lua.LNil {
			d.eff.NoRanged, d.eff.NoRangedUnless = true, f.Str("no_ranged_unless", "")
		}
		if err := readCondAC(f, &fr.AC, &d.eff); err != nil {
			return nil, err
		}
		// levels = {{level = 3, attack_adv = -1}, ...}: effects that join
		// from a level of the condition on.
		if lv := f.Sub("levels"); lv.T != nil {
			for i := 1; i <= lv.T.Len(); i++ {
				lt, ok := lv.T.RawGetInt(i).(*lua.LTable)
				if !ok {
					lv.Fail("levels[%d] must be a table {level =, ...}", i)
					break
				}
				l := rec(lt, fmt.Sprintf("%s[%d]", lv.Where, i))
				checkKeys(l, levelKeys...)
				min := l.Int("level", 0)
				if min < 1 && l.Err == nil {
					l.Fail("level must be 1 or more")
				}
				e := condEffect(l, false)
				e.Name = name
				if l.Err != nil {
					return nil, l.Err
				}
				d.eff.Levels = append(d.eff.Levels, fight.LevelEffect{Min: min, Effect: &e})
			}
			if lv.Err != nil {
				return nil, lv.Err
			}
		}
		if c.Err != nil {
			return nil, c.Err
		}
		if f.Err != nil {
			return nil, f.Err
		}
		defs[name] = d
	}
	// Each condition keeps its own effect; what it implies is in force with
	// it, each effect once (Implied), so a creature with both Unconscious
	// and the Prone it implies is Prone once.
	own := map[string]*fight.CondEffect{}
	for name, d := range defs {
		d.eff.Name = name
		own[name] = &d.eff
	}
	out := map[string]*fight.CondEffect{}
	for _, full := range names {
		name := strings.TrimPrefix(full, "condition.")
		d := defs[name]
		if d == nil {
			continue
		}
		seen := map[string]bool{name: true}
		var implied []*fight.CondEffect
		var walk func(list []string, depth int) error
		walk = func(list []string, depth int) error {
			if depth > 16 {
				return specErr("condition."+name, "implies goes too deep (a cycle?)")
			}
			for _, n := range list {
				if seen[n] {
					continue
				}
				seen[n] = true
				dn := defs[n]
				if dn == nil {
					return specErr("condition."+name, "implies %q, which no condition definition names", n)
				}
				if !noEffect(&dn.eff) {
					implied = append(implied, own[n])
				}
				if err := walk(dn.implies, depth+1); err != nil {
					return err
				}
			}
			return nil
		}
		if err := walk(d.implies, 0); err != nil {
			return nil, err
		}
		e := own[name]
		e.Implied = implied
		if len(implied) > 0 || !noEffect(e) {
			out[name] = e
		}
	}
	return out, nil
}
