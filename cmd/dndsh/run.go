package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
	"github.com/dndsh/dndsh/runtime/membudget"
)

func runCommand() *command {
	return &command{
		name:  "run",
		usage: "[--seed N] [--trial I] [--json] [--svg FILE] FILE.lua",
		help: "Play one encounter and print its log, then the outcome. --trial replays trial I of a sim\nwith the same seed. --json prints one record per step (the map and every position, each move\n" +
			"with its path, each attack with its dice, distance, cover and the rules that applied); --svg draws\nthe battle map with each creature's path and where it ended. The exit code is 5 when a script fails.",
		flags: append(encounterFlags(), flagSpec{name: "trial", value: true, help: "trial index to replay (default 0)"},
			flagSpec{name: "svg", value: true, help: "also draw the battle map with every creature's path as an SVG file"}),
		run: runRun,
	}
}

func runRun(env *Env, o *opts) error {
	s, st, err := loadStudy(env, o)
	if err != nil {
		return err
	}
	seed := st.Seed
	trial, err := o.uint("trial", 0)
	if err != nil {
		return err
	}
	ctx, cancel := env.interruptible(context.Background())
	defer cancel()
	ctx, unwatch := membudget.New(st.MemoryBudget, 0).Watch(ctx)
	defer unwatch()
	p, err := s.worker(ctx, seed, trial, nil)
	if err != nil {
		return err
	}
	defer p.close()
	f := p.f
	asJSON := o.has("json")
	svgPath := o.str("svg", "")
	if svgPath != "" && f.Space == nil {
		return usageErr("--svg draws the battle map, and %s has none (give the encounter map = {...})", s.file)
	}
	// One fight read by a person: say why each attack went as it did.
	f.Explain = true
	f.RecordPaths = svgPath != ""
	starts := map[*fight.Fighter]grid.Pos{}
	for _, x := range f.Fighters {
		starts[x] = x.Base.Pos
	}
	seq := 0
	if asJSON {
		// JSON Lines: one structured record per step (sorted keys, so the
		// same seed gives the same bytes).
		f.Record = func(kind string, fields map[string]any) {
			seq++
			fields["seq"], fields["kind"] = seq, kind
			b, _ := json.Marshal(fields)
			fmt.Fprintf(env.Stdout, "%s\n", b)
		}
	} else {
		f.Trace = func(format string, args ...any) { fmt.Fprintf(env.Stdout, format+"\n", args...) }
	}
	out, err := p.trial(ctx, seed, trial)
	if err != nil {
		return err
	}
	if svgPath != "" {
		title := fmt.Sprintf("%s: %s (seed %d, trial %d)", s.file, outcomeText(f, out), seed, trial)
		if err := writeOut(env, svgPath, svgMap(f, starts, title)); err != nil {
			return err
		}
	}
	if asJSON {
		b, _ := json.Marshal(map[string]any{"outcome": outcomeJSON(f, out), "seed": seed, "trial": trial})
		fmt.Fprintf(env.Stdout, "%s\n", b)
		return nil
	}
	fmt.Fprintf(env.Stdout, "\n%s (seed %d, trial %d)\n", outcomeText(f, out), seed, trial)
	for _, x := range f.Fighters {
		state := fmt.Sprintf("%d/%d hp", x.C.HP(), x.C.MaxHP())
		switch {
		case x.Dead:
			state = "dead"
		case x.Fled:
			state = "fled"
		case x.Out && x.Stable:
			state = "down, stable"
		case x.Out:
			state = "down"
		}
		fmt.Fprintf(env.Stdout, "  %-14s %-10s %-10s dealt %d\n", x.ID, f.Sides[x.Side], state, x.DamageDealt)
	}
	return nil
}

func outcomeText(f *fight.Fight, out fight.Outcome) string {
	if out.Winner < 0 {
		return fmt.Sprintf("draw after %d rounds", out.Rounds)
	}
	return fmt.Sprintf("%s %s in %d rounds", f.Sides[out.Winner], winVerb(f.Sides[out.Winner]), out.Rounds)
}

func outcomeJSON(f *fight.Fight, out fight.Outcome) map[string]any {
	w := "draw"
	if out.Winner >= 0 {
		w = f.Sides[out.Winner]
	}
	var fs []map[string]any
	for _, x := range f.Fighters {
		fs = append(fs, map[string]any{"id": x.ID, "side": f.Sides[x.Side], "hp": x.C.HP(), "out": x.Out, "dead": x.Dead, "dealt": x.DamageDealt})
	}
	return map[string]any{"winner": w, "rounds": out.Rounds, "fighters": fs}
}

// winVerb agrees with a side's name: "fighters win", "the party wins".
func winVerb(side string) string {
	if strings.HasSuffix(side, "s") && !strings.HasSuffix(side, "ss") {
		return "win"
	}
	return "wins"
}
