package checkmod

import (
	"context"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/rng"
)

// newRT returns a sandboxed runtime with the check module and the global
// "check" bound by a prelude, so snippets are one line.
func newRT(t testing.TB) *luart.Runtime {
	t.Helper()
	r, err := luart.New(luart.Config{Source: rng.New(1), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	r.Register(Module(r))
	return r
}

func run(r *luart.Runtime, src string) ([]lua.LValue, error) {
	return r.DoString(context.Background(), "t.lua", `local check = require("check") `+src, nil)
}

// TestArgumentErrors checks that misuse names the function, the argument,
// the field and what was wrong, in the standard Lua form.
func TestArgumentErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`check.roll{target = "x"}`, `bad argument #1 to roll (target: integer expected, got string "x")`},
		{`check.roll{target = 1.5}`, `bad argument #1 to roll (target: integer expected, got number 1.5)`},
		{`check.roll()`, `bad argument #1 to roll (table expected, got nil)`},
		{`check.roll{taget = 15}`, `bad argument #1 to roll (unknown field "taget" (did you mean "target"?))`},
		{`check.roll{frobnicate = 1}`, `unknown field "frobnicate" (known: sides, mods, stacking`},
		{`check.roll{15}`, `bad argument #1 to roll (unexpected key number 1 (options are named fields))`},
		{`check.roll{mods = {2, {value = "x"}}}`, `(mods[2].value: integer expected, got string "x")`},
		{`check.roll{mods = {{type = "morale"}}}`, `(mods[1].value: integer expected, got nil)`},
		{`check.roll{mods = {value = 2}}`, `(mods: list of modifiers expected, got a table with named fields`},
		{`check.roll{mods = "2"}`, `(mods: number or list of modifiers expected, got string "2")`},
		{`check.roll{mods = {{value = 2, kind = "x"}}}`, `(mods[1]: unknown field "kind"`},
		{`check.roll{stacking = "stacked"}`, `(stacking: "add", "highest", "once", "typed" or a table expected, got string "stacked")`},
		{`check.roll{stacking = {default = "max"}}`, `(stacking.default: "add", "highest" or "once" expected, got string "max")`},
		{`check.roll{stacking = {add = {"dodge", 3}}}`, `(stacking.add[2]: string expected, got number 3)`},
		{`check.roll{adv = true}`, `(adv: signed level or list of advantage sources expected, got boolean)`},
		{`check.roll{adv = {{level = 1, source = 2}}}`, `(adv[1].source: string expected, got number 2)`},
		{`check.roll{adv_policy = "5e"}`, `(adv_policy: "onoff" or "graded" expected, got string "5e")`},
		{`check.roll{adv_policy = {mode = "graded", cap = -1}}`, `(adv_policy.cap: integer >= 0 expected, got number -1)`},
		{`check.roll{adv_policy = {mode = "graded", table = {[2] = {keep = "best"}}}}`, `(adv_policy.table[2].keep: "highest" or "lowest" expected, got string "best")`},
		{`check.roll{adv = 1, adv_policy = {mode = "graded", resolve = function(n) return {dice = "two"} end}}`, `(adv_policy.resolve[1].dice: integer expected, got string "two")`},
		{`check.roll{adv = 1, adv_policy = {mode = "graded", resolve = function(n) return 2 end}}`, `adv_policy.resolve(1) must return {dice=, keep=, bonus=}, got number 2`},
		{`check.roll{threat = {20, 19}}`, `(threat: reversed range {20, 19})`},
		{`check.roll{threat = "19-20"}`, `(threat: face or {lo, hi} expected, got string "19-20")`},
		{`check.roll{compare = "=="}`, `(compare: ">=", ">", "<=", "<" or "none" expected, got string "==")`},
		{`check.roll{compare = ">"}`, `(target: integer expected with compare ">", got nil)`},
		{`check.roll{confirm = "yes"}`, `(confirm: boolean or {threat=, fumble=, bonus=, adv=} expected, got string "yes")`},
		{`check.roll{count = {[20] = "thirty"}}`, `(count[20]: integer expected, got string "thirty")`},
		{`check.roll{force = "win"}`, `(force: "success" or "failure" expected, got string "win")`},
		{`check.roll{degree_step = -5}`, `(degree_step: integer >= 0 expected, got number -5)`},
		{`check.roll{adv = 99, adv_policy = "graded"}`, `asks for 100 dice`},
		{`check.opposed({}, {mods = {"x"}})`, `bad argument #2 to opposed (mods[1]: number or {value=, type=, source=} expected, got string "x")`},
		{`check.opposed({}, {}, {tie = "coin"})`, `bad argument #3 to opposed (tie: "defender", "initiator", "modifier", "reroll" or "both" expected, got string "coin")`},
		{`check.percentile(50, {score = 3})`, `bad argument #2 to percentile (unknown field "score" (known: mods, score_mods,`},
		{`check.under(3, 6)`, `bad argument #3 to under (integer expected, got nil)`},
		{`check.in_d(2, 6, 5)`, `bad argument #3 to in_d (table expected, got number 5)`},
		{`check.net_adv("adv")`, `bad argument #1 to net_adv (signed level or list of advantage sources expected, got string "adv")`},
		{`check.net_adv(1, {mode = "graded", cap = "x"})`, `bad argument #2 to net_adv (cap: integer expected, got string "x")`},
		{`check.table(5)`, `bad argument #1 to table (table text or spec expected, got number 5)`},
		{`check.table({rows = {{"1-3", "a"}}, die = "d"})`, `(die: dice such as "d100", "d%" or "2d6" expected, got string "d")`},
		{`check.table({rows = {{"1-3", "a"}}, below = "wrap"})`, `(below: bad edge policy "wrap"`},
		{`check.table("1-3 a", {title = "x"})`, `bad argument #2 to table (unknown field "title"`},
		{`check.table("1-3 a"):lookup(1.5)`, `bad argument #2 to lookup (integer expected, got number 1.5)`},
		{`check.table("1-3 a").lookup(2)`, `bad argument #1 to lookup (check.table expected (call it as t:lookup(...)), got number 2)`},
		{`check.table("1-3 a"):roll()`, `the table has no dice to roll`},
		{`check.matrix("AC 1 2\n5 14 13"):lookup(5, true)`, `bad argument #3 to lookup (string or integer key expected, got boolean)`},
		{`check.matrix({cols = {"1"}})`, `(rows: list of {key, cell, ...} expected, got nil)`},
	}
	for _, c := range cases {
		r := newRT(t)
		_, err := run(r, c.src)
		if err == nil {
			t.Errorf("%s: no error, want %q", c.src, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got  %s\n want %s", c.src, err, c.want)
		}
	}
}

