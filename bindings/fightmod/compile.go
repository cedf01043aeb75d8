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
//	slots = { action = 1, bonus = 1, reaction = 1 },  -- per-turn action budget
//	attack = { die = 20, auto_hit = 20, auto_miss = 1, threat = 20, confirm = false,
//	           crit = "double_dice"|"multiply"|"none", crit_mul = 2, min_damage = 0,
//	           advantage = "onoff"|"graded" },
//	damage_steps = { "immune", "adjust", "resist", "vuln" },
//	down = { players = "dying"|"dead", monsters = "dead"|"dying",
//	         condition = "unconscious",   -- added while down and dying
//	         dying_save = { die = 20, dc = 10, successes = 3, failures = 3, double_fail = 1,
//	                        revive = 20, revive_hp = 1, damage_failures = 1, crit_failures = 2,
//	                        massive = false } },  -- rolled by the kernel at the dying creature's turn
//	max_rounds = 100
package fightmod

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/combatmod"
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

// tbl reads fields of a table with errors that name them.
type tbl struct {
	t     *lua.LTable
	where string
	err   error
}

func (r *tbl) fail(format string, args ...any) {
	if r.err == nil {
		r.err = specErr(r.where, format, args...)
	}
}

func (r *tbl) sub(key string) *tbl {
	if r.t == nil {
		return &tbl{where: r.where + "." + key}
	}
	switch v := r.t.RawGetString(key).(type) {
	case *lua.LTable:
		return &tbl{t: v, where: r.where + "." + key}
	case *lua.LNilType:
		return &tbl{where: r.where + "." + key}
	default:
		r.fail("%s must be a table, got %s", key, v.Type())
		return &tbl{where: r.where + "." + key}
	}
}

func (r *tbl) get(key string) lua.LValue {
	if r.t == nil {
		return lua.LNil
	}
	return r.t.RawGetString(key)
}

func (r *tbl) int(key string, def int) int {
	switch v := r.get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LNumber:
		return int(v)
	default:
		r.fail("%s must be a number, got %s", key, v.Type())
		return def
	}
}

func (r *tbl) str(key, def string) string {
	switch v := r.get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LString:
		return string(v)
	default:
		r.fail("%s must be a string, got %s", key, v.Type())
		return def
	}
}

func (r *tbl) bool(key string, def bool) bool {
	switch v := r.get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LBool:
		return bool(v)
	default:
		r.fail("%s must be true or false, got %s", key, v.Type())
		return def
	}
}

func (r *tbl) strs(key string, def []string) []string {
	switch v := r.get(key).(type) {
	case *lua.LNilType:
		return def
	case *lua.LTable:
		var out []string
		for i := 1; i <= v.Len(); i++ {
			s, ok := v.RawGetInt(i).(lua.LString)
			if !ok {
				r.fail("%s[%d] must be a string", key, i)
				return def
			}
			out = append(out, string(s))
		}
		return out
	default:
		r.fail("%s must be a list of strings, got %s", key, v.Type())
		return def
	}
}

