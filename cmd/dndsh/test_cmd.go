package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/spec"
	"github.com/dndsh/dndsh/runtime/errs"
)

func testCommand() *command {
	return &command{
		name:  "test",
		usage: "[PATH...] [--coverage] [--seed N] [--scripts DIR]... [--verbose]",
		help: "Run the Lua specs (*_spec.lua) under each PATH (default: ./spec): one line per failing test and a\n" +
			"summary \"N passed, M failed\"; exit 1 when any failed. --coverage prints mechanic coverage per\n" +
			"system from mechanics.tsv (in the first PATH that has one, else ./spec) and fails on disagreements.",
		flags: []flagSpec{
			{name: "coverage", help: "print the coverage of spec/mechanics.tsv per system"},
			{name: "seed", value: true, help: "seed of each test's runtime (default 1)"},
			{name: "scripts", value: true, multi: true, help: "script folder overriding the built-in scripts by path (repeatable)"},
			{name: "config", value: true, help: "configuration file (script folders and budgets.timeout are used)"},
			{name: "verbose", short: "v", help: "print passing tests too"},
		},
		run: runTest,
	}
}

// specFile is one spec file to run.
type specFile struct {
	name string // shown in messages: PATH/relative
	src  []byte
}

func runTest(env *Env, o *opts) error {
	// The spec seed is fixed by convention, not taken from the
	// configuration: read the flag before loadSettings sees it.
	seed, err := o.uint("seed", 1)
	if err != nil {
		return err
	}
	noSeed := &opts{flags: map[string]string{}, args: o.args}
	for k, v := range o.flags {
		if k != "seed" {
			noSeed.flags[k] = v
		}
	}
	st, err := loadSettings(env, noSeed)
	if err != nil {
		return err
	}
	roots, err := st.scriptRoots(env)
	if err != nil {
		return err
	}
	paths := o.args
	if len(paths) == 0 {
		paths = []string{"spec"}
	}
	var files []specFile
	var dirs []fs.FS
	for _, p := range paths {
		found, dir, err := findSpecs(env, p)
		if err != nil {
			return err
		}
		files = append(files, found...)
		if dir != nil {
			dirs = append(dirs, dir)
		}
	}
	if len(files) == 0 {
		return usageErr("test: no spec files (*_spec.lua) under %s", strings.Join(paths, ", "))
	}
	ctx, stop := env.interruptible(context.Background())
	defer stop()
	opts := spec.Options{Seed: seed, Timeout: st.Timeout, UserRoots: roots, Cache: luart.NewCacheWith(env.Compiled)}
	passed, failed := 0, 0
	covers := map[string][]string{}
	for _, f := range files {
		covers[f.name] = spec.ParseHeader(string(f.src)).Covers
		res, err := spec.RunFile(ctx, f.name, f.src, opts)
		if err != nil {
			return err
		}
		for _, r := range res {
			if r.Passed {
				passed++
				if o.has("verbose") {
					fmt.Fprintf(env.Stdout, "ok   %s: %s\n", r.File, r.Test)
				}
				continue
			}
			failed++
			fmt.Fprintf(env.Stdout, "FAIL %s: %s: %s\n", r.File, r.Test, oneLine(r.Message))
		}
	}
	fmt.Fprintf(env.Stdout, "%d passed, %d failed\n", passed, failed)
	problems := 0
	if o.has("coverage") {
		n, err := writeCoverage(env, dirs, covers)
		if err != nil {
			return err
		}
		problems = n
	}
	if failed > 0 || problems > 0 {
		msg := fmt.Sprintf("%d spec test(s) failed", failed)
		if problems > 0 {
			msg = fmt.Sprintf("%d spec test(s) failed, %d coverage problem(s)", failed, problems)
		}
		return &errs.Error{Kind: errs.Failed, Layer: "spec", Msg: msg}
	}
	return nil
}

// findSpecs lists the spec files of p: every *_spec.lua under a folder, or
// the file itself. It returns the folder's file system when p is one.
func findSpecs(env *Env, p string) ([]specFile, fs.FS, error) {
	if env.OpenDir != nil {
		if fsys, err := env.OpenDir(p); err == nil {
			names, err := spec.Find(fsys, ".")
			if err != nil {
				return nil, nil, errs.New(errs.Data, "spec", "%s: %v", p, err)
			}
			var out []specFile
			for _, n := range names {
				src, err := fs.ReadFile(fsys, n)
				if err != nil {
					return nil, nil, errs.New(errs.Data, "spec", "%s: %v", n, err)
				}
				out = append(out, specFile{name: path.Join(filepath.ToSlash(p), n), src: src})
			}
			return out, fsys, nil
		}
	}
	if env.ReadFile == nil {
		return nil, nil, usageErr("test: cannot read %s", p)
	}
	src, err := env.ReadFile(p)
	if err != nil {
		e := errs.New(errs.Usage, "spec", "cannot read %s: %v", p, unwrapPath(err))
		e.Hint = "give spec folders or *_spec.lua files (default: ./spec)"
		return nil, nil, e
	}
	return []specFile{{name: filepath.ToSlash(p), src: src}}, nil, nil
}

// writeCoverage prints the mechanic coverage and its problems; it returns
// how many problems there are.
func writeCoverage(env *Env, dirs []fs.FS, covers map[string][]string) (int, error) {
	var data []byte
	for _, d := range dirs {
		if b, err := fs.ReadFile(d, "mechanics.tsv"); err == nil {
			data = b
			break
		}
	}
	if data == nil && env.ReadFile != nil {
		b, err := env.ReadFile(filepath.Join("spec", "mechanics.tsv"))
		if err != nil {
			e := errs.New(errs.Usage, "spec", "--coverage: no mechanics.tsv in the spec folders or ./spec: %v", unwrapPath(err))
			return 0, e
		}
		data = b
	}
	mechs, err := spec.ReadMechanics(bytes.NewReader(data))
	if err != nil {
		return 0, errs.New(errs.Data, "spec", "%v", err)
	}
	// Spec files are named by their path relative to the spec folder in
	// the covers check, as in the mechanics list's own test.
	c := spec.Check(mechs, covers)
	fmt.Fprint(env.Stdout, "\n"+c.Report())
	for _, p := range c.Problems {
		fmt.Fprintf(env.Stdout, "coverage: %s\n", p)
	}
	return len(c.Problems), nil
}

// oneLine joins a multi-line message with " | " so that each failure is one
// line.
func oneLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return strings.ReplaceAll(s, "\n", " | ")
}
