package combatmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/combat"
)

// ReadConfig reads a combat config table (see the package documentation)
// into a kernel Config. Every key is checked: an unknown key or a bad value
// is an error naming it. The kernel validates the result once more when an
// encounter is made (a composite naming an unknown slot, say).
func ReadConfig(t *lua.LTable) (combat.Config, error) {
	var c combat.Config
	var iniT *lua.LTable
	err := readFields("", t,
		fieldFn{Key: "initiative", Fn: func(p string, v lua.LValue) (err error) { iniT, err = tableOf(p, v); return }},
		fieldFn{Key: "surprise", Fn: func(p string, v lua.LValue) error { return readSurprise(p, v, &c) }},
		fieldFn{Key: "slots", Fn: func(p string, v lua.LValue) error { return readSlots(p, v, &c) }},
		fieldFn{Key: "composites", Fn: func(p string, v lua.LValue) error { return readComposites(p, v, &c) }},
		nonNegField("segments", &c.SegmentsPerRound),
		nonNegField("round_seconds", &c.RoundSeconds),
		nonNegField("rounds_per_turn", &c.RoundsPerTurn),
		fieldFn{Key: "delay", Fn: func(p string, v lua.LValue) error { return readDelay(p, v, &c.Delay) }},
		fieldFn{Key: "ready", Fn: func(p string, v lua.LValue) error { return readReady(p, v, &c) }},
	)
	if err != nil {
		return c, err
	}
	if err := ReadInitiative(iniT, InitiativeOptions{Where: "initiative", Layer: layer, Strict: true}, &c); err != nil {
		return c, err
	}
	return c, nil
}

// readSurprise reads surprise = "kind" or {kind =, disadvantage =, slots =,
// always =, unordered =, die =}.
func readSurprise(path string, v lua.LValue, c *combat.Config) error {
	kind := func(p string, v lua.LValue) error {
		s, err := strOf(p, v)
		if err != nil {
			return err
		}
		k, ok := SurpriseKindNamed(s)
		if !ok {
			return bad(p, "unknown surprise %q (none, lost_round, lost_segments, round, disadvantage)", s)
		}
		c.Surprise = k
		return nil
	}
	if _, ok := v.(lua.LString); ok {
		return kind(path, v)
	}
	t, err := tableOf(path, v)
	if err != nil {
		return bad(path, "surprise kind or table expected, got %s", typeName(v))
	}
	err = readFields(path, t,
		fieldFn{Key: "kind", Fn: kind},
		fieldFn{Key: "disadvantage", Fn: func(p string, v lua.LValue) (err error) { c.SurpriseDisadvantage, err = posOf(p, v); return }},
		fieldFn{Key: "slots", Fn: func(p string, v lua.LValue) error {
			st, err := tableOf(p, v)
			if err != nil {
				return err
			}
			names, err := mapKeys(p, st)
			if err != nil {
				return err
			}
			for _, name := range names {
				n, err := countOf(join(p, name), st.RawGetString(name))
				if err != nil {
					return err
				}
				c.SurpriseSlots = append(c.SurpriseSlots, combat.SlotCount{Name: name, Count: n})
			}
			return nil
		}},
		boolField("always", &c.SurpriseAlways),
		boolField("unordered", &c.SurpriseUnordered),
		fieldFn{Key: "die", Fn: func(p string, v lua.LValue) error {
			d, ok := ParseDie(v, true)
			if !ok {
				return bad(p, "die such as \"1d6\" or 6 expected, got %s", typeName(v))
			}
			c.SurpriseDie = d
			return nil
		}},
	)
	if err == nil && t.RawGetString("kind") == lua.LNil {
		err = bad(join(path, "kind"), "string expected, got nil")
	}
	return err
}

// readSlots reads slots = {name = count | {count =, off_turn =, reset =}},
// declared in name order.
func readSlots(path string, v lua.LValue, c *combat.Config) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	names, err := mapKeys(path, t)
	if err != nil {
		return err
	}
	for _, name := range names {
		p := join(path, name)
		d := combat.SlotDef{Name: name, Count: 1}
		switch x := t.RawGetString(name).(type) {
		case *lua.LTable:
			err = readFields(p, x,
				fieldFn{Key: "count", Fn: func(p string, v lua.LValue) (err error) { d.Count, err = countOf(p, v); return }},
				boolField("off_turn", &d.OffTurn),
				fieldFn{Key: "reset", Fn: func(p string, v lua.LValue) error {
					s, err := strOf(p, v)
					if err != nil {
						return err
					}
					switch s {
					case "turn_start":
						d.Reset = combat.ResetTurnStart
					case "round_start":
						d.Reset = combat.ResetRoundStart
					case "never":
						d.Reset = combat.ResetNever
					default:
						return bad(p, "unknown reset %q (turn_start, round_start, never)", s)
					}
					return nil
				}},
			)
		default:
			d.Count, err = countOf(p, x)
		}
		if err != nil {
			return err
		}
		c.Slots = append(c.Slots, d)
	}
	return nil
}

// readComposites reads composites = {name = {"slot", "slot"...}}.
func readComposites(path string, v lua.LValue, c *combat.Config) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	names, err := mapKeys(path, t)
	if err != nil {
		return err
	}
	for _, name := range names {
		p := join(path, name)
		parts, err := strListOf(p, t.RawGetString(name))
		if err != nil {
			return err
		}
		if len(parts) == 0 {
			return bad(p, "a composite slot spends at least one slot")
		}
		c.Composites = append(c.Composites, combat.Composite{Name: name, Parts: parts})
	}
	return nil
}

// readDelay reads delay = {floor =, floor_minus_modifier =}.
func readDelay(path string, v lua.LValue, d *combat.DelayRule) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	err = readFields(path, t,
		fieldFn{Key: "floor", Fn: func(p string, v lua.LValue) (err error) { d.HasFloor = true; d.Floor, err = intOf(p, v); return }},
		boolField("floor_minus_modifier", &d.FloorMinusModifier),
	)
	if err == nil && d.FloorMinusModifier && !d.HasFloor {
		err = bad(join(path, "floor_minus_modifier"), "needs delay.floor")
	}
	return err
}

// readReady reads ready = {moves_initiative =, slot =}.
func readReady(path string, v lua.LValue, c *combat.Config) error {
	t, err := tableOf(path, v)
	if err != nil {
		return err
	}
	return readFields(path, t,
		boolField("moves_initiative", &c.ReadyMovesInitiative),
		nameField("slot", &c.ReadySlot),
	)
}
