package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/membudget"
	"github.com/dndsh/dndsh/runtime/stats"
)

func simCommand() *command {
	return &command{
		name:  "sim",
		usage: "-n N [--seed S] [-j J] [--shard i/K|auto/K] [--json] FILE.lua",
		help: "Play an encounter N times: win rate per side with a 95% Wilson interval, rounds, damage per round,\n" +
			"damage and survival per creature, errored trials with how to replay them. Trial i draws from\n" +
			"its own stream (seed, i), so any -j and any --shard split merge (dndsh merge) to the same numbers\n" +
			"(--shard needs --seed). --shard auto/K takes i from the job runner: JOB_COMPLETION_INDEX (a\n" +
			"Kubernetes Indexed Job), else SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN (a Slurm job array; see\n" +
			"docs/batch.md). The exit code is 5 when a trial ended in an error (the report is printed), 130\n" +
			"when Ctrl-C stopped the study (the report is partial).",
		flags: append(encounterFlags(),
			flagSpec{name: "n", short: "n", value: true, help: "number of trials in the whole study (default 1000)"},
			flagSpec{name: "jobs", short: "j", value: true, help: "worker goroutines (default 1)"},
			flagSpec{name: "shard", value: true, help: "run shard i of K (0-based) of the study's trials; auto/K reads i from the job runner"},
			flagSpec{name: "cpuprofile", value: true, help: "write a CPU profile of the command to FILE (go tool pprof)"},
			flagSpec{name: "memprofile", value: true, help: "write an allocation profile of the command to FILE (go tool pprof)"},
			flagSpec{name: "luaprofile", value: true, help: "write where the trials' Lua code spends its VM instructions to FILE: a table by function and line, or folded stacks for flame graphs when FILE ends in .folded"},
			flagSpec{name: "svg", value: true, help: "also write the rounds histogram as an SVG file"},
			flagSpec{name: "compare", value: true, help: "also run the same trials of a second study and report both and the difference: a configuration file (.toml), another encounter (.lua), ruleset=ID, variants=A,B or tactics=NAME"}),
		run: runSim,
	}
}

// shardRange returns the trials [lo, hi) of shard i/K of n. With auto/K,
// getenv gives i (shardIndex).
func shardRange(spec string, n uint64, getenv func(string) string) (lo, hi uint64, key string, err error) {
	if spec == "" {
		return 0, n, "0/1", nil
	}
	is, ks, ok := strings.Cut(spec, "/")
	k, err2 := strconv.ParseUint(ks, 10, 64)
	if ok && is == "auto" && err2 == nil && k > 0 {
		i, err := shardIndex(getenv, k)
		if err != nil {
			return 0, 0, "", err
		}
		return i * n / k, (i + 1) * n / k, fmt.Sprintf("%d/%d", i, k), nil
	}
	i, err1 := strconv.ParseUint(is, 10, 64)
	if !ok || err1 != nil || err2 != nil || k == 0 || i >= k {
		return 0, 0, "", usageErr("--shard wants i/K with 0 <= i < K, or auto/K, got %q", spec)
	}
	return i * n / k, (i + 1) * n / k, fmt.Sprintf("%d/%d", i, k), nil
}

