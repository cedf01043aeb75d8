-- D&D 5e (2024), inventory section 11: travel.
-- ruleset: 5e
-- covers: 5E-TRV-02 5E-TRV-03 5E-TRV-04 5E-TRV-05 5E-TRV-06 5E-TRV-07

local ch = require("core.5e.character")
local checks = require("core.5e.checks")
local tr = require("core.5e.travel")
local rest = require("core.5e.rest")

test("the marching order is a list scripts read; it changes outside combat (5E-TRV-02)", function()
  local a, b, c = creature.new{ id = "a", hp = 1 }, creature.new{ id = "b", hp = 1 }, creature.new{ id = "c", hp = 1 }
  local order = tr.order{ a, b, c }
  eq(order:first(), a, "the front rank meets the trap")
  eq(order:last(), c)
  order:move(c, 1)
  eq(order:members(), { c, a, b })
  eq(order:position(b), 3)
  fails(function() order:move(a, 3, { in_combat = true }) end, "outside combat")
end)

test("travel pace: Fast, Normal, Slow per minute, hour and day (TV-49, 5E-TRV-03, T-15)", function()
  eq(tr.distance("normal", { hours = 8 }), 24)
  eq(tr.distance("fast", { days = 1 }), 30, "the table, not 8 x 4")
  eq(tr.distance("slow", { days = 1 }), 18)
  eq(tr.distance("fast", { hours = 2 }), 8)
  eq(tr.feet_per_minute("slow"), 200)
  near(tr.distance("normal", { minutes = 10 }), 3000 / 5280)
  eq(tr.paces.fast.zh, "快速")
  fails(function() tr.distance("sprint", { hours = 1 }) end, "unknown travel pace")
end)

test("mounted: twice the distance for an hour, then the mounts need a rest (TV-49, 5E-TRV-04)", function()
  local horse = creature.new{ id = "horse", hp = 13 }
  eq(tr.gallop(horse, "normal"), 6)
  fails(function() tr.gallop(horse, "normal") end, "needs a Short or Long Rest")
  rest.short_rest(horse)
  eq(tr.gallop(horse, "fast"), 8)
  rest.long_rest(horse)
  eq(tr.gallop(horse, "slow"), 4, "a Long Rest does it too")
end)

test("pace effects: Fast, Disadvantage on Perception, Survival, Stealth; Normal on Stealth; Slow, Advantage (5E-TRV-05)", function()
  eq(tr.check_adv("fast", "wis", { "perception" }), -1)
  eq(tr.check_adv("fast", "wis", { "survival" }), -1)
  eq(tr.check_adv("fast", "dex", { "stealth" }), -1)
  eq(tr.check_adv("normal", "dex", { "stealth" }), -1)
  eq(tr.check_adv("normal", "wis", { "perception" }), 0)
  eq(tr.check_adv("slow", "wis", { "survival" }), 1)
  eq(tr.check_adv("slow", "dex", { "stealth" }), 0)
  local ranger = ch.new{ id = "ranger", max_hp = 10, level = 1, abilities = { wis = 14 }, skills = { "perception" } }
  dice.force{ 6, 17, 6, 17 }
  local r = checks.d20_test(ranger, { skill = "perception", pace = "slow", dc = 15 })
  eq(r.natural, 17)
  eq(r.success, true)
  r = checks.d20_test(ranger, { skill = "perception", pace = "fast", dc = 15 })
  eq(r.natural, 6)
  eq(r.success, false)
end)

test("terrain may forbid a pace: a variant replaces the hook (5E-TRV-06)", function()
  eq(tr.distance("fast", { hours = 1 }, { terrain = "swamp" }), 4)
  rules.wrap("5e.travel.pace_allowed", function(orig, pace, terrain)
    if terrain == "swamp" and pace == "fast" then return false end
    return orig(pace, terrain)
  end)
  fails(function() tr.distance("fast", { hours = 1 }, { terrain = "swamp" }) end, "not possible in swamp")
  eq(tr.distance("slow", { hours = 1 }, { terrain = "swamp" }), 2)
end)

test("vehicles: land vehicles take a pace; a ship's passengers take none, and it may sail 24 hours (5E-TRV-07)", function()
  eq(tr.vehicle_pace("land", "slow"), "slow")
  eq(tr.vehicle_pace("water", "fast"), nil, "no pace, so no pace effects")
  eq(tr.vessel_distance(3, 24), 72)
  fails(function() tr.vessel_distance(3, 25) end, "24 hours")
end)
