package engine

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dndsh/dndsh/bindings/luart"
)

// toyVariants is a rule system with three variants: quiet conflicts with
// loud (declared by quiet only), calm combines with both.
func toyVariants() fstest.MapFS {
	return fstest.MapFS{
		"core/toy/ruleset.lua": {Data: []byte(`return { id = "toy", extends = { "base" }, files = { "toy.lua" },
  variants = { "toy.loud", "toy.quiet", "toy.calm" } }`)},
		"core/toy/toy.lua": {Data: []byte(`local rules = require("rules") rules.define("toy.voice", { level = 1 })`)},
		"variants/toy/loud.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.loud", system = "toy" }
rules.merge("toy.voice", { level = 3 })
rules.on("round.start", function() end)`)},
		"variants/toy/quiet.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.quiet", system = "toy", conflicts = { "toy.loud" } }
rules.merge("toy.voice", { level = 0 })`)},
		"variants/toy/calm.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.calm", system = "toy" }`)},
	}
}

func TestConflictingVariantsAreRefusedEitherWay(t *testing.T) {
	for _, order := range [][]string{{"toy.loud", "toy.quiet"}, {"toy.quiet", "toy.loud"}, {"toy.calm", "toy.quiet", "toy.loud"}} {
		_, err := New(context.Background(), Options{Ruleset: "toy", Variants: order,
			UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
		if err == nil {
			t.Fatalf("%v: enabled a conflicting pair", order)
		}
		msg := err.Error()
		if !strings.Contains(msg, "toy.loud") || !strings.Contains(msg, "toy.quiet") || !strings.Contains(msg, "cannot be combined") {
			t.Fatalf("%v: the error must name both variants: %v", order, msg)
		}
	}
	// one at a time, and the compatible pair, load
	for _, ok := range [][]string{{"toy.loud", "toy.calm"}, {"toy.quiet", "toy.calm"}} {
		e, err := New(context.Background(), Options{Ruleset: "toy", Variants: ok,
			UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
		if err != nil {
			t.Fatalf("%v: %v", ok, err)
		}
		e.Close()
	}
}

func TestVariantChangesAreListed(t *testing.T) {
	e, err := New(context.Background(), Options{Ruleset: "toy", Variants: []string{"toy.loud", "toy.calm"},
		UserRoots: []luart.Root{DirRoot("user", toyVariants())}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	got := strings.Join(e.Rules.Changes("variant:toy.loud"), "; ")
	if got != "merge toy.voice (level); hook round.start (result)" {
		t.Fatalf("loud's changes: %q", got)
	}
	if c := e.Rules.Changes("variant:toy.calm"); len(c) != 0 {
		t.Fatalf("calm changes nothing, got %v", c)
	}
}

func TestConflictsMustBeVariantIDs(t *testing.T) {
	fs := toyVariants()
	fs["variants/toy/calm.lua"] = &fstest.MapFile{Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.calm", system = "toy", conflicts = { 3 } }`)}
	_, err := New(context.Background(), Options{Ruleset: "toy", Variants: []string{"toy.calm"},
		UserRoots: []luart.Root{DirRoot("user", fs)}})
	if err == nil || !strings.Contains(err.Error(), "conflicts[1] must be a variant id") {
		t.Fatalf("got %v", err)
	}
}
