package fightmod

import (
	"context"
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/checkmod"
	"github.com/dndsh/dndsh/bindings/combatmod"
	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/fight"
)

// funcs returns the functions of the "fight" module, with their signatures
// and doc lines for the API reference, in the order the reference lists them.
func (fm *module) funcs() []luart.Func {
	return append([]luart.Func{
		{Name: "encounter", Args: "(spec)", Doc: "checks an encounter table {name, sides = {{name, tactics, members = {{monster = id | stat = {...}, count, player, group (one initiative roll for the member's creatures), surprised, unaware, hp, ...}}}}, max_rounds} and returns it", Fn: fm.encounter},
		{Name: "run", Args: "(spec [, opts])", Doc: "plays the encounter once in this runtime; opts.trace = true collects the log; returns {winner, rounds, fighters = {{id, side, hp, max_hp, dealt, taken, out, dead}}, log}", Fn: fm.run},
		{Name: "table", Args: "()", Doc: "starts a fight played by hand (the REPL's table) under the rule system's combat rules and makes it current; returns nothing", Fn: fm.table},
		{Name: "add", Args: "(stat_or_monster_id [, opts])", Doc: "adds creatures to the table fight: a stat block or a monster id; opts: id, side (default \"foes\"), count, player, unaware, surprised, group (creatures added with the same group share one initiative roll), and stat-block fields to override (hp, ac, ...); returns the list of their handles", Fn: fm.add},
		{Name: "set_initiative", Args: "(c, count)", Doc: "gives creature c of the table fight the initiative count count instead of a roll (a player's own roll): before fight.begin it is used when initiative is rolled, after it c takes that count at once", Fn: fm.setInitiative},
		{Name: "begin", Args: "()", Doc: "rolls initiative for the table fight and starts the first turn; returns the order as {{id, count}...}", Fn: fm.begin},
		{Name: "next", Args: "()", Doc: "ends the current turn of the table fight and starts the next (expiring what ends); returns the handles of the creatures whose turn it is and the effects of fight.clock() that ended ({{id, cause, after, owner, target, parent}...})", Fn: fm.next},
		{Name: "strikes", Args: "()", Doc: "returns the attacks of the table fight resolved since the last call, in the order they ended (an attack set off inside another, such as an opportunity attack or a reaction, comes before it), each as fight.strike returns it with attacker, target, attack, hp_lost and temp_lost; and forgets them", Fn: fm.strikes},
		{Name: "clock", Args: "()", Doc: "returns the current fight's encounter handle (its time: rounds, turns, effects and their durations; see the combat encounter methods), or nil before initiative; add durations with enc:add_effect, and let fight.next (not enc:next_turn) move the time", Fn: fm.clock},
		{Name: "next_segment", Args: "()", Doc: "moves the table fight's clock to the next segment of the round (rules with segments); after the last one the next round starts; returns the handles of the creatures whose turn it is and the effects that ended, as fight.next", Fn: fm.nextSegment},
		{Name: "order", Args: "()", Doc: "returns the initiative order of the current fight as {{id, count, side, hp, max_hp, out, dead, conditions}...}, empty before initiative", Fn: fm.order},
		{Name: "turn", Args: "()", Doc: "returns the handles of the creatures whose turn it is", Fn: fm.turn},
		{Name: "get", Args: "(id)", Doc: "returns the handle of the creature called id in the current fight, or nil", Fn: fm.get},
		{Name: "attacks", Args: "(c)", Doc: "returns the names of creature c's attacks, in stat-block order", Fn: fm.attacks},
		{Name: "attack", Args: "(c, attack_name)", Doc: "returns creature c's attack {name, bonus, damage, type, ranged, reach, range, touch, nonlethal, group, crit_mul, tags (when it has any)}", Fn: fm.attack},
		{Name: "ac", Args: "(c)", Doc: "returns creature c's armour class as the stat block gives it, {ac, touch} (touch: without the bonus types a touch attack ignores, combat.ac.touch_ignores; no condition or cover counted)", Fn: fm.acInfo},
		{Name: "enemies", Args: "(c)", Doc: "returns the living enemies of creature c in the current fight", Fn: fm.enemies},
		{Name: "allies", Args: "(c)", Doc: "returns the living allies of creature c (itself included) in the current fight", Fn: fm.allies},
		{Name: "strike", Args: "(attacker, target, attack_name [, opts])", Doc: "makes one attack through the whole pipeline (attack_name nil: the first melee attack); opts.adv is an extra advantage level, opts.bonus an extra to-hit modifier, opts.mul a damage multiplier (a weapon set against a charge: 2), opts.sure: it hits without a roll as a critical hit (a coup de grace), opts.touch makes it a touch attack, opts.no_damage stops it once it hits or misses, opts.nonlethal sends its damage to the nonlethal track; returns {hit, crit, natural, total, damage, needed, adv, dis, bonus, rolled, roll (check.roll's record of the attack roll), confirm_natural, confirm_total, miss_roll, parts = {{type, amount}...}, refused (why it could not be made), distance and cover (on a map), reasons = {{kind, level, why}...} (the rules that applied, in a table fight)}", Fn: fm.strike},
		{Name: "damage", Args: "(target, amount, type [, source [, opts]])", Doc: "deals damage to target through damage.apply and creature.down (a breath weapon, a fall); opts.nonlethal sends it to the nonlethal track; returns the hit points lost", Fn: fm.damage},
		{Name: "down", Args: "(c)", Doc: "takes creature c out of the fight now (dead or dying by the rules)", Fn: fm.down},
		{Name: "kill", Args: "(c [, by])", Doc: "kills creature c: it is out of the fight and dead; by, when given, killed it (a helpless creature slain): the hit points c had left count as damage by dealt", Fn: fm.kill},
		{Name: "tally", Args: "(c, hit)", Doc: "counts an attack of c that is no attack roll in its hit rate (a spell or an effect standing for one: each target of an area save, a magic missile); hit: whether it struck home", Fn: fm.tally},
		{Name: "stabilize", Args: "(c [, stable])", Doc: "marks a downed creature stable (no more dying.turn events or bleeding; the rules' stable condition replaces their down condition) or, with false, dying again", Fn: fm.stabilize},
		{Name: "sync_hp", Args: "(c)", Doc: "applies the rules of hit points after a script changed c's hit points or nonlethal damage: the conditions of its hit points, dropping or dying (not reviving: fight.revive)", Fn: fm.syncHP},
		{Name: "is", Args: "(c, state)", Doc: "returns whether creature c is in a state: player, out, dead, fled, stable (cheaper than fight.info)", Fn: fm.is},
		{Name: "flee", Args: "(c [, opts])", Doc: "creature c leaves the fight alive (fled, surrendered): out, not dead; on a map it first moves away from its enemies (which may provoke) with opts.budget (default: the movement it has left), or stays where it is with opts.stay", Fn: fm.flee},
		{Name: "revive", Args: "(c)", Doc: "brings a downed creature back into the fight (it was stabilised and healed)", Fn: fm.revive},
		{Name: "spend", Args: "(c, slot)", Doc: "spends one use of creature c's action slot (action, bonus, reaction... as the rule system declares them); returns false when none is left or initiative is not rolled", Fn: fm.spend},
		{Name: "remaining", Args: "(c, slot)", Doc: "returns the uses of creature c's action slot left (0 before initiative; math.huge when unlimited)", Fn: fm.remaining},
		{Name: "by_hand", Args: "()", Doc: "returns whether the current fight is played by hand (fight.table(), the REPL's table) rather than by itself: self-playing tactics leave such a fight alone", Fn: fm.byHand},
		{Name: "round", Args: "()", Doc: "returns the current round of the fight", Fn: fm.round},
		{Name: "segment", Args: "()", Doc: "returns the current segment of the round (from 1; 0 when rounds have no segments)", Fn: fm.segment},
		{Name: "initiative", Args: "()", Doc: "returns this round's initiative result of every side that rolled one under side initiative, as {side = result} (empty in a surprise phase)", Fn: fm.initiative},
		{Name: "surprise", Args: "(c, segments)", Doc: "sets the surprise segments creature c loses under lost-segment surprise (in an encounter.start hook, before the first round)", Fn: fm.surprise},
		{Name: "all", Args: "()", Doc: "returns every creature of the current fight, in or out of it, in fight order", Fn: fm.all},
		{Name: "note", Args: "(text)", Doc: "writes a line to the fight's log (the output of dndsh run) when the fight is traced", Fn: fm.note},
		{Name: "info", Args: "(c)", Doc: "returns {id, side, player, hp, max_hp, out, dead, fled, stable, level, dealt, taken, successes, failures, last_save} of creature c in the fight (last_save: its last dying save {round, face, total, outcome = revive|success|failure|double_failure, successes, failures}, the tally right after it)", Fn: fm.info},
	}, fm.spaceFuncs()...)
}

