package main

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/runtime/errs"
)

func monstersCommand() *command {
	return &command{
		name:  "monsters",
		usage: "[TEXT] [--system 5e|3e] [--cr 1/4..5] [--type undead] [--unmodelled]",
		help: "List the rule system's monsters (hand-written and imported; default 5e) whose id or name contains TEXT:\n" +
			"id, names, CR, type, size, source and how fully the script models the stat block. --unmodelled lists what\n" +
			"each script does not do.",
		flags: append(sharedFlags(),
			flagSpec{name: "cr", value: true, help: "challenge rating or range: 2, 1/4..5, ..1, 10.."},
			flagSpec{name: "type", value: true, help: "creature type: undead, dragon, beast, ..."},
			flagSpec{name: "unmodelled", help: "list what each script does not model"},
			flagSpec{name: "system", value: true, help: "the rule system whose monsters to list (as --ruleset): 5e (default) or 3e"}),
		run: runMonsters,
	}
}

func monsterCommand() *command {
	return &command{
		name:  "monster",
		usage: "NAME [--system 5e|3e]",
		help:  "Print a monster's stat block the way the SRD lays it out (NAME: its id or English name), with what its script models.",
		flags: append(sharedFlags(), flagSpec{name: "system", value: true, help: "the rule system of the monster (as --ruleset): 5e (default) or 3e"}),
		run:   runMonster,
	}
}

// monsterRow is one line of the listing.
type monsterRow struct {
	id, en, zh, cr, typ, size, source, status string
	unmodelled                                []string
	crValue                                   float64
}

// bestiaryEngine builds the engine of the monster commands (5e unless the
// configuration or --ruleset says otherwise).
func bestiaryEngine(env *Env, o *opts) (*engine.Engine, error) {
	eo, _, err := engineSetup(env, o)
	if err != nil {
		return nil, err
	}
	if sys := o.str("system", ""); sys != "" {
		eo.Ruleset = sys
	}
	if eo.Ruleset == "" {
		eo.Ruleset = "5e"
	}
	eo.Out = env.Stderr
	return engine.New(context.Background(), eo)
}

// monsterRows lists the monsters of the engine's rule system (rulesmod's
// Monsters: hand-written and imported), by challenge rating then id.
func monsterRows(e *engine.Engine) ([]monsterRow, error) {
	list, err := e.Rules.Monsters(context.Background(), e.Rules.System)
	if err != nil {
		return nil, err
	}
	rows := make([]monsterRow, len(list))
	for i, m := range list {
		rows[i] = monsterRow{id: m.ID, en: m.En, zh: m.Zh, cr: m.CR, typ: m.Type, size: m.Size, source: m.Source,
			status: m.Status, unmodelled: m.Unmodelled}
		rows[i].crValue, _ = crValue(m.CR)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].crValue != rows[j].crValue {
			return rows[i].crValue < rows[j].crValue
		}
		return rows[i].id < rows[j].id
	})
	return rows, nil
}

