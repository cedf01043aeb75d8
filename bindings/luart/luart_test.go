package luart

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

func newRT(t *testing.T, files map[string]string) (*Runtime, *bytes.Buffer) {
	t.Helper()
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: []byte(v)}
	}
	var out bytes.Buffer
	r, err := New(Config{Roots: []Root{{Name: "test", FS: m}}, Out: &out, Source: rng.New(1), Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r, &out
}

func run(r *Runtime, src string) error {
	_, err := r.DoString(context.Background(), "t.lua", src, nil)
	return err
}

// TestEscapes tries every way out of the sandbox; each must fail with a
// clear error.
func TestEscapes(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"open files", `return io.open("/etc/passwd")`, `undeclared global "io"`},
		{"start processes", `return os.execute("id")`, `undeclared global "os"`},
		{"read the environment", `return os.getenv("HOME")`, `undeclared global "os"`},
		{"dofile", `dofile("/etc/passwd")`, "dofile is not available"},
		{"loadfile", `loadfile("/etc/passwd")`, "loadfile is not available"},
		{"loadstring", `loadstring("return 1")`, "loadstring is not available"},
		{"load", `load(function() return nil end)`, "load is not available"},
		{"require a file outside the roots", `require("etc.passwd")`, `module "etc.passwd" not found`},
		{"require path escape", `require("../x")`, "dotted paths"},
		{"require os", `require("os")`, `module "os" not found`},
		{"reach the network", `return socket`, `undeclared global "socket"`},
		{"reseed the RNG", `math.randomseed(42)`, "math.randomseed is not available"},
		{"unlock the globals", `setmetatable(_G, nil)`, "cannot change a protected metatable"},
		{"rawset past the lock", `rawset(_G, "x", 1)`, "rawset is not available"},
		{"new global", `x = 1`, `assignment to undeclared global "x"`},
		{"setfenv", `setfenv(1, {})`, "setfenv is not available"},
		{"getfenv", `getfenv(1)`, "getfenv is not available"},
		{"collectgarbage", `collectgarbage()`, "collectgarbage is not available"},
		{"huge string", `return string.rep("x", 1e9)`, "over the string budget"},
		{"huge format", `return string.format("%99999d", 1)`, "width or precision too long"},
		{"deep recursion", `local function f(n) return 1 + f(n + 1) end return f(1)`, "stack overflow"},
		{"huge unpack", `local t = {} for i = 1, 20000 do t[i] = i end return unpack(t)`, "over the budget"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, _ := newRT(t, nil)
			err := run(r, c.src)
			if err == nil {
				t.Fatalf("%s: no error", c.src)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%s: error %q does not contain %q", c.src, err.Error(), c.want)
			}
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("not an *errs.Error: %T", err)
			}
		})
	}
}

func TestGlobalLockIsNotReadable(t *testing.T) {
	r, _ := newRT(t, nil)
	v, err := r.DoString(context.Background(), "t", `return getmetatable(_G)`, nil)
	if err != nil || v[0].String() != "locked" {
		t.Fatalf("getmetatable(_G) gave %v, %v; want the string \"locked\"", v, err)
	}
}

func TestUnboundedTableGrowthStops(t *testing.T) {
	r, _ := newRT(t, nil)
	r.cfg.Timeout = 300 * time.Millisecond
	err := run(r, `local t = {} local i = 0 while true do i = i + 1 t[i] = i end`)
	if err == nil {
		t.Fatal("unbounded growth did not stop")
	}
	if errs.ExitCode(err) != errs.Budget.ExitCode() {
		t.Fatalf("want a budget error, got %v", err)
	}
}

func TestRunawayLoopStopsAtDeadline(t *testing.T) {
	r, _ := newRT(t, nil)
	r.cfg.Timeout = 200 * time.Millisecond
	err := run(r, `while true do end`)
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("want a deadline error, got %v", err)
	}
	// also through pcall
	err = run(r, `local function f() while true do end end while true do pcall(f) end`)
	if err == nil {
		t.Fatal("pcall must not swallow the deadline")
	}
}

func TestCancelStopsLoop(t *testing.T) {
	r, _ := newRT(t, nil)
	r.cfg.Timeout = 0
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	_, err := r.DoString(ctx, "t.lua", `while true do end`, nil)
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("want interrupted, got %v", err)
	}
}

