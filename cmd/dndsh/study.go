package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/bindings/spec"
	"github.com/dndsh/dndsh/runtime/dice"
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
	timeout  time.Duration // per trial
	unsafe   bool
	budget   dice.Budget
	scripts  []string // the --scripts folders, for the replay command
	tactics  string   // the default tactics, when --compare tactics= sets them
	what     string   // what a --compare study changed, for its label
	// prof, when set, gathers the Lua profile of the study's trials
	// (--luaprofile): each worker samples into its own, merged here
	prof *luart.Profile
}

// replayArgs are the flags that replay one of the study's trials besides
// --seed and --trial: its rule system, variants and script folders.
func (s *study) replayArgs() []string {
	out := []string{"--ruleset", s.ruleset}
	for _, v := range s.variants {
		out = append(out, "--variant", v)
	}
	for _, d := range s.scripts {
		out = append(out, "--scripts", d)
	}
	return out
}

// label names the study in reports: its file and rules, and what a
// --compare study changed.
func (s *study) label() string {
	l := s.file + " (" + s.config()
	if s.tactics != "" {
		l += ", tactics " + s.tactics
	}
	return l + ")"
}

// encounterFlags are the flags of run and sim.
func encounterFlags() []flagSpec {
	return append(sharedFlags(), flagSpec{name: "json", help: "print JSON"})
}

// loadStudy reads the encounter file and the configuration shared by run and
// sim. The rule system comes from --ruleset, else the file's "-- ruleset:"
// line, else the configuration file, else 5e; variants likewise.
func loadStudy(env *Env, o *opts) (*study, *settings, error) {
	if len(o.args) != 1 {
		return nil, nil, usageErr("want one encounter file (for example examples/5e/r1_fighters_vs_goblins.lua)")
	}
	file := o.args[0]
	if env.ReadFile == nil {
		return nil, nil, usageErr("cannot read files here")
	}
	src, err := env.ReadFile(file)
	if err != nil {
		return nil, nil, &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("cannot read %s: %v", file, unwrapPath(err))}
	}
	eo, st, err := engineSetup(env, o)
	if err != nil {
		return nil, nil, err
	}
	s := studyOf(file, src, st, eo)
	return s, st, nil
}

// studyOf builds a study of the encounter src under settings st.
func studyOf(file string, src []byte, st *settings, eo engine.Options) *study {
	h := spec.ParseHeader(string(src))
	s := &study{file: filepath.ToSlash(filepath.Clean(file)), src: src, ruleset: st.Ruleset, variants: st.Variants, roots: eo.UserRoots,
		cache: eo.Cache, timeout: st.Timeout, unsafe: st.Unsafe, budget: st.diceBudget(), scripts: st.Scripts}
	if !strings.HasPrefix(st.from["ruleset"], "flag") && h.Ruleset != "" {
		s.ruleset = h.Ruleset
	}
	if !strings.HasPrefix(st.from["variants"], "flag") && len(h.Variants) > 0 {
		s.variants = h.Variants
	}
	if s.ruleset == "" {
		s.ruleset = "5e"
	}
	return s
}

// config names the study's rules, for aggregates.
func (s *study) config() string {
	c := s.ruleset
	if len(s.variants) > 0 {
		c += "+" + strings.Join(s.variants, "+")
	}
	return c
}

// content is the hash of the study's encounter and of every script its
// runtime e loaded, as "sha256:<hex>": aggregates of different encounters
// or scripts do not merge, whatever their file names.
func (s *study) content(e *engine.Engine) string {
	h := sha256.New()
	h.Write(s.src)
	d := e.R.SourceDigest(s.file)
	h.Write(d[:])
	return fmt.Sprintf("sha256:%x", h.Sum(nil))
}

// worker builds a runtime and the fight of the study in it, isolated so
// that every trial starts from the state the scripts had once loaded.
// prof, when not nil, takes the Lua profile of its trials.
func (s *study) worker(ctx context.Context, seed, index uint64, prof *luart.Profile) (*player, error) {
	e, err := engine.New(ctx, engine.Options{Ruleset: s.ruleset, Variants: s.variants, Seed: seed, Index: index,
		UserRoots: s.roots, Cache: s.cache, Timeout: s.timeout, Unsafe: s.unsafe, DiceBudget: s.budget})
	if err != nil {
		return nil, err
	}
	if s.tactics != "" {
		// the study's default tactics, as a session definition would set them
		e.Rules.Define("tactics.default", luart.FromGo(e.R.L, s.tactics))
	}
	f, iso, err := fightmod.LoadIsolated(ctx, e.Rules, s.file, s.src)
	if err != nil {
		e.Close()
		return nil, err
	}
	f.Stop = e.R.CheckContext
	if prof != nil {
		if err := e.R.SetProfile(prof); err != nil {
			e.Close()
			return nil, usageErr("--luaprofile: %v", err)
		}
	}
	return &player{e: e, f: f, iso: iso}, nil
}

// player plays trials of a study in one runtime.
type player struct {
	e   *engine.Engine
	f   *fight.Fight
	iso *fightmod.Isolation
}

// trial plays trial i (its own random stream, the scripts' state as loaded)
// under ctx.
func (p *player) trial(ctx context.Context, seed, i uint64) (fight.Outcome, error) {
	p.e.R.Src.Reset(seed, i)
	p.iso.Begin()
	leave := p.e.R.Enter(ctx)
	out, err := p.f.Run()
	leave()
	p.iso.End()
	return out, err
}

// close releases the runtime.
func (p *player) close() { p.e.Close() }

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
