package main

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/stats"
)

func balanceCommand() *command {
	return &command{
		name:  "balance",
		usage: "PARTY.lua MONSTER [--target 0.9] [-n 1000] [-j J] [--counts 1,2,4] [--max 10]",
		help: "Find an encounter's difficulty by simulation: play the party (PARTY.lua returns a list of stat blocks or\n" +
			"members, or a side {name, members}) against 1, 2, 3 ... of MONSTER (or the --counts), and report for each the\n" +
			"party's win rate, the rounds and the party's hit points lost, with 95% intervals, the largest group it beats\n" +
			"at the target rate, and next to it the difficulty the rule system's XP budget gives (5e: DMG 2024 [K]).",
		flags: append(sharedFlags(),
			flagSpec{name: "target", value: true, help: "the party's win rate to reach (default 0.9)"},
			flagSpec{name: "n", short: "n", value: true, help: "trials per group size (default 1000)"},
			flagSpec{name: "jobs", short: "j", value: true, help: "worker goroutines (default 1)"},
			flagSpec{name: "counts", value: true, help: "group sizes to play (default 1, 2, 3 ... until the party falls well below the target)"},
			flagSpec{name: "max", value: true, help: "the largest group size tried by default (10)"}),
		run: runBalance,
	}
}

// balanceAgg sums the trials of one group size. Integer sums, so that any
// number of workers gives the same figures.
type balanceAgg struct {
	trials, errors, wins         int64
	rounds, rounds2, lost, lost2 int64
	firstErr                     string
	firstTrial                   uint64
}

func (a *balanceAgg) merge(b *balanceAgg) {
	if b.errors > 0 && (a.errors == 0 || b.firstTrial < a.firstTrial) {
		a.firstErr, a.firstTrial = b.firstErr, b.firstTrial
	}
	a.trials += b.trials
	a.errors += b.errors
	a.wins += b.wins
	a.rounds += b.rounds
	a.rounds2 += b.rounds2
	a.lost += b.lost
	a.lost2 += b.lost2
}

// meanCI is a mean with its 95% normal interval from a sum and a sum of
// squares over n.
func meanCI(sum, sum2, n int64) (mean, lo, hi float64) {
	if n == 0 {
		return 0, 0, 0
	}
	m := float64(sum) / float64(n)
	v := float64(sum2)/float64(n) - m*m
	if n > 1 {
		v *= float64(n) / float64(n-1)
	}
	h := 1.96 * math.Sqrt(math.Max(v, 0)/float64(n))
	return m, m - h, m + h
}

// balanceSetup is what every worker builds the same way: the party's
// members and the monster's id, read in a runtime.
type balanceSetup struct {
	file    string
	src     []byte
	monster string
	opts    engine.Options
}

// members reads the party file in e: a list of members ({stat = ...} or
// {monster = ...}), a list of stat blocks, or a side {name, members}.
func (s *balanceSetup) members(ctx context.Context, e *engine.Engine) (*lua.LTable, error) {
	out, err := e.R.DoString(ctx, s.file, string(s.src), nil)
	if err != nil {
		return nil, err
	}
	var t *lua.LTable
	if len(out) > 0 {
		t, _ = out[0].(*lua.LTable)
	}
	bad := &errs.Error{Kind: errs.Script, Layer: "cli", File: s.file,
		Msg: "a party file must return a list of stat blocks or of members ({stat = ...}), or a side {name, members = {...}}"}
	if t == nil {
		return nil, bad
	}
	if m, ok := t.RawGetString("members").(*lua.LTable); ok {
		t = m
	}
	if t.Len() == 0 {
		return nil, bad
	}
	L := e.R.L
	list := L.NewTable()
	for i := 1; i <= t.Len(); i++ {
		x, ok := t.RawGetInt(i).(*lua.LTable)
		if !ok {
			return nil, bad
		}
		if x.RawGetString("stat") == lua.LNil && x.RawGetString("monster") == lua.LNil {
			m := L.NewTable()
			m.RawSetString("stat", x)
			x = m
		}
		list.Append(x)
	}
	return list, nil
}

