package housecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// root returns the repository's root: the folder holding go.mod above this
// package.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

// mayTouchOS reports whether the file at rel (slash-separated, from the
// root) may use the operating system: the command's main, and tools.
func mayTouchOS(rel string) bool {
	return rel == "cmd/dndsh/main.go" || strings.HasPrefix(rel, "tools/")
}

// osUses returns what the Go source src uses of the operating system, one
// "file:line:col: what" line each: any use of package os or os/... other
// than the os.File type (code that receives an *os.File may look at it),
// and the clock (time.Now, time.Since, time.Until).
func osUses(fset *token.FileSet, name string, src []byte) ([]string, error) {
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []string
	report := func(pos token.Pos, what string) {
		out = append(out, fset.Position(pos).String()+": "+what)
	}
	osNames := map[string]bool{}
	timeName := ""
	for _, is := range f.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		local := filepath.Base(path)
		if is.Name != nil {
			local = is.Name.Name
		}
		switch {
		case path == "os" || strings.HasPrefix(path, "os/"):
			if local == "_" || local == "." {
				report(is.Pos(), "imports "+path+" as "+local)
				continue
			}
			if path != "os" {
				report(is.Pos(), "imports "+path)
				continue
			}
			osNames[local] = true
		case path == "time":
			timeName = local
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		switch {
		case osNames[id.Name] && sel.Sel.Name != "File":
			report(sel.Pos(), "uses "+id.Name+"."+sel.Sel.Name)
		case id.Name == timeName && (sel.Sel.Name == "Now" || sel.Sel.Name == "Since" || sel.Sel.Name == "Until"):
			report(sel.Pos(), "reads the clock ("+id.Name+"."+sel.Sel.Name+")")
		}
		return true
	})
	return out, nil
}

// TestOnlyCmdTouchesTheOS parses every non-test Go file of the repository
// and fails on any use of the operating system outside cmd/dndsh/main.go
// and tools/: everything else receives stdio, arguments, environment,
// files and the clock from main (cmd/dndsh's Env).
func TestOnlyCmdTouchesTheOS(t *testing.T) {
	top := root(t)
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != top && (strings.HasPrefix(n, ".") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(top, p)
		rel = filepath.ToSlash(rel)
		if mayTouchOS(rel) {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		uses, err := osUses(fset, rel, src)
		if err != nil {
			return err
		}
		for _, u := range uses {
			t.Errorf("%s: only cmd/dndsh/main.go and tools/ touch the OS; receive it through cmd/dndsh's Env", u)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("checked only %d files: the walk missed the repository", files)
	}
}

// TestOSUses: the checker itself finds what it should and only that.
func TestOSUses(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{"package p\nimport \"os\"\nfunc f(x *os.File) {}\n", nil},
		{"package p\nimport \"os\"\nvar _ = os.Getenv(\"HOME\")\n", []string{"x.go:3:9: uses os.Getenv"}},
		{"package p\nimport sys \"os\"\nvar _, _ = sys.ReadFile(\"a\")\n", []string{"x.go:3:12: uses sys.ReadFile"}},
		{"package p\nimport \"os\"\nvar _ = os.Stdout\n", []string{"x.go:3:9: uses os.Stdout"}},
		{"package p\nimport \"os/exec\"\nvar _ = exec.Command\n", []string{"x.go:2:8: imports os/exec"}},
		{"package p\nimport _ \"os\"\n", []string{"x.go:2:8: imports os as _"}},
		{"package p\nimport \"time\"\nvar _ = time.Now()\n", []string{"x.go:3:9: reads the clock (time.Now)"}},
		{"package p\nimport \"time\"\nvar _ = time.Second\n", nil},
		// a local variable called os is not the package
		{"package p\ntype t struct{ Args int }\nfunc f(os t) int { return os.Args }\n", nil},
	}
	for _, c := range cases {
		got, err := osUses(token.NewFileSet(), "x.go", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}
