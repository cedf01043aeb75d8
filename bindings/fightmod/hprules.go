package fightmod

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/combat"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
)

// The combat definition's typed armour class and hit-point rules:
//
//	ac = { types = { "armor", "shield", "dex", "dodge", ... },  -- at most 32
//	       stack = { "dodge" },                 -- types whose bonuses all count
//	       touch_ignores = { "armor", "shield", "natural" },
//	       cover = "cover" },                   -- the type of cover's AC bonus
//	start_conditions = { "flat_footed" },       -- every fighter starts with them
//	attack = { ..., crit_immune_tag = "crit_immune" },
//	down = { ..., at = -1,                      -- drops at -1 (dies at its floor)
//	         bleed = { die = 100, stable = 10, loss = 1 },  -- when a round ends
//	         massive = 50,                      -- a hit of 50 raises damage.massive
//	         states = { { min = 0, max = 0, condition = "disabled" } },
//	         nonlethal = { equal = "staggered", exceeds = "unconscious" },
//	         stable = "stable" }                -- replaces the down condition when stable
//
// A condition's fight table may type its ac_mod (ac_type = "dodge"), lose
// types (ac_lose = {"dex", "dodge"}; foe_ac_lose for its bearer's targets
// while they cannot perceive it) and set one (ac_set = { dex = -5 }). A
// stat block gives its armour class's parts as ac_types = { armor = 4, ... }
// (each part of its ac total), its tie-break score as init_score and its
// own slot counts as slots = { aoo = 3 }.

func readAC(root *tbl, ac *fight.ACRule) error {
	r := root.Sub("ac")
	if r.T == nil {
		ac.CoverType = -1
		return root.Err
	}
	checkKeys(r, "types", "stack", "touch_ignores", "cover")
	ac.Types = r.Strs("types", nil)
	if len(ac.Types) > 32 {
		r.Fail("types: at most 32 bonus types, got %d", len(ac.Types))
	}
	for i, t := range ac.Types {
		for _, u := range ac.Types[:i] {
			if t == u {
				r.Fail("types: %q listed twice", t)
			}
		}
	}
	if r.Err != nil {
		return r.Err
	}
	mask := func(key string) uint32 {
		m, err := ac.Mask(r.Strs(key, nil))
		if err != nil && r.Err == nil {
			r.Fail("%s: %s (%s)", key, err.(*errs.Error).Msg, err.(*errs.Error).Hint)
		}
		return m
	}
	ac.Stack = mask("stack")
	ac.TouchIgnores = mask("touch_ignores")
	ac.CoverType = -1
	if c := r.Str("cover", ""); c != "" {
		i, err := ac.TypeIndex(c)
		if err != nil {
			r.Fail("cover: %s", err.(*errs.Error).Msg)
		}
		ac.CoverType = i
	}
	return r.Err
}

// readCondAC reads a condition's typed armour-class keys.
func readCondAC(f *tbl, ac *fight.ACRule, eff *fight.CondEffect) error {
	if f.T == nil {
		return nil
	}
	bad := func(key string, err error) error {
		e := err.(*errs.Error)
		return specErr(f.Where, "%s: %s (%s)", key, e.Msg, e.Hint)
	}
	if t := f.Str("ac_type", ""); t != "" {
		i, err := ac.TypeIndex(t)
		if err != nil {
			return bad("ac_type", err)
		}
		eff.ACType = i + 1
	}
	var err error
	if eff.ACLose, err = ac.Mask(f.Strs("ac_lose", nil)); err != nil {
		return bad("ac_lose", err)
	}
	if eff.FoeACLose, err = ac.Mask(f.Strs("foe_ac_lose", nil)); err != nil {
		return bad("foe_ac_lose", err)
	}
	if set := f.Sub("ac_set"); set.T != nil {
		keys := sortedKeys(set.T)
		if len(keys) != 1 {
			return specErr(f.Where, "ac_set must set one type, as { dex = -5 }")
		}
		i, err := ac.TypeIndex(keys[0])
		if err != nil {
			return bad("ac_set", err)
		}
		eff.ACSetType, eff.ACSetValue = i+1, set.Int(keys[0], 0)
		if set.Err != nil {
			return set.Err
		}
	}
	return f.Err
}

// readHP reads the down table's hit-point rules.
func readHP(down *tbl, hp *fight.HPRule) {
	if down.T == nil {
		return
	}
	if v, ok := down.Get("at").(lua.LNumber); ok {
		hp.HasDownAt, hp.DownAt = true, int(v)
	} else if down.Get("at") != lua.LNil {
		down.Fail("at must be a number of hit points")
	}
	if b := down.Sub("bleed"); b.T != nil {
		checkKeys(b, "die", "stable", "loss")
		hp.Bleed = &fight.BleedRule{Die: b.Int("die", 100), Stable: b.Int("stable", 10), Loss: b.Int("loss", 1)}
		if b.Err != nil {
			down.Err = b.Err
		}
	}
	hp.MassiveAt = down.Int("massive", 0)
	if st := down.Sub("states"); st.T != nil {
		for i := 1; i <= st.T.Len(); i++ {
			et, ok := st.T.RawGetInt(i).(*lua.LTable)
			if !ok {
				st.Fail("states[%d] must be a table {min, max, condition}", i)
				break
			}
			e := rec(et, fmt.Sprintf("%s[%d]", st.Where, i))
			checkKeys(e, "min", "max", "condition")
			hp.States = append(hp.States, fight.HPState{Min: e.Int("min", 0), Max: e.Int("max", 0), Condition: e.Str("condition", "")})
			if e.Err != nil {
				down.Err = e.Err
			}
		}
		if st.Err != nil {
			down.Err = st.Err
		}
	}
	hp.StableCondition = down.Str("stable", "")
	if nl := down.Sub("nonlethal"); nl.T != nil {
		checkKeys(nl, "equal", "exceeds")
		hp.NonlethalEqual, hp.NonlethalExceeds = nl.Str("equal", ""), nl.Str("exceeds", "")
		if nl.Err != nil {
			down.Err = nl.Err
		}
	}
}

// readFighterExtras reads a stat block's typed armour class, initiative
// tie-break score and slot counts into x.
func readFighterExtras(t *tbl, rules *fight.Rules, x *fight.Fighter) error {
	x.Score = t.Int("init_score", x.Init)
	if parts := t.Sub("ac_types"); parts.T != nil {
		for _, name := range sortedKeys(parts.T) {
			i, err := rules.AC.TypeIndex(name)
			if err != nil {
				e := err.(*errs.Error)
				return specErr(t.Where, "ac_types: %s (%s)", e.Msg, e.Hint)
			}
			x.ACParts = append(x.ACParts, fight.ACPart{Type: i, Value: parts.Int(name, 0)})
		}
		if parts.Err != nil {
			return parts.Err
		}
	}
	if sl := t.Sub("slots"); sl.T != nil {
		for _, name := range sortedKeys(sl.T) {
			n := sl.Int(name, 1)
			if n < 0 {
				sl.Fail("%s: a slot count is 0 or more", name)
			}
			x.Slots = append(x.Slots, combat.SlotCount{Name: name, Count: n})
		}
		if sl.Err != nil {
			return sl.Err
		}
	}
	return t.Err
}
