-- The Lua creature module: stat blocks, handles, fields, conditions with
-- levels, tags, resources and their recharge, copies.
-- ruleset: base

local function goblin()
  return creature.new{
    id = "goblin", name = { en = "Goblin Warrior", zh = "地精战士" }, side = "foes",
    hp = 10, ac = 15,
    abilities = { str = 8, dex = 15, con = 10 },
    speed = 30, size = "small", size_rank = 2, reach = 5,
    tags = { "goblinoid", "humanoid" },
    senses = { darkvision = 60 },
    resources = {
      breath = { max = 1, recharge = "roll", die = 6, min = 5 },
      second_wind = { max = 1, recharge = "rest", rest = "short" },
    },
    condition_immune = { "charmed" },
    pos = { x = 3, y = 4 },
    attacks = { scimitar = { hit = 4, damage = "1d6+2[slashing]" } }, -- read by other modules
  }
end

test("a stat block becomes a creature", function()
  local g = goblin()
  eq(g:get("id"), "goblin")
  eq(g:get("name"), "Goblin Warrior")
  eq(g:get("side"), "foes")
  eq(g:get("hp"), 10)
  eq(g:get("max_hp"), 10, "max_hp defaults to hp")
  eq(g:get("temp_hp"), 0)
  eq(g:get("ac"), 15)
  eq(g:get("ac_descending"), false)
  eq(g:get("abilities"), { str = 8, dex = 15, con = 10 })
  eq(g:get("speed"), { walk = 30 })
  eq(g:get("size"), "small")
  eq(g:get("size_rank"), 2)
  eq(g:get("reach"), 5)
  eq(g:get("space"), { w = 1, h = 1, shared = false })
  eq(g:get("tags"), { "goblinoid", "humanoid" })
  eq(g:get("senses"), { darkvision = 60 })
  eq(g:get("pos"), { x = 3, y = 4, z = 0 })
  eq(g:resource("breath"), { current = 1, max = 1, recharge = "roll", die = 6, min = 5 })
  eq(g:resource("second_wind"), { current = 1, max = 1, recharge = "rest", rest = "short" })
  eq(g:resource("rage"), nil)
  ok(g:immune_to("charmed"))
  eq(g:ability("dex"), 15)
  eq(g:ability("cha"), nil)
  eq(g.mod, nil, "modifiers are the scripts' business")
end)

test("handles are shared, compare equal and are read-only", function()
  local g = goblin()
  local seen = { [g] = "goblin" }
  eq(seen[g], "goblin")
  ok(g == g)
  local twin = g:clone{ id = "goblin 2" }
  ok(twin ~= g, "a clone is another creature")
  ok(creature.is(g))
  eq(creature.is({}), false)
  matches(tostring(g), "goblin (Goblin Warrior) hp 10/10")
  fails(function() g.hp = 3 end, "read-only")
end)

test("set changes fields; a bad value changes nothing", function()
  local g = goblin()
  g:set("hp", 4)
  eq(g:get("hp"), 4)
  g:set("max_hp", 3)
  eq(g:get("hp"), 3, "hp drops with the maximum")
  g:set("speed", { fly = 60 })
  eq(g:get("speed"), { walk = 30, fly = 60 }, "speeds merge")
  g:set("speed", { walk = false })
  eq(g:get("speed"), { fly = 60 }, "false removes a mode")
  g:set("name", "Grik")
  eq(g:get("name"), "Grik")
  g:set("pos", { x = 1, y = 2, z = 3 })
  eq(g:get("pos"), { x = 1, y = 2, z = 3 })
  g:set("senses", { truesight = "unlimited" })
  eq(g:get("senses").truesight, math.huge)
  fails(function() g:set("abilities", { str = 18, dex = "x" }) end, "abilities.dex: integer expected, got string")
  eq(g:ability("str"), 8, "the good entry was not applied either")
  fails(function() g:set("hp", 99) end, "out of range")
  fails(function() g:set("traits", {}) end, "add_trait")
  fails(function() g:set("hit_points", 3) end, 'unknown or read-only field "hit_points"')
  fails(function() g:get("hit_points") end, 'unknown field "hit_points"')
end)