// faces reads a face or a {lo, hi} range.
func (r *tbl) faces(key string, def check.FaceRange) check.FaceRange {
	switch v := r.get(key).(type) {
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
	r.fail("%s must be a face, {lo, hi} or false", key)
	return def
}

// CompileRules turns a combat definition table into fight.Rules.
func CompileRules(t *lua.LTable) (*fight.Rules, error) {
	root := &tbl{t: t, where: "combat"}
	rules := &fight.Rules{}
	c := &rules.Combat
	ini := root.sub("initiative")
	iniErr := combatmod.ReadInitiative(ini.t, combatmod.InitiativeOptions{Where: ini.where, Layer: "fight", Surprise: true}, c)
	c.SegmentsPerRound = root.int("segments", 0)
	c.RoundSeconds = root.int("round_seconds", 0)
	if slots := root.sub("slots"); slots.t != nil {
		for _, name := range sortedKeys(slots.t) {
			c.Slots = append(c.Slots, combat.SlotDef{Name: name, Count: slots.int(name, 1)})
		}
	}

	atk := root.sub("attack")
	sides := atk.int("die", 20)
	rules.Attack.Test = check.Test{Sides: sides, Naturals: check.Naturals{
		AutoSuccess:   atk.faces("auto_hit", check.Face(sides)),
		AutoFailure:   atk.faces("auto_miss", check.Face(1)),
		Threat:        atk.faces("threat", check.Face(sides)),
		ConfirmThreat: atk.bool("confirm", false),
	}}
	switch s := atk.str("advantage", "onoff"); s {
	case "onoff":
		rules.Attack.Test.AdvPolicy = check.AdvPolicy{Mode: check.AdvOnOff}
	case "graded":
		rules.Attack.Test.AdvPolicy = check.AdvPolicy{Mode: check.AdvGraded}
	default:
		atk.fail("advantage %q: want onoff or graded", s)
	}
	switch s := atk.str("crit", "double_dice"); s {
	case "double_dice":
		rules.Attack.Crit = fight.CritDoubleDice
	case "multiply":
		rules.Attack.Crit = fight.CritMultiply
	case "none":
		rules.Attack.Crit = fight.CritNone
	default:
		atk.fail("crit %q: want double_dice, multiply or none", s)
	}
	rules.Attack.CritMul = atk.int("crit_mul", 2)
	rules.Attack.MinDamage = atk.int("min_damage", 0)

	for _, s := range root.strs("damage_steps", nil) {
		var st creature.DamageStep
		if err := st.UnmarshalText([]byte(s)); err != nil {
			root.fail("damage_steps: unknown step %q", s)
			continue
		}
		rules.Steps = append(rules.Steps, st)
	}
	down := root.sub("down")
	rules.Players = downRule(down, "players", fight.DownDying)
	rules.Monsters = downRule(down, "monsters", fight.DownDead)
	rules.DownCondition = down.str("condition", "")
	if ds := down.sub("dying_save"); ds.t != nil {
		rules.Dying = &fight.DyingSave{
			Die: ds.int("die", 20), DC: ds.int("dc", 10),
			Successes: ds.int("successes", 3), Failures: ds.int("failures", 3),
			DoubleFail: ds.faces("double_fail", check.FaceRange{}), Revive: ds.faces("revive", check.FaceRange{}),
			ReviveHP: ds.int("revive_hp", 1), DamageFailures: ds.int("damage_failures", 1),
			CritFailures: ds.int("crit_failures", 2), Massive: ds.bool("massive", false),
		}
		if ds.err != nil {
			return nil, ds.err
		}
	}
	rules.MaxRounds = root.int("max_rounds", 100)
	if root.err != nil {
		return nil, root.err
	}
	if iniErr != nil {
		return nil, iniErr
	}
	for _, x := range []*tbl{atk, down} {
		if x.err != nil {
			return nil, x.err
		}
	}
	return rules, nil
}

func downRule(t *tbl, key string, def fight.DownRule) fight.DownRule {
	switch s := t.str(key, ""); s {
	case "":
		return def
	case "dead":
		return fight.DownDead
	case "dying":
		return fight.DownDying
	default:
		t.fail("%s %q: want dead or dying", key, s)
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
	list := st.sub("attacks")
	var out []fight.Attack
	if list.t == nil {
		st.fail("attacks: a fighter needs at least one attack")
		return nil, nil
	}
	for i := 1; i <= list.t.Len(); i++ {
		at, ok := list.t.RawGetInt(i).(*lua.LTable)
		if !ok {
			list.fail("attacks[%d] must be a table", i)
			continue
		}
		a := &tbl{t: at, where: fmt.Sprintf("%s[%d]", list.where, i)}
		dmg := a.str("damage", "")
		e, err := dice.Parse(dmg)
		if err != nil {
			a.fail("damage %q: %v", dmg, err)
			st.err = a.err
			continue
		}
		out = append(out, fight.Attack{Name: a.str("name", fmt.Sprintf("attack %d", i)), Bonus: a.int("bonus", 0), Damage: e,
			Type: a.str("type", ""), Threat: a.faces("threat", check.FaceRange{}), CritMul: a.int("crit_mul", 0),
			Reach: a.int("reach", 5), Ranged: a.bool("ranged", false)})
		if a.err != nil && st.err == nil {
			st.err = a.err
		}
	}
	var multi []int
	if m := st.get("multiattack"); m != lua.LNil {
		mt, ok := m.(*lua.LTable)
		if !ok {
			st.fail("multiattack must be a list of attack names")
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
				st.fail("multiattack names %q, which is not one of its attacks", name)
				continue
			}
			multi = append(multi, found)
		}
	}
	return out, multi
}

// CompileConditions reads every "condition.<name>" definition's `fight`
// table (attack_adv, defense_adv, defense_adv_melee, defense_adv_ranged,
// attack_mod, ac_mod, auto_crit_melee, no_actions) and `implies` list into
// the fight engine's condition effects. A condition's effects include those
// of the conditions it implies (transitively, each once).
func CompileConditions(g *rulesmod.Rules) (map[string]*fight.CondEffect, error) {
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
		c := &tbl{t: t, where: full}
		f := c.sub("fight")
		d := &raw{implies: c.strs("implies", nil)}
		d.eff = fight.CondEffect{
			AttackAdv: f.int("attack_adv", 0), DefenseAdv: f.int("defense_adv", 0),
			DefenseAdvMelee: f.int("defense_adv_melee", 0), DefenseAdvRanged: f.int("defense_adv_ranged", 0),
			AttackMod: f.int("attack_mod", 0), ACMod: f.int("ac_mod", 0),
			AutoCritMelee: f.bool("auto_crit_melee", false), NoActions: f.bool("no_actions", false),
		}
		if c.err != nil {
			return nil, c.err
		}
		if f.err != nil {
			return nil, f.err
		}
		defs[name] = d
	}
	out := map[string]*fight.CondEffect{}
	for _, full := range names {
		name := strings.TrimPrefix(full, "condition.")
		if defs[name] == nil {
			continue
		}
		seen := map[string]bool{}
		var total fight.CondEffect
		var walk func(n string, depth int) error
		walk = func(n string, depth int) error {
			if seen[n] {
				return nil
			}
			if depth > 16 {
				return specErr("condition."+name, "implies goes too deep (a cycle?)")
			}
			seen[n] = true
			d := defs[n]
			if d == nil {
				return specErr("condition."+name, "implies %q, which no condition definition names", n)
			}
			e := d.eff
			total.AttackAdv += e.AttackAdv
			total.DefenseAdv += e.DefenseAdv
			total.DefenseAdvMelee += e.DefenseAdvMelee
			total.DefenseAdvRanged += e.DefenseAdvRanged
			total.AttackMod += e.AttackMod
			total.ACMod += e.ACMod
			total.AutoCritMelee = total.AutoCritMelee || e.AutoCritMelee
			total.NoActions = total.NoActions || e.NoActions
			for _, i := range d.implies {
				if err := walk(i, depth+1); err != nil {
					return err
				}
			}
			return nil
		}
		if err := walk(name, 0); err != nil {
			return nil, err
		}
		if total != (fight.CondEffect{}) {
			eff := total
			out[name] = &eff
		}
	}
	return out, nil
}
