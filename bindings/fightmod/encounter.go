package fightmod

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
)

// Compile builds a fight from an encounter table in the runtime of g: the
// rule system's combat definition, the sides and their fighters (inline
// stat blocks or monster files), and the fighters' scoped hooks. The fight
// draws from the runtime's source and raises events on its bus.
func Compile(ctx context.Context, g *rulesmod.Rules, spec *lua.LTable) (*fight.Fight, error) {
	return compile(ctx, g, spec, nil)
}

// compile is Compile with the encounter file's source at hand (loc, or
// nil), for errors that point into it.
func compile(ctx context.Context, g *rulesmod.Rules, spec *lua.LTable, loc *locator) (*fight.Fight, error) {
	r := g.R
	rules, err := SystemRules(g)
	if err != nil {
		return nil, err
	}
	root := rec(spec, "encounter")
	if mr := root.IntIn("max_rounds", -1, 0, MaxRounds); mr >= 0 {
		rules.MaxRounds = mr // 0: the surprise round or segments only
	}
	if root.Err != nil {
		return nil, root.Err
	}
	var bm *grid.Map
	if mv := root.Get("map"); mv != lua.LNil {
		if bm, err = readMap(mv, rules.Space.Grid, loc); err != nil {
			return nil, err
		}
	}
	var places []placement
	ats := 0
	sidesT := root.Sub("sides")
	if sidesT.T == nil || sidesT.T.Len() == 0 {
		return nil, specErr("encounter", "sides must be a list of {name = ..., members = {...}}")
	}
	var sides []string
	var fighters []*fight.Fighter
	type hook struct {
		f   *fight.Fighter
		on  *lua.LTable
		src *statSource
	}
	var hooks []hook
	for si := 1; si <= sidesT.T.Len(); si++ {
		st, ok := sidesT.T.RawGetInt(si).(*lua.LTable)
		if !ok {
			return nil, specErr(fmt.Sprintf("encounter.sides[%d]", si), "must be a table")
		}
		side := rec(st, fmt.Sprintf("encounter.sides[%d]", si))
		name := side.Str("name", fmt.Sprintf("side%d", si))
		sides = append(sides, name)
		tactic, err := tacticOf(r, side, fmt.Sprintf("side %s", name), fighters)
		if err != nil {
			return nil, err
		}
		members := side.Sub("members")
		var zone []grid.Pos
		if bm != nil {
			zname := side.Str("zone", fmt.Sprint(si))
			zone = bm.Zones[zname]
			if a := side.Get("area"); a != lua.LNil {
				if zone, err = readArea(a, side.Where+".area"); err != nil {
					return nil, err
				}
			} else if side.Get("zone") != lua.LNil && zone == nil {
				side.Fail("zone %q: the map has no zone of that name", zname)
			}
		}
		if side.Err != nil {
			return nil, side.Err
		}
		if members.T == nil {
			return nil, specErr(side.Where, "members must be a list")
		}
		for mi := 1; mi <= members.T.Len(); mi++ {
			mt, ok := members.T.RawGetInt(mi).(*lua.LTable)
			if !ok {
				return nil, specErr(fmt.Sprintf("%s.members[%d]", side.Where, mi), "must be a table")
			}
			m := rec(mt, fmt.Sprintf("%s.members[%d]", side.Where, mi))
			stat, src, err := statBlock(ctx, g, m, loc)
			if err != nil {
				return nil, err
			}
			count := m.IntIn("count", 1, 1, MaxCount)
			if m.Err != nil {
				return nil, m.Err
			}
			var at []grid.Pos
			atN := -1
			if av := m.Get("at"); av != lua.LNil {
				atN = ats
				ats++
				if bm == nil {
					return nil, specErr(m.Where, "at: the encounter has no map (give it map = {...})")
				}
				if at, err = readAts(av, count, m.Where+".at"); err != nil {
					return nil, err
				}
			}
			base := m.Str("id", lua.LVAsString(stat.RawGetString("id")))
			if base == "" {
				base = fmt.Sprintf("%s%d", name, mi)
			}
			for k := 1; k <= count; k++ {
				id := base
				if count > 1 {
					id = fmt.Sprintf("%s%d", base, k)
				}
				x, err := buildFighter(r, rules, stat, id, name, len(sides)-1, rec(stat, m.Where))
				if err != nil {
					return nil, err
				}
				x.Player = m.Bool("player", lua.LVAsBool(stat.RawGetString("player")))
				x.Surprised = m.Bool("surprised", false)
				x.Unaware = m.Bool("unaware", false)
				if m.Bool("group", false) {
					x.Group = name + "/" + base // one roll for the member's creatures
				}
				if x.Tactic == nil {
					x.Tactic = tactic
				}
				if bm != nil {
					pl := placement{x: x, atN: atN, zone: zone, where: m.Where}
					if at != nil {
						pl.at = &at[k-1]
					}
					places = append(places, pl)
				}
				fighters = append(fighters, x)
				if on, ok := stat.RawGetString("on").(*lua.LTable); ok {
					hooks = append(hooks, hook{x, on, src})
				}
			}
			if m.Err != nil {
				return nil, m.Err
			}
		}
	}
	// A new fight in the same runtime: the previous fight's creatures'
	// hooks go (its owner numbers are about to be reused).
	if prev := Current(r); prev != nil {
		for _, x := range prev.Fighters {
			g.Bus.OffOwner(x.Owner)
		}
	}
	f, err := fight.New(rules, g.Bus, r.Src, fighters, sides)
	if err != nil {
		return nil, err
	}
	f.Stop = r.CheckContext // the deadline and Ctrl-C of the running call
	if bm != nil {
		f.SetSpace(fight.NewSpace(bm))
		if err := place(f, places, loc); err != nil {
			return nil, err
		}
	}
	// The default tactic: the rule system's (or a later layer's)
	// "tactics.default" definition, a built-in name or a function.
	if v := g.Value("tactics.default"); v != lua.LNil {
		tac, err := tacticOf(r, rec(wrapValue(L(r), "tactics", v), "rules tactics.default"), "the default tactics", nil)
		if err != nil {
			return nil, err
		}
		if tac != nil {
			f.Default = tac
		}
	}
	byCreature := map[*creature.Creature]*fight.Fighter{}
	for _, x := range f.Fighters {
		byCreature[x.C] = x
	}
	r.Set("fight.byCreature", byCreature)
	r.Set(currentKey, f)
	g.Adapt = adapter(r, f)
	for _, h := range hooks {
		if err := registerHooks(g, h.f, h.on, h.src); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// statBlock returns the member's stat block: the inline `stat` table, or
// the monster file's table, with the member's other keys laid over it. Its
// fields are checked (checkStatFields) where they were written: the monster
// file, or the encounter file (loc, or nil).
func statBlock(ctx context.Context, g *rulesmod.Rules, m *tbl, loc *locator) (*lua.LTable, *statSource, error) {
	L := g.R.L
	var base *lua.LTable
	var src *statSource
	switch {
	case m.Get("stat") != lua.LNil:
		st, ok := m.Get("stat").(*lua.LTable)
		if !ok {
			return nil, nil, specErr(m.Where, "stat must be a stat-block table")
		}
		base = st
		if loc != nil {
			src = &statSource{file: loc.name, lines: loc.lines}
		}
	case m.Get("monster") != lua.LNil:
		id := m.Str("monster", "")
		v, err := g.LoadMonster(ctx, g.System, id)
		if err != nil {
			return nil, nil, err
		}
		st, ok := v.(*lua.LTable)
		if !ok {
			return nil, nil, specErr(m.Where, "monster %q: its file must return a stat-block table", id)
		}
		base = st
		p := "monsters/" + g.System + "/" + id + ".lua"
		if b, _, err := g.R.Resolve(p); err == nil {
			src = newStatSource(p, b)
		}
	default:
		return nil, nil, specErr(m.Where, "a member needs stat = {...} or monster = \"id\"")
	}
	if err := checkStatFields(g, base, src); err != nil {
		return nil, nil, err
	}
	out := L.NewTable()
	base.ForEach(func(k, v lua.LValue) { out.RawSet(k, v) })
	for _, k := range []string{"hp", "max_hp", "ac", "init", "name", "attacks", "multiattack", "level", "tactics", "player",
		"ac_types", "init_score", "slots"} {
		if v := m.Get(k); v != lua.LNil {
			out.RawSetString(k, v)
			if k == "hp" && m.Get("max_hp") == lua.LNil {
				out.RawSetString("max_hp", v)
			}
		}
	}
	return out, src, nil
}

func buildFighter(r *luart.Runtime, rules *fight.Rules, stat *lua.LTable, id, side string, sideIdx int, t *tbl) (*fight.Fighter, error) {
	c, err := creaturemod.FromTable(stat)
	if err != nil {
		return nil, specErr(t.Where, "%s", strings.TrimPrefix(err.Error(), "dndsh: "))
	}
	c.ID, c.Side = id, side
	if c.Name == "" {
		c.Name = id
	}
	attacks, multi := compileAttacks(t)
	if t.Err != nil {
		return nil, t.Err
	}
	x := &fight.Fighter{ID: id, Side: sideIdx, Base: c, Init: t.Int("init", 0), Attacks: attacks, Multi: multi, Level: t.Int("level", 0)}
	if t.Err != nil {
		return nil, t.Err
	}
	if err := readFighterExtras(t, rules, x); err != nil {
		return nil, err
	}
	tac, err := tacticOf(r, t, "fighter "+id, nil)
	if err != nil {
		return nil, err
	}
	x.Tactic = tac
	return x, nil
}

// tacticOf reads a `tactics` field: a built-in name or a Lua function
// (self, enemies) -> target.
func tacticOf(r *luart.Runtime, t *tbl, who string, _ []*fight.Fighter) (fight.Tactic, error) {
	switch v := t.Get("tactics").(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LString:
		tac, ok := fight.Tactics(string(v))
		if !ok {
			return nil, specErr(t.Where, "%s: unknown tactics %q (lowest_hp, first, random, or a function)", who, string(v))
		}
		return tac, nil
	case *lua.LFunction:
		return luaTactic(r, v), nil
	default:
		return nil, specErr(t.Where, "%s: tactics must be a name or a function", who)
	}
}

func luaTactic(r *luart.Runtime, fn *lua.LFunction) fight.Tactic {
	return func(f *fight.Fight, self *fight.Fighter, enemies []*fight.Fighter) *fight.Fighter {
		L := r.L
		list := L.CreateTable(len(enemies), 0)
		for _, e := range enemies {
			list.Append(creaturemod.Push(L, e.C))
		}
		if err := r.PCall(fn, 1, creaturemod.Push(L, self.C), list); err != nil {
			f.Fail(r.Convert(err))
			return nil
		}
		v := L.Get(-1)
		L.Pop(1)
		if v == lua.LNil {
			return nil
		}
		ud, ok := v.(*lua.LUserData)
		if ok {
			if c, ok := ud.Value.(*creature.Creature); ok {
				for _, e := range enemies {
					if e.C == c {
						return e
					}
				}
			}
		}
		f.Fail(&errs.Error{Kind: errs.Script, Layer: "fight", Msg: fmt.Sprintf("the tactics of %s returned %s, not one of the enemies", self.ID, luart.Repr(v, false))})
		return nil
	}
}

// luaNeeded wraps a Lua function (attacker, target, ac_mod) -> number
// giving the total an attack needs to hit (attack matrices, descending
// armour class); ac_mod is the change the rules of space and the
// conditions make to the target's armour class (cover's "ac").
func luaNeeded(r *luart.Runtime, fn *lua.LFunction) func(a, t *fight.Fighter, acMod int) int {
	return func(a, t *fight.Fighter, acMod int) int {
		L := r.L
		f := Current(r)
		if err := r.PCall(fn, 1, creaturemod.Push(L, a.C), creaturemod.Push(L, t.C), lua.LNumber(acMod)); err != nil {
			if f != nil {
				f.Fail(r.Convert(err))
			}
			return 1 << 20
		}
		v := L.Get(-1)
		L.Pop(1)
		n, ok := v.(lua.LNumber)
		if !ok {
			if f != nil {
				f.Fail(&errs.Error{Kind: errs.Script, Layer: "fight", Msg: fmt.Sprintf("combat.attack.needed returned %s, not a number", luart.Repr(v, false))})
			}
			return 1 << 20
		}
		return int(n)
	}
}

// defaultPhase is the phase a hook runs in when it names none.
func defaultPhase(name string) event.Phase {
	switch name {
	case "attack.roll", "damage.apply":
		return event.Modify
	case "damage.roll":
		return event.Result
	}
	return event.Declare
}

// registerHooks registers a stat block's `on` table for fighter x: each
// key is an event, each value a function or {fn, phase, priority, only,
// types, has}.
// Hooks on attack.declare/attack.roll/damage.roll and turn events fire when
// x acts; damage.apply and creature.down when x is hit; "either" is
// available.
func registerHooks(g *rulesmod.Rules, x *fight.Fighter, on *lua.LTable, src *statSource) error {
	for _, name := range luart.SortedKeys(on) {
		if err := g.CheckEvent(name); err != nil {
			return src.fail(regexp.MustCompile(`["']`+regexp.QuoteMeta(name)+`["']`), 0,
				fmt.Sprintf("%s: a hook on %s", x.ID, err.Msg), err.Hint)
		}
		v := on.RawGetString(name)
		var fn *lua.LFunction
		var types, has []string
		phase := defaultPhase(name)
		prio := 0
		only := event.OwnerIsActor
		if name == "damage.apply" || name == "creature.down" {
			only = event.OwnerIsSubject
		}
		switch h := v.(type) {
		case *lua.LFunction:
			fn = h
		case *lua.LTable:
			fn, _ = h.RawGetString("fn").(*lua.LFunction)
			if s, ok := h.RawGetString("phase").(lua.LString); ok {
				p, ok := rulesmod.Phase(string(s))
				if !ok {
					return specErr("on."+name, "unknown phase %q", string(s))
				}
				phase = p
			}
			if n, ok := h.RawGetString("priority").(lua.LNumber); ok {
				prio = int(n)
			}
			switch lua.LVAsString(h.RawGetString("only")) {
			case "actor":
				only = event.OwnerIsActor
			case "subject":
				only = event.OwnerIsSubject
			case "either":
				only = event.OwnerIsEither
			}
			if v := h.RawGetString("types"); v != lua.LNil {
				var err error
				if types, err = hookTypes(name, v); err != nil {
					return err
				}
			}
			if v := h.RawGetString("has"); v != lua.LNil {
				var err error
				if has, err = hookHas(name, v); err != nil {
					return err
				}
			}
		}
		if fn == nil {
			return specErr("on."+name, "a hook must be a function or {fn = function ... end}")
		}
		handler := g.LuaHandler(fn, x.ID)
		if types != nil {
			handler = onlyTypes(handler, types)
		}
		if has != nil {
			handler = onlyBearer(handler, x, has)
		}
		if _, err := g.Bus.On(name, phase, event.Options{Layer: event.Monsters, Priority: prio, Owner: x.Owner, Only: only, Label: x.ID + " " + name},
			handler); err != nil {
			return err
		}
	}
	return nil
}

// hookTypes reads the types of a stat block's hook on event: a list of
// damage types, on damage.apply.
func hookTypes(event string, v lua.LValue) ([]string, error) {
	bad := specErr("on."+event, "types must be a list of damage types, on damage.apply; got %s on %s", v.Type(), event)
	t, ok := v.(*lua.LTable)
	if !ok || event != "damage.apply" || t.Len() == 0 {
		return nil, bad
	}
	types := make([]string, t.Len())
	for i := range types {
		s, ok := t.RawGetInt(i + 1).(lua.LString)
		if !ok || s == "" {
			return nil, bad
		}
		types[i] = string(s)
	}
	return types, nil
}

// hookHas reads the has of a stat block's hook on event: a condition's
// name or a list of them.
func hookHas(event string, v lua.LValue) ([]string, error) {
	names, ok := luaval.NameList(v)
	if !ok {
		return nil, specErr("on."+event, "has must be a condition's name or a list of them; got %s", v.Type())
	}
	return names, nil
}

// onlyBearer runs h only when x's creature has one of the conditions
// names (c:has), read in Go: the Lua hook is not called at all otherwise.
func onlyBearer(h event.Handler, x *fight.Fighter, names []string) event.Handler {
	return func(ev *event.Event) error {
		for _, n := range names {
			if x.C.HasCondition(n) {
				return h(ev)
			}
		}
		return nil
	}
}

// onlyTypes runs h only for damage with a part of one of types (the parts
// of the hit, e.parts), read in Go: the Lua hook is not called at all for
// the rest.
func onlyTypes(h event.Handler, types []string) event.Handler {
	return func(ev *event.Event) error {
		if a, ok := ev.Data.(*fight.AttackEvent); ok {
			for _, p := range a.Parts {
				if slices.Contains(types, p.Type) {
					return h(ev)
				}
			}
			return nil
		}
		return h(ev)
	}
}

// LoadEncounter runs an encounter file's source (named name) in the runtime
// of g and compiles the encounter table it returns into a fight.
func LoadEncounter(ctx context.Context, g *rulesmod.Rules, name string, src []byte) (*fight.Fight, error) {
	t, err := encounterTable(ctx, g, name, src)
	if err != nil {
		return nil, err
	}
	return compile(ctx, g, t, newLocator(name, src))
}

// readAts reads a member's squares: {x, y} for one creature, or a list of
// count squares.
func readAts(v lua.LValue, count int, where string) ([]grid.Pos, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, specErr(where, "a square {x, y} or a list of squares expected")
	}
	if _, list := t.RawGetInt(1).(*lua.LTable); !list {
		p, err := readPos(t, where)
		if err != nil {
			return nil, err
		}
		if count != 1 {
			return nil, specErr(where, "one square for %d creatures: give a list of %d squares, or a zone", count, count)
		}
		return []grid.Pos{p}, nil
	}
	if t.Len() != count {
		return nil, specErr(where, "%d squares for %d creatures", t.Len(), count)
	}
	out := make([]grid.Pos, count)
	for i := range out {
		p, err := readPos(t.RawGetInt(i+1), fmt.Sprintf("%s[%d]", where, i+1))
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}