// encounter builds the party against count of the monster in e.
func (s *balanceSetup) encounter(ctx context.Context, e *engine.Engine, party *lua.LTable, count int) (*fight.Fight, error) {
	L := e.R.L
	side := func(name string, members *lua.LTable) *lua.LTable {
		t := L.NewTable()
		t.RawSetString("name", lua.LString(name))
		t.RawSetString("members", members)
		return t
	}
	foe := L.NewTable()
	foe.RawSetString("monster", lua.LString(s.monster))
	foe.RawSetString("count", lua.LNumber(count))
	foes := L.NewTable()
	foes.Append(foe)
	sides := L.NewTable()
	sides.Append(side("party", party))
	sides.Append(side("foes", foes))
	enc := L.NewTable()
	enc.RawSetString("sides", sides)
	return fightmod.Compile(ctx, e.Rules, enc)
}

// partyLost is the hit points the party lost in a finished trial: each
// member's maximum minus what it has left (all of it when it is down).
func partyLost(f *fight.Fight) int64 {
	var lost int64
	for _, x := range f.Fighters {
		if x.Side != 0 {
			continue
		}
		left := 0
		if !x.Out {
			left = max(x.C.HP(), 0)
		}
		lost += int64(x.Base.MaxHP() - left)
	}
	return lost
}

func runBalance(env *Env, o *opts) error {
	if len(o.args) != 2 {
		return usageErr("balance: want PARTY.lua MONSTER (for example examples/5e/parties/level5.lua troll)")
	}
	target := 0.9
	if v := o.str("target", ""); v != "" {
		t, err := strconv.ParseFloat(v, 64)
		if err != nil || t <= 0 || t >= 1 {
			return usageErr("--target wants a win rate between 0 and 1 (0.9), got %q", v)
		}
		target = t
	}
	n, err := o.uint("n", 1000)
	if err != nil {
		return err
	}
	if n == 0 {
		return usageErr("-n wants at least 1 trial")
	}
	jobs, err := o.int("jobs", 1)
	if err != nil {
		return err
	}
	if jobs < 1 || jobs > 256 {
		return usageErr("-j wants 1 to 256 workers, got %d", jobs)
	}
	maxCount, err := o.int("max", 10)
	if err != nil || maxCount < 1 || maxCount > 100 {
		return usageErr("--max wants 1 to 100 creatures")
	}
	var counts []int
	for _, c := range o.list("counts") {
		k, err := strconv.Atoi(c)
		if err != nil || k < 1 || k > 100 {
			return usageErr("--counts wants group sizes from 1 to 100, got %q", c)
		}
		counts = append(counts, k)
	}
	if env.ReadFile == nil {
		return usageErr("cannot read files here")
	}
	file := o.args[0]
	src, err := env.ReadFile(file)
	if err != nil {
		return &errs.Error{Kind: errs.Usage, Layer: "cli", Msg: fmt.Sprintf("cannot read %s: %v", file, unwrapPath(err))}
	}
	eo, st, err := engineSetup(env, o)
	if err != nil {
		return err
	}
	if eo.Ruleset == "" {
		eo.Ruleset = "5e"
	}
	eo.Out = env.Stderr
	s := &balanceSetup{file: file, src: src, monster: o.args[1], opts: eo}
	ctx, cancel := env.interruptible(context.Background())
	defer cancel()

	// The head: who fights, the monster, the XP budget.
	e, err := engine.New(ctx, eo)
	if err != nil {
		return err
	}
	defer e.Close() // the head's runtime also rates the XP of each group
	head, err := balanceHead(ctx, e, s)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s\n%d trials per group (seed %d, %s)\n\n", head.text, n, st.Seed, eo.Ruleset)
	fmt.Fprintf(env.Stdout, "%5s  %-24s %-19s %-26s %8s  %s\n", "group", "party wins (95%)", "rounds (95%)", "party HP lost (95%)", "XP", "XP budget")

	workers := make([]*balanceWorker, jobs)
	defer func() {
		for _, w := range workers {
			if w != nil {
				w.e.Close()
			}
		}
	}()
	for i := range workers {
		w, err := newBalanceWorker(ctx, s, st.Seed, uint64(i))
		if err != nil {
			return err
		}
		workers[i] = w
	}
	best, bestRate := 0, 0.0
	explicit := len(counts) > 0
	for k := 1; ; k++ {
		count := k
		if explicit {
			if k > len(counts) {
				break
			}
			count = counts[k-1]
		} else if k > int(maxCount) {
			break
		}
		agg, err := playGroup(ctx, workers, s, count, st.Seed, n)
		if err != nil {
			return err
		}
		done := agg.trials - agg.errors
		rate := float64(agg.wins) / float64(max(done, 1))
		wlo, whi := stats.Wilson(agg.wins, done)
		rm, rlo, rhi := meanCI(agg.rounds, agg.rounds2, done)
		lm, llo, lhi := meanCI(agg.lost, agg.lost2, done)
		xp := head.xp * count
		label := ""
		if head.rate != nil {
			label = head.rate(xp)
		}
		fmt.Fprintf(env.Stdout, "%5d  %6.1f%% (%5.1f–%5.1f)   %4.1f (%4.1f–%4.1f)    %5.1f (%5.1f–%5.1f) of %-5d %8d  %s\n",
			count, 100*rate, 100*wlo, 100*whi, rm, rlo, rhi, lm, llo, lhi, head.partyHP, xp, label)
		if agg.errors > 0 {
			fmt.Fprintf(env.Stdout, "       %d trials ended in an error; the first (trial %d, seed %d): %s\n", agg.errors, agg.firstTrial, st.Seed, agg.firstErr)
		}
		if rate >= target && count > best {
			best, bestRate = count, rate
		}
		if !explicit && whi < target {
			break // well below the target: larger groups only do worse
		}
	}
	fmt.Fprintln(env.Stdout)
	if best == 0 {
		fmt.Fprintf(env.Stdout, "the party does not beat any group tried at the %.0f%% target\n", 100*target)
	} else {
		fmt.Fprintf(env.Stdout, "largest group beaten at the %.0f%% target: %d × %s (party wins %.1f%%)\n", 100*target, best, head.name, 100*bestRate)
	}
	if head.note != "" {
		fmt.Fprintln(env.Stdout, head.note)
	}
	return nil
}