// shardIndex is the 0-based shard index a job runner gives a task of K:
// JOB_COMPLETION_INDEX, which a Kubernetes Indexed Job sets from 0 to
// completions-1; else SLURM_ARRAY_TASK_ID less the array's first index
// SLURM_ARRAY_TASK_MIN (an array may start at 0 or 1), divided by its step
// SLURM_ARRAY_TASK_STEP when it has one; then SLURM_ARRAY_TASK_COUNT, when
// set, must be K.
func shardIndex(getenv func(string) string, k uint64) (uint64, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	num := func(name string) (uint64, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		x, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, true, usageErr("--shard auto/%d: %s=%q is not a non-negative integer", k, name, v)
		}
		return x, true, nil
	}
	check := func(i uint64, from string) (uint64, error) {
		if i >= k {
			return 0, usageErr("--shard auto/%d: %s gives shard %d, but there are only %d (0 to %d): make K the job's number of tasks", k, from, i, k, k-1)
		}
		return i, nil
	}
	if i, ok, err := num("JOB_COMPLETION_INDEX"); err != nil || ok {
		if err != nil {
			return 0, err
		}
		return check(i, "JOB_COMPLETION_INDEX")
	}
	id, ok, err := num("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, usageErr("--shard auto/%d: no job runner's index found: set JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm job array), or give --shard i/%d", k, k)
	}
	lo, _, err := num("SLURM_ARRAY_TASK_MIN")
	if err != nil {
		return 0, err
	}
	step, hasStep, err := num("SLURM_ARRAY_TASK_STEP")
	if err != nil {
		return 0, err
	}
	if !hasStep || step == 0 {
		step = 1
	}
	if id < lo || (id-lo)%step != 0 {
		return 0, usageErr("--shard auto/%d: SLURM_ARRAY_TASK_ID=%d is not in the array that starts at SLURM_ARRAY_TASK_MIN=%d with step %d", k, id, lo, step)
	}
	if count, ok, err := num("SLURM_ARRAY_TASK_COUNT"); err != nil {
		return 0, err
	} else if ok && count != k {
		return 0, usageErr("--shard auto/%d: the Slurm array has %d tasks (SLURM_ARRAY_TASK_COUNT); make K %d", k, count, count)
	}
	return check((id-lo)/step, "SLURM_ARRAY_TASK_ID")
}

func runSim(env *Env, o *opts) (err error) {
	stop, err := startProfiles(env, o.str("cpuprofile", ""), o.str("memprofile", ""))
	if err != nil {
		return err
	}
	defer func() {
		if e := stop(); err == nil {
			err = e
		}
	}()
	if env.SetGCPercent != nil && (env.Getenv == nil || env.Getenv("GOGC") == "") {
		// A study's workers allocate short-lived Lua tables by the
		// million and keep little: collecting less often saves most of
		// the collector's work (about 4% of a party_vs_troll trial's
		// instructions), and the memory budget's soft limit
		// (SetMemoryLimit) still bounds the heap. GOGC, when set, wins.
		defer env.SetGCPercent(env.SetGCPercent(simGCPercent))
	}
	return simStudy(env, o)
}

// simGCPercent is the collector's target percentage while sim runs.
const simGCPercent = 400

// simStudy is the sim command without its profiles.
func simStudy(env *Env, o *opts) error {
	s, st, err := loadStudy(env, o)
	if err != nil {
		return err
	}
	seed := st.Seed
	n, err := o.uint("n", 1000)
	if err != nil {
		return err
	}
	jobs, err := o.int("jobs", 1)
	if err != nil {
		return err
	}
	if jobs < 1 || jobs > 256 {
		return usageErr("-j wants 1 to 256 workers, got %d", jobs)
	}
	lo, hi, key, err := shardRange(o.str("shard", ""), n, env.Getenv)
	if err != nil {
		return err
	}
	if o.str("shard", "") != "" && strings.HasPrefix(st.from["seed"], "default") {
		e := errs.New(errs.Usage, "cli", "--shard needs --seed: without one each shard draws its own seed from the clock, and the shards would not merge")
		e.Hint = "give every shard the same seed: dndsh sim -n N --seed 7 --shard i/K FILE"
		return e
	}
	var s2 *study
	if p := o.str("compare", ""); p != "" {
		if s2, err = compareStudy(env, s, st, p); err != nil {
			return err
		}
	}
	lp := o.str("luaprofile", "")
	if lp != "" {
		if env.WriteFile == nil {
			return usageErr("--luaprofile: cannot write files here")
		}
		s.prof = luart.NewProfile(0)
	}
	ctx, cancel := env.interruptible(context.Background())
	defer cancel()
	guard := membudget.New(st.MemoryBudget, 0)
	agg, err := simulate(ctx, env, s, seed, n, lo, hi, int(jobs), guard)
	interrupted := errors.Is(err, errStudyInterrupted)
	if lp != "" && (err == nil || interrupted) {
		// (a study stopped by Ctrl-C: the profile of the trials played)
		if err := writeLuaProfile(env, lp, s.prof); err != nil {
			return err
		}
	}
	if err != nil && !interrupted {
		return err
	}
	agg.Shards[key] = hi - lo
	agg.Replay = s.replayArgs()
	var other *stats.Agg
	if s2 != nil && !interrupted {
		other, err = simulate(ctx, env, s2, seed, n, lo, hi, int(jobs), guard)
		if errors.Is(err, errStudyInterrupted) {
			interrupted = true
		} else if err != nil {
			return err
		}
		other.Shards[key] = hi - lo
		other.Replay = s2.replayArgs()
	}
	if p := o.str("svg", ""); p != "" && !interrupted {
		studies := []*stats.Agg{agg}
		names := []string{s.label()}
		if other != nil {
			studies, names = append(studies, other), append(names, s2.label())
		}
		if err := writeOut(env, p, roundsChart(studies, names)); err != nil {
			return err
		}
	}
	if o.has("json") {
		if other == nil {
			b, err := agg.JSON()
			if err != nil {
				return err
			}
			fmt.Fprintf(env.Stdout, "%s\n", b)
		} else {
			// three lines: the study, the compared study, the difference
			for _, v := range []any{agg, other, map[string]any{"difference": stats.Difference(agg, other)}} {
				b, err := json.Marshal(v)
				if err != nil {
					return err
				}
				fmt.Fprintf(env.Stdout, "%s\n", b)
			}
		}
	} else {
		fmt.Fprint(env.Stdout, agg.Report())
		if other != nil {
			a, b := s.label(), s2.label()
			if s.file == s2.file && s.tactics == s2.tactics {
				// the same encounter under other rules: name the rules
				a, b = s.config(), s2.config()
				fmt.Fprintf(env.Stdout, "\n=== under %s\n", b)
			} else {
				fmt.Fprintf(env.Stdout, "\n=== compared with %s\n", b)
			}
			fmt.Fprint(env.Stdout, other.Report())
			fmt.Fprintf(env.Stdout, "\n=== difference (%s minus %s)\n", a, b)
			fmt.Fprint(env.Stdout, stats.Compare(agg, other))
		}
	}
	return studyStatus(hi-lo, interrupted, agg, other)
}

