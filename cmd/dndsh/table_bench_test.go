package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkTableAttack measures one table command line, "attack hero
// goblin", through the REPL's dispatch as typed at the prompt: classified
// (not dice, a command), journaled, its line parsed by the base layer's
// table.lua and resolved by fight.strike under the 5e scripts, its result
// printed. The target has hit points enough never to drop. No wall-clock
// assertion: bench/README.md records the figure.
func BenchmarkTableAttack(b *testing.B) {
	dir := b.TempDir()
	env := &Env{
		Args:     []string{"repl", "--ruleset", "5e", "--seed", "1"},
		Stdin:    strings.NewReader(""),
		Stdout:   io.Discard,
		Stderr:   io.Discard,
		Getenv:   func(string) string { return "" },
		Now:      func() time.Time { return time.Unix(1700000000, 0) },
		ReadFile: func(p string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, p)) },
		OpenDir:  func(p string) (fs.FS, error) { return os.DirFS(filepath.Join(dir, p)), nil },
	}
	o, err := parseArgs(replCommand(), env.Args[1:])
	if err != nil {
		b.Fatal(err)
	}
	r, err := newREPL(env, o)
	if err != nil {
		b.Fatal(err)
	}
	defer r.close()
	for _, line := range []string{
		`tbl = require("core.base.table")`,
		`tbl.add({ id = "goblin", hp = 1000000000, ac = 15, init = 2, abilities = { dex = 15 },` +
			` attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing" } } })`,
		`tbl.add({ id = "hero", hp = 20, ac = 16, init = 3, player = true,` +
			` attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } } })`,
		"init",
	} {
		if _, err := r.handle(line); err != nil {
			b.Fatalf("%s: %v", line, err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.handle("attack hero goblin"); err != nil {
			b.Fatal(err)
		}
	}
}