test("bad stat blocks are errors naming the key", function()
  fails(function() creature.new{ id = "x", hp = "x" } end, "hp: integer expected, got string")
  fails(function() creature.new{ id = "x", hp = 12, max_hp = 10 } end, "hp: 12 is above max_hp 10")
  fails(function() creature.new{ hp = 5 } end, "id: a stat block needs an id or a name")
  fails(function() creature.new{ id = "x" } end, "needs hp or max_hp")
  fails(function() creature.new{ id = "x", hp = 5, traits = { { kind = "resistance", type = "fire" } } } end,
    'traits[1].kind: unknown trait kind "resistance"')
  fails(function() creature.new{ id = "x", hp = 5, traits = { { kind = "resist_flat", type = "fire" } } } end,
    "traits[1].amount: a resist_flat trait needs an amount")
  fails(function() creature.new{ id = "x", hp = 5, resources = { breath = { max = 1, recharge = "roll", die = 6, min = 7 } } } end,
    "resources.breath: resource breath: recharge on 7+ of a d6 is impossible")
  fails(function() creature.new{ id = "x", hp = 5, speed = "fast" } end, "speed: number")
  fails(function() creature.new{ id = "x", hp = 5, tags = { "a", 3 } } end, "tags[2]: string expected")
  fails(function() creature.new("goblin") end, "table expected")
end)

-- 5e Exhaustion stacks in levels; levels from suffocation all go when the
-- creature breathes again (5E-HAZ-06); a Long Rest removes one level
-- (TV-38: level 3 -> 2). The kernel keeps the levels per source.
test("condition levels add up per source, capped", function()
  local c = creature.new{ id = "pc", hp = 20 }
  local levels = { stacking = "levels", max_level = 6 }
  eq(c:add_condition("exhaustion", levels), { id = 1, added = true, changed = false, immune = false, level = 1 })
  local r = c:add_condition("exhaustion", { stacking = "levels", max_level = 6, level = 2 })
  eq(r.level, 3)
  eq(r.changed, true)
  r = c:add_condition("exhaustion", { stacking = "levels", max_level = 6, source = "suffocation" })
  eq(r.id, 2)
  eq(r.level, 4)
  r = c:add_condition("exhaustion", { stacking = "levels", max_level = 6, source = "suffocation", level = 5 })
  eq(r.level, 6, "capped at max_level")
  r = c:add_condition("exhaustion", levels)
  eq(r.added or r.changed, false, "nothing to add at the cap")
  eq(c:level("exhaustion"), 6)
  eq(c:remove_condition("exhaustion", { source = "suffocation" }), 1)
  eq(c:level("exhaustion"), 3)
  eq(c:reduce_level("exhaustion", 1), 1)
  eq(c:conditions(), { { id = 1, name = "exhaustion", level = 2 } })
  eq(c:reduce_level("exhaustion", 5), 2)
  eq(c:has("exhaustion"), false, "level 0 ends it")
end)

