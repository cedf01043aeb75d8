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
	"github.com/dndsh/dndsh/runtime/stats"
)

func simCommand() *command {
	return &command{
		name:  "sim",
		usage: "-n N [--seed S] [-j J] [--shard i/K|auto/K] [--json] FILE.lua",
		help: "Play an encounter N times: win rate per side with a 95% Wilson interval, rounds, damage per round,\n" +
			"damage and survival per fighter, errored trials with how to replay them. Trial i draws from\n" +
			"its own stream (seed, i), so any -j and any --shard split merge (dndsh merge) to the same numbers.\n" +
			"--shard auto/K takes i from the job runner: JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), else\n" +
			"SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN (a Slurm job array; see docs/batch.md).",
		flags: append(encounterFlags(),
			flagSpec{name: "n", short: "n", value: true, help: "number of trials in the whole study (default 1000)"},
			flagSpec{name: "jobs", short: "j", value: true, help: "worker goroutines (default 1)"},
			flagSpec{name: "shard", value: true, help: "run shard i of K (0-based) of the study's trials; auto/K reads i from the job runner"},
			flagSpec{name: "cpuprofile", value: true, help: "write a CPU profile of the command to FILE (go tool pprof)"},
			flagSpec{name: "memprofile", value: true, help: "write an allocation profile of the command to FILE (go tool pprof)"},
			flagSpec{name: "svg", value: true, help: "also write the rounds histogram as an SVG file"},
			flagSpec{name: "compare", value: true, help: "also run the same trials under a second configuration file (another ruleset or variant set) and report the differences"}),
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
	return simStudy(env, o)
}

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
	ctx, cancel := env.interruptible(context.Background())
	defer cancel()
	agg, err := simulate(ctx, env, s, seed, n, lo, hi, int(jobs))
	if err != nil {
		return err
	}
	agg.Shards[key] = hi - lo
	if p := o.str("svg", ""); p != "" {
		var bars []bar
		n := max(agg.Completed(), 1)
		for _, h := range agg.Hist() {
			bars = append(bars, bar{Label: fmt.Sprint(h[0]), Value: float64(h[1]) / float64(n), Note: fmt.Sprintf("%.2f%%", 100*float64(h[1])/float64(n))})
		}
		if err := writeOut(env, p, svgBars("rounds: "+s.file, "rounds", "share of trials", bars)); err != nil {
			return err
		}
	}
	var other *stats.Agg
	if p := o.str("compare", ""); p != "" {
		s2, err := compareStudy(env, s, p)
		if err != nil {
			return err
		}
		if other, err = simulate(ctx, env, s2, seed, n, lo, hi, int(jobs)); err != nil {
			return err
		}
		other.Shards[key] = hi - lo
	}
	if o.has("json") {
		b, err := agg.JSON()
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%s\n", b)
		if other != nil {
			b, err := other.JSON()
			if err != nil {
				return err
			}
			fmt.Fprintf(env.Stdout, "%s\n", b)
		}
		return nil
	}
	fmt.Fprint(env.Stdout, agg.Report())
	if other != nil {
		fmt.Fprintf(env.Stdout, "\n=== under %s\n", other.Config)
		fmt.Fprint(env.Stdout, other.Report())
		fmt.Fprintf(env.Stdout, "\n=== difference (%s minus %s)\n", agg.Config, other.Config)
		fmt.Fprint(env.Stdout, stats.Compare(agg, other))
	}
	return nil
}

// compareStudy is s under the configuration file path (its ruleset,
// variants and script folders; the encounter's own header does not apply).
func compareStudy(env *Env, s *study, path string) (*study, error) {
	data, err := env.ReadFile(path)
	if err != nil {
		return nil, &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("--compare %s: %v", path, unwrapPath(err))}
	}
	st := defaultSettings()
	if err := st.applyFile(path, data); err != nil {
		return nil, err
	}
	roots, err := st.scriptRoots(env)
	if err != nil {
		return nil, err
	}
	s2 := *s
	s2.roots = roots
	if st.Ruleset != "" {
		s2.ruleset = st.Ruleset
	}
	s2.variants = st.Variants
	if s2.config() == s.config() && len(roots) == 0 {
		return nil, usageErr("--compare %s: it sets the same rules (%s); set another ruleset or variants", path, s.config())
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