func TestPrintAndRandom(t *testing.T) {
	r, out := newRT(t, nil)
	if err := run(r, `print("a", 1, {2, x = 3})`); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "a\t1\t{2, x = 3}\n" {
		t.Fatalf("print wrote %q", got)
	}
	a, _ := newRT(t, nil)
	b, _ := newRT(t, nil)
	va, _ := a.DoString(context.Background(), "t", `return math.random(1, 1000000), math.random()`, nil)
	vb, _ := b.DoString(context.Background(), "t", `return math.random(1, 1000000), math.random()`, nil)
	if va[0].String() != vb[0].String() || va[1].String() != vb[1].String() {
		t.Fatal("math.random is not reproducible from the seed")
	}
}

func TestRequireScriptsAndOverride(t *testing.T) {
	base := fstest.MapFS{"lib/a.lua": {Data: []byte(`return { v = "base" }`)}, "lib/b.lua": {Data: []byte(`return { v = "b" }`)}}
	user := fstest.MapFS{"lib/a.lua": {Data: []byte(`return { v = "user" }`)}}
	r, err := New(Config{Roots: []Root{{"embedded", base}, {"user", user}}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	v, err := r.DoString(context.Background(), "t", `local a = require("lib.a") local b = require("lib.b") return a.v .. b.v, require("lib.a") == a`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v[0].String() != "userb" || v[1].String() != "true" {
		t.Fatalf("got %v", v)
	}
}

func TestErrorsCarryFileLineAndExcerpt(t *testing.T) {
	r, _ := newRT(t, map[string]string{
		"m/bad.lua":    "local x = 1\nlocal y = nil\nreturn y.z\n",
		"m/syntax.lua": "local x = = 2\n",
	})
	r.Layer = "monsters"
	_, err := r.DoString(context.Background(), "t", `require("m.bad")`, nil)
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %T %v", err, err)
	}
	if e.File != "m/bad.lua" || e.Line != 3 || e.Source != "return y.z" || e.Layer != "monsters" {
		t.Fatalf("got file %q line %d source %q layer %q", e.File, e.Line, e.Source, e.Layer)
	}
	if !strings.Contains(e.Pretty(), "| return y.z") || e.Trace == "" {
		t.Fatalf("pretty form lacks the excerpt or traceback:\n%s", e.Pretty())
	}
	_, err = r.DoString(context.Background(), "t", `require("m.syntax")`, nil)
	if !errors.As(err, &e) || e.Line != 1 || e.Col == 0 || !strings.Contains(e.Pretty(), "^") {
		t.Fatalf("syntax error without position or caret: %v", err)
	}
	_, err = r.DoString(context.Background(), "t", `error({code = 1})`, nil)
	if err == nil || !strings.Contains(err.Error(), "{code = 1}") {
		t.Fatalf("table error not rendered: %v", err)
	}
	_, err = r.DoString(context.Background(), "t", "local x = (", nil)
	if !IsIncomplete(err) {
		t.Fatalf("want an incomplete-input error, got %v", err)
	}
}

func TestSessionEnvAllowsLocalsOfItsOwn(t *testing.T) {
	r, _ := newRT(t, nil)
	env := r.NewEnv()
	if _, err := r.DoString(context.Background(), "s", `x = 41`, env); err != nil {
		t.Fatal(err)
	}
	v, err := r.DoString(context.Background(), "s", `return x + 1`, env)
	if err != nil || v[0].String() != "42" {
		t.Fatalf("got %v %v", v, err)
	}
	if err := run(r, `return x`); err == nil {
		t.Fatal("session variables must not leak into the locked globals")
	}
}

func TestCacheShared(t *testing.T) {
	c := NewCache()
	fsys := fstest.MapFS{"a.lua": {Data: []byte(`return 1`)}}
	for i := 0; i < 3; i++ {
		r, err := New(Config{Roots: []Root{{"t", fsys}}, Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.DoFile(context.Background(), "a.lua"); err != nil {
			t.Fatal(err)
		}
		r.Close()
	}
	if h, m := c.Stats(); h != 2 || m != 1 {
		t.Fatalf("cache hits %d misses %d, want 2 and 1", h, m)
	}
}

// TestPrecompileCompilesEachScriptOnce: scripts precompiled in the
// background and then loaded in order are compiled once each, whoever gets
// there first; a script with a syntax error still fails when loaded, with
// its file and line; a missing path is skipped.
func TestPrecompileCompilesEachScriptOnce(t *testing.T) {
	fsys := fstest.MapFS{}
	var paths []string
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		fsys[n+".lua"] = &fstest.MapFile{Data: []byte(`local t = {} for i = 1, 10 do t[i] = i end return "` + n + `"`)}
		paths = append(paths, n+".lua")
	}
	fsys["bad.lua"] = &fstest.MapFile{Data: []byte("return 1 +\n")}
	c := NewCache()
	r, err := New(Config{Roots: []Root{{"t", fsys}}, Cache: c})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Precompile(append(paths, "bad.lua", "missing.lua"))
	for _, p := range paths {
		v, err := r.DoFile(context.Background(), p)
		if err != nil || v.String() != strings.TrimSuffix(p, ".lua") {
			t.Fatalf("%s: %v %v", p, v, err)
		}
	}
	_, err = r.DoFile(context.Background(), "bad.lua")
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Syntax || e.File != "bad.lua" || e.Line != 2 {
		t.Fatalf("bad.lua: want a syntax error at bad.lua:2, got %#v", err)
	}
	if _, m := c.Stats(); m != len(paths)+1 {
		t.Fatalf("%d compilations for %d scripts", m, len(paths)+1)
	}
}

// TestEnteredAgainAndAgain: a runtime entered once per trial (a batch
// worker) gives each entry the whole time budget: many quick entries pass,
// a runaway one stops at the deadline, the entry after it runs normally on
// a fresh deadline, and cancelling the caller's context stops the entry
// that runs.
func TestEnteredAgainAndAgain(t *testing.T) {
	r, _ := newRT(t, nil)
	r.cfg.Timeout = 100 * time.Millisecond
	fn, err := r.LoadBytes("t.lua", "test", []byte(`local n = ... if n < 0 then while true do end end return n + 1`))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	call := func(n int) error {
		leave := r.Enter(ctx)
		defer leave()
		return r.L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, lua.LNumber(n))
	}
	for i := 0; i < 200; i++ {
		if err := call(i); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		r.L.Pop(1)
	}
	for round := 0; round < 2; round++ {
		if err := call(-1); err == nil || !strings.Contains(err.Error(), "deadline") {
			t.Fatalf("round %d: want a deadline error, got %v", round, err)
		}
		if err := call(1); err != nil {
			t.Fatalf("round %d: the entry after a timeout failed: %v", round, err)
		}
		r.L.Pop(1)
	}
	if r.L.Context() != nil {
		t.Fatal("the context stayed on the state after the entry")
	}
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	if err := call(-1); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("want the cancellation, got %v", err)
	}
}

// TestNoCoroutines: the sandbox opens no coroutine library, which the
// trial's context relies on (vmCtx: gopher-lua derives a coroutine's
// context from the state's, and that context's Done is nil while the
// trial runs). Opening it needs vmCtx rethought first.
func TestNoCoroutines(t *testing.T) {
	r, _ := newRT(t, nil)
	_, err := r.DoString(context.Background(), "t.lua", `return coroutine`, nil)
	if err == nil || !strings.Contains(err.Error(), `undeclared global "coroutine"`) {
		t.Fatalf("coroutine is reachable in the sandbox (%v); vmCtx (deadline.go) assumes it is not", err)
	}
	if v := r.L.G.Global.RawGetString("coroutine"); v != lua.LNil {
		t.Fatalf("coroutine is %v in the globals; vmCtx (deadline.go) assumes there is none", v)
	}
}

// TestCheckContextStopsGoLoop: Go code that loops on a script's behalf (a
// fight's turns) and asks CheckContext as it goes stops when the trial's
// time budget passes, and when its caller cancels, with the budget's and the
// interruption's errors; before that CheckContext says nothing.
func TestCheckContextStopsGoLoop(t *testing.T) {
	r, _ := newRT(t, nil)
	r.cfg.Timeout = 50 * time.Millisecond
	loop := func(ctx context.Context) error {
		leave := r.Enter(ctx)
		defer leave()
		if err := r.CheckContext(); err != nil {
			return fmt.Errorf("at once: %w", err)
		}
		for start := time.Now(); time.Since(start) < 10*time.Second; {
			if err := r.CheckContext(); err != nil {
				return err
			}
		}
		return nil
	}
	if err := loop(context.Background()); err == nil || !strings.Contains(err.Error(), "deadline") || strings.Contains(err.Error(), "at once") {
		t.Fatalf("want the deadline's error from the loop, got %v", err)
	}
	r.cfg.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	if err := loop(ctx); err == nil || !strings.Contains(err.Error(), "interrupted") || strings.Contains(err.Error(), "at once") {
		t.Fatalf("want interrupted from the loop, got %v", err)
	}
}