// balanceInfo is what the head of the report says, and the XP rating.
type balanceInfo struct {
	text, name, note string
	xp, partyHP      int
	rate             func(xp int) string
}

// balanceHead reads the party and the monster once in e: their names,
// levels, hit points and XP, and the rule system's XP budget (core/<system>/
// difficulty.lua) when the party's members all have levels; info.rate rates
// a group's XP in e.
func balanceHead(ctx context.Context, e *engine.Engine, s *balanceSetup) (*balanceInfo, error) {
	party, err := s.members(ctx, e)
	if err != nil {
		return nil, err
	}
	f, err := s.encounter(ctx, e, party, 1)
	if err != nil {
		return nil, err
	}
	info := &balanceInfo{}
	var names []string
	var levels []int
	for _, x := range f.Fighters {
		if x.Side == 0 {
			names = append(names, x.ID)
			info.partyHP += x.Base.MaxHP()
			levels = append(levels, x.Level)
		}
	}
	sys := e.Rules.System
	v, err := e.Rules.LoadMonster(ctx, sys, s.monster)
	if err != nil {
		return nil, err
	}
	stat, _ := v.(*lua.LTable)
	info.name = s.monster
	cr := ""
	if stat != nil {
		if n, ok := stat.RawGetString("name").(*lua.LTable); ok {
			info.name = lua.LVAsString(n.RawGetString("en"))
		} else if n, ok := stat.RawGetString("name").(lua.LString); ok {
			info.name = string(n)
		}
		info.xp = int(lua.LVAsNumber(stat.RawGetString("xp")))
		cr = lua.LVAsString(stat.RawGetString("cr"))
	}
	lv := make([]string, len(levels))
	known := len(levels) > 0
	for i, l := range levels {
		lv[i] = strconv.Itoa(l)
		known = known && l > 0
	}
	info.text = fmt.Sprintf("party %s: %s (levels %s, %d HP)\nagainst %s (%s, CR %s, %d XP each)",
		s.file, strings.Join(names, ", "), strings.Join(lv, ", "), info.partyHP, s.monster, info.name, cr, info.xp)
	path := "core/" + sys + "/difficulty.lua"
	switch {
	case !e.R.Exists(path):
		info.note = "(no XP budget: the rule system " + sys + " has no " + path + ")"
	case !known:
		info.note = "(no XP budget: a party member has no level)"
	default:
		fn, err := e.R.LoadBytes("balance", "cli", []byte("return require(\"core."+sys+".difficulty\")"))
		if err != nil {
			return nil, err
		}
		out, err := e.R.Call(ctx, fn, 1)
		if err != nil {
			return nil, err
		}
		mod, _ := out[0].(*lua.LTable)
		rate, _ := mod.RawGetString("rate").(*lua.LFunction)
		if rate == nil {
			return nil, errs.New(errs.Script, "cli", "%s returns no rate function", path)
		}
		lvT := e.R.L.NewTable()
		for _, l := range levels {
			lvT.Append(lua.LNumber(l))
		}
		budget, err := e.R.Call(ctx, rate, 2, lvT, lua.LNumber(0))
		if err != nil {
			return nil, err
		}
		b, ok := budget[1].(*lua.LTable)
		if !ok {
			return nil, errs.New(errs.Script, "cli", "%s: rate returns no budget table", path)
		}
		info.text += fmt.Sprintf("\nXP budget of the party (%s): Low %d, Moderate %d, High %d", path,
			int(lua.LVAsNumber(b.RawGetString("low"))), int(lua.LVAsNumber(b.RawGetString("moderate"))), int(lua.LVAsNumber(b.RawGetString("high"))))
		info.rate = func(xp int) string {
			r, err := e.R.Call(ctx, rate, 1, lvT, lua.LNumber(xp))
			if err != nil {
				return "(" + err.Error() + ")"
			}
			return lua.LVAsString(r[0])
		}
	}
	return info, nil
}

