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
	out := run1e(t, "each.lua", `
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
return table.concat(got, ", "), n, #hps, ok, msg`)
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

// TestListInQueriesMatchUnpacked: fight.has_any_in and fight.has_any_tag_in
// answer as fight.has_any and fight.has_any_tag of the list unpacked, and
// fight.has_any_tag_each and fight.ability_each give, for every creature of
// a list, what fight.has_any_tag and c:ability give one creature at a time
// (nil where it has no such ability), in a new table or over a given one.
func TestListInQueriesMatchUnpacked(t *testing.T) {
	out := run1e(t, "in.lua", `
local creature = require("creature")
local fight = require("fight")
local list = {}
for i = 1, 6 do
  local tags = {}
  if i % 2 == 0 then tags[#tags + 1] = "fighter" end
  if i % 3 == 0 then tags[#tags + 1] = "ranger" end
  local abilities = {}
  if i ~= 4 then abilities.level = i end
  local c = creature.new{ id = "c" .. i, hp = 10, ac = 5, tags = tags, abilities = abilities }
  if i % 2 == 1 then c:add_condition("asleep") end
  if i == 6 then c:add_condition("held") end
  list[i] = c
end
local names, tags = { "held", "asleep", "paralyzed" }, { "paladin", "fighter", "ranger" }
local any_tag, level = fight.has_any_tag_each(list, tags), fight.ability_each(list, "level")
local into = { "x", "x", "x", "x", "x", "x", "kept" }
local again = fight.ability_each(list, "level", into)
local got, n, lv = {}, 0, 0
for i, c in ipairs(list) do
  if fight.has_any_in(c, names) ~= fight.has_any(c, unpack(names)) then got[#got + 1] = "in " .. i end
  if fight.has_any_in(c, {}) ~= false then got[#got + 1] = "in none " .. i end
  if fight.has_any_tag_in(c, tags) ~= fight.has_any_tag(c, unpack(tags)) then got[#got + 1] = "tag in " .. i end
  if any_tag[i] ~= fight.has_any_tag(c, unpack(tags)) then got[#got + 1] = "tag each " .. i end
  if level[i] ~= c:ability("level") then got[#got + 1] = "ability " .. i end
  if again[i] ~= level[i] then got[#got + 1] = "into " .. i end
  if any_tag[i] then n = n + 1 end
  if level[i] then lv = lv + 1 end
end
if again ~= into or into[7] ~= "kept" then got[#got + 1] = "into's own table, entries past the list" end
local ok = pcall(fight.has_any_in, list[1], { "held", 3 })
return table.concat(got, ", "), n, lv, ok`)
	if s := out[0].(lua.LString); s != "" {
		t.Errorf("the queries differ from the unpacked, one-by-one calls at: %s", s)
	}
	if n := out[1].(lua.LNumber); n != 4 {
		t.Errorf("%v creatures have any of the tags, want 4 (2, 3, 4, 6)", n)
	}
	if n := out[2].(lua.LNumber); n != 5 {
		t.Errorf("%v creatures have a level, want 5 (all but 4)", n)
	}
	if ok := out[3].(lua.LBool); ok {
		t.Errorf("fight.has_any_in took a list holding a number")
	}
}

