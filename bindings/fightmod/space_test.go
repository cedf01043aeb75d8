package fightmod_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/bindings/engine"
	"github.com/dndsh/dndsh/bindings/fightmod"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/grid"
)

// encounterSrc is an encounter file with a map and two members placed by
// `at` (the %s parts are filled per case).
const encounterSrc = `local fight = require("fight")
local st = { name = "x", hp = 5, ac = 10, attacks = { { name = "Hit", bonus = 0, damage = "1" } } }
return fight.encounter{
  map = { rows = [[
    ....
    %s
    ....
  ]] },
  sides = {
    { name = "a", members = { { id = "a1", stat = st, at = %s } } },
    { name = "b", members = { { id = "b1", stat = st, at = %s } } },
  },
}
`

func loadEnc(t *testing.T, src string) error {
	t.Helper()
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	_, err = fightmod.LoadEncounter(context.Background(), e.Rules, "enc.lua", []byte(src))
	return err
}

func TestMapErrorsPointIntoTheEncounterFile(t *testing.T) {
	cases := []struct {
		name, row, at1, at2 string
		line, col           int
		want                string
	}{
		{"wrong width", ".....", "{ 0, 0 }", "{ 3, 2 }", 6, 9, "row is 5 squares wide"},
		{"unknown legend character", ".x..", "{ 0, 0 }", "{ 3, 2 }", 6, 6, `unknown map character 'x'`},
		{"on a wall", ".#..", "{ 1, 1 }", "{ 3, 2 }", 10, 55, "is on a wall"},
		{"off the map", "....", "{ 0, 0 }", "{ 4, 2 }", 11, 55, "is off the map"},
		{"two on one square", "....", "{ 2, 2 }", "{ 2, 2 }", 11, 55, "on a square a1 fills"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(encounterSrc, "%s", c.row, 1)
			src = strings.Replace(src, "%s", c.at1, 1)
			src = strings.Replace(src, "%s", c.at2, 1)
			err := loadEnc(t, src)
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("want an error, got %v", err)
			}
			if e.File != "enc.lua" || e.Line != c.line || e.Col != c.col || !strings.Contains(e.Msg, c.want) {
				t.Fatalf("got %s:%d:%d %q, want enc.lua:%d:%d ...%q...", e.File, e.Line, e.Col, e.Msg, c.line, c.col, c.want)
			}
		})
	}
}

func TestMapZonesPlaceInRowOrder(t *testing.T) {
	src := `local fight = require("fight")
local st = { name = "x", hp = 5, ac = 10, attacks = { { name = "Hit", bonus = 0, damage = "1" } } }
return fight.encounter{
  map = { rows = { ".1.2", ".1.2", "#..2" } },
  sides = {
    { name = "a", members = { { id = "a", count = 2, stat = st } } },
    { name = "b", members = { { id = "big", stat = st, at = { 2, 1 } }, { id = "b", count = 3, stat = st } } },
  },
}`
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "5e", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	f, err := fightmod.LoadEncounter(context.Background(), e.Rules, "enc.lua", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]grid.Pos{"a1": {X: 1, Y: 0}, "a2": {X: 1, Y: 1}, "big": {X: 2, Y: 1},
		"b1": {X: 3, Y: 0}, "b2": {X: 3, Y: 1}, "b3": {X: 3, Y: 2}}
	for id, p := range want {
		if got := f.Fighter(id).C.Pos; got != p {
			t.Errorf("%s at %v, want %v", id, got, p)
		}
	}
	if f.Map().W != 4 || f.Map().H != 3 || !f.Map().Blocked(grid.Pos{X: 0, Y: 2}) {
		t.Fatalf("map %dx%d", f.Map().W, f.Map().H)
	}
}

func TestEncounterWithoutAMapRefusesAt(t *testing.T) {
	err := loadEnc(t, `local fight = require("fight")
return fight.encounter{ sides = { { name = "a", members = { { id = "x", at = { 0, 0 },
  stat = { hp = 1, attacks = { { name = "Hit", damage = "1" } } } } } }, { name = "b", members = {
  { id = "y", stat = { hp = 1, attacks = { { name = "Hit", damage = "1" } } } } } } } }`)
	if err == nil || !strings.Contains(err.Error(), "has no map") {
		t.Fatalf("got %v", err)
	}
}