// studyStatus is the error a finished study ends with: Ctrl-C stopped it
// (exit 130; the report printed is partial), or trials ended in an error
// (exit 5, after the report: its numbers leave them out).
func studyStatus(planned uint64, interrupted bool, aggs ...*stats.Agg) error {
	if interrupted {
		return &errs.Error{Kind: errs.Interrupted, Layer: "cli",
			Msg: fmt.Sprintf("interrupted: the report is partial, %d of the %d trials", aggs[0].Trials, planned)}
	}
	var n, total int64
	for _, a := range aggs {
		if a != nil {
			n += a.Errors
			total += a.Trials
		}
	}
	switch {
	case n == 0:
		return nil
	case n == total:
		return &errs.Error{Kind: errs.Script, Layer: "cli",
			Msg:  fmt.Sprintf("every trial (%d) ended in an error", total),
			Hint: "replay one with the command the report gives (dndsh run --seed S --trial I FILE)"}
	}
	e := errs.New(errs.Script, "sim", "%d of %d trials ended in an error (the report above leaves them out)", n, total)
	e.Hint = "the report lists the first ones with the command that replays each"
	return e
}

// compareStudy is the study --compare names: spec is a configuration
// file (.toml: its ruleset, variants and script folders), another
// encounter file (.lua, under the same rules), ruleset=ID, variants=A,B
// (variants= for none) or tactics=NAME (the default tactics: lowest_hp,
// first, random; sides and creatures that name their own keep them).
func compareStudy(env *Env, s *study, st *settings, spec string) (*study, error) {
	s2 := *s
	key, val, isKV := strings.Cut(spec, "=")
	switch {
	case strings.HasSuffix(spec, ".toml"):
		data, err := env.ReadFile(spec)
		if err != nil {
			return nil, &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("--compare %s: %v", spec, unwrapPath(err))}
		}
		cst := defaultSettings()
		if err := cst.applyFile(spec, data); err != nil {
			return nil, err
		}
		roots, err := cst.scriptRoots(env)
		if err != nil {
			return nil, err
		}
		s2.roots = roots
		s2.scripts = cst.Scripts
		if cst.Ruleset != "" {
			s2.ruleset = cst.Ruleset
		}
		s2.variants = cst.Variants
		if s2.config() == s.config() && len(roots) == 0 {
			return nil, usageErr("--compare %s: it sets the same rules (%s); set another ruleset or variants", spec, s.config())
		}
		s2.what = spec
	case strings.HasSuffix(spec, ".lua"):
		src, err := env.ReadFile(spec)
		if err != nil {
			return nil, &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("--compare %s: %v", spec, unwrapPath(err))}
		}
		eo, err := st.engineOptions(env)
		if err != nil {
			return nil, err
		}
		s2 = *studyOf(spec, src, st, eo)
		s2.cache = s.cache
		s2.what = spec
	case isKV && key == "ruleset":
		if val == "" || val == s.ruleset {
			return nil, usageErr("--compare ruleset=%s: name another rule system than %s", val, s.ruleset)
		}
		s2.ruleset = val
		var keep []string
		for _, v := range s.variants {
			if sys, _, _ := strings.Cut(v, "."); sys == val {
				keep = append(keep, v)
			}
		}
		s2.variants = keep
		s2.what = spec
	case isKV && (key == "variants" || key == "variant"):
		s2.variants = nil
		for _, v := range strings.Split(val, ",") {
			if v = strings.TrimSpace(v); v != "" {
				s2.variants = append(s2.variants, v)
			}
		}
		if s2.config() == s.config() {
			return nil, usageErr("--compare %s: the same variants as the study (%s)", spec, s.config())
		}
		s2.what = spec
	case isKV && key == "tactics":
		if _, ok := fight.Tactics(val); !ok {
			return nil, usageErr("--compare tactics=%s: the built-in tactics are lowest_hp, first and random", val)
		}
		s2.tactics = val
		s2.what = spec
	default:
		e := errs.New(errs.Usage, "cli", "--compare %q: want a configuration file (.toml), an encounter file (.lua), ruleset=ID, variants=A,B or tactics=NAME", spec)
		e.Hint = "for example --compare ruleset=1e, --compare variants=, --compare tactics=random, --compare other.lua"
		return nil, e
	}
	return &s2, nil
}

