package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/stats"
)

func simCommand() *command {
	return &command{
		name:  "sim",
		usage: "-n N [--seed S] [-j J] [--shard i/K] [--json] FILE.lua",
		help: "Play an encounter N times: win rate per side with a 95% Wilson interval, rounds, damage per round,\n" +
			"damage and survival per creature, errored trials with how to replay them. Trial i draws from\n" +
			"its own stream (seed, i), so any -j and any --shard split merge (dndsh merge) to the same numbers\n" +
			"(--shard needs --seed). The exit code is 5 when a trial ended in an error (the report is printed).",
		flags: append(encounterFlags(),
			flagSpec{name: "n", short: "n", value: true, help: "number of trials in the whole study (default 1000)"},
			flagSpec{name: "jobs", short: "j", value: true, help: "worker goroutines (default 1)"},
			flagSpec{name: "shard", value: true, help: "run shard i of K (0-based) of the study's trials"},
			flagSpec{name: "svg", value: true, help: "also write the rounds histogram as an SVG file"},
			flagSpec{name: "compare", value: true, help: "also run the same trials of a second study and report both and the difference: a configuration file (.toml), another encounter (.lua), ruleset=ID, variants=A,B or tactics=NAME"}),
		run: runSim,
	}
}

// shardRange returns the trials [lo, hi) of shard i/K of n.
func shardRange(spec string, n uint64) (lo, hi uint64, key string, err error) {
	if spec == "" {
		return 0, n, "0/1", nil
	}
	is, ks, ok := strings.Cut(spec, "/")
	i, err1 := strconv.ParseUint(is, 10, 64)
	k, err2 := strconv.ParseUint(ks, 10, 64)
	if !ok || err1 != nil || err2 != nil || k == 0 || i >= k {
		return 0, 0, "", usageErr("--shard wants i/K with 0 <= i < K, got %q", spec)
	}
	return i * n / k, (i + 1) * n / k, fmt.Sprintf("%d/%d", i, k), nil
}

func runSim(env *Env, o *opts) error {
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
	lo, hi, key, err := shardRange(o.str("shard", ""), n)
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
	ctx, cancel := env.interruptible(context.Background())
	defer cancel()
	agg, err := simulate(ctx, env, s, seed, n, lo, hi, int(jobs))
	if err != nil {
		return err
	}
	agg.Shards[key] = hi - lo
	agg.Replay = s.replayArgs()
	var other *stats.Agg
	if s2 != nil {
		if other, err = simulate(ctx, env, s2, seed, n, lo, hi, int(jobs)); err != nil {
			return err
		}
		other.Shards[key] = hi - lo
		other.Replay = s2.replayArgs()
	}
	if p := o.str("svg", ""); p != "" {
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
		return trialErrors(agg, other)
	}
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
	return trialErrors(agg, other)
}

// trialErrors is the error sim ends with when trials ended in an error
// (exit code 5, after the report): the study's numbers leave them out.
func trialErrors(aggs ...*stats.Agg) error {
	var n, total int64
	for _, a := range aggs {
		if a != nil {
			n += a.Errors
			total += a.Trials
		}
	}
	if n == 0 {
		return nil
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

// simulate plays trials [lo, hi) of a study of n with jobs workers and
// returns their merged aggregate.
func simulate(ctx context.Context, env *Env, s *study, seed, n, lo, hi uint64, jobs int) (*stats.Agg, error) {
	type result struct {
		agg *stats.Agg
		err error
	}
	results := make([]result, jobs)
	var done atomic.Uint64
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			e, f, err := s.worker(ctx, seed, lo)
			if err != nil {
				results[w].err = err
				return
			}
			defer e.Close()
			agg := stats.New(s.file, s.config(), seed, n, f.Sides, nil)
			agg.Fighters = make([]stats.FighterAgg, len(f.Fighters))
			for i, x := range f.Fighters {
				agg.Fighters[i] = stats.FighterAgg{ID: x.ID, Side: x.Side}
			}
			var t stats.Trial
			for i := lo + uint64(w); i < hi; i += uint64(jobs) {
				if ctx.Err() != nil {
					results[w].err = &errs.Error{Kind: errs.Budget, Layer: "cli", Msg: "interrupted"}
					return
				}
				e.R.Src.Reset(seed, i)
				leave := e.R.Enter(ctx)
				out, err := f.Run()
				leave()
				if err != nil {
					agg.AddError(i, err.Error())
				} else {
					trialOf(f, out, &t)
					agg.Add(&t)
				}
				done.Add(1)
			}
			results[w].agg = agg
		}(w)
	}
	stop := progress(env, &done, hi-lo)
	wg.Wait()
	stop()
	var total *stats.Agg
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		if total == nil {
			total = r.agg
			continue
		}
		if err := total.Merge(r.agg); err != nil {
			return nil, err
		}
	}
	return total, nil
}

// progress draws a progress bar with an ETA on standard error when it is a
// terminal, until the returned function is called.
func progress(env *Env, done *atomic.Uint64, total uint64) func() {
	f, ok := env.Stderr.(*os.File)
	if !ok || env.IsTerminal == nil || !env.IsTerminal(f.Fd()) || total == 0 || env.Now == nil {
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
				fmt.Fprintf(env.Stderr, "\r%s\r", strings.Repeat(" ", 70))
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
				fmt.Fprintf(env.Stderr, "\r%s %5.1f%% %d/%d ETA %s   ", bar, 100*frac, d, total, eta)
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
				if a.Version > stats.Version {
					return &errs.Error{Kind: errs.Data, Layer: "cli", File: p, Msg: fmt.Sprintf("aggregate version %d is newer than this dndsh (%d)", a.Version, stats.Version)}
				}
				if total == nil {
					total = &a
					continue
				}
				if err := total.Merge(&a); err != nil {
					return &errs.Error{Kind: errs.Data, Layer: "cli", File: p, Msg: err.Error()}
				}
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