// crValue reads "1/4" as 0.25.
func crValue(s string) (float64, bool) {
	if a, b, ok := strings.Cut(s, "/"); ok {
		x, e1 := strconv.ParseFloat(a, 64)
		y, e2 := strconv.ParseFloat(b, 64)
		if e1 != nil || e2 != nil || y == 0 {
			return 0, false
		}
		return x / y, true
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil
}

// crRange reads "2", "1/4..5", "..1" or "10..".
func crRange(s string) (lo, hi float64, err error) {
	lo, hi = 0, 1e9
	a, b, ranged := strings.Cut(s, "..")
	bad := usageErr("--cr %q: want a challenge rating (2, 1/4) or a range (1/4..5, ..1, 10..)", s)
	if !ranged {
		v, ok := crValue(s)
		if !ok {
			return 0, 0, bad
		}
		return v, v, nil
	}
	if a != "" {
		v, ok := crValue(a)
		if !ok {
			return 0, 0, bad
		}
		lo = v
	}
	if b != "" {
		v, ok := crValue(b)
		if !ok {
			return 0, 0, bad
		}
		hi = v
	}
	return lo, hi, nil
}

func runMonsters(env *Env, o *opts) error {
	if len(o.args) > 1 {
		return usageErr("monsters: at most one TEXT to look for (quote a name with spaces)")
	}
	lo, hi := 0.0, 1e9
	if s := o.str("cr", ""); s != "" {
		var err error
		if lo, hi, err = crRange(s); err != nil {
			return err
		}
	}
	e, err := bestiaryEngine(env, o)
	if err != nil {
		return err
	}
	defer e.Close()
	rows, err := monsterRows(e)
	if err != nil {
		return err
	}
	text := ""
	if len(o.args) == 1 {
		text = strings.ToLower(o.args[0])
	}
	typ := strings.ToLower(o.str("type", ""))
	n, full := 0, 0
	for _, r := range rows {
		hay := strings.ToLower(r.id + " " + r.en + " " + r.zh)
		if text != "" && !strings.Contains(hay, text) && !strings.Contains(strings.ReplaceAll(hay, "_", " "), text) {
			continue
		}
		if o.has("cr") && (r.crValue < lo || r.crValue > hi) {
			continue
		}
		if typ != "" && strings.ToLower(r.typ) != typ {
			continue
		}
		n++
		if r.status == "full" {
			full++
		}
		name := r.en
		if r.zh != "" {
			name += " " + r.zh
		}
		fmt.Fprintf(env.Stdout, "%-28s %-34s CR %-5s %-12s %-10s %-9s %s\n", r.id, name, r.cr, r.typ, r.size, r.source, r.status)
		if o.has("unmodelled") {
			for _, u := range r.unmodelled {
				fmt.Fprintf(env.Stdout, "    - %s\n", u)
			}
		}
	}
	if n == 0 {
		e := errs.New(errs.Rule, "cli", "no %s monster matches", e.Rules.System)
		e.Hint = "dndsh monsters with no TEXT lists them all"
		return e
	}
	fmt.Fprintf(env.Stdout, "%d monsters (%d imported ones fully modelled)\n", n, full)
	return nil
}

func runMonster(env *Env, o *opts) error {
	if len(o.args) == 0 {
		return usageErr("monster: name a monster (its id or English name; dndsh monsters lists them)")
	}
	name := strings.Join(o.args, " ")
	e, err := bestiaryEngine(env, o)
	if err != nil {
		return err
	}
	defer e.Close()
	sys := e.Rules.System
	if _, ok := e.Rules.MonsterPath(sys, name); !ok {
		var near []string
		if rows, err := monsterRows(e); err == nil {
			low := strings.ToLower(name)
			for _, r := range rows {
				if strings.Contains(strings.ToLower(r.id+" "+r.en), low) {
					near = append(near, r.id)
				}
			}
		}
		x := errs.New(errs.Rule, "cli", "no %s monster %q", sys, name)
		x.Hint = "dndsh monsters TEXT lists the monsters whose names contain TEXT"
		if len(near) > 0 && len(near) <= 12 {
			x.Hint = "did you mean " + strings.Join(near, ", ") + "?"
		}
		return x
	}
	ctx := context.Background()
	v, err := e.Rules.LoadMonster(ctx, sys, name)
	if err != nil {
		return err
	}
	mod := "core." + sys + ".statblock"
	if !e.R.Exists("core/" + sys + "/statblock.lua") {
		return errs.New(errs.Rule, "cli", "the rule system %s has no stat-block layout (core/%s/statblock.lua)", sys, sys)
	}
	fn, err := e.R.LoadBytes("monster", "cli", []byte("return require("+strconv.Quote(mod)+").fmt(...)"))
	if err != nil {
		return err
	}
	res, err := e.R.Call(ctx, fn, 1, v)
	if err != nil {
		return err
	}
	fmt.Fprint(env.Stdout, lua.LVAsString(res[0]))
	return nil
}
