package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/dndsh/dndsh/bindings/luart"
)

func TestBaseLoadsAndUserRootOverrides(t *testing.T) {
	var out bytes.Buffer
	user := fstest.MapFS{
		"core/toy/ruleset.lua": {Data: []byte(`return { id = "toy", extends = { "base" }, files = { "toy.lua" }, variants = { "toy.loud" } }`)},
		"core/toy/toy.lua":     {Data: []byte(`local rules = require("rules") rules.define("toy.greeting", "hello")`)},
		"variants/toy/loud.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.loud", system = "toy", implements = { "TOY-01" } }
rules.define("toy.greeting", "HELLO")`)},
	}
	e, err := New(context.Background(), Options{Ruleset: "toy", Variants: []string{"toy.loud"}, Out: &out,
		UserRoots: []luart.Root{DirRoot("user", user)}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	v, err := e.R.DoString(context.Background(), "s", `return require("rules").get("toy.greeting")`, nil)
	if err != nil || v[0].String() != "HELLO" {
		t.Fatalf("got %v %v", v, err)
	}
	why, _ := e.Rules.Why("toy.greeting")
	if !strings.Contains(why, "variant:toy.loud") || !strings.Contains(why, "overridden") {
		t.Fatalf("history lacks the override:\n%s", why)
	}
	if e.Rules.Get("base.events") == nil {
		t.Fatal("base layer not loaded")
	}
	if err := e.Rules.EnableVariant(context.Background(), "toy.nope"); err == nil || !strings.Contains(err.Error(), "unknown variant") {
		t.Fatalf("want an unknown-variant error, got %v", err)
	}
}

func TestUnknownRuleset(t *testing.T) {
	_, err := New(context.Background(), Options{Ruleset: "4e"})
	if err == nil || !strings.Contains(err.Error(), `no rule system "4e"`) {
		t.Fatalf("got %v", err)
	}
}

// TestStartupLoadsOnlyTheChosenSystem: an engine for one rule system loads
// the scripts of that system and of the systems it extends, and no other
// system's, no monster and no variant that is not enabled, however many
// systems are installed.
func TestStartupLoadsOnlyTheChosenSystem(t *testing.T) {
	probe, err := New(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	systems := probe.Rules.Systems()
	probe.Close()
	if len(systems) < 3 {
		t.Fatalf("want base and at least two systems installed, got %v", systems)
	}
	for _, sys := range systems {
		e, err := New(context.Background(), Options{Ruleset: sys})
		if err != nil {
			t.Fatal(err)
		}
		chain := map[string]bool{}
		for _, l := range e.Rules.Layers {
			if l.Kind == "base" || l.Kind == "system" {
				chain[l.Name] = true
			}
		}
		if !chain[sys] || !chain["base"] {
			t.Fatalf("%s: layers %v lack the system or base", sys, chain)
		}
		for _, c := range e.R.Chunks() {
			dir, rest, _ := strings.Cut(strings.TrimPrefix(c, "core/"), "/")
			if !strings.HasPrefix(c, "core/") || rest == "" || !chain[dir] {
				t.Errorf("%s: start-up loaded %s, outside the system's chain %v", sys, c, chain)
			}
		}
		e.Close()
	}
}

// TestStartupLoadIsNotUnderTheInputBudget: a budgets.timeout far shorter
// than loading the 5e scripts takes still lets the engine start (start-up
// has LoadTimeout), and the budget then bounds what runs after it. Without
// the start-up budget, loading fails with "time budget".
func TestStartupLoadIsNotUnderTheInputBudget(t *testing.T) {
	e, err := New(context.Background(), Options{Ruleset: "5e", Timeout: time.Nanosecond})
	if err != nil {
		t.Fatalf("start-up under a 1 ns input budget: %v", err)
	}
	defer e.Close()
	if got := e.R.Config().Timeout; got != time.Nanosecond {
		t.Fatalf("the input budget after start-up is %v, want 1ns", got)
	}
	_, err = e.R.DoString(context.Background(), "loop", `while true do end`, nil)
	if err == nil || !strings.Contains(err.Error(), "time budget") {
		t.Fatalf("want the input budget to stop a loop, got %v", err)
	}
}