// errStudyInterrupted is simulate's error when Ctrl-C stopped the study:
// the aggregate it returns with it holds the trials that finished.
var errStudyInterrupted = errors.New("the study was interrupted")

// simulate plays trials [lo, hi) of a study of n with jobs workers and
// returns their merged aggregate. A trial that fails is an errored trial
// (with what replays it) and the study goes on; a worker whose runtime a
// failure of the Lua VM damaged builds a new one. Ctrl-C stops the study:
// the aggregate of the finished trials comes back, marked partial, with
// errStudyInterrupted. The memory budget (guard) stops it with an error.
func simulate(ctx context.Context, env *Env, s *study, seed, n, lo, hi uint64, jobs int, guard *membudget.Guard) (*stats.Agg, error) {
	type result struct {
		agg *stats.Agg
		err error
	}
	results := make([]result, jobs)
	profs := make([]*luart.Profile, jobs) // each worker's Lua profile (--luaprofile)
	var done atomic.Uint64
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			wctx, unwatch := guard.Watch(ctx)
			defer unwatch()
			if s.prof != nil {
				profs[w] = luart.NewProfile(s.prof.Every)
			}
			p, err := s.worker(wctx, seed, lo, profs[w])
			if err != nil {
				results[w].err = err
				return
			}
			defer func() { p.close() }()
			agg := stats.New(s.file, s.config(), seed, n, p.f.Sides, nil)
			agg.Content = s.content(p.e)
			agg.Fighters = make([]stats.FighterAgg, len(p.f.Fighters))
			for i, x := range p.f.Fighters {
				agg.Fighters[i] = stats.FighterAgg{ID: x.ID, Side: x.Side}
			}
			results[w].agg = agg
			var t stats.Trial
			for i := lo + uint64(w); i < hi && wctx.Err() == nil; i += uint64(jobs) {
				out, err := p.trial(wctx, seed, i)
				if wctx.Err() != nil {
					// Stopped in the middle: the trial does not count.
					if ctx.Err() == nil {
						results[w].err = err // the memory budget
					}
					return
				}
				if err != nil {
					agg.AddError(i, err.Error())
					if p.e.R.Broken() != nil {
						p.close()
						if p, err = s.worker(wctx, seed, lo, profs[w]); err != nil {
							results[w].err = err
							return
						}
					}
				} else {
					trialOf(p.f, out, &t)
					agg.Add(&t)
				}
				done.Add(1)
			}
		}(w)
	}
	stop := progress(env, &done, hi-lo)
	wg.Wait()
	stop()
	for _, p := range profs {
		if p != nil {
			s.prof.Merge(p)
		}
	}
	var total *stats.Agg
	for _, r := range results {
		if r.err != nil && ctx.Err() == nil {
			return nil, r.err
		}
		if r.agg == nil {
			continue
		}
		if total == nil {
			total = r.agg
			continue
		}
		if err := total.Merge(r.agg); err != nil {
			return nil, err
		}
	}
	if ctx.Err() != nil {
		if total == nil {
			return nil, &errs.Error{Kind: errs.Interrupted, Layer: "cli", Msg: "interrupted before any trial was played"}
		}
		total.Partial = true
		return total, errStudyInterrupted
	}
	return total, nil
}

