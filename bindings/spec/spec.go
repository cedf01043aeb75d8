// Package spec runs dndsh's executable specs: Lua files named *_spec.lua.
//
// A spec file starts with header comments that choose its runtime:
//
//	-- ruleset: 5e
//	-- variants: 5e.some_variant, 5e.other
//	-- covers: 5E-DMG-04 5E-DMG-05
//
// and registers tests with test(name, fn). Each test runs in a fresh
// runtime (ruleset loaded, seed 1) with the helpers eq, near, ok, matches
// and fails; dice.force{...} forces faces. A test that makes no assertion
// fails, and so does one that leaves forced faces unused. Dice are strict:
// once a test has forced a face, a draw after the forced queue ran out
// fails the test with the die and the Lua line that drew it, unless the
// test opted out with dice.force(faces, {mixed = true}). Tests run in file
// order, files in path order.
//
// "-- covers:" lines (anywhere in the file) name the mechanic IDs the file
// exercises; the coverage check compares them with spec/mechanics.tsv.
package spec

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/dicemod"
	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Header is what a spec file's comments declare.
type Header struct {
	Ruleset  string
	Variants []string
	Covers   []string
}

var (
	reHeader = regexp.MustCompile(`(?m)^--\s*(ruleset|variants|covers)\s*:\s*(.*)$`)
	reSplit  = regexp.MustCompile(`[\s,]+`)
)

// ParseHeader reads the header comments of a spec file.
func ParseHeader(src string) Header {
	var h Header
	for _, m := range reHeader.FindAllStringSubmatch(src, -1) {
		words := reSplit.Split(strings.TrimSpace(m[2]), -1)
		var clean []string
		for _, w := range words {
			if w != "" {
				clean = append(clean, w)
			}
		}
		switch m[1] {
		case "ruleset":
			if len(clean) > 0 {
				h.Ruleset = clean[0]
			}
		case "variants":
			h.Variants = append(h.Variants, clean...)
		case "covers":
			h.Covers = append(h.Covers, clean...)
		}
	}
	return h
}

// Result is the outcome of one test.
type Result struct {
	File       string
	Test       string
	Passed     bool
	Message    string // failure message with file:line
	Assertions int
}

// Options configure a run.
type Options struct {
	Seed      uint64
	Timeout   time.Duration // per test; default 10 s
	UserRoots []luart.Root
	Cache     *luart.Cache
}

// Find lists the spec files under dir of fsys, sorted.
func Find(fsys fs.FS, dir string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, "_spec.lua") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// RunFile runs every test of one spec file (name is used in messages).
func RunFile(ctx context.Context, name string, src []byte, opts Options) ([]Result, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	if opts.Cache == nil {
		opts.Cache = luart.NewCache()
	}
	h := ParseHeader(string(src))
	names, err := collect(ctx, name, src, h, opts)
	if err != nil {
		return []Result{{File: name, Test: "(load)", Message: err.Error()}}, nil
	}
	if len(names) == 0 {
		return []Result{{File: name, Test: "(load)", Message: "the file registers no test"}}, nil
	}
	var out []Result
	for i, t := range names {
		out = append(out, runOne(ctx, name, src, h, opts, i, t))
	}
	return out, nil
}

type session struct {
	e          *engine.Engine
	tests      []string
	fns        []*lua.LFunction
	assertions int
	out        bytes.Buffer
	strict     string // the first strict-dice violation of the test
}

func newSession(ctx context.Context, name string, src []byte, h Header, opts Options) (*session, error) {
	s := &session{}
	e, err := engine.New(ctx, engine.Options{Ruleset: h.Ruleset, Variants: h.Variants, Seed: opts.Seed, Out: &s.out,
		UserRoots: opts.UserRoots, Timeout: opts.Timeout, Cache: opts.Cache})
	if err != nil {
		return nil, err
	}
	s.e = e
	e.R.Src.Unforced = s.unforced
	s.install()
	if _, err := e.R.DoString(ctx, name, string(src), nil); err != nil {
		e.Close()
		return nil, err
	}
	return s, nil
}

func collect(ctx context.Context, name string, src []byte, h Header, opts Options) ([]string, error) {
	s, err := newSession(ctx, name, src, h, opts)
	if err != nil {
		return nil, err
	}
	defer s.e.Close()
	return s.tests, nil
}

func runOne(ctx context.Context, name string, src []byte, h Header, opts Options, i int, test string) Result {
	res := Result{File: name, Test: test}
	s, err := newSession(ctx, name, src, h, opts)
	if err != nil {
		res.Message = err.Error()
		return res
	}
	defer s.e.Close()
	if i >= len(s.fns) {
		res.Message = "the file registered fewer tests on a second load (tests must not depend on load order)"
		return res
	}
	if _, err := s.e.R.Call(ctx, s.fns[i], 0); err != nil {
		res.Message = err.Error()
		if s.strict != "" {
			res.Message = s.strict
		}
		res.Assertions = s.assertions
		return res
	}
	res.Assertions = s.assertions
	if s.strict != "" {
		res.Message = s.strict
		return res
	}
	if s.assertions == 0 {
		res.Message = "the test made no assertion"
		return res
	}
	if p := s.e.R.Src.Pending(); len(p) > 0 {
		res.Message = fmt.Sprintf("forced faces left unused at the end of the test: %v", p)
		return res
	}
	res.Passed = true
	return res
}

