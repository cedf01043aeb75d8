package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/membudget"
)

// The fuzz target of the boundary between Lua and Go: a random call of a
// module function (or a method of a handle) with random arguments, or a
// random small script. It fails when a Go panic gets through (the test
// process dies), when an error is an internal one (a Go panic that a
// protected call caught: a bug in dndsh or a failure of the VM), and when
// a call does not stop at its deadline.

// fuzzValues are the arguments a generated call picks from: Lua source for
// values of every type, the extremes included.
var fuzzValues = []string{
	"nil", "true", "false", "0", "1", "-1", "2", "3", "20", "0.5", "-0.0", "1e9", "-1e9", "1e300", "-1e300",
	"2^53", "2^63", "-(2^63)", "0/0", "1/0", "-1/0", "math.huge", "1e-300", "7.5", "-3", "100000", "1e7",
	`""`, `"x"`, `"1d6"`, `"1d20+5"`, `"4d6kh3"`, `"10000d6"`, `"1d6\0+1"`, `"%"`, `"(("`, `"fire"`, `"prone"`,
	`"str"`, `"hp"`, `"action"`, `"goblin"`, `"5e"`, `"line"`, `"cone"`, `"burst"`, `"onoff"`, `"graded"`,
	`string.rep("a", 1000)`, `string.rep("(", 200)`, `"\27[31m"`, `"中文"`,
	"{}", "{1, 2, 3}", "{{}}", "{x = 0, y = 0}", "{x = 1e9, y = -1e9}", "{x = 0/0, y = 1}", `{"a", "b"}`,
	"{length = 1e9}", `{shape = "line", origin = {x = 0, y = 0}, toward = {x = 1e6, y = 0}, length = 1e9}`,
	`{shape = "burst", origin = {x = 0, y = 0}, radius = 1e9}`, `{shape = "cube", origin = {x = 0, y = 0}, size = 1e9}`,
	`{name = "x", hp = 10, ac = 12}`, `{name = "x", hp = 1e300, ac = 0/0}`, `{name = "x", hp = -3}`,
	`{mods = {1e300}, target = 0/0}`, `{mods = {"x"}, target = 10}`, `{count = 1e9, sides = 6}`,
	`{die = "d6", rows = {{"1-3", "a"}, {"4-6", "b"}}}`, `{max = 1e9, current = -1}`,
	`{sides = {{name = "a", members = {{stat = {name = "a", hp = 5, ac = 10}, count = 3}}}, {name = "b", members = {{stat = {name = "b", hp = 5, ac = 10}}}}}}`,
	`{sides = {{name = "a", members = {{stat = {name = "a", hp = 5, ac = 10}, count = 1e9}}}}}`,
	`{sides = {{name = "a", members = {{stat = {name = "a", hp = 5, ac = 10}}}}, {name = "b", members = {{stat = {name = "b", hp = 1, ac = 1}}}}}, max_rounds = 1e9}`,
	"function() end", "function() error('x') end", "function() return 1e300 end", "function() while true do end end",
	"function(...) return ... end", "print", "setmetatable({}, {__index = function() error('i') end})",
	"setmetatable({}, {__tostring = function() return {} end})",
	"creature.new{name = 'c', hp = 10, ac = 12}", "combat.new{}",
}

// fuzzModules lists the modules and functions a generated call picks from,
// and the methods of the handles.
type fuzzTargets struct {
	calls   []string // "dice.roll"
	methods []string // "creature:heal"
}

func targets(e *engine.Engine) fuzzTargets {
	var t fuzzTargets
	for _, m := range e.R.Modules() {
		for _, f := range m.Funcs {
			t.calls = append(t.calls, m.Name+"."+f.Name)
		}
	}
	for _, line := range strings.Split(e.APIReference(), "\n") {
		// "- `c:heal(n [, opts])` — ..." under "creature handle methods"
		if strings.HasPrefix(line, "- `") && strings.Contains(line, ":") {
			sig := strings.TrimPrefix(line, "- `")
			recv, rest, ok := strings.Cut(sig, ":")
			if !ok || strings.ContainsAny(recv, " .(") {
				continue
			}
			name, _, _ := strings.Cut(rest, "(")
			t.methods = append(t.methods, recv+":"+name)
		}
	}
	return t
}

