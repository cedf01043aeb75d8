package engine

import (
	"context"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/lua-api.md")

// TestAPIReference fails when an exported Lua function has no doc line, or
// when docs/lua-api.md is out of date (regenerate with -update).
func TestAPIReference(t *testing.T) {
	e, err := New(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for _, name := range e.Undocumented() {
		t.Errorf("%s has no doc line", name)
	}
	var systems []*Engine
	for _, id := range e.Rules.Systems() {
		if id == "base" {
			continue
		}
		se, err := New(context.Background(), Options{Ruleset: id})
		if err != nil {
			t.Fatal(err)
		}
		defer se.Close()
		systems = append(systems, se)
	}
	const path = "../../docs/lua-api.md"
	got := e.APIReference(systems...)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil || string(want) != got {
		t.Fatalf("docs/lua-api.md is out of date: run go test ./bindings/engine -run TestAPIReference -update")
	}
}
