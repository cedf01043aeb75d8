package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/rulesmod"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/text"
)

func rulesCommand() *command {
	return &command{
		name:  "rules",
		usage: "[--why NAME] [--ruleset ID] [--variant ID]... [--scripts DIR]...",
		help: "Print the load order (layers, their files and the script root each came from), the variants,\n" +
			"every definition with the layer that won, and the overrides; --why NAME prints one name's history.",
		flags: append(sharedFlags(), flagSpec{name: "why", value: true, help: "print the history of one definition"}),
		run:   runRules,
	}
}

func runRules(env *Env, o *opts) error {
	eo, st, err := engineSetup(env, o)
	if err != nil {
		return err
	}
	ctx, stop := env.interruptible(context.Background())
	defer stop()
	e, err := engine.New(ctx, eo)
	if err != nil {
		return err
	}
	defer e.Close()
	if o.has("why") {
		name := o.str("why", "")
		why, ok := e.Rules.Why(name)
		if !ok {
			x := errs.New(errs.Rule, "rules", "nothing defines %q in rule system %s", name, systemLabel(e))
			x.Hint = "dndsh rules lists every defined name"
			return x
		}
		fmt.Fprint(env.Stdout, why)
		return nil
	}
	writeRules(env.Stdout, e, resolveLang(env, st.Lang))
	return nil
}

// systemLabel is the loaded rule system's id.
func systemLabel(e *engine.Engine) string {
	if e.Rules.System == "" {
		return "base"
	}
	return e.Rules.System
}

// writeRules prints the rules report of `dndsh rules` and :rules.
func writeRules(w io.Writer, e *engine.Engine, lang string) {
	g := e.Rules
	fmt.Fprintf(w, "rule system: %s (available: %s)\n", systemLabel(e), strings.Join(g.Systems(), ", "))
	fmt.Fprintln(w, "\nload order (later layers win):")
	for i, l := range g.Layers {
		fmt.Fprintf(w, "  %d. %s (%s)\n", i+1, l.Name, l.Kind)
		for _, f := range l.Files {
			fmt.Fprintf(w, "       %s  [%s]\n", f.Path, f.Root)
		}
	}
	fmt.Fprintln(w)
	writeVariants(w, e, lang)
	names := g.Names()
	fmt.Fprintf(w, "\ndefinitions (%d):\n", len(names))
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		d := g.Get(n)
		fmt.Fprintf(w, "  %-*s  %s  (%s)\n", width, n, d.Layer, d.File)
	}
	ov := g.Overrides()
	if len(ov) == 0 {
		fmt.Fprintln(w, "\noverrides: none")
		return
	}
	fmt.Fprintf(w, "\noverrides (%d):\n", len(ov))
	for _, d := range ov {
		steps := make([]string, len(d.History))
		for i, c := range d.History {
			steps[i] = fmt.Sprintf("%s in %s", c.Op, c.Layer)
		}
		fmt.Fprintf(w, "  %s: %s (wins)\n", d.Name, strings.Join(steps, " -> "))
	}
}

// writeVariants lists the declared variants and whether each is on.
func writeVariants(w io.Writer, e *engine.Engine, lang string) {
	vs := e.Rules.Variants
	if len(vs) == 0 {
		fmt.Fprintf(w, "variants: none declared for %s\n", systemLabel(e))
		return
	}
	fmt.Fprintln(w, "variants:")
	for _, v := range vs {
		mark := "off"
		if v.Enabled {
			mark = "on "
		}
		fmt.Fprintf(w, "  [%s] %s", mark, v.ID)
		if n := variantName(v, lang); n != "" {
			fmt.Fprintf(w, "  %s", n)
		}
		if len(v.Implements) > 0 {
			fmt.Fprintf(w, "  (%s)", strings.Join(v.Implements, " "))
		}
		if v.File != "" {
			fmt.Fprintf(w, "  %s", v.File)
		}
		fmt.Fprintln(w)
		if !v.Enabled {
			continue
		}
		if len(v.Conflicts) > 0 {
			fmt.Fprintf(w, "        conflicts with: %s\n", strings.Join(v.Conflicts, ", "))
		}
		changes := e.Rules.Changes(v.Layer())
		if len(changes) == 0 {
			fmt.Fprintln(w, "        overrides: nothing (it defines, merges, wraps and hooks nothing)")
			continue
		}
		fmt.Fprintln(w, "        overrides:")
		for _, c := range changes {
			fmt.Fprintf(w, "          %s\n", c)
		}
	}
}

// variantName is the variant's name in lang, falling back to English.
func variantName(v *rulesmod.Variant, lang string) string {
	if strings.HasPrefix(lang, "zh") && v.Name.Zh != "" {
		return text.Convert(v.Name.Zh, lang)
	}
	return v.Name.En
}