// The adv_policy table is keyed by net level; the error names the
// offending field path even for negative levels.
func TestPolicyTablePath(t *testing.T) {
	r := newRT(t)
	_, err := run(r, `check.roll{adv_policy = {mode = "graded", table = {[-2] = {bonus = "x"}}}}`)
	if err == nil || !strings.Contains(err.Error(), "adv_policy.table[-2].bonus: integer expected") {
		t.Fatalf("got %v", err)
	}
}

// A resolve hook that itself calls check.roll must not clobber the scratch
// test of the outer roll.
func TestResolveHookMayRollAgain(t *testing.T) {
	r := newRT(t)
	r.Src.Force(4, 17, 11)
	v, err := run(r, `
local inner
local out = check.roll{mods = {{value = 3, source = "outer"}}, target = 15, adv = 1, adv_policy = {mode = "graded",
  resolve = function(net)
    inner = check.roll{mods = {100}}
    return {dice = 1 + net}
  end}}
return out.total, out.mods[1].source, inner.total, #out.dice`)
	if err != nil {
		t.Fatal(err)
	}
	// The inner roll draws first (4 + 100); the outer one keeps 17 of 17 and 11.
	if got := []string{v[0].String(), v[1].String(), v[2].String(), v[3].String()}; strings.Join(got, " ") != "20 outer 104 2" {
		t.Fatalf("got %v", got)
	}
}

// A failed roll (a raised error) must leave the scratch usable.
func TestErrorReleasesScratch(t *testing.T) {
	r := newRT(t)
	if _, err := run(r, `check.roll{target = "x"}`); err == nil {
		t.Fatal("want an error")
	}
	r.Src.Force(12)
	v, err := run(r, `return check.roll{mods = {2}, target = 14}.success`)
	if err != nil || v[0] != lua.LTrue {
		t.Fatalf("got %v %v", v, err)
	}
}

// Handles print readably and keep their metatable.
func TestHandleMetatable(t *testing.T) {
	r := newRT(t)
	v, err := run(r, `local t = check.table("d6\n1-3 low\n4-6 high", {name = "toy"})
local m = check.matrix("AC\t1\t2\n5\t14\t13")
return tostring(t), tostring(m), getmetatable(t), t:lookup(2)`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"<check.table toy (d6, 2 rows)>", "<check.matrix matrix (1 rows x 2 columns)>", "check.table", "low"}
	for i, w := range want {
		if v[i].String() != w {
			t.Errorf("value %d: got %q, want %q", i, v[i].String(), w)
		}
	}
}

// Every function of the module carries a signature and a one-line doc.
func TestDocs(t *testing.T) {
	r := newRT(t)
	m := Module(r)
	if m.Doc == "" {
		t.Error("module doc is empty")
	}
	for _, f := range m.Funcs {
		if f.Args == "" || f.Doc == "" || strings.Contains(f.Doc, "\n") {
			t.Errorf("%s: want Args and a one-line Doc, got %q %q", f.Name, f.Args, f.Doc)
		}
	}
}

// BenchmarkRoll is check.roll from Lua with five modifiers, typed stacking,
// natural-face rules and a threat range: the allocations are those of the
// returned table.
func BenchmarkRoll(b *testing.B) {
	r := newRT(b)
	fn, err := r.DoString(context.Background(), "b.lua", `local check = require("check")
local spec = {target = 16, stacking = "typed", auto_success = 20, auto_failure = 1, threat = {19, 20}, confirm = true,
  mods = {{value = 5, type = "base", source = "BAB"}, {value = 3, type = "ability", source = "Str"},
    {value = 1, type = "enhancement", source = "masterwork"}, {value = 2, type = "enhancement", source = "+2 longsword"},
    {value = 1, type = "morale", source = "Bless"}}}
return function() return check.roll(spec) end`, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Call(context.Background(), fn[0], 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBaseline(b *testing.B) {
	r := newRT(b)
	fn, _ := r.DoString(context.Background(), "b.lua", `return function() return {} end`, nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Call(context.Background(), fn[0], 1); err != nil {
			b.Fatal(err)
		}
	}
}