test("stacking policies, durations and condition immunity", function()
  local c = goblin()
  local first = c:add_condition("prone")
  local again = c:add_condition("prone")
  eq(again.id, first.id)
  eq(again.added, false)
  c:add_condition("poisoned", { source = "spider", duration = 4, stacking = "refresh" })
  eq(c:add_condition("poisoned", { source = "snake", duration = 9, stacking = "refresh" }).changed, true)
  eq(c:conditions("poisoned"), { { id = 2, name = "poisoned", level = 0, source = "snake", duration = 9 } })
  c:add_condition("frightened", { source = "dragon", duration = 7, stacking = "independent" })
  c:add_condition("frightened", { source = "lich", duration = 8, stacking = "independent" })
  eq(#c:conditions("frightened"), 2)
  eq(c:expire(7), { { id = 3, name = "frightened", level = 0, source = "dragon", duration = 7 } })
  ok(c:has("frightened"), "the other instance lasts")
  eq(c:remove_condition(4), 1)
  eq(c:has("frightened"), false)
  local charm = c:add_condition("charmed")
  eq(charm.immune, true)
  eq(c:has("charmed"), false, "immunity: treated as never applied")
  fails(function() c:add_condition("prone", { stacking = "stack" }) end, 'unknown stacking "stack"')
  fails(function() c:add_condition("prone", { levle = 2 }) end, 'unknown key "levle"')
end)

test("tags keep their order", function()
  local c = goblin()
  eq(c:add_tag("leader"), true)
  eq(c:add_tag("leader"), false)
  ok(c:has_tag("goblinoid"))
  eq(c:remove_tag("humanoid"), true)
  eq(c:remove_tag("humanoid"), false)
  eq(c:get("tags"), { "goblinoid", "leader" })
  c:set("tags", { "fey" })
  eq(c:get("tags"), { "fey" })
end)

-- A breath weapon that recharges on 5-6 of a d6 at the start of the
-- creature's turn.
test("recharge rolls use the run's dice", function()
  local g = goblin()
  eq(g:start_turn(), {}, "a full resource does not roll")
  eq(g:spend("breath"), 0)
  dice.force{ 4, 5 }
  eq(g:start_turn(), { { name = "breath", face = 4, recharged = false } })
  eq(g:resource("breath").current, 0)
  eq(g:start_turn(), { { name = "breath", face = 5, recharged = true } })
  eq(g:resource("breath").current, 1)
end)

test("rests, rounds and turns refill their resources", function()
  local c = creature.new{ id = "pc", hp = 20, resources = {
    second_wind = { max = 1, recharge = "rest", rest = "short" },
    reaction = { max = 1, recharge = "turn" },
    legendary = { max = 3, recharge = "round" },
    rage = 3,
  } }
  c:spend("second_wind")
  eq(c:rest("long"), 0, "another kind of rest")
  eq(c:rest("short"), 1)
  eq(c:resource("second_wind").current, 1)
  c:spend("reaction")
  eq(c:start_turn(), {})
  eq(c:resource("reaction").current, 1)
  eq(c:spend("legendary", 2), 1)
  eq(c:start_round(), 1)
  eq(c:spend("rage", 3), 0)
  fails(function() c:spend("rage") end, "only 0 left")
  eq(c:restore("rage", 1), 1)
  eq(c:restore("rage"), 2)
  eq(c:resource("rage"), { current = 3, max = 3, recharge = "none" })
  c:set_resource("ki", { max = 4, current = 2 })
  eq(c:resource("ki").current, 2)
  fails(function() c:spend("mana") end, 'no resource "mana"')
end)

test("damage traits can be added and removed by source", function()
  local c = creature.new{ id = "pc", hp = 20 }
  c:add_trait{ kind = "resist", type = "fire", source = "potion" }
  c:add_trait{ kind = "vuln", type = "cold", num = 3, den = 2 }
  eq(c:get("traits"), {
    { kind = "resist", type = "fire", source = "potion" },
    { kind = "vuln", type = "cold", num = 3, den = 2 },
  })
  eq(c:damage(10, "cold").total, 15)
  eq(c:remove_traits("potion"), 1)
  eq(#c:get("traits"), 1)
  fails(function() c:add_trait{ kind = "resist", type = "fire", amount = 5 } end, "only resist_flat and vuln_flat")
end)

test("clones are independent and JSON round-trips", function()
  local g = goblin()
  g:add_condition("prone")
  local copy = g:clone()
  copy:damage(4, "fire")
  copy:remove_condition("prone")
  eq(g:get("hp"), 10)
  ok(g:has("prone"))
  local back = creature.from_json(g:to_json())
  ok(back ~= g)
  eq(back:to_json(), g:to_json())
  eq(back:get("name"), "Goblin Warrior")
  fails(function() creature.from_json("{") end, "bad creature record")
end)
