// Package dicemod is the Lua module "dice": rolling dice notation, forcing
// faces, and exact probabilities.
//
//	local dice = require("dice")
//	local r = dice.roll("2d6[fire] + 3")   -- {total = 10, text = "...", labels = {fire = 10}, dice = {...}}
//	local n = dice.total("1d20+5")         -- a number, fast: no tree
//	dice.force{20, 3}                      -- the next faces drawn
//	local p = dice.chance("1d20+5 >= 15")  -- 0.55
package dicemod

import (
	"errors"
	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/prob"
)

// cacheKey is where a runtime keeps its parsed expressions.
const cacheKey = "dice.cache"

// BudgetKey is where a runtime keeps the dice budget scripts roll under
// (set by the engine from the configuration; the default budget when
// unset).
const BudgetKey = "dice.budget"

// MixedKey is where a runtime records that a test mixes forced and random
// dice (dice.force with mixed = true): a spec's strict dice then let draws
// after the forced faces come from the generator.
const MixedKey = "dice.mixed"

// maxCached bounds the parsed-expression cache of one runtime.
const maxCached = 4096

// Parse returns the parsed expression for src, from the runtime's cache.
func Parse(r *luart.Runtime, src string) (*dice.Expr, error) {
	c, _ := r.Get(cacheKey).(map[string]*dice.Expr)
	if c == nil {
		c = map[string]*dice.Expr{}
		r.Set(cacheKey, c)
	}
	if e, ok := c[src]; ok {
		return e, nil
	}
	b, ok := r.Get(BudgetKey).(dice.Budget)
	if !ok {
		b = dice.DefaultBudget()
	}
	e, err := dice.ParseBudget(src, b)
	if err != nil {
		return nil, err
	}
	if len(c) >= maxCached {
		clear(c)
	}
	c[src] = e
	return e, nil
}

func checkExpr(L *lua.LState, r *luart.Runtime, n int) *dice.Expr {
	e, err := Parse(r, L.CheckString(n))
	if err != nil {
		luart.Raise(L, err)
	}
	return e
}

// ResultTable converts a roll result to the plain table scripts receive.
func ResultTable(L *lua.LState, res *dice.Result) *lua.LTable {
	t := L.CreateTable(0, 6)
	t.RawSetString("total", lua.LNumber(res.Total))
	t.RawSetString("text", lua.LString(res.Text()))
	t.RawSetString("expr", lua.LString(res.Expr.Source))
	labels := L.NewTable()
	for _, l := range res.Labels {
		name := l.Label
		if name == "" {
			name = "untyped"
		}
		labels.RawSetString(name, lua.LNumber(l.Total))
	}
	t.RawSetString("labels", labels)
	faces := L.NewTable()
	j := res.JSON()
	for _, term := range j.Terms {
		for _, d := range term.Dice {
			dt := L.CreateTable(0, 4)
			dt.RawSetString("face", lua.LNumber(d.Face))
			dt.RawSetString("value", lua.LNumber(d.Value))
			dt.RawSetString("kept", lua.LBool(!d.Dropped))
			dt.RawSetString("term", lua.LString(term.Term))
			if len(d.Rerolled) > 0 {
				dt.RawSetString("rerolled", luart.FromGo(L, d.Rerolled))
			}
			if d.Exploded {
				dt.RawSetString("exploded", lua.LTrue)
			}
			faces.Append(dt)
		}
	}
	t.RawSetString("dice", faces)
	return t
}