// TestRoutinesEachMatchesRoutines: the 1e melee.routines_each gives every
// creature of a list the attack routines melee.routines gives it alone
// (fighters of low, middle and high level, hasted or not, monsters with
// and without a routines ability), in odd and even rounds.
func TestRoutinesEachMatchesRoutines(t *testing.T) {
	out := run1e(t, "routines.lua", `
local creature = require("creature")
local melee = require("core.1e.melee")
local list = {}
local kinds = {
  { tags = { "fighter" }, abilities = { level = 3 } }, { tags = { "ranger" }, abilities = { level = 8 } },
  { tags = { "paladin" }, abilities = { level = 14 } }, { tags = { "fighter" }, abilities = {} },
  { tags = { "monster" }, abilities = { routines = 2 } }, { tags = { "monster" }, abilities = {} },
  { tags = { "cleric" }, abilities = { level = 9 } }, { tags = { "fighter", "ranger" }, abilities = { level = 7 } },
}
for i, k in ipairs(kinds) do
  for _, hasted in ipairs({ false, true }) do
    local c = creature.new{ id = "c" .. i, hp = 10, ac = 5, tags = k.tags, abilities = k.abilities }
    if hasted then c:add_condition("hasted") end
    list[#list + 1] = c
  end
end
local got, into, seen = {}, {}, {}
for round = 1, 4 do
  local each = melee.routines_each(list, round, into)
  for i, c in ipairs(list) do
    if each[i] ~= melee.routines(c, round) then got[#got + 1] = c:get("id") .. " round " .. round end
    seen[each[i]] = true
  end
end
local n = 0
for _ in pairs(seen) do n = n + 1 end
return table.concat(got, ", "), n`)
	if s := out[0].(lua.LString); s != "" {
		t.Errorf("melee.routines_each differs from melee.routines at: %s", s)
	}
	if n := out[1].(lua.LNumber); n < 4 {
		t.Errorf("only %v different numbers of routines seen: the creatures do not cover the table", n)
	}
}

// TestTagsAmongMatchesHasTag: fight.tags_among lists the names a creature
// has as tags in the order of the list asked (c:has_tag of each), each
// once however often the creature has it, and written over a given table
// clears that table's later entries.
func TestTagsAmongMatchesHasTag(t *testing.T) {
	out := run1e(t, "among.lua", `
local creature = require("creature")
local fight = require("fight")
local names = { "fighter", "cleric", "magic-user", "thief" }
local c = creature.new{ id = "c", hp = 10, ac = 5, tags = { "thief", "pc", "fighter", "thief" } }
local want = {}
for _, n in ipairs(names) do
  if c:has_tag(n) then want[#want + 1] = n end
end
local got = fight.tags_among(c, names)
local into = fight.tags_among(c, names, { "x", "x", "x", "x", "x" })
local none = fight.tags_among(c, { "druid" }, { "x" })
return table.concat(want, ","), table.concat(got, ","), table.concat(into, ","), #into, #none`)
	if out[0] != out[1] || out[0] != out[2] || out[0] != lua.LString("fighter,thief") {
		t.Errorf("fight.tags_among gave %v and %v (into), c:has_tag %v; want fighter,thief", out[1], out[2], out[0])
	}
	if out[3] != lua.LNumber(2) || out[4] != lua.LNumber(0) {
		t.Errorf("a given table keeps %v and %v entries, want 2 and 0", out[3], out[4])
	}
}

// TestTagSuffixMatchesPattern: fight.tag_suffix gives what a search of
// c:get("tags") in order for the first tag matching "^prefix(.+)$" gives,
// and nil for a creature without one (a bare prefix is not one).
func TestTagSuffixMatchesPattern(t *testing.T) {
	out := run1e(t, "suffix.lua", `
local creature = require("creature")
local fight = require("fight")
local function by_pattern(c)
  for _, tag in ipairs(c:get("tags")) do
    local k = tag:match("^undead:(.+)$")
    if k then return k end
  end
  return nil
end
local got = {}
for i, tags in ipairs({ { "undead", "undead:ghoul", "undead:wight" }, { "undead:", "monster" }, {}, { "x", "undead:zombie" } }) do
  local c = creature.new{ id = "c" .. i, hp = 5, ac = 8, tags = tags }
  local a, b = fight.tag_suffix(c, "undead:"), by_pattern(c)
  if a ~= b then got[#got + 1] = i .. ": " .. tostring(a) .. " vs " .. tostring(b) end
end
return table.concat(got, ", "), fight.tag_suffix(creature.new{ id = "g", hp = 5, ac = 8, tags = { "undead:ghoul" } }, "undead:")`)
	if s := out[0].(lua.LString); s != "" {
		t.Errorf("fight.tag_suffix differs from the pattern search at: %s", s)
	}
	if out[1] != lua.LString("ghoul") {
		t.Errorf("fight.tag_suffix of undead:ghoul gave %v, want ghoul", out[1])
	}
}