// encounter is fight.encounter.
func (fm *module) encounter(L *lua.LState) int {
	t := L.CheckTable(1)
	if _, ok := t.RawGetString("sides").(*lua.LTable); !ok {
		L.ArgError(1, "encounter table with a sides list expected")
	}
	t.RawSetString("kind", lua.LString("encounter"))
	L.Push(t)
	return 1
}

// run is fight.run.
func (fm *module) run(L *lua.LState) int {
	spec := L.CheckTable(1)
	opts := L.OptTable(2, L.CreateTable(0, 0))
	f, err := Compile(context.Background(), fm.g, spec)
	if err != nil {
		luart.Raise(L, err)
	}
	var log []string
	if lua.LVAsBool(opts.RawGetString("trace")) {
		f.Trace = func(format string, args ...any) { log = append(log, fmt.Sprintf(format, args...)) }
	}
	prev := fm.r.Get(currentKey)
	fm.r.Set(currentKey, f)
	out, err := f.Run()
	fm.r.Set(currentKey, prev)
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(OutcomeTable(L, f, out, log))
	return 1
}

// table is fight.table.
func (fm *module) table(L *lua.LState) int {
	rules, err := SystemRules(fm.g)
	if err != nil {
		luart.Raise(L, err)
	}
	if prev := Current(fm.r); prev != nil {
		for _, x := range prev.Fighters {
			fm.g.Bus.OffOwner(x.Owner)
		}
	}
	f, err := fight.NewTable(rules, fm.g.Bus, fm.r.Src)
	if err != nil {
		luart.Raise(L, err)
	}
	// A table fight explains its attacks: the REPL shows every rule that
	// applied (fight.strike's reasons), and every attack a command set off
	// (fight.strikes: opportunity attacks, reactions).
	f.Explain = true
	f.OnStrike = func(e *fight.AttackEvent) {
		log, _ := fm.r.Get(strikesKey).(*lua.LTable)
		if log == nil {
			log = fm.r.L.NewTable()
			fm.r.Set(strikesKey, log)
		}
		t := StrikeTable(fm.r.L, f, e)
		t.RawSetString("attacker", creaturemod.Push(fm.r.L, e.Attacker.C))
		t.RawSetString("target", creaturemod.Push(fm.r.L, e.Target.C))
		t.RawSetString("attack", lua.LString(e.Attack.Name))
		t.RawSetString("hp_lost", luart.Int(e.Applied.HPLost))
		t.RawSetString("temp_lost", luart.Int(e.Applied.TempAbsorbed))
		log.Append(t)
	}
	fm.r.Set(currentKey, f)
	fm.r.Set("fight.byCreature", map[*creature.Creature]*fight.Fighter{})
	fm.g.Adapt = adapter(fm.r, f)
	return 0
}

