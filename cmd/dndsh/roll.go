package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/rng"
)

func rollCommand() *command {
	return &command{
		name:  "roll",
		usage: "[--seed N] [--force 3,5,1,6] [--json] EXPR",
		help:  "Roll a dice expression once and show every die (see docs/dice-notation.md).",
		flags: []flagSpec{
			{name: "seed", value: true, help: "seed of the random source (default: from the clock, printed with --json)"},
			{name: "force", value: true, help: "comma-separated faces to use, in draw order, before random ones"},
			{name: "json", help: "print JSON instead of text"},
			{name: "config", value: true, help: "configuration file (its budgets apply)"},
		},
		run: runRoll,
	}
}

// seedOf returns --seed, or a seed from the clock.
func seedOf(env *Env, o *opts) (uint64, error) {
	if o.has("seed") {
		return o.uint("seed", 0)
	}
	return uint64(env.Now().UnixNano()), nil
}

func parseForced(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, usageErr("--force wants comma-separated integers, got %q", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func runRoll(env *Env, o *opts) error {
	if len(o.args) == 0 {
		return usageErr("roll: missing the dice expression (for example: dndsh roll 4d6kh3)")
	}
	st, err := loadSettings(env, o)
	if err != nil {
		return err
	}
	e, err := dice.ParseBudget(strings.Join(o.args, " "), st.diceBudget())
	if err != nil {
		return err
	}
	seed, err := seedOf(env, o)
	if err != nil {
		return err
	}
	src := rng.New(seed)
	if o.has("force") {
		faces, err := parseForced(o.str("force", ""))
		if err != nil {
			return err
		}
		src.Force(faces...)
	}
	r, err := e.Roll(src)
	if err != nil {
		return err
	}
	if err := src.Drained(); err != nil {
		return usageErr("%v", err)
	}
	if o.has("json") {
		out := struct {
			dice.ResultJSON
			Seed uint64 `json:"seed"`
		}{r.JSON(), seed}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%s\n", b)
		return nil
	}
	fmt.Fprintln(env.Stdout, r.Text())
	return nil
}
