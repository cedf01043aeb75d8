package fightmod

import (
	"context"
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/fight"
)

// currentKey is where a runtime keeps the fight being played.
const currentKey = "fight.current"

// Current returns the fight being played in r, or nil.
func Current(r *luart.Runtime) *fight.Fight {
	f, _ := r.Get(currentKey).(*fight.Fight)
	return f
}

// Compile builds a fight from an encounter table in the runtime of g: the
// rule system's combat definition, the sides and their fighters (inline
// stat blocks or monster files), and the fighters' scoped hooks. The fight
// draws from the runtime's source and raises events on its bus.
func Compile(ctx context.Context, g *rulesmod.Rules, spec *lua.LTable) (*fight.Fight, error) {
	r := g.R
	def, ok := g.Value("combat").(*lua.LTable)
	if !ok {
		return nil, &errs.Error{Kind: errs.Rule, Layer: "fight", Msg: fmt.Sprintf("the rule system %q defines no combat table (rules.define(\"combat\", {...}))", g.System)}
	}
	rules, err := CompileRules(def)
	if err != nil {
		return nil, err
	}
	if rules.Conditions, err = CompileConditions(g); err != nil {
		return nil, err
	}
	if fn, ok := def.RawGetString("attack").(*lua.LTable); ok {
		if needed, ok := fn.RawGetString("needed").(*lua.LFunction); ok {
			rules.Attack.Needed = luaNeeded(r, needed)
		}
	}
	root := rec(spec, "encounter")
	if mr := root.Int("max_rounds", 0); mr > 0 {
		rules.MaxRounds = mr
	}
	sidesT := root.Sub("sides")
	if sidesT.T == nil || sidesT.T.Len() == 0 {
		return nil, specErr("encounter", "sides must be a list of {name = ..., members = {...}}")
	}
	var sides []string
	var fighters []*fight.Fighter
	type hook struct {
		f  *fight.Fighter
		on *lua.LTable
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
			stat, err := statBlock(ctx, g, m)
			if err != nil {
				return nil, err
			}
			count := m.Int("count", 1)
			base := m.Str("id", lua.LVAsString(stat.RawGetString("id")))
			if base == "" {
				base = fmt.Sprintf("%s%d", name, mi)
			}
			for k := 1; k <= count; k++ {
				id := base
				if count > 1 {
					id = fmt.Sprintf("%s%d", base, k)
				}
				x, err := buildFighter(r, stat, id, name, len(sides)-1, rec(stat, m.Where))
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
				fighters = append(fighters, x)
				if on, ok := stat.RawGetString("on").(*lua.LTable); ok {
					hooks = append(hooks, hook{x, on})
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
		if err := registerHooks(g, h.f, h.on); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// statBlock returns the member's stat block: the inline `stat` table, or
// the monster file's table, with the member's other keys laid over it.
func statBlock(ctx context.Context, g *rulesmod.Rules, m *tbl) (*lua.LTable, error) {
	L := g.R.L
	var base *lua.LTable
	switch {
	case m.Get("stat") != lua.LNil:
		st, ok := m.Get("stat").(*lua.LTable)
		if !ok {
			return nil, specErr(m.Where, "stat must be a stat-block table")
		}
		base = st
	case m.Get("monster") != lua.LNil:
		id := m.Str("monster", "")
		v, err := g.LoadMonster(ctx, g.System, id)
		if err != nil {
			return nil, err
		}
		st, ok := v.(*lua.LTable)
		if !ok {
			return nil, specErr(m.Where, "monster %q: its file must return a stat-block table", id)
		}
		base = st
	default:
		return nil, specErr(m.Where, "a member needs stat = {...} or monster = \"id\"")
	}
	out := L.NewTable()
	base.ForEach(func(k, v lua.LValue) { out.RawSet(k, v) })
	for _, k := range []string{"hp", "max_hp", "ac", "init", "name", "attacks", "multiattack", "level", "tactics", "player"} {
		if v := m.Get(k); v != lua.LNil {
			out.RawSetString(k, v)
			if k == "hp" && m.Get("max_hp") == lua.LNil {
				out.RawSetString("max_hp", v)
			}
		}
	}
	return out, nil
}

func buildFighter(r *luart.Runtime, stat *lua.LTable, id, side string, sideIdx int, t *tbl) (*fight.Fighter, error) {
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

// luaNeeded wraps a Lua function (attacker, target) -> number giving the
// total an attack needs to hit (attack matrices, descending armour class).
func luaNeeded(r *luart.Runtime, fn *lua.LFunction) func(a, t *fight.Fighter) int {
	return func(a, t *fight.Fighter) int {
		L := r.L
		f := Current(r)
		if err := r.PCall(fn, 1, creaturemod.Push(L, a.C), creaturemod.Push(L, t.C)); err != nil {
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
// key is an event, each value a function or {fn, phase, priority, only}.
// Hooks on attack.declare/attack.roll/damage.roll and turn events fire when
// x acts; damage.apply and creature.down when x is hit; "either" is
// available.
func registerHooks(g *rulesmod.Rules, x *fight.Fighter, on *lua.LTable) error {
	for _, name := range luart.SortedKeys(on) {
		v := on.RawGetString(name)
		var fn *lua.LFunction
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
		}
		if fn == nil {
			return specErr("on."+name, "a hook must be a function or {fn = function ... end}")
		}
		if _, err := g.Bus.On(name, phase, event.Options{Layer: event.Monsters, Priority: prio, Owner: x.Owner, Only: only, Label: x.ID + " " + name},
			g.LuaHandler(fn, x.ID)); err != nil {
			return err
		}
	}
	return nil
}

// Module returns the "fight" module of the runtime of g.
func Module(g *rulesmod.Rules) luart.Module {
	r := g.R
	current := func(L *lua.LState) *fight.Fight {
		f := Current(r)
		if f == nil {
			L.RaiseError("no fight is being played (fight.run starts one)")
		}
		return f
	}
	fighterOf := func(L *lua.LState, n int) *fight.Fighter {
		c := creaturemod.Check(L, n)
		m, _ := r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
		x := m[c]
		if x == nil {
			L.ArgError(n, "creature is not in the fight")
		}
		return x
	}
	return luart.Module{
		Name: "fight",
		Doc:  "Encounters that play themselves: fight.encounter, fight.run, and actions for scripted abilities.",
		Funcs: []luart.Func{
			{Name: "encounter", Args: "(spec)", Doc: "checks an encounter table {name, sides = {{name, tactics, members = {{monster = id | stat = {...}, count, player, group (one initiative roll for the member's creatures), surprised, unaware, hp, ...}}}}, max_rounds} and returns it", Fn: func(L *lua.LState) int {
				t := L.CheckTable(1)
				if _, ok := t.RawGetString("sides").(*lua.LTable); !ok {
					L.ArgError(1, "encounter table with a sides list expected")
				}
				t.RawSetString("kind", lua.LString("encounter"))
				L.Push(t)
				return 1
			}},
			{Name: "run", Args: "(spec [, opts])", Doc: "plays the encounter once in this runtime; opts.trace = true collects the log; returns {winner, rounds, fighters = {{id, side, hp, max_hp, dealt, taken, out, dead}}, log}", Fn: func(L *lua.LState) int {
				spec := L.CheckTable(1)
				opts := L.OptTable(2, L.NewTable())
				f, err := Compile(context.Background(), g, spec)
				if err != nil {
					luart.Raise(L, err)
				}
				var log []string
				if lua.LVAsBool(opts.RawGetString("trace")) {
					f.Trace = func(format string, args ...any) { log = append(log, fmt.Sprintf(format, args...)) }
				}
				prev := r.Get(currentKey)
				r.Set(currentKey, f)
				out, err := f.Run()
				r.Set(currentKey, prev)
				if err != nil {
					luart.Raise(L, err)
				}
				L.Push(OutcomeTable(L, f, out, log))
				return 1
			}},
			{Name: "table", Args: "()", Doc: "starts a fight played by hand (the REPL's table) under the rule system's combat rules and makes it current; returns nothing", Fn: func(L *lua.LState) int {
				def, ok := g.Value("combat").(*lua.LTable)
				if !ok {
					L.RaiseError("the rule system %q defines no combat table", g.System)
				}
				rules, err := CompileRules(def)
				if err == nil {
					rules.Conditions, err = CompileConditions(g)
				}
				if err != nil {
					luart.Raise(L, err)
				}
				if prev := Current(r); prev != nil {
					for _, x := range prev.Fighters {
						g.Bus.OffOwner(x.Owner)
					}
				}
				f, err := fight.NewTable(rules, g.Bus, r.Src)
				if err != nil {
					luart.Raise(L, err)
				}
				r.Set(currentKey, f)
				r.Set("fight.byCreature", map[*creature.Creature]*fight.Fighter{})
				g.Adapt = adapter(r, f)
				return 0
			}},
			{Name: "add", Args: "(stat_or_monster_id [, opts])", Doc: "adds creatures to the table fight: a stat block or a monster id; opts: id, side (default \"foes\"), count, player, and stat-block fields to override (hp, ac, ...); returns the list of their handles", Fn: func(L *lua.LState) int {
				f := current(L)
				if !f.IsTable() {
					L.RaiseError("fight.add works on a table fight (fight.table())")
				}
				opts := L.OptTable(2, L.NewTable())
				m := L.NewTable()
				switch v := L.Get(1).(type) {
				case lua.LString:
					m.RawSetString("monster", v)
				case *lua.LTable:
					m.RawSetString("stat", v)
				default:
					L.ArgError(1, "stat block or monster id expected, got "+v.Type().String())
				}
				opts.ForEach(func(k, v lua.LValue) { m.RawSet(k, v) })
				mt := rec(m, "fight.add")
				stat, err := statBlock(context.Background(), g, mt)
				if err != nil {
					luart.Raise(L, err)
				}
				side := mt.Str("side", "foes")
				count := mt.Int("count", 1)
				base := mt.Str("id", lua.LVAsString(stat.RawGetString("id")))
				if mt.Err != nil {
					luart.Raise(L, mt.Err)
				}
				byC, _ := r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
				out := L.NewTable()
				for k := 1; k <= count; k++ {
					id := base
					if count > 1 || f.Fighter(id) != nil {
						for n := k; ; n++ {
							id = fmt.Sprintf("%s%d", base, n)
							if f.Fighter(id) == nil {
								break
							}
						}
					}
					x, err := buildFighter(r, stat, id, side, 0, rec(stat, "fight.add"))
					if err != nil {
						luart.Raise(L, err)
					}
					x.Player = mt.Bool("player", lua.LVAsBool(stat.RawGetString("player")))
					if err := f.Add(x, side); err != nil {
						luart.Raise(L, err)
					}
					byC[x.C] = x
					if on, ok := stat.RawGetString("on").(*lua.LTable); ok {
						if err := registerHooks(g, x, on); err != nil {
							luart.Raise(L, err)
						}
					}
					out.Append(creaturemod.Push(L, x.C))
				}
				L.Push(out)
				return 1
			}},
			{Name: "begin", Args: "()", Doc: "rolls initiative for the table fight and starts the first turn; returns the order as {{id, count}...}", Fn: func(L *lua.LState) int {
				f := current(L)
				if err := f.Begin(); err != nil {
					luart.Raise(L, err)
				}
				L.Push(orderTable(L, f))
				return 1
			}},
			{Name: "next", Args: "()", Doc: "ends the current turn of the table fight and starts the next (expiring what ends); returns the handles of the creatures whose turn it is", Fn: func(L *lua.LState) int {
				f := current(L)
				cur, err := f.Next()
				if err != nil {
					luart.Raise(L, err)
				}
				t := L.NewTable()
				for _, x := range cur {
					t.Append(creaturemod.Push(L, x.C))
				}
				L.Push(t)
				return 1
			}},
			{Name: "order", Args: "()", Doc: "returns the initiative order of the current fight as {{id, count, side, hp, max_hp, out, dead, conditions}...}, empty before initiative", Fn: func(L *lua.LState) int {
				L.Push(orderTable(L, current(L)))
				return 1
			}},
			{Name: "turn", Args: "()", Doc: "returns the handles of the creatures whose turn it is", Fn: func(L *lua.LState) int {
				f := current(L)
				t := L.NewTable()
				for _, x := range f.Current() {
					t.Append(creaturemod.Push(L, x.C))
				}
				L.Push(t)
				return 1
			}},
			{Name: "get", Args: "(id)", Doc: "returns the handle of the creature called id in the current fight, or nil", Fn: func(L *lua.LState) int {
				f := current(L)
				if x := f.Fighter(L.CheckString(1)); x != nil {
					L.Push(creaturemod.Push(L, x.C))
				} else {
					L.Push(lua.LNil)
				}
				return 1
			}},
			{Name: "attacks", Args: "(c)", Doc: "returns the names of creature c's attacks, in stat-block order", Fn: func(L *lua.LState) int {
				current(L)
				x := fighterOf(L, 1)
				t := L.CreateTable(len(x.Attacks), 0)
				for _, a := range x.Attacks {
					t.Append(lua.LString(a.Name))
				}
				L.Push(t)
				return 1
			}},
			{Name: "enemies", Args: "(c)", Doc: "returns the living enemies of creature c in the current fight", Fn: func(L *lua.LState) int {
				f := current(L)
				x := fighterOf(L, 1)
				t := L.NewTable()
				for _, e := range f.Enemies(x) {
					t.Append(creaturemod.Push(L, e.C))
				}
				L.Push(t)
				return 1
			}},
			{Name: "allies", Args: "(c)", Doc: "returns the living allies of creature c (itself included) in the current fight", Fn: func(L *lua.LState) int {
				f := current(L)
				x := fighterOf(L, 1)
				t := L.NewTable()
				for _, y := range f.Fighters {
					if !y.Out && y.Side == x.Side {
						t.Append(creaturemod.Push(L, y.C))
					}
				}
				L.Push(t)
				return 1
			}},
			{Name: "strike", Args: "(attacker, target, attack_name [, opts])", Doc: "makes one attack through the whole pipeline; opts.adv is an extra advantage level; returns {hit, crit, natural, total, damage}", Fn: func(L *lua.LState) int {
				f := current(L)
				x, t := fighterOf(L, 1), fighterOf(L, 2)
				name := L.CheckString(3)
				opts := L.OptTable(4, L.NewTable())
				var a *fight.Attack
				for i := range x.Attacks {
					if strings.EqualFold(x.Attacks[i].Name, name) {
						a = &x.Attacks[i]
					}
				}
				if a == nil {
					L.ArgError(3, fmt.Sprintf("%s has no attack %q", x.ID, name))
				}
				e, err := f.Strike(x, t, a, int(lua.LVAsNumber(opts.RawGetString("adv"))))
				if err != nil {
					luart.Raise(L, err)
				}
				res := L.CreateTable(0, 5)
				res.RawSetString("hit", lua.LBool(e.Hit))
				res.RawSetString("crit", lua.LBool(e.Crit))
				res.RawSetString("natural", lua.LNumber(e.Roll.Natural))
				res.RawSetString("total", lua.LNumber(e.Roll.Total))
				res.RawSetString("damage", lua.LNumber(e.Damage))
				L.Push(res)
				return 1
			}},
			{Name: "damage", Args: "(target, amount, type [, source])", Doc: "deals damage to target through damage.apply and creature.down (a breath weapon, a fall); returns the hit points lost", Fn: func(L *lua.LState) int {
				f := current(L)
				t := fighterOf(L, 1)
				n := L.CheckInt(2)
				typ := L.OptString(3, "")
				src := t
				if L.GetTop() >= 4 {
					src = fighterOf(L, 4)
				}
				lost, err := f.Deal(src, t, n, typ)
				if err != nil {
					luart.Raise(L, err)
				}
				L.Push(lua.LNumber(lost))
				return 1
			}},
			{Name: "down", Args: "(c)", Doc: "takes creature c out of the fight now (dead or dying by the rules)", Fn: func(L *lua.LState) int {
				f := current(L)
				if err := f.Down(fighterOf(L, 1), nil); err != nil {
					luart.Raise(L, err)
				}
				return 0
			}},
			{Name: "kill", Args: "(c)", Doc: "kills creature c: it is out of the fight and dead", Fn: func(L *lua.LState) int {
				current(L)
				x := fighterOf(L, 1)
				x.Out, x.Dead = true, true
				return 0
			}},
			{Name: "stabilize", Args: "(c [, stable])", Doc: "marks a downed creature stable (no more dying.turn events) or, with false, dying again", Fn: func(L *lua.LState) int {
				current(L)
				x := fighterOf(L, 1)
				x.Stable = L.OptBool(2, true)
				return 0
			}},
			{Name: "is", Args: "(c, state)", Doc: "returns whether creature c is in a state: player, out, dead, fled, stable (cheaper than fight.info)", Fn: func(L *lua.LState) int {
				current(L)
				x := fighterOf(L, 1)
				var v bool
				switch s := L.CheckString(2); s {
				case "player":
					v = x.Player
				case "out":
					v = x.Out
				case "dead":
					v = x.Dead
				case "fled":
					v = x.Fled
				case "stable":
					v = x.Stable
				default:
					L.ArgError(2, fmt.Sprintf("unknown state %q (player, out, dead, fled, stable)", s))
				}
				L.Push(lua.LBool(v))
				return 1
			}},
			{Name: "flee", Args: "(c)", Doc: "creature c leaves the fight alive (fled, surrendered): out, not dead", Fn: func(L *lua.LState) int {
				current(L)
				x := fighterOf(L, 1)
				x.Out, x.Dead, x.Fled = true, false, true
				return 0
			}},
			{Name: "revive", Args: "(c)", Doc: "brings a downed creature back into the fight (it was stabilised and healed)", Fn: func(L *lua.LState) int {
				f := current(L)
				x := fighterOf(L, 1)
				f.Revive(x)
				x.Fled = false
				return 0
			}},
			{Name: "spend", Args: "(c, slot)", Doc: "spends one use of creature c's action slot (action, bonus, reaction... as the rule system declares them); returns false when none is left or initiative is not rolled", Fn: func(L *lua.LState) int {
				f := current(L)
				x := fighterOf(L, 1)
				slot := L.CheckString(2)
				enc := f.Encounter()
				ok := enc != nil && enc.Spend(x.ID, slot) == nil
				L.Push(lua.LBool(ok))
				return 1
			}},
			{Name: "remaining", Args: "(c, slot)", Doc: "returns the uses of creature c's action slot left (0 before initiative; math.huge when unlimited)", Fn: func(L *lua.LState) int {
				f := current(L)
				x := fighterOf(L, 1)
				slot := L.CheckString(2)
				n := 0
				if enc := f.Encounter(); enc != nil {
					var err error
					if n, err = enc.Remaining(x.ID, slot); err != nil {
						luart.Raise(L, err)
					}
				}
				if n < 0 {
					L.Push(lua.LNumber(math.MaxFloat64))
				} else {
					L.Push(luart.Int(n))
				}
				return 1
			}},
			{Name: "round", Args: "()", Doc: "returns the current round of the fight", Fn: func(L *lua.LState) int {
				L.Push(lua.LNumber(current(L).Round()))
				return 1
			}},
			{Name: "segment", Args: "()", Doc: "returns the current segment of the round (from 1; 0 when rounds have no segments)", Fn: func(L *lua.LState) int {
				f := current(L)
				seg := 0
				if enc := f.Encounter(); enc != nil {
					seg = enc.Segment()
				}
				L.Push(lua.LNumber(seg))
				return 1
			}},
			{Name: "initiative", Args: "()", Doc: "returns this round's initiative result of every side that rolled one under side initiative, as {side = result} (empty in a surprise phase)", Fn: func(L *lua.LState) int {
				f := current(L)
				t := L.CreateTable(0, len(f.Sides))
				if enc := f.Encounter(); enc != nil {
					for _, s := range f.Sides {
						if n, ok := enc.SideResult(s); ok {
							t.RawSetString(s, lua.LNumber(n))
						}
					}
				}
				L.Push(t)
				return 1
			}},
			{Name: "surprise", Args: "(c, segments)", Doc: "sets the surprise segments creature c loses under lost-segment surprise (in an encounter.start hook, before the first round)", Fn: func(L *lua.LState) int {
				f := current(L)
				x := fighterOf(L, 1)
				n := L.CheckInt(2)
				enc := f.Encounter()
				if enc == nil {
					L.RaiseError("fight.surprise: the fight has no encounter yet")
				}
				if err := enc.SetLostSegments(x.ID, n); err != nil {
					luart.Raise(L, err)
				}
				return 0
			}},
			{Name: "all", Args: "()", Doc: "returns every creature of the current fight, in or out of it, in fight order", Fn: func(L *lua.LState) int {
				f := current(L)
				t := L.CreateTable(len(f.Fighters), 0)
				for _, x := range f.Fighters {
					t.Append(creaturemod.Push(L, x.C))
				}
				L.Push(t)
				return 1
			}},
			{Name: "note", Args: "(text)", Doc: "writes a line to the fight's log (the output of dndsh run) when the fight is traced", Fn: func(L *lua.LState) int {
				f := current(L)
				text := L.CheckString(1)
				if f.Trace != nil {
					f.Trace("%s", text)
				}
				return 0
			}},
			{Name: "info", Args: "(c)", Doc: "returns {id, side, player, out, dead, dealt, taken} of creature c in the fight", Fn: func(L *lua.LState) int {
				current(L)
				x := fighterOf(L, 1)
				L.Push(fighterTable(L, x, ""))
				return 1
			}},
		},
	}
}

func fighterTable(L *lua.LState, x *fight.Fighter, side string) *lua.LTable {
	t := L.CreateTable(0, 9)
	t.RawSetString("id", lua.LString(x.ID))
	if side == "" {
		side = x.C.Side
	}
	t.RawSetString("side", lua.LString(side))
	t.RawSetString("player", lua.LBool(x.Player))
	t.RawSetString("hp", lua.LNumber(x.C.HP()))
	t.RawSetString("max_hp", lua.LNumber(x.C.MaxHP()))
	t.RawSetString("dealt", lua.LNumber(x.DamageDealt))
	t.RawSetString("taken", lua.LNumber(x.DamageTaken))
	t.RawSetString("out", lua.LBool(x.Out))
	t.RawSetString("dead", lua.LBool(x.Dead))
	t.RawSetString("fled", lua.LBool(x.Fled))
	t.RawSetString("stable", lua.LBool(x.Stable))
	t.RawSetString("level", lua.LNumber(x.Level))
	return t
}

// OutcomeTable converts a trial's outcome to the table fight.run returns.
func OutcomeTable(L *lua.LState, f *fight.Fight, out fight.Outcome, log []string) *lua.LTable {
	t := L.CreateTable(0, 4)
	if out.Winner >= 0 {
		t.RawSetString("winner", lua.LString(f.Sides[out.Winner]))
	} else {
		t.RawSetString("winner", lua.LString("draw"))
	}
	t.RawSetString("rounds", lua.LNumber(out.Rounds))
	fs := L.CreateTable(len(f.Fighters), 0)
	for _, x := range f.Fighters {
		fs.Append(fighterTable(L, x, f.Sides[x.Side]))
	}
	t.RawSetString("fighters", fs)
	if log != nil {
		t.RawSetString("log", luart.FromGo(L, log))
	}
	return t
}

// LoadEncounter runs an encounter file's source (named name) in the runtime
// of g and compiles the encounter table it returns into a fight.
func LoadEncounter(ctx context.Context, g *rulesmod.Rules, name string, src []byte) (*fight.Fight, error) {
	t, err := encounterTable(ctx, g, name, src)
	if err != nil {
		return nil, err
	}
	return Compile(ctx, g, t)
}

// L returns the runtime's Lua state.
func L(r *luart.Runtime) *lua.LState { return r.L }

// wrapValue returns a table {key = v}.
func wrapValue(L *lua.LState, key string, v lua.LValue) *lua.LTable {
	t := L.NewTable()
	t.RawSetString(key, v)
	return t
}

// orderTable lists the fight's creatures in initiative order (all of them
// when initiative has not been rolled).
func orderTable(L *lua.LState, f *fight.Fight) *lua.LTable {
	t := L.NewTable()
	row := func(x *fight.Fighter, count int, has bool) {
		rt := fighterTable(L, x, f.Sides[x.Side])
		if has {
			rt.RawSetString("count", luart.Int(count))
		}
		conds := L.NewTable()
		for _, c := range x.C.Conditions(nil) {
			conds.Append(lua.LString(c.Name))
		}
		rt.RawSetString("conditions", conds)
		t.Append(rt)
	}
	if enc := f.Encounter(); enc != nil {
		for _, id := range enc.Order() {
			if x := f.Fighter(id); x != nil {
				n, ok := enc.Count(id)
				row(x, n, ok)
			}
		}
		return t
	}
	for _, x := range f.Fighters {
		row(x, 0, false)
	}
	return t
}