// add is fight.add.
func (fm *module) add(L *lua.LState) int {
	f := fm.current(L)
	if !f.IsTable() {
		L.RaiseError("fight.add works on a table fight (fight.table())")
	}
	opts := L.OptTable(2, L.CreateTable(0, 0))
	m := L.CreateTable(0, 4)
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
	stat, src, err := statBlock(context.Background(), fm.g, mt, nil)
	if err != nil {
		luart.Raise(L, err)
	}
	side := mt.Str("side", "foes")
	count := mt.IntIn("count", 1, 1, MaxCount)
	base := mt.Str("id", lua.LVAsString(stat.RawGetString("id")))
	if mt.Err != nil {
		luart.Raise(L, mt.Err)
	}
	byC, _ := fm.r.Get("fight.byCreature").(map[*creature.Creature]*fight.Fighter)
	out := L.CreateTable(max(count, 0), 0)
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
		x, err := buildFighter(fm.r, f.Rules, stat, id, side, 0, rec(stat, "fight.add"))
		if err != nil {
			luart.Raise(L, err)
		}
		x.Player = mt.Bool("player", lua.LVAsBool(stat.RawGetString("player")))
		x.Unaware, x.Surprised = mt.Bool("unaware", false), mt.Bool("surprised", false)
		if g := mt.Str("group", ""); g != "" {
			x.Group = side + "/" + g // one initiative roll for the group
		}
		if err := f.Add(x, side); err != nil {
			luart.Raise(L, err)
		}
		byC[x.C] = x
		if on, ok := stat.RawGetString("on").(*lua.LTable); ok {
			if err := registerHooks(fm.g, x, on, src); err != nil {
				luart.Raise(L, err)
			}
		}
		out.Append(creaturemod.Push(L, x.C))
	}
	L.Push(out)
	return 1
}

