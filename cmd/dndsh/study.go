package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/spec"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/stats"
)

// study is an encounter file ready to be played by any number of workers,
// each with its own runtime (one Lua state per worker, never per trial),
// sharing compiled scripts.
type study struct {
	file     string
	src      []byte
	ruleset  string
	variants []string
	roots    []luart.Root
	cache    *luart.Cache
}

// encounterFlags are the flags of run and sim.
func encounterFlags() []flagSpec {
	return []flagSpec{
		{name: "seed", value: true, help: "seed of the study (default: from the clock, printed)"},
		{name: "ruleset", value: true, help: "rule system (default: the file's '-- ruleset:' line, else 5e)"},
		{name: "variant", value: true, help: "enable a variant rule (repeatable, or comma-separated)"},
		{name: "scripts", value: true, help: "a folder of scripts that override the built-in ones by path"},
		{name: "json", help: "print JSON"},
	}
}

// loadStudy reads the encounter file and the options shared by run and sim.
func loadStudy(env *Env, o *opts) (*study, error) {
	if len(o.args) != 1 {
		return nil, usageErr("want one encounter file (for example examples/5e/r1_fighters_vs_goblins.lua)")
	}
	file := o.args[0]
	if env.ReadFile == nil {
		return nil, usageErr("cannot read files here")
	}
	src, err := env.ReadFile(file)
	if err != nil {
		return nil, &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("cannot read %s: %v", file, err)}
	}
	h := spec.ParseHeader(string(src))
	s := &study{file: filepath.ToSlash(file), src: src, ruleset: h.Ruleset, variants: h.Variants, cache: luart.NewCache()}
	if v := o.str("ruleset", ""); v != "" {
		s.ruleset = v
	}
	if s.ruleset == "" {
		s.ruleset = "5e"
	}
	for _, v := range strings.Split(o.str("variant", ""), ",") {
		if v = strings.TrimSpace(v); v != "" {
			s.variants = append(s.variants, v)
		}
	}
	if dir := o.str("scripts", ""); dir != "" {
		if env.OpenDir == nil {
			return nil, usageErr("cannot open folders here")
		}
		fsys, err := env.OpenDir(dir)
		if err != nil {
			return nil, &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("--scripts %s: %v", dir, err)}
		}
		s.roots = append(s.roots, luart.Root{Name: dir, FS: fsys})
	}
	return s, nil
}

// config names the study's rules, for aggregates.
func (s *study) config() string {
	c := s.ruleset
	if len(s.variants) > 0 {
		c += "+" + strings.Join(s.variants, "+")
	}
	return c
}

// worker builds a runtime and the fight of the study in it.
func (s *study) worker(ctx context.Context, seed, index uint64) (*engine.Engine, *fight.Fight, error) {
	e, err := engine.New(ctx, engine.Options{Ruleset: s.ruleset, Variants: s.variants, Seed: seed, Index: index,
		UserRoots: s.roots, Cache: s.cache})
	if err != nil {
		return nil, nil, err
	}
	out, err := e.R.DoString(ctx, s.file, string(s.src), nil)
	if err != nil {
		e.Close()
		return nil, nil, err
	}
	var t *lua.LTable
	if len(out) > 0 {
		t, _ = out[0].(*lua.LTable)
	}
	if t == nil {
		e.Close()
		return nil, nil, &errs.Error{Kind: errs.Script, Layer: "fight", File: s.file,
			Msg: "an encounter file must return an encounter table (return fight.encounter{...})"}
	}
	f, err := fightmod.Compile(ctx, e.Rules, t)
	if err != nil {
		e.Close()
		return nil, nil, err
	}
	e.R.Set("fight.current", f)
	return e, f, nil
}

// trialOf turns a finished fight into a stats.Trial (reusing t).
func trialOf(f *fight.Fight, out fight.Outcome, t *stats.Trial) {
	t.Winner, t.Rounds = out.Winner, out.Rounds
	if len(t.Fighters) != len(f.Fighters) {
		t.Fighters = make([]stats.FighterAgg, len(f.Fighters))
	}
	for i, x := range f.Fighters {
		fa := &t.Fighters[i]
		*fa = stats.FighterAgg{ID: x.ID, Side: x.Side, Dealt: int64(x.DamageDealt), Taken: int64(x.DamageTaken),
			Attacks: int64(x.Attacks0), Hits: int64(x.Hits)}
		if !x.Out {
			fa.Survived = 1
			fa.HPLeft = int64(x.C.HP())
		}
	}
}
