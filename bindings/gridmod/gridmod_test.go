package gridmod

import (
	"context"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/creaturemod"
	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/rng"
)

func newRuntime(t *testing.T) *luart.Runtime {
	t.Helper()
	r, err := luart.New(luart.Config{Source: rng.New(1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	r.Register(creaturemod.Module(r))
	r.Register(Module())
	return r
}

func run(t *testing.T, r *luart.Runtime, src string) (lua.LValue, error) {
	t.Helper()
	v, err := r.DoString(context.Background(), "test.lua", "local grid = require('grid')\nlocal creature = require('creature')\n"+src, nil)
	if err != nil || len(v) == 0 {
		return lua.LNil, err
	}
	return v[0], nil
}

func TestGeometry(t *testing.T) {
	r := newRuntime(t)
	cases := []struct{ src, want string }{
		{`return grid.distance({x = 0, y = 0}, {x = 3, y = 6})`, "30"},
		{`return grid.distance({0, 0}, {3, 6}, {diagonal = "alternate"})`, "35"},
		{`return grid.distance({x = 0, y = 0}, {x = 3, y = 4}, {diagonal = "euclid", square = 1})`, "5"},
		// a Large body (2x2) at (2,0): its nearest square to (0,0) is (2,0)
		{`return grid.distance({x = 0, y = 0}, {x = 2, y = 0, space = 2})`, "10"},
		{`return grid.reach({x = 0, y = 0, reach = 5}, {x = 1, y = 1})`, "true"},
		{`return grid.reach({x = 0, y = 0, reach = 5}, {x = 2, y = 1})`, "false"},
		{`return grid.reach({x = 0, y = 0}, {x = 2, y = 1}, {reach = 10})`, "true"},
		{`return grid.adjacent({x = 0, y = 0}, {x = 1, y = 1})`, "true"},
		{`return grid.adjacent({x = 0, y = 0}, {x = 0, y = 0})`, "false"},
		{`local c = creature.new{ id = "c", hp = 5, pos = {x = 4, y = 4}, reach = 10, space = 2 }
		  return grid.reach(c, {x = 7, y = 4})`, "true"},
		{`return grid.cover({x = 0, y = 0}, {x = 4, y = 0}).grade`, "none"},
		{`return grid.cover({x = 0, y = 0}, {x = 4, y = 0}, {obstacles = {{x = 2, y = 0, block = "half"}}}).grade`, "half"},
		{`return grid.cover({x = 0, y = 0}, {x = 4, y = 0}, {obstacles = {{x = 3, y = -1}, {x = 3, y = 0}, {x = 3, y = 1}}}).grade`, "total"},
		{`return grid.los({x = 0, y = 0}, {x = 4, y = 0}, {obstacles = {{x = 3, y = -1}, {x = 3, y = 0}, {x = 3, y = 1}}})`, "false"},
		{`return #grid.area{shape = "burst", origin = {x = 5, y = 5, corner = true}, length = 10}`, "12"},
		{`return #grid.area{shape = "cube", origin = {x = 0, y = 0, corner = true}, length = 15}`, "9"},
		{`local r = grid.path({x = 0, y = 0}, {{0, 0}, {1, 1}, {2, 2}, {3, 2}}, {difficult = {{x = 2, y = 2}}})
		  return r.cost`, "20"},
		{`local r = grid.path({x = 0, y = 0}, {{0, 0}, {1, 0}, {2, 0}}, {difficult = {{x = 1, y = 0}}, budget = 10})
		  return r.affordable`, "1"},
		{`local orc = {id = "orc", x = 0, y = 1, reach = 5}
		  local r = grid.path({x = 0, y = 0}, {{0, 0}, {1, 0}, {2, 0}, {3, 0}}, {hostiles = {orc}})
		  return #r.events .. " " .. r.events[1].kind .. " " .. r.events[1].id .. " " .. r.events[1].step`, "1 leave orc 2"},
	}
	for _, c := range cases {
		v, err := run(t, r, c.src)
		if err != nil {
			t.Fatalf("%s\n%v", c.src, err)
		}
		if got := lua.LVAsString(v); v.Type() == lua.LTBool {
			got = v.String()
			if got != c.want {
				t.Errorf("%s\n got %s, want %s", c.src, got, c.want)
			}
		} else if got != c.want {
			t.Errorf("%s\n got %s, want %s", c.src, got, c.want)
		}
	}
}

func TestErrorsNameTheArgument(t *testing.T) {
	r := newRuntime(t)
	cases := []struct{ src, want string }{
		{`grid.distance({x = "a"}, {x = 0, y = 0})`, "x: integer expected"},
		{`grid.distance({x = 0, y = 0}, {x = 0, y = 0}, {diagonal = "knight"})`, "unknown diagonal rule"},
		{`grid.area{shape = "star", length = 5}`, "shape"},
		{`grid.path({x = 0, y = 0}, {{0, 0}, {2, 0}})`, "not a neighbouring square"},
		{`grid.cover({x = 0, y = 0}, {x = 1, y = 0}, {obstacles = {{x = 1, y = 1, block = "low"}}})`, "obstacles[1].block"},
	}
	for _, c := range cases {
		_, err := run(t, r, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.src, err, c.want)
		}
	}
}
