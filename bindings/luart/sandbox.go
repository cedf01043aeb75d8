package luart

import (
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// removedBase are base functions the sandbox takes away, with the reason
// given to a script that calls them.
var removedBase = map[string]string{
	"dofile":         "scripts load other scripts with require",
	"loadfile":       "scripts load other scripts with require",
	"load":           "loading code at run time is not allowed",
	"loadstring":     "loading code at run time is not allowed",
	"module":         "return a table from the file and require it",
	"collectgarbage": "the host manages memory",
	"getfenv":        "environments are fixed by the host",
	"setfenv":        "environments are fixed by the host",
	"newproxy":       "not available",
	"rawset":         "globals are locked; use local variables",
	"_printregs":     "not available",
}

func (r *Runtime) openSandbox() error {
	L := r.L
	libs := []struct {
		name string
		fn   lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}}
	if r.cfg.Unsafe {
		libs = append(libs, struct {
			name string
			fn   lua.LGFunction
		}{lua.IoLibName, lua.OpenIo}, struct {
			name string
			fn   lua.LGFunction
		}{lua.OsLibName, lua.OpenOs})
	}
	for _, lib := range libs {
		if err := L.CallByParam(lua.P{Fn: L.NewFunction(lib.fn), NRet: 0, Protect: true}, lua.LString(lib.name)); err != nil {
			return err
		}
	}
	g := L.G.Global
	for name, why := range removedBase {
		g.RawSetString(name, L.NewFunction(refuse(name, why)))
	}
	g.RawSetString("pcall", L.NewFunction(r.basePCall))
	g.RawSetString("xpcall", L.NewFunction(r.baseXPCall))
	g.RawSetString("print", L.NewFunction(r.print))
	g.RawSetString("require", L.NewFunction(r.require))
	r.loaded = L.NewTable()

	// math.random from the run's seeded source; math.randomseed refused.
	math := L.GetField(g, "math").(*lua.LTable)
	math.RawSetString("random", L.NewFunction(r.random))
	math.RawSetString("randomseed", L.NewFunction(refuse("math.randomseed", "the run's seed is set by the host (--seed or seed in dndsh.toml)")))

	// Bounded and budget-checked string functions, error and tonumber.
	r.installLibrary()
	tab := L.GetField(g, "table").(*lua.LTable)
	concat := tab.RawGetString("concat").(*lua.LFunction)
	tab.RawSetString("concat", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		sep := L.OptString(2, "")
		total := 0
		n := t.Len()
		for i := 1; i <= n; i++ {
			total += len(lua.LVAsString(t.RawGetInt(i))) + len(sep)
			if total > r.cfg.MaxString {
				L.RaiseError("table.concat: result over the string budget (%d bytes)", r.cfg.MaxString)
			}
		}
		return concat.GFunction(L)
	}))
	unpack := g.RawGetString("unpack").(*lua.LFunction)
	g.RawSetString("unpack", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		i := L.OptInt(2, 1)
		j := L.OptInt(3, t.Len())
		if j-i > 10000 {
			L.RaiseError("unpack: %d values is over the budget (10000)", j-i+1)
		}
		return unpack.GFunction(L)
	}))
	r.lockGlobals()
	return nil
}

// CheckInt reads argument n as a whole number from lo to hi; anything else
// (a fraction, NaN, an infinity, 1e300, a string) is an argument error that
// says the range.
func CheckInt(L *lua.LState, n int, lo, hi int64) int64 {
	v, ok := L.Get(n).(lua.LNumber)
	if !ok {
		L.ArgError(n, fmt.Sprintf("a whole number from %d to %d expected, got %s", lo, hi, L.Get(n).Type()))
	}
	f := float64(v)
	if f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		L.ArgError(n, fmt.Sprintf("a whole number from %d to %d expected, got %s", lo, hi, lua.LVAsString(v)))
	}
	return int64(f)
}

