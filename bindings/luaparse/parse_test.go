package luaparse

import (
	"bytes"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/parse"
)

// same parses src with both parsers: when this one accepts src, gopher-lua
// must accept it too and build the very same tree (lines included:
// reflect.DeepEqual reaches the nodes' unexported line fields). It
// returns whether this parser accepted src.
func same(t *testing.T, name string, src []byte) bool {
	t.Helper()
	got, ok := Parse(src)
	if !ok {
		return false
	}
	want, err := parse.Parse(bytes.NewReader(src), name)
	if err != nil {
		t.Errorf("%s: accepted here, refused by gopher-lua: %v", name, err)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the trees differ\n--- here\n%s\n--- gopher-lua\n%s", name, parse.Dump(got), parse.Dump(want))
	}
	return true
}

// TestSameTree: every Lua file of the repository parses to gopher-lua's
// tree, and almost none is left to gopher-lua.
func TestSameTree(t *testing.T) {
	all, accepted := 0, 0
	var refused []string
	for _, dir := range []string{"scripts", "spec", "examples", "bench"} {
		root := os.DirFS("../../" + dir)
		err := fs.WalkDir(root, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".lua") {
				return err
			}
			src, err := fs.ReadFile(root, path)
			if err != nil {
				return err
			}
			all++
			if same(t, dir+"/"+path, src) {
				accepted++
			} else if _, err := parse.Parse(bytes.NewReader(src), path); err == nil {
				refused = append(refused, dir+"/"+path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if all < 1000 {
		t.Fatalf("only %d files found", all)
	}
	// what gopher-lua parses and this parser leaves to it: a handful at most
	// (a numeral like 07, an unusual escape)
	if len(refused) > all/100 {
		t.Errorf("%d of %d files that gopher-lua parses left to it: %v", len(refused), all, refused)
	}
	t.Logf("%d files, %d parsed here, %d valid ones left to gopher-lua %v", all, accepted, len(refused), refused)
}

// forms each parser might build differently: operators' priorities and
// associativity, parentheses (which move an expression's line, and cut a
// call to one result), calls without parentheses, assignments, every
// statement, long brackets and escapes, lines across constructs.
var forms = []string{
	"local a = 1 + 2 * 3 ^ 4 ^ 5 - 6 / 7 % 8",
	"local a = -x ^ 2, not a == b, #t + 1, - - x, 2 ^ -3 ^ 2, a + -b * c, 2^-b*c",
	"local s = a .. b .. c == d .. e, a < b == c, a or b and c or d",
	"local x = (f()), ((f())), (f()).y, (a.b), (...), ((...)), (a + b), (f() + 1)",
	"local x = (\nf\n(\n))",
	"(f())\n(g)()",
	"f()\n;(g)()",
	"local x = f\n(g)",
	"a.b.c = 1; a[b][c], d = 2, 3; (a).b = 4; f().x = 5; a:b(1):c{2}:d'3'",
	"f{1, 2, [3] = 4, x = 5; y = 6,}\nf'x' f\"y\" f[[z]] f[==[w]==]",
	"local t = {x = 1, x == 1, [x] = 1, f(x), ..., {}, {{}}}",
	"do end while x do break end repeat local y until y > 1 for i = 1, 2 do end for i = 1, 2, 3 do end",
	"for k, v in pairs(t) do end for _ in next, t, nil do end",
	"if a then elseif b then elseif c then else end if a then end if a then else x() end",
	"function a.b.c:d(x, y, ...) return end function f(...) return ... end local function g() return 1, 2; end",
	"return",
	"return;",
	"return 1",
	"::top:: goto top",
	"local x <const> = 1",
	"local a = [[\nline]] .. [==[\n]] ]=] ]==] .. '\\n\\t\\\\\\'\\\"\\65\\0659\\\n'",
	"local a = 1e5 + 1.5e-3 + .5 + 3. + 0x1F + 0xff + 0.25 + 1E+2",
	"--[[ long\ncomment ]] local a --[==[ x ]==] = 1 -- tail\n-- [[ not long\nlocal b",
	"--[x\nlocal c = 1",
	"x = function() end\ny = function(a) return a end",
	"local a =\n\n1\n+\n2\nf(\na,\nb\n)",
	"a, b = f(), g()",
	"f(a)(b)(c)",
	"f.x.y:z(1)[2].w = 3",
	"local t = { f = function() end, [1] = function(...) end }",
	// refused by gopher-lua: must not be accepted here
	"x", "(a) = 1", "f() = 1", "a.b", "return return", "local 1", "x = = 1", "break x",
	"return 1 2", "f(", "a = {,}", "a = {1,,}", "for i = 1 do end", "if x then", "local function() end",
	"x = 'abc", "x = [[abc", "x = 0x", "x = 07", "x = 1e", "x = 1..2", "x = 3a", "x = a ~ b", "x = \\z",
	"x = '\\q'", "x = '\\300'", "x = 1\r\ny = 2", "a = \f1", "# x", "goto", "::x", "x = ...",
}

func TestFormsSameTree(t *testing.T) {
	for _, f := range forms {
		same(t, f, []byte(f))
	}
}

// FuzzSameTree: on any text, what this parser accepts gopher-lua parses to
// the same tree.
func FuzzSameTree(f *testing.F) {
	for _, s := range forms {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("panic on %q: %v", src, r)
			}
		}()
		got, ok := Parse(src)
		if !ok {
			return
		}
		want, err := func() (c any, err error) {
			defer func() {
				if r := recover(); r != nil {
					err = nil
					c = "gopher-lua panicked"
				}
			}()
			return parse.Parse(bytes.NewReader(src), "fuzz")
		}()
		if err != nil {
			t.Fatalf("%q: accepted here, refused by gopher-lua: %v", src, err)
		}
		if s, panicked := want.(string); panicked {
			t.Skip(s)
		}
		if !reflect.DeepEqual(any(got), want) {
			t.Fatalf("%q: the trees differ", src)
		}
	})
}

// BenchmarkParseScripts parses every built-in script once an iteration,
// with this parser (b/fast) and with gopher-lua's (b/gopher-lua).
func BenchmarkParseScripts(b *testing.B) {
	var srcs [][]byte
	root := os.DirFS("../../scripts")
	_ = fs.WalkDir(root, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".lua") {
			src, _ := fs.ReadFile(root, path)
			srcs = append(srcs, src)
		}
		return nil
	})
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			for _, src := range srcs {
				if _, ok := Parse(src); !ok {
					b.Fatal("refused")
				}
			}
		}
	})
	b.Run("gopher-lua", func(b *testing.B) {
		for b.Loop() {
			for _, src := range srcs {
				if _, err := parse.Parse(bytes.NewReader(src), "x"); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
