// Package checkmod is the Lua module "check": die tests with typed
// modifiers, graded advantage and natural-face rules, opposed checks,
// roll-under checks, range tables and two-way matrices, over the kernel
// package runtime/check.
//
//	local check = require("check")
//	local r = check.roll{mods = {5, {value = 2, type = "enhancement", source = "+2 sword"}},
//	                     stacking = "typed", adv = {{level = 1, source = "help"}},
//	                     target = 15, auto_success = 20, auto_failure = 1, threat = {19, 20}, confirm = true}
//	-- r.natural, r.total, r.success, r.crit, r.dice = {{face, kept, role}...}, r.mods = {{value, type, source, counted, why}...}
//	local o = check.opposed({mods = {3}}, {mods = {1}}, {tie = "defender"})   -- o.winner == "initiator" | "defender" | ...
//	local m = check.percentile(69, {mods = {40}})                            -- m.success, m.margin
//	local t = check.table("d100\n01-50 -> calm\n51-00 -> angry")
//	local v = t:roll({-10}).value                                             -- "calm" or "angry"
//	local mx = check.matrix("AC\t1\t2\n5\t14\t13\n6\t13\t12")
//	local need = mx:lookup(5, 2)                                              -- 13
//
// Every option is a named field; an unknown field or a value of the wrong
// kind raises "bad argument #N to 'fn' (field: ... expected, got ...)".
// All dice come from the run's random source, so dice.force{...} forces
// them.
package checkmod

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/check"
)

// module is the state of one runtime's "check" module: the runtime, and
// scratch tests and results that check.roll and the roll-under checks
// reuse from call to call, so that a roll allocates little beyond the
// table it returns.
type module struct {
	r *luart.Runtime

	busy   bool // the scratch is in use (a resolve hook called check.roll)
	test   check.Test
	res    check.Result
	rolled bool // res holds a result check.reroll may change
	text   bool // the last check.roll asked for text
	under  check.Under
	ures   check.UnderResult
}

// Module returns the "check" module bound to r.
func Module(r *luart.Runtime) luart.Module {
	m := &module{r: r}
	return luart.Module{
		Name: "check",
		Doc:  "Checks (runtime/check): d20-style tests with stacking modifiers and graded advantage, opposed checks, roll-under checks, range tables and matrices.",
		Funcs: []luart.Func{
			{Name: "roll", Args: "(spec)", Doc: "rolls a die test {mods, stacking, adv, adv_policy, target, compare, sides, auto_success, auto_failure, threat, fumble, confirm, count, degree_step, force, text} and returns {dice, natural, total, target, success, decided, margin, degree, threat, crit, fumble, confirmed, mods, net_adv, ...}", Fn: m.roll},
			{Name: "reroll", Args: "([slot])", Doc: "rerolls one die of the last check.roll (slot 1 or 2 under advantage; default the lowest) and returns the new result: only that die changes, the keep rule and outcome are worked out again", Fn: m.reroll},
			{Name: "opposed", Args: "(a, b [, opts])", Doc: "rolls two test specs against each other (targets ignored) and returns {winner, how, margin, a, b, rounds}; opts.tie = \"defender\"|\"initiator\"|\"modifier\"|\"reroll\"|\"both\", opts.max_rounds", Fn: m.opposed},
			{Name: "percentile", Args: "(chance [, opts])", Doc: "rolls d100 and succeeds on chance or less; returns {faces, sum, roll, score, success, decided, margin, degree, mods, score_mods}; opts: mods, score_mods, stacking, auto_success, auto_failure, degree_step, force, text", Fn: m.percentile},
			{Name: "under", Args: "(count, sides, score [, opts])", Doc: "rolls count dice of sides faces and succeeds on score or less; returns and takes what check.percentile does", Fn: m.rollUnder},
			{Name: "in_d", Args: "(n, sides [, opts])", Doc: "an \"n in d-sides\" check: one die, succeeds on n or less; returns and takes what check.percentile does", Fn: m.inD},
			{Name: "table", Args: "(src [, opts])", Doc: "builds a range table from its text or from {die, below, above, rows = {{key, value}...}} (opts.name); returns a handle with :roll([mods [, opts]]), :lookup(key), :find(key), :rows()", Fn: m.newTable},
			{Name: "matrix", Args: "(src [, opts])", Doc: "builds a two-way matrix from its text or from {corner, cols, rows = {{key, cell...}...}, row_below, row_above, col_below, col_above} (opts.name); returns a handle with :lookup(row, col), :find(row, col), :rows(), :cols()", Fn: m.newMatrix},
			{Name: "stack", Args: "(mods [, stacking])", Doc: "adds up modifiers (numbers or {value, type, source}) under a stacking policy as check.roll does and returns total, {{value, type, source, counted, why}...}", Fn: m.stack},
			{Name: "net_adv", Args: "(adv [, policy])", Doc: "combines advantage sources (a signed level or a list of levels or {level, source}) under policy (\"onoff\" by default, \"graded\", or a table) and returns net, up, down", Fn: m.netAdv},
		},
	}
}