// setInitiative is fight.set_initiative.
func (fm *module) setInitiative(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	if err := f.SetInitiative(x, L.CheckInt(2)); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// begin is fight.begin.
func (fm *module) begin(L *lua.LState) int {
	f := fm.current(L)
	if err := f.Begin(); err != nil {
		luart.Raise(L, err)
	}
	L.Push(orderTable(L, f))
	return 1
}

// next is fight.next.
func (fm *module) next(L *lua.LState) int {
	f := fm.current(L)
	cur, err := f.Next()
	return pushTurn(L, f, cur, err)
}

// pushTurn returns what fight.next and fight.next_segment return: the
// handles of the creatures whose turn it is and the effects that ended.
func pushTurn(L *lua.LState, f *fight.Fight, cur []*fight.Fighter, err error) int {
	if err != nil {
		luart.Raise(L, err)
	}
	t := L.CreateTable(len(cur), 0)
	for _, x := range cur {
		t.Append(creaturemod.Push(L, x.C))
	}
	L.Push(t)
	L.Push(combatmod.ExpiredList(L, f.Expired()))
	return 2
}

// strikesKey is where a table fight keeps the attacks not yet read by
// fight.strikes.
const strikesKey = "fight.strikes"

// strikes is fight.strikes.
func (fm *module) strikes(L *lua.LState) int {
	log, _ := fm.r.Get(strikesKey).(*lua.LTable)
	if log == nil {
		log = L.NewTable()
	}
	fm.r.Set(strikesKey, nil)
	L.Push(log)
	return 1
}

// nextSegment is fight.next_segment.
func (fm *module) nextSegment(L *lua.LState) int {
	f := fm.current(L)
	cur, err := f.NextSegment()
	return pushTurn(L, f, cur, err)
}

// clock is fight.clock.
func (fm *module) clock(L *lua.LState) int {
	f := fm.current(L)
	if enc := f.Encounter(); enc != nil {
		L.Push(combatmod.Push(L, enc))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// order is fight.order.
func (fm *module) order(L *lua.LState) int {
	L.Push(orderTable(L, fm.current(L)))
	return 1
}

// turn is fight.turn.
func (fm *module) turn(L *lua.LState) int {
	f := fm.current(L)
	cur := f.Current()
	t := L.CreateTable(len(cur), 0)
	for _, x := range cur {
		t.Append(creaturemod.Push(L, x.C))
	}
	L.Push(t)
	return 1
}

// get is fight.get.
func (fm *module) get(L *lua.LState) int {
	f := fm.current(L)
	if x := f.Fighter(L.CheckString(1)); x != nil {
		L.Push(creaturemod.Push(L, x.C))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// attacks is fight.attacks.
func (fm *module) attacks(L *lua.LState) int {
	fm.current(L)
	x := fm.fighterOf(L, 1)
	t := L.CreateTable(len(x.Attacks), 0)
	for _, a := range x.Attacks {
		t.Append(lua.LString(a.Name))
	}
	L.Push(t)
	return 1
}

// enemies is fight.enemies.
func (fm *module) enemies(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	list := f.Enemies(x)
	t := L.CreateTable(len(list), 0)
	for _, e := range list {
		t.Append(creaturemod.Push(L, e.C))
	}
	L.Push(t)
	return 1
}

// allies is fight.allies.
func (fm *module) allies(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	n := 0
	for _, y := range f.Fighters {
		if !y.Out && y.Side == x.Side {
			n++
		}
	}
	t := L.CreateTable(n, 0)
	for _, y := range f.Fighters {
		if !y.Out && y.Side == x.Side {
			t.Append(creaturemod.Push(L, y.C))
		}
	}
	L.Push(t)
	return 1
}

// countAllies is the number of x's living allies, x included: those
// fight.allies lists (its loop counts them as well, inline: the call cost
// R1-style fights that ask fight.allies all the time; TestCountsMatchLists
// checks the two agree).
func countAllies(f *fight.Fight, x *fight.Fighter) int {
	n := 0
	for _, y := range f.Fighters {
		if !y.Out && y.Side == x.Side {
			n++
		}
	}
	return n
}

// strike is fight.strike.
func (fm *module) strike(L *lua.LState) int {
	// the record is dropped when the call is a statement (the kits' own
	// attacks): read before the attack's hooks run other Lua
	keep := luart.ResultsWanted(L) != 0
	f := fm.current(L)
	x, t := fm.fighterOf(L, 1), fm.fighterOf(L, 2)
	var so fight.StrikeOpts
	if opts := L.OptTable(4, nil); opts != nil {
		so = fight.StrikeOpts{Adv: int(lua.LVAsNumber(opts.RawGetString("adv"))),
			Bonus: int(lua.LVAsNumber(opts.RawGetString("bonus"))), Mul: int(lua.LVAsNumber(opts.RawGetString("mul"))),
			Sure: lua.LVAsBool(opts.RawGetString("sure")), Touch: lua.LVAsBool(opts.RawGetString("touch")),
			NoDamage: lua.LVAsBool(opts.RawGetString("no_damage")), Nonlethal: lua.LVAsBool(opts.RawGetString("nonlethal"))}
	}
	a := strikeAttack(L, x, 3)
	e, err := f.StrikeWith(x, t, a, so)
	if err != nil {
		luart.Raise(L, err)
	}
	if !keep {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(StrikeTable(L, f, e))
	return 1
}

// StrikeTable is the Lua view of a finished attack: {hit, crit, natural,
// total, damage, needed, adv, dis, bonus, roll (check.roll's record of the
// attack roll, nil when nothing was rolled), parts = {{type, amount}...},
// refused (why the attack could not be made), cancelled, distance and cover
// (on a map), reasons = {{kind, level, why}...} (the rules that applied,
// when the fight explains: the REPL's table)}.
func StrikeTable(L *lua.LState, f *fight.Fight, e *fight.AttackEvent) *lua.LTable {
	var v [strikeKeys]lua.LValue
	v[0] = lua.LBool(e.Hit)
	v[1] = lua.LBool(e.Crit)
	v[2] = luart.Int(e.Roll.Natural)
	v[3] = luart.Int(e.Roll.Total)
	v[4] = luart.Int(e.Damage)
	v[5] = luart.Int(e.Roll.Target)
	v[6] = luart.Int(e.Adv)
	v[7] = luart.Int(e.Dis)
	v[8] = luart.Int(e.Bonus)
	rolled := e.Rolled
	if rolled {
		v[9] = checkmod.ResultTable(L, &e.Roll)
	}
	v[10] = lua.LBool(rolled)
	if e.Roll.ConfirmRolled {
		v[11] = luart.Int(e.Roll.ConfirmNatural)
		v[12] = luart.Int(e.Roll.ConfirmTotal)
	}
	if e.MissRoll > 0 {
		v[13] = luart.Int(e.MissRoll)
	}
	if e.Refused != "" {
		v[14] = lua.LString(e.Refused)
	}
	parts := L.CreateTable(len(e.Parts), 0)
	if e.Hit {
		for _, p := range e.Parts {
			parts.Append(partShape.New(L, 0, []lua.LValue{lua.LString(p.Type), luart.Int(p.Amount)}))
		}
	}
	v[15] = parts
	if f.Space != nil {
		v[16] = luart.Int(e.Distance)
		v[17] = lua.LString(e.Cover.String())
	}
	rs := L.CreateTable(len(e.Why), 0)
	for _, r := range e.Why {
		rs.Append(reasonShape.New(L, 0, []lua.LValue{lua.LString(r.Kind), luart.Int(r.Level), lua.LString(r.Why)}))
	}
	v[18] = rs
	return strikeShape.New(L, 0, v[:])
}

// The shapes of fight.strike's record and its parts and reasons (the
// order is the order pairs visits them in).
var (
	strikeShape = luart.NewShape("hit", "crit", "natural", "total", "damage", "needed", "adv", "dis", "bonus",
		"roll?", "rolled", "confirm_natural?", "confirm_total?", "miss_roll?", "refused?", "parts",
		"distance?", "cover?", "reasons")
	partShape   = luart.NewShape("type", "amount")
	reasonShape = luart.NewShape("kind", "level", "why")
)

const strikeKeys = 19

// attackNamed returns x's attack called name (case aside), or nil.
func attackNamed(x *fight.Fighter, name string) *fight.Attack {
	var a *fight.Attack
	for i := range x.Attacks {
		if strings.EqualFold(x.Attacks[i].Name, name) {
			a = &x.Attacks[i]
		}
	}
	return a
}

// attack is fight.attack.
func (fm *module) acInfo(L *lua.LState) int {
	x := fm.fighterOf(L, 1)
	ac := x.C.AC.Value
	touch := ac
	ign := fm.current(L).Rules.AC.TouchIgnores
	for _, p := range x.ACParts {
		if ign&(1<<uint(p.Type)) != 0 && p.Value > 0 {
			touch -= p.Value
		}
	}
	t := L.CreateTable(0, 2)
	t.RawSetString("ac", lua.LNumber(ac))
	t.RawSetString("touch", lua.LNumber(touch))
	L.Push(t)
	return 1
}

func (fm *module) attack(L *lua.LState) int {
	x := fm.fighterOf(L, 1)
	name := L.CheckString(2)
	a := attackNamed(x, name)
	if a == nil {
		L.ArgError(2, fmt.Sprintf("%s has no attack %q", x.ID, name))
	}
	t := L.CreateTable(0, 10)
	t.RawSetString("name", lua.LString(a.Name))
	t.RawSetString("bonus", luart.Int(a.Bonus))
	if a.Damage != nil {
		t.RawSetString("damage", lua.LString(a.Damage.String()))
	}
	t.RawSetString("type", lua.LString(a.Type))
	t.RawSetString("ranged", lua.LBool(a.Ranged))
	t.RawSetString("reach", luart.Int(a.Reach))
	t.RawSetString("touch", lua.LBool(a.Touch))
	t.RawSetString("nonlethal", lua.LBool(a.Nonlethal))
	t.RawSetString("group", lua.LString(a.Group))
	if len(a.Tags) > 0 {
		tags := L.CreateTable(len(a.Tags), 0)
		for i, g := range a.Tags {
			tags.RawSetInt(i+1, lua.LString(g))
		}
		t.RawSetString("tags", tags)
	}
	mul := a.CritMul
	if mul <= 0 {
		mul = fm.current(L).Rules.Attack.CritMul
	}
	t.RawSetString("crit_mul", luart.Int(mul))
	if len(a.Range) > 0 {
		t.RawSetString("range", luart.Int(a.Range[0]))
	}
	L.Push(t)
	return 1
}

// strikeAttack is the attack argument n of fight.strike and fight.swing:
// the attack of x so named, or with no name the first melee attack (what a
// special attack replaces).
func strikeAttack(L *lua.LState, x *fight.Fighter, n int) *fight.Attack {
	if L.Get(n) == lua.LNil {
		for i := range x.Attacks {
			if !x.Attacks[i].Ranged {
				return &x.Attacks[i]
			}
		}
		L.ArgError(n, fmt.Sprintf("%s has no melee attack", x.ID))
		return nil
	}
	name := L.CheckString(n)
	a := attackNamed(x, name)
	if a == nil {
		L.ArgError(n, fmt.Sprintf("%s has no attack %q", x.ID, name))
	}
	return a
}

// damage is fight.damage.
func (fm *module) damage(L *lua.LState) int {
	f := fm.current(L)
	t := fm.fighterOf(L, 1)
	n := int(luart.CheckInt(L, 2, -1e9, 1e9))
	typ := L.OptString(3, "")
	src := t
	if L.GetTop() >= 4 && L.Get(4) != lua.LNil {
		src = fm.fighterOf(L, 4)
	}
	opts := L.OptTable(5, L.NewTable())
	lost, err := f.DealNonlethal(src, t, n, typ, lua.LVAsBool(opts.RawGetString("nonlethal")))
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(luart.Int(lost))
	return 1
}

// down is fight.down.
func (fm *module) down(L *lua.LState) int {
	f := fm.current(L)
	if err := f.Down(fm.fighterOf(L, 1), nil); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// kill is fight.kill.
func (fm *module) kill(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	var by *fight.Fighter
	if L.GetTop() >= 2 && L.Get(2) != lua.LNil {
		by = fm.fighterOf(L, 2)
	}
	f.KillBy(x, by)
	return 0
}

// tally is fight.tally.
func (fm *module) tally(L *lua.LState) int {
	f := fm.current(L)
	f.Tally(fm.fighterOf(L, 1), L.ToBool(2))
	return 0
}

// stabilize is fight.stabilize.
func (fm *module) stabilize(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	if err := f.Stabilize(x, L.OptBool(2, true)); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// syncHP is fight.sync_hp.
func (fm *module) syncHP(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	if err := f.SyncHP(x); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// is is fight.is.
func (fm *module) is(L *lua.LState) int {
	fm.current(L)
	x := fm.fighterOf(L, 1)
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
}

// flee is fight.flee.
func (fm *module) flee(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	o := fight.FleeOpts{Budget: -1}
	if opts := L.OptTable(2, nil); opts != nil {
		r := rec(opts, "options")
		checkKeys(r, "stay", "budget")
		o.Stay = r.Bool("stay", false)
		o.Budget = r.Int("budget", -1)
		if r.Err != nil {
			luart.Raise(L, r.Err)
		}
	}
	if err := f.FleeWith(x, o); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// revive is fight.revive.
func (fm *module) revive(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	f.Revive(x) // a fled creature comes back too
	return 0
}

// spend is fight.spend.
func (fm *module) spend(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	slot := L.CheckString(2)
	enc := f.Encounter()
	ok := enc != nil && enc.Spend(x.ID, slot) == nil
	L.Push(lua.LBool(ok))
	return 1
}

// remaining is fight.remaining.
func (fm *module) remaining(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
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
}

// byHand is fight.by_hand.
func (fm *module) byHand(L *lua.LState) int {
	L.Push(lua.LBool(fm.current(L).IsTable()))
	return 1
}

// round is fight.round.
func (fm *module) round(L *lua.LState) int {
	L.Push(lua.LNumber(fm.current(L).Round()))
	return 1
}

// segment is fight.segment.
func (fm *module) segment(L *lua.LState) int {
	f := fm.current(L)
	seg := 0
	if enc := f.Encounter(); enc != nil {
		seg = enc.Segment()
	}
	L.Push(luart.Int(seg))
	return 1
}

// initiative is fight.initiative.
func (fm *module) initiative(L *lua.LState) int {
	f := fm.current(L)
	t := L.CreateTable(0, len(f.Sides))
	if enc := f.Encounter(); enc != nil {
		for _, s := range f.Sides {
			if n, ok := enc.SideResult(s); ok {
				t.RawSetString(s, luart.Int(n))
			}
		}
	}
	L.Push(t)
	return 1
}

// surprise is fight.surprise.
func (fm *module) surprise(L *lua.LState) int {
	f := fm.current(L)
	x := fm.fighterOf(L, 1)
	n := int(luart.CheckInt(L, 2, -1e9, 1e9))
	enc := f.Encounter()
	if enc == nil {
		L.RaiseError("fight.surprise: the fight has no encounter yet")
	}
	if err := enc.SetLostSegments(x.ID, n); err != nil {
		luart.Raise(L, err)
	}
	return 0
}

// all is fight.all.
func (fm *module) all(L *lua.LState) int {
	f := fm.current(L)
	t := L.CreateTable(len(f.Fighters), 0)
	for _, x := range f.Fighters {
		t.Append(creaturemod.Push(L, x.C))
	}
	L.Push(t)
	return 1
}

// note is fight.note.
func (fm *module) note(L *lua.LState) int {
	f := fm.current(L)
	text := L.CheckString(1)
	if f.Trace != nil {
		f.Trace("%s", text)
	}
	return 0
}

// info is fight.info.
func (fm *module) info(L *lua.LState) int {
	fm.current(L)
	x := fm.fighterOf(L, 1)
	L.Push(fighterTable(L, x, ""))
	return 1
}