// balanceWorker is one runtime with the party read.
type balanceWorker struct {
	e     *engine.Engine
	party *lua.LTable
	agg   balanceAgg
}

func newBalanceWorker(ctx context.Context, s *balanceSetup, seed, index uint64) (*balanceWorker, error) {
	eo := s.opts
	eo.Seed, eo.Index = seed, index
	e, err := engine.New(ctx, eo)
	if err != nil {
		return nil, err
	}
	party, err := s.members(ctx, e)
	if err != nil {
		e.Close()
		return nil, err
	}
	return &balanceWorker{e: e, party: party}, nil
}

// playGroup plays n trials of the party against count of the monster,
// trial i from stream (seed, i) on worker i mod jobs.
func playGroup(ctx context.Context, workers []*balanceWorker, s *balanceSetup, count int, seed, n uint64) (*balanceAgg, error) {
	errsOf := make([]error, len(workers))
	var wg sync.WaitGroup
	for wi, w := range workers {
		wg.Add(1)
		go func(wi int, w *balanceWorker) {
			defer wg.Done()
			w.agg = balanceAgg{}
			f, err := s.encounter(ctx, w.e, w.party, count)
			if err != nil {
				errsOf[wi] = err
				return
			}
			for i := uint64(wi); i < n; i += uint64(len(workers)) {
				if ctx.Err() != nil {
					errsOf[wi] = &errs.Error{Kind: errs.Budget, Layer: "cli", Msg: "interrupted"}
					return
				}
				w.e.R.Src.Reset(seed, i)
				leave := w.e.R.Enter(ctx)
				out, err := f.Run()
				leave()
				w.agg.trials++
				if err != nil {
					if w.agg.errors == 0 {
						w.agg.firstErr, w.agg.firstTrial = err.Error(), i
					}
					w.agg.errors++
					continue
				}
				if out.Winner == 0 {
					w.agg.wins++
				}
				r := int64(out.Rounds)
				w.agg.rounds += r
				w.agg.rounds2 += r * r
				l := partyLost(f)
				w.agg.lost += l
				w.agg.lost2 += l * l
			}
		}(wi, w)
	}
	wg.Wait()
	total := &balanceAgg{}
	for i, w := range workers {
		if errsOf[i] != nil {
			return nil, errsOf[i]
		}
		total.merge(&w.agg)
	}
	return total, nil
}