// progress draws a progress bar with an ETA on standard error when it is a
// terminal, until the returned function is called.
func progress(env *Env, done *atomic.Uint64, total uint64) func() {
	f := env.terminal(env.Stderr)
	if f == nil || total == 0 || env.Now == nil {
		return func() {}
	}
	start := env.Now()
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				fmt.Fprintf(f, "\r%s\r", strings.Repeat(" ", 70))
				return
			case <-tick.C:
				d := done.Load()
				frac := float64(d) / float64(total)
				el := env.Now().Sub(start)
				eta := "?"
				if d > 0 {
					eta = (time.Duration(float64(el)/frac) - el).Round(time.Second).String()
				}
				bar := strings.Repeat("█", int(30*frac)) + strings.Repeat("░", 30-int(30*frac))
				fmt.Fprintf(f, "\r%s %5.1f%% %d/%d ETA %s   ", bar, 100*frac, d, total, eta)
			}
		}
	}()
	return func() { close(quit); wg.Wait() }
}

func mergeCommand() *command {
	return &command{
		name:  "merge",
		usage: "[--json] A.json B.json ...",
		help:  "Merge the JSON aggregates of sim shards (dndsh sim --json --shard i/K) into one report.",
		flags: []flagSpec{{name: "json", help: "print the merged aggregate as JSON"}},
		run: func(env *Env, o *opts) error {
			if len(o.args) == 0 {
				return usageErr("merge: name the JSON files of the shards")
			}
			var total *stats.Agg
			for _, p := range o.args {
				b, err := env.ReadFile(p)
				if err != nil {
					return &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("cannot read %s: %v", p, err)}
				}
				var a stats.Agg
				if err := json.Unmarshal(b, &a); err != nil || a.Format != "dndsh-sim" {
					return &errs.Error{Kind: errs.Data, Layer: "cli", File: p, Msg: "not a dndsh sim aggregate (dndsh sim --json)"}
				}
				if err := a.Validate(); err != nil {
					return &errs.Error{Kind: errs.Data, Layer: "cli", File: p, Msg: err.Error(),
						Hint: "the file is not as dndsh sim --json wrote it; write it again"}
				}
				a.Encounter = filepath.ToSlash(filepath.Clean(a.Encounter))
				if total == nil {
					total = &a
					continue
				}
				if err := total.Merge(&a); err != nil {
					return &errs.Error{Kind: errs.Data, Layer: "cli", File: p, Msg: err.Error()}
				}
			}
			if err := total.Validate(); err != nil {
				return &errs.Error{Kind: errs.Data, Layer: "cli", Msg: "the merged aggregate: " + err.Error()}
			}
			var covered uint64
			for _, v := range total.Shards {
				covered += v
			}
			if o.has("json") {
				b, err := total.JSON()
				if err != nil {
					return err
				}
				fmt.Fprintf(env.Stdout, "%s\n", b)
			} else {
				fmt.Fprint(env.Stdout, total.Report())
			}
			if covered != total.Total {
				fmt.Fprintf(env.Stderr, "dndsh: warning: the shards cover %d of the study's %d trials\n", covered, total.Total)
			}
			return nil
		},
	}
}