// TestFighterListsMatchOneByOne: in a fight, fight.out_each and
// fight.side_each give every creature of a list what fight.out and
// fight.side give one at a time, round after round as creatures fall,
// over a given table too.
func TestFighterListsMatchOneByOne(t *testing.T) {
	out := run1e(t, "fighters.lua", `
local fight = require("fight")
local rules = require("rules")
local got, asked, fell = {}, 0, 0
local outs, sides = {}, {}
local h = rules.on("round.end", function()
  local list = fight.all()
  fight.out_each(list, outs)
  fight.side_each(list, sides)
  local fresh = fight.out_each(list)
  for i, c in ipairs(list) do
    asked = asked + 1
    if outs[i] ~= fight.out(c) or fresh[i] ~= outs[i] then got[#got + 1] = "out " .. i end
    if sides[i] ~= fight.side(c) then got[#got + 1] = "side " .. i end
    if outs[i] then fell = fell + 1 end
  end
end)
fight.run(fight.encounter{
  sides = {
    { name = "a", members = { { monster = "orc", count = 3 } } },
    { name = "b", members = { { monster = "gnoll", count = 3 } } },
  },
  max_rounds = 6,
})
rules.off(h)
return table.concat(got, ", "), asked, fell`)
	if s := out[0].(lua.LString); s != "" {
		t.Errorf("the fighter lists differ from the one-by-one calls at: %s", s)
	}
	if out[1].(lua.LNumber) == 0 || out[2].(lua.LNumber) == 0 {
		t.Errorf("asked %v times, %v out: the test saw no fight, or no one fall", out[1], out[2])
	}
}

// run1e runs the chunk src, named name, in a new engine under the 1e rules
// (seed 1) and returns what it returns; an error fails the test.
func run1e(t *testing.T, name, src string) []lua.LValue {
	t.Helper()
	e, err := engine.New(context.Background(), engine.Options{Ruleset: "1e", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	out, err := e.R.DoString(context.Background(), name, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCountsMatchLists: fight.enemy_count and fight.ally_count give the
// lengths of the lists fight.enemies and fight.allies build, for every
// creature of a fight, in or out of it, round after round as they fall
// (two sides, and three: fight.enemies' two paths).
func TestCountsMatchLists(t *testing.T) {
	out := run1e(t, "counts.lua", `
local fight = require("fight")
local rules = require("rules")
local got, asked, fell = {}, 0, 0
local h = rules.on("round.end", function()
  for i, c in ipairs(fight.all()) do
    asked = asked + 1
    if fight.enemy_count(c) ~= #fight.enemies(c) then got[#got + 1] = "enemies " .. i end
    if fight.ally_count(c) ~= #fight.allies(c) then got[#got + 1] = "allies " .. i end
    if fight.out(c) then fell = fell + 1 end
  end
end)
for _, n in ipairs{ 2, 3 } do
  local sides = {
    { name = "a", members = { { monster = "orc", count = 3 } } },
    { name = "b", members = { { monster = "gnoll", count = 3 } } },
    { name = "c", members = { { monster = "kobold", count = 2 } } },
  }
  sides[n + 1] = nil
  fight.run(fight.encounter{ sides = sides, max_rounds = 6 })
end
rules.off(h)
return table.concat(got, ", "), asked, fell`)
	if s := out[0].(lua.LString); s != "" {
		t.Errorf("the counts differ from the lists' lengths at: %s", s)
	}
	if out[1].(lua.LNumber) == 0 || out[2].(lua.LNumber) == 0 {
		t.Errorf("asked %v times, %v out: the test saw no fight, or no one fall", out[1], out[2])
	}
}