// OptInt is CheckInt for an optional argument: def when it is nil.
func OptInt(L *lua.LState, n int, def, lo, hi int64) int64 {
	if L.Get(n) == lua.LNil {
		return def
	}
	return CheckInt(L, n, lo, hi)
}

func refuse(name, why string) lua.LGFunction {
	return func(L *lua.LState) int {
		L.RaiseError("%s is not available in dndsh scripts: %s", name, why)
		return 0
	}
}

// lockGlobals makes the global table read-only for scripts: assigning a new
// global or reading an undeclared one raises an error, and the metatable
// cannot be read or replaced.
func (r *Runtime) lockGlobals() {
	L := r.L
	mt := L.NewTable()
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("assignment to undeclared global %q: declare it local (globals are locked)", lua.LVAsString(L.Get(2)))
		return 0
	}))
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("undeclared global %q (globals are locked; did you mean a local, or require a module?)", lua.LVAsString(L.Get(2)))
		return 0
	}))
	mt.RawSetString("__metatable", lua.LString("locked"))
	L.SetMetatable(L.G.Global, mt)
}

// NewEnv returns a fresh environment table for a session chunk: reads fall
// through to the locked globals, writes stay in the session table.
func (r *Runtime) NewEnv() *lua.LTable {
	L := r.L
	env := L.NewTable()
	mt := L.NewTable()
	mt.RawSetString("__index", L.G.Global)
	mt.RawSetString("__metatable", lua.LString("locked"))
	L.SetMetatable(env, mt)
	return env
}

func (r *Runtime) print(L *lua.LState) int {
	n := L.GetTop()
	parts := make([]string, n)
	for i := 1; i <= n; i++ {
		parts[i-1] = Repr(L.Get(i), false)
	}
	fmt.Fprintln(r.cfg.Out, strings.Join(parts, "\t"))
	return 0
}

// random is math.random over the run's seeded source, with Lua 5.1's
// signatures: () -> [0,1), (m) -> [1,m], (m, n) -> [m,n]. Forced dice do
// not apply: they are for dice.
func (r *Runtime) random(L *lua.LState) int {
	switch L.GetTop() {
	case 0:
		L.Push(lua.LNumber(r.Src.Float64()))
	case 1:
		m := CheckInt(L, 1, 1, 1<<53)
		L.Push(lua.LNumber(1 + int64(r.Src.Uint64n(uint64(m)))))
	default:
		m, n := CheckInt(L, 1, -(1<<53), 1<<53), CheckInt(L, 2, -(1<<53), 1<<53)
		if n < m {
			L.ArgError(2, "interval is empty")
		}
		L.Push(lua.LNumber(m + int64(r.Src.Uint64n(uint64(n-m)+1))))
	}
	return 1
}

// require resolves a registered Go module, then a script module under the
// roots: require("monsters.5e.goblin") loads monsters/5e/goblin.lua.
func (r *Runtime) require(L *lua.LState) int {
	name := L.CheckString(1)
	if v := r.loaded.RawGetString(name); v != lua.LNil {
		L.Push(v)
		return 1
	}
	if _, ok := r.modules[name]; ok {
		t, err := r.ModuleTable(name)
		if err != nil {
			L.RaiseError("%v", err)
		}
		L.Push(t)
		return 1
	}
	path := strings.ReplaceAll(name, ".", "/") + ".lua"
	if strings.Contains(name, "..") || strings.HasPrefix(path, "/") {
		L.ArgError(1, "module names are dotted paths under the script roots")
	}
	if r.loading[name] {
		L.RaiseError("require cycle: %q is already loading", name)
	}
	r.loading[name] = true
	defer delete(r.loading, name)
	fn, err := r.LoadFile(path)
	if err != nil {
		if _, missing := err.(*notFound); missing {
			L.RaiseError("module %q not found: no Go module of that name and no %s under the script roots", name, path)
		}
		Raise(L, err)
	}
	L.Push(fn)
	L.Call(0, 1)
	v := L.Get(-1)
	if v == lua.LNil {
		v = lua.LTrue
	}
	r.loaded.RawSetString(name, v)
	return 1
}