// roll implements check.roll(spec).
func (m *module) roll(L *lua.LState) int {
	spec := L.CheckTable(1)
	if m.busy {
		var t check.Test
		text := readTest(L, where{arg: 1}, spec, &t)
		res, err := t.Roll(m.r.Src)
		if err != nil {
			luart.Raise(L, err)
		}
		L.Push(resultTable(L, res, text))
		return 1
	}
	m.busy = true
	defer func() { m.busy = false }()
	text := readTest(L, where{arg: 1}, spec, &m.test)
	m.rolled = false
	if err := m.test.RollInto(m.r.Src, &m.res); err != nil {
		luart.Raise(L, err)
	}
	m.rolled, m.text = true, text
	L.Push(resultTable(L, &m.res, text))
	return 1
}

// reroll implements check.reroll([slot]): one die of the last check.roll is
// rolled again and the outcome worked out afresh (a reroll feature such as
// Heroic Inspiration). Without a slot, the lowest live main die is rerolled.
func (m *module) reroll(L *lua.LState) int {
	if !m.rolled {
		L.RaiseError("check.reroll: no check.roll to reroll yet")
	}
	slot := -1
	if L.GetTop() >= 1 {
		slot = checkInt(L, 1) - 1
	} else {
		low := 0
		for _, d := range m.res.MainDice() {
			if d.State != check.Replaced && (slot < 0 || d.Face < low) {
				slot, low = d.Slot, d.Face
			}
		}
	}
	if err := m.res.Reroll(m.r.Src, slot); err != nil {
		luart.Raise(L, err)
	}
	L.Push(resultTable(L, &m.res, m.text))
	return 1
}

// opposed implements check.opposed(a, b [, opts]).
func (m *module) opposed(L *lua.LState) int {
	sa, sb := L.CheckTable(1), L.CheckTable(2)
	opts := optTable(L, 3)
	var a, b check.Test
	textA := readTest(L, where{arg: 1}, sa, &a)
	textB := readTest(L, where{arg: 2}, sb, &b)
	o := check.Opposed{A: &a, B: &b}
	if opts != nil {
		w := where{arg: 3}
		eachField(L, w, opts, func(k string, v lua.LValue) {
			switch k {
			case "tie":
				o.Tie = readTie(L, w.at(k), v)
			case "max_rounds":
				o.MaxRounds = readNonNeg(L, w.at(k), v)
			default:
				unknown(L, w, k, "tie, max_rounds")
			}
		})
	}
	res, err := o.Roll(m.r.Src)
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(opposedTable(L, res, textA, textB))
	return 1
}

// rollUnderCheck rolls dice under score with the options at argument n.
func (m *module) rollUnderCheck(L *lua.LState, n int, dice check.Dice, score int) int {
	opts := optTable(L, n)
	u, res := &m.under, &m.ures
	if m.busy {
		u, res = &check.Under{}, &check.UnderResult{}
	} else {
		m.busy = true
		defer func() { m.busy = false }()
	}
	u.Dice, u.Score = dice, score
	text := readUnder(L, where{arg: n}, opts, u)
	if err := u.RollInto(m.r.Src, res); err != nil {
		luart.Raise(L, err)
	}
	L.Push(underTable(L, res, text))
	return 1
}

// percentile implements check.percentile(chance [, opts]).
func (m *module) percentile(L *lua.LState) int {
	u := check.Percentile(checkInt(L, 1))
	return m.rollUnderCheck(L, 2, u.Dice, u.Score)
}

// rollUnder implements check.under(count, sides, score [, opts]).
func (m *module) rollUnder(L *lua.LState) int {
	u := check.RollUnder(int(luart.CheckInt(L, 1, 1, check.MaxDice)), int(luart.CheckInt(L, 2, 2, 1_000_000)), checkInt(L, 3))
	return m.rollUnderCheck(L, 4, u.Dice, u.Score)
}

// inD implements check.in_d(n, sides [, opts]).
func (m *module) inD(L *lua.LState) int {
	u := check.InD(checkInt(L, 1), checkInt(L, 2))
	return m.rollUnderCheck(L, 3, u.Dice, u.Score)
}

// stack implements check.stack(mods [, stacking]).
func (m *module) stack(L *lua.LState) int {
	mods := readMods(L, where{arg: 1}, L.CheckTable(1), nil)
	var p check.StackPolicy
	if v := L.Get(2); v != lua.LNil {
		readStacking(L, where{arg: 2}, v, &p)
	}
	total, applied := p.Apply(mods, nil)
	L.Push(num(total))
	L.Push(modsTable(L, applied))
	return 2
}

// netAdv implements check.net_adv(adv [, policy]).
func (m *module) netAdv(L *lua.LState) int {
	srcs := readAdv(L, where{arg: 1}, L.Get(1), nil)
	var p check.AdvPolicy
	if v := L.Get(2); v != lua.LNil {
		readPolicy(L, where{arg: 2}, v, &p)
	}
	net, up, down := p.Net(srcs)
	L.Push(num(net))
	L.Push(num(up))
	L.Push(num(down))
	return 3
}
