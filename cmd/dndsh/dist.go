package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/prob"
)

func distCommand() *command {
	return &command{
		name:  "dist",
		usage: "[--json] [--samples N] EXPR",
		help:  "Show the exact probability distribution of a dice expression as a table and bar chart\n(Monte Carlo, said so, only when the exact method is over its budget).",
		flags: []flagSpec{
			{name: "json", help: "print JSON instead of a table"},
			{name: "config", value: true, help: "configuration file (its budgets apply)"},
			{name: "samples", value: true, help: "Monte Carlo sample count when exact is out of budget (default 200000)"},
			{name: "svg", value: true, help: "also write the chart as an SVG file"},
		},
		run: runDist,
	}
}

type distJSON struct {
	Expr      string         `json:"expr"`
	Canonical string         `json:"canonical"`
	Exact     bool           `json:"exact"`
	Mean      float64        `json:"mean"`
	StdDev    float64        `json:"stddev"`
	Min       int64          `json:"min"`
	Max       int64          `json:"max"`
	Leftover  float64        `json:"leftover"`
	Samples   int            `json:"samples,omitempty"`
	Why       string         `json:"why,omitempty"`
	StdErr    float64        `json:"stderr,omitempty"`
	Outcomes  []prob.Outcome `json:"outcomes"`
}

func runDist(env *Env, o *opts) error {
	if len(o.args) == 0 {
		return usageErr("dist: missing the dice expression (for example: dndsh dist 4d6kh3)")
	}
	st, err := loadSettings(env, o)
	if err != nil {
		return err
	}
	e, err := dice.ParseBudget(strings.Join(o.args, " "), st.diceBudget())
	if err != nil {
		return err
	}
	n, err := o.int("samples", 200000)
	if err != nil {
		return err
	}
	if n < 1 || n > 100_000_000 {
		return usageErr("--samples wants 1 to 100000000 samples, got %d", n)
	}
	ctx, cancel := env.interruptible(context.Background())
	defer cancel()
	d, err := distOf(ctx, st, e, int(n), 1)
	if err != nil {
		return err
	}
	if p := o.str("svg", ""); p != "" {
		sr := series{Values: map[int64]float64{}, Notes: map[int64]string{}, Mean: d.Mean()}
		for _, x := range d.Outcomes() {
			sr.Values[x.Value] = x.P
			sr.Notes[x.Value] = fmt.Sprintf("%.3f%%", 100*x.P)
		}
		if err := writeOut(env, p, svgChart("dist "+e.String(), "value", "probability", []series{sr}, shareText)); err != nil {
			return err
		}
	}
	if o.has("json") {
		// a leftover is a probability: rounding may leave a tiny negative
		out := distJSON{Expr: e.Source, Canonical: e.String(), Exact: d.Exact, Mean: d.Mean(), StdDev: d.StdDev(),
			Leftover: max(d.Leftover, 0), Samples: d.Samples, Why: d.Why, StdErr: d.StdErr(), Outcomes: d.Outcomes()}
		if len(out.Outcomes) > 0 {
			out.Min, out.Max = out.Outcomes[0].Value, out.Outcomes[len(out.Outcomes)-1].Value
		} else {
			out.Outcomes = []prob.Outcome{}
		}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%s\n", b)
		return nil
	}
	writeDist(env.Stdout, e, d)
	return nil
}

// distOf is the distribution of e: exact when that takes at most
// budgets.dist_time, else a Monte Carlo estimate of samples rolls that
// stops sampling at budgets.dist_time too; ctx (Ctrl-C) stops it all.
func distOf(ctx context.Context, st *settings, e *dice.Expr, samples int, seed uint64) (*prob.Dist, error) {
	lim := prob.Limits{Stop: ctx}
	if st.DistTime > 0 {
		exact, cancel := context.WithTimeout(ctx, st.DistTime)
		defer cancel()
		lim.Exact = exact
		// Sampling gets its own budget, from when it starts.
		sample, cancelSample := lazyTimeout(ctx, st.DistTime, exact)
		defer cancelSample()
		lim.Sample = sample
	}
	return prob.OfLimited(e, samples, seed, lim)
}

// lazyTimeout returns a context that is done d after after is done (or
// when parent is).
func lazyTimeout(parent context.Context, d time.Duration, after context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	stop := context.AfterFunc(after, func() {
		t := time.AfterFunc(d, cancel)
		context.AfterFunc(ctx, func() { t.Stop() })
	})
	return ctx, func() { stop(); cancel() }
}

// writeDist prints a distribution as a table with a bar chart.
func writeDist(w io.Writer, e *dice.Expr, d *prob.Dist) {
	kind := "exact"
	if !d.Exact {
		kind = fmt.Sprintf("Monte Carlo, %d samples, standard error of the mean %.4f", d.Samples, d.StdErr())
		if d.Why != "" {
			kind += "; " + d.Why
		}
	}
	fmt.Fprintf(w, "%s  (%s)\nmean %.4f  sd %.4f\n", e.String(), kind, d.Mean(), d.StdDev())
	if d.Leftover > 1e-15 {
		fmt.Fprintf(w, "P(breaks the depth budget) = %.3g\n", d.Leftover)
	}
	outs := d.Outcomes()
	if len(outs) > 200 {
		fmt.Fprintf(w, "%d outcomes from %d to %d; use --json for the full table\n", len(outs), outs[0].Value, outs[len(outs)-1].Value)
		return
	}
	fmt.Fprint(w, barChart(outs, 50))
}

// barChart renders value, percentage, at-least percentage and a bar per
// outcome; the longest bar is width cells.
func barChart(outs []prob.Outcome, width int) string {
	var b strings.Builder
	top, vw := 0.0, len("value")
	for _, o := range outs {
		top = math.Max(top, o.P)
		vw = max(vw, len(fmt.Sprint(o.Value)))
	}
	fmt.Fprintf(&b, "%*s  %8s  %8s\n", vw, "value", "p", ">=")
	atLeast := 1.0
	for _, o := range outs {
		cells := 0.0
		if top > 0 {
			cells = o.P / top * float64(width)
		}
		bar := strings.Repeat("█", int(cells))
		if frac := cells - math.Floor(cells); frac >= 0.5 {
			bar += "▌"
		}
		fmt.Fprintf(&b, "%*d  %7.3f%%  %7.3f%%  %s\n", vw, o.Value, 100*o.P, 100*atLeast, bar)
		atLeast -= o.P
	}
	return b.String()
}