// Module returns the "dice" module bound to r.
func Module(r *luart.Runtime) luart.Module {
	return luart.Module{
		Name: "dice",
		Doc:  "Dice notation (docs/dice-notation.md): roll, total, force, chance, dist.",
		Funcs: []luart.Func{
			{Name: "roll", Args: "(expr)", Doc: "rolls expr and returns {total, text, expr, labels = {label = subtotal}, dice = {{face, value, kept, term}...}}", Fn: func(L *lua.LState) int {
				e := checkExpr(L, r, 1)
				res, err := e.Roll(r.Src)
				if err != nil {
					luart.Raise(L, err)
				}
				L.Push(ResultTable(L, res))
				return 1
			}},
			{Name: "total", Args: "(expr)", Doc: "rolls expr and returns its total only (fast: no tree is built)", Fn: func(L *lua.LState) int {
				e := checkExpr(L, r, 1)
				v, err := e.Total(r.Src)
				if err != nil {
					luart.Raise(L, err)
				}
				L.Push(lua.LNumber(v))
				return 1
			}},
			{Name: "force", Args: "(faces [, opts])", Doc: "queues faces (a list of integers) to be drawn before random ones, in draw order; in a spec a draw after the forced faces ran out fails the test unless opts.mixed is true (the test mixes forced and random dice)", Fn: func(L *lua.LState) int {
				t := L.CheckTable(1)
				if L.GetTop() >= 2 && L.Get(2) != lua.LNil {
					o := L.CheckTable(2)
					var bad lua.LValue
					o.ForEach(func(k, v lua.LValue) {
						if ks, ok := k.(lua.LString); !ok || ks != "mixed" {
							bad = k
						}
					})
					if bad != nil {
						L.ArgError(2, "unknown option "+luart.Repr(bad, false)+" (known: mixed)")
					}
					switch v := o.RawGetString("mixed").(type) {
					case lua.LBool:
						if v {
							r.Set(MixedKey, true)
						}
					case *lua.LNilType:
					default:
						L.ArgError(2, "mixed: boolean expected, got "+v.Type().String())
					}
				}
				n := t.Len()
				faces := make([]int, 0, n)
				for i := 1; i <= n; i++ {
					v, ok := t.RawGetInt(i).(lua.LNumber)
					if !ok {
						L.ArgError(1, "list of integer faces expected")
					}
					faces = append(faces, int(v))
				}
				r.Src.Force(faces...)
				return 0
			}},
			{Name: "pending", Args: "()", Doc: "returns the forced faces not drawn yet, as a list", Fn: func(L *lua.LState) int {
				p := r.Src.Pending()
				t := L.CreateTable(len(p), 0)
				for _, f := range p {
					t.Append(lua.LNumber(f))
				}
				L.Push(t)
				return 1
			}},
			{Name: "clear", Args: "()", Doc: "drops the forced faces not drawn yet (dice entered by hand that a command did not use) and returns them, as a list", Fn: func(L *lua.LState) int {
				p := r.Src.Pending()
				t := L.CreateTable(len(p), 0)
				for _, f := range p {
					t.Append(lua.LNumber(f))
				}
				r.Src.ClearForced()
				L.Push(t)
				return 1
			}},
			{Name: "draws", Args: "()", Doc: "returns how many dice faces the runtime has drawn (forced or random) since it started", Fn: func(L *lua.LState) int {
				L.Push(lua.LNumber(r.Src.Draws()))
				return 1
			}},
			{Name: "valid", Args: "(expr)", Doc: "returns true, or false and the error message when expr is not valid notation", Fn: func(L *lua.LState) int {
				if _, err := Parse(r, L.CheckString(1)); err != nil {
					L.Push(lua.LFalse)
					L.Push(lua.LString(err.Error()))
					return 2
				}
				L.Push(lua.LTrue)
				return 1
			}},
			{Name: "chance", Args: "(expr)", Doc: "returns the exact probability that expr totals 1 or more (use a comparison: \"1d20+5 >= 15\")", Fn: func(L *lua.LState) int {
				d := distOf(L, r)
				L.Push(lua.LNumber(d.AtLeast(1)))
				return 1
			}},
			{Name: "dist", Args: "(expr)", Doc: "returns {mean, stddev, exact, outcomes = {{value, p}...}} for expr", Fn: func(L *lua.LState) int {
				d := distOf(L, r)
				t := L.CreateTable(0, 4)
				t.RawSetString("mean", lua.LNumber(d.Mean()))
				t.RawSetString("stddev", lua.LNumber(d.StdDev()))
				t.RawSetString("exact", lua.LBool(d.Exact))
				outs := L.NewTable()
				for _, o := range d.Outcomes() {
					ot := L.CreateTable(0, 2)
					ot.RawSetString("value", lua.LNumber(o.Value))
					ot.RawSetString("p", lua.LNumber(o.P))
					outs.Append(ot)
				}
				t.RawSetString("outcomes", outs)
				L.Push(t)
				return 1
			}},
		},
	}
}

func distOf(L *lua.LState, r *luart.Runtime) *prob.Dist {
	e := checkExpr(L, r, 1)
	ctx := L.Context()
	d, err := prob.ExactLimited(e, prob.Limits{Stop: ctx})
	if err != nil {
		var ee *errs.Error
		if errors.As(err, &ee) && ee.Kind != errs.Budget || ctx != nil && ctx.Err() != nil {
			luart.Raise(L, err)
		}
		luart.Raise(L, &errs.Error{Kind: errs.Budget, Layer: "dice", Msg: err.Error(),
			Hint: "dice.dist and dice.chance are exact only; use dndsh dist for a Monte Carlo estimate"})
	}
	return d
}