// handleOf is the Lua expression that makes a handle for a method's
// receiver name.
var handleOf = map[string]string{
	"c":   "creature.new{name = 'c', hp = 10, ac = 12, resources = {uses = 2}}",
	"enc": "combat.new{}",
	"t":   `check.table("d6\n1-3 a\n4-6 b")`,
	"m":   `check.matrix("x 1 2\na 1 2")`,
}

// generate turns fuzz bytes into a Lua chunk: a call (or a few) built from
// the bytes, or the bytes themselves as source when they start with '-'.
func generate(data []byte, tg fuzzTargets) string {
	if len(data) > 0 && data[0] == '-' {
		return string(data[1:])
	}
	var b strings.Builder
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		v := int(data[0])
		data = data[1:]
		return v
	}
	value := func() string {
		v := fuzzValues[next()%len(fuzzValues)]
		if next()%7 == 0 {
			v = "{" + v + ", " + fuzzValues[next()%len(fuzzValues)] + "}"
		}
		return v
	}
	for calls := 0; len(data) > 0 && calls < 4; calls++ {
		var fn, self string
		if k := next(); k%3 == 0 && len(tg.methods) > 0 {
			m := tg.methods[next()%len(tg.methods)]
			recv, name, _ := strings.Cut(m, ":")
			h, ok := handleOf[recv]
			if !ok {
				continue
			}
			fmt.Fprintf(&b, "do local h = %s\n", h)
			fn, self = "h."+name, "h, "
		} else {
			fn = tg.calls[next()%len(tg.calls)]
			b.WriteString("do\n")
		}
		n := next() % 4
		args := make([]string, n)
		for i := range args {
			args[i] = value()
		}
		fmt.Fprintf(&b, "pcall(%s, %s%s)\nend\n", fn, self, strings.Join(args, ", "))
	}
	return b.String()
}

var fuzzEngine struct {
	sync.Mutex
	e  *engine.Engine
	tg fuzzTargets
}

func fuzzRun(t *testing.T, src string) {
	fuzzEngine.Lock()
	defer fuzzEngine.Unlock()
	if fuzzEngine.e == nil || fuzzEngine.e.R.Broken() != nil {
		e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1, Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.R.ExposeGlobals(); err != nil {
			t.Fatal(err)
		}
		fuzzEngine.e, fuzzEngine.tg = e, targets(e)
	}
	e := fuzzEngine.e
	guard := membudget.New(1<<30, 0)
	ctx, cancel := guard.Watch(context.Background())
	defer cancel()
	start := time.Now()
	_, err := e.R.DoString(ctx, "fuzz", src, e.R.NewEnv())
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("%q ran %v, past its 2s deadline", src, took)
	}
	var ee *errs.Error
	if errors.As(err, &ee) && ee.Kind == errs.Internal {
		t.Fatalf("%q: internal error: %v\n%s", src, err, ee.Trace)
	}
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%q: error of type %T: %v", src, err, err)
	}
}

// FuzzLuaBoundary runs generated module calls and small scripts (see
// above). The seeds: one call per module function, and the scripts of
// spec/hostile/vm_conformance.lua.
func FuzzLuaBoundary(f *testing.F) {
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1})
	if err != nil {
		f.Fatal(err)
	}
	tg := targets(e)
	e.Close()
	for i := range tg.calls {
		f.Add([]byte{1, byte(i), 2, byte(i * 7), 0, byte(i * 13), 0})
	}
	for i := range tg.methods {
		f.Add([]byte{0, byte(i), 1, byte(i * 5), 0})
	}
	if src, err := os.ReadFile(filepath.Join("..", "..", "spec", "hostile", "vm_conformance.lua")); err == nil {
		L := lua.NewState()
		if err := L.DoString(string(src)); err == nil {
			if list, ok := L.Get(-1).(*lua.LTable); ok {
				list.ForEach(func(_, v lua.LValue) {
					if c, ok := v.(*lua.LTable); ok {
						f.Add(append([]byte("-"), lua.LVAsString(c.RawGetString("src"))...))
					}
				})
			}
		}
		L.Close()
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzEngine.Lock()
		tgs := fuzzEngine.tg
		fuzzEngine.Unlock()
		if tgs.calls == nil {
			tgs = tg
		}
		fuzzRun(t, generate(data, tgs))
	})
}