// unforced is the runtime's hook for a draw the forced queue cannot supply
// after the test forced faces: strict dice make it an error, recorded so
// that the test fails even when a script caught the error.
func (s *session) unforced(lo, hi int) error {
	if mixed, _ := s.e.R.Get(dicemod.MixedKey).(bool); mixed {
		return nil
	}
	die := fmt.Sprintf("d%d", hi)
	if lo != 1 {
		die = fmt.Sprintf("die of %d..%d", lo, hi)
	}
	msg := fmt.Sprintf("strict dice: a %s (draw %d of the test) was drawn after the forced faces ran out%s; "+
		"force it too, or pass {mixed = true} to dice.force in a test that mixes forced and random dice",
		die, s.e.R.Src.Draws(), luaWhere(s.e.R.L))
	if s.strict == "" {
		s.strict = msg
	}
	return &rng.ForcedError{Msg: msg}
}

// luaWhere names the innermost Lua line running and, when that is not in
// the spec itself, the outermost one (the spec's line that led to it).
func luaWhere(L *lua.LState) string {
	var lines []string
	for level := 0; ; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		if _, err := L.GetInfo("Sl", dbg, lua.LNil); err != nil || dbg.CurrentLine <= 0 {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s:%d", dbg.Source, dbg.CurrentLine))
	}
	switch len(lines) {
	case 0:
		return ""
	case 1:
		return " at " + lines[0]
	}
	return " at " + lines[0] + " (from " + lines[len(lines)-1] + ")"
}

func (s *session) fail(L *lua.LState, msg string, args ...any) {
	L.RaiseError("%s", fmt.Sprintf(msg, args...))
}

// install defines test and the assertion helpers as globals of the spec's
// runtime (specs are the one place outside the REPL that gets globals).
func (s *session) install() {
	L := s.e.R.L
	g := L.G.Global
	set := func(name string, fn lua.LGFunction) { g.RawSetString(name, L.NewFunction(fn)) }
	set("test", func(L *lua.LState) int {
		s.tests = append(s.tests, L.CheckString(1))
		s.fns = append(s.fns, L.CheckFunction(2))
		return 0
	})
	set("eq", func(L *lua.LState) int {
		s.assertions++
		got, want := L.Get(1), L.Get(2)
		if !deepEqual(got, want) {
			s.fail(L, "%sexpected %s, got %s", label(L, 3), luart.Repr(want, false), luart.Repr(got, false))
		}
		return 0
	})
	set("near", func(L *lua.LState) int {
		s.assertions++
		got, want := float64(L.CheckNumber(1)), float64(L.CheckNumber(2))
		tol := float64(L.OptNumber(3, 1e-9))
		if math.Abs(got-want) > tol {
			s.fail(L, "%sexpected %v within %v, got %v", label(L, 4), want, tol, got)
		}
		return 0
	})
	set("ok", func(L *lua.LState) int {
		s.assertions++
		if !lua.LVAsBool(L.Get(1)) {
			s.fail(L, "%sexpected a true value, got %s", label(L, 2), luart.Repr(L.Get(1), false))
		}
		return 0
	})
	set("matches", func(L *lua.LState) int {
		s.assertions++
		str, pat := L.CheckString(1), L.CheckString(2)
		if !strings.Contains(str, pat) {
			if re, err := regexp.Compile(pat); err != nil || !re.MatchString(str) {
				s.fail(L, "%sexpected text matching %q, got %q", label(L, 3), pat, str)
			}
		}
		return 0
	})
	set("fails", func(L *lua.LState) int {
		s.assertions++
		fn := L.CheckFunction(1)
		pat := L.OptString(2, "")
		err := s.e.R.PCall(fn, 0)
		if err == nil {
			s.fail(L, "expected an error%s, got none", map[bool]string{true: " matching " + fmt.Sprintf("%q", pat), false: ""}[pat != ""])
		}
		msg := s.e.R.Convert(err).Error()
		if pat != "" && !strings.Contains(msg, pat) {
			if re, rerr := regexp.Compile(pat); rerr != nil || !re.MatchString(msg) {
				s.fail(L, "expected an error matching %q, got %q", pat, msg)
			}
		}
		L.Push(lua.LString(msg))
		return 1
	})
	set("output", func(L *lua.LState) int {
		L.Push(lua.LString(s.out.String()))
		return 1
	})
	for _, m := range s.e.R.Modules() {
		if t, err := s.e.R.ModuleTable(m.Name); err == nil {
			g.RawSetString(m.Name, t)
		}
	}
}

func label(L *lua.LState, n int) string {
	if s, ok := L.Get(n).(lua.LString); ok && s != "" {
		return string(s) + ": "
	}
	return ""
}

// deepEqual compares Lua values; tables by content.
func deepEqual(a, b lua.LValue) bool {
	ta, okA := a.(*lua.LTable)
	tb, okB := b.(*lua.LTable)
	if !okA || !okB {
		if na, ok := a.(lua.LNumber); ok {
			if nb, ok := b.(lua.LNumber); ok {
				return na == nb
			}
		}
		return a == b || (a.Type() == b.Type() && a.String() == b.String() && a.Type() != lua.LTFunction && a.Type() != lua.LTUserData)
	}
	equal := true
	count := 0
	ta.ForEach(func(k, v lua.LValue) {
		count++
		if !deepEqual(v, tb.RawGet(k)) {
			equal = false
		}
	})
	tb.ForEach(func(lua.LValue, lua.LValue) { count-- })
	return equal && count == 0
}

// Base returns the file name of a spec path, for short reports.
func Base(p string) string { return path.Base(p) }
