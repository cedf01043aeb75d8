package fightmod_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
)

// TestMonsterMistakesPointAtTheMonsterFile: a misspelt field, attack field,
// damage type or event, and a missing hp, are errors at the monster file's
// line and column, with the nearest right name.
func TestMonsterMistakesPointAtTheMonsterFile(t *testing.T) {
	const enc = `local fight = require("fight")
return fight.encounter{ sides = {
  { name = "a", members = { { monster = "goblin" } } },
  { name = "b", members = { { monster = "brute" } } },
} }
`
	good := "return {\n  id = \"brute\",\n  hp = 20,\n  ac = 12,\n  attacks = {\n    { name = \"Club\", bonus = 4, damage = \"1d6+2\", type = \"bludgeoning\" },\n  },\n}\n"
	cases := []struct {
		name, from, to string
		line, col      int
		want           string
	}{
		{"a field", "hp = 20", "hitpoints = 20", 3, 3, "unknown field hitpoints in the stat block of brute; did you mean hp?"},
		{"an attack field", "bonus = 4", "bonsu = 4", 6, 22, "unknown field bonsu in attack Club of the stat block of brute; did you mean bonus?"},
		{"a damage type", `type = "bludgeoning"`, `type = "bludgening"`, 6, 59, `unknown damage type "bludgening" in attack Club of the stat block of brute; did you mean bludgeoning?`},
		{"a labelled damage type", `damage = "1d6+2"`, `damage = "1d6+2 + 1d4[fyre]"`, 6, 55, `unknown damage type "fyre"`},
		{"an event", "  ac = 12,\n", "  ac = 12,\n  on = { [\"damage.rol\"] = function() end },\n", 5, 11, `a hook on unknown event "damage.rol"; did you mean "damage.roll"?`},
		{"no hp", "  hp = 20,\n", "", 2, 3, "the stat block of brute has no hp"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(good, c.from, c.to, 1)
			fs := fstest.MapFS{"monsters/5e/brute.lua": {Data: []byte(src)}}
			e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1, UserRoots: []luart.Root{engine.DirRoot("mine", fs)}})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			_, err = fightmod.LoadEncounter(context.Background(), e.Rules, "enc.lua", []byte(enc))
			var x *errs.Error
			if !errors.As(err, &x) {
				t.Fatalf("no located error: %v", err)
			}
			if x.File != "monsters/5e/brute.lua" || x.Line != c.line || x.Col != c.col || !strings.Contains(x.Msg, c.want) {
				t.Fatalf("got %s:%d:%d: %s\nwant monsters/5e/brute.lua:%d:%d: %s", x.File, x.Line, x.Col, x.Msg, c.line, c.col, c.want)
			}
		})
	}
	// the good file plays
	fs := fstest.MapFS{"monsters/5e/brute.lua": {Data: []byte(good)}}
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1, UserRoots: []luart.Root{engine.DirRoot("mine", fs)}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := fightmod.LoadEncounter(context.Background(), e.Rules, "enc.lua", []byte(enc)); err != nil {
		t.Fatal(err)
	}
}

// TestEventDocsCoverTheFight: the reference documents every event a fight
// raises, once, in the order it lists them.
func TestEventDocsCoverTheFight(t *testing.T) {
	var docs []string
	for _, d := range fightmod.EventDocs {
		docs = append(docs, d.Name)
	}
	names := fight.EventNames()
	for _, n := range names {
		if !slices.Contains(docs, n) {
			t.Errorf("event %s is not documented", n)
		}
	}
	for _, d := range docs {
		if !slices.Contains(names, d) {
			t.Errorf("%s is documented but no fight raises it", d)
		}
	}
}
