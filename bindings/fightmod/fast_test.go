package fightmod_test

import (
	"context"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/engine"
)

// TestListQueriesMatchOneByOne: fight.hp_each and fight.has_any_each give,
// for every creature of a list, what c:get("hp") and fight.has_any give
// one creature at a time (creatures with none, one or several of the
// conditions, wounded and not), in a new table or over a given one, and
// refuse a list holding something else.
func TestListQueriesMatchOneByOne(t *testing.T) {
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "1e", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	out, err := e.R.DoString(context.Background(), "each.lua", `
local creature = require("creature")
local fight = require("fight")
local list = {}
for i = 1, 6 do
  local c = creature.new{ id = "c" .. i, hp = 10 + i, ac = 5 }
  if i % 2 == 0 then c:add_condition("asleep") end
  if i % 3 == 0 then c:add_condition("held") end
  if i == 5 then c:add_condition("casting") end
  if i > 3 then c:damage(i) end
  list[i] = c
end
local names = { "asleep", "held", "paralyzed" }
local hps, any, one = fight.hp_each(list), fight.has_any_each(list, names), fight.has_any_each(list, { "casting" })
local none = fight.has_any_each(list, {})
-- into: the same answers written over a table's old entries, those past the list kept
local into = { "x", "x", "x", "x", "x", "x", "kept" }
local again = fight.has_any_each(list, names, into)
local hp_into = fight.hp_each(list, { 0, 0, 0, 0, 0, 0, -1 })
local got, n = {}, 0
for i, c in ipairs(list) do
  if hps[i] ~= c:get("hp") then got[#got + 1] = "hp " .. i end
  if any[i] ~= fight.has_any(c, unpack(names)) then got[#got + 1] = "any " .. i end
  if one[i] ~= fight.has_any(c, "casting") then got[#got + 1] = "casting " .. i end
  if none[i] ~= false then got[#got + 1] = "none " .. i end
  if again[i] ~= any[i] then got[#got + 1] = "into " .. i end
  if hp_into[i] ~= hps[i] then got[#got + 1] = "hp into " .. i end
  if any[i] then n = n + 1 end
end
if again ~= into or into[7] ~= "kept" or hp_into[7] ~= -1 then got[#got + 1] = "into's own table, entries past the list" end
local ok, msg = pcall(fight.hp_each, { list[1], "x" })
return table.concat(got, ", "), n, #hps, ok, msg`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := out[0].(lua.LString); s != "" {
		t.Errorf("the list queries differ from the one-by-one calls at: %s", s)
	}
	if n := out[1].(lua.LNumber); n != 4 {
		t.Errorf("%v creatures have any of the conditions, want 4 (2, 3, 4, 6)", n)
	}
	if n := out[2].(lua.LNumber); n != 6 {
		t.Errorf("fight.hp_each gave %v entries, want 6", n)
	}
	if ok := out[3].(lua.LBool); ok {
		t.Errorf("fight.hp_each took a list holding a string")
	}
}
