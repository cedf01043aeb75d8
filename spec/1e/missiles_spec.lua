-- ruleset: 1e
-- Missiles, firing into melee, cover against spells, and grenade-like
-- missiles (inventory sections 7-9).
-- covers: 1E-MISS-01 1E-MISS-03 1E-MISS-08 1E-CAST-05 1E-GREN-01 1E-GREN-02 1E-GREN-03 1E-GREN-04
-- covers: 1E-GREN-05 1E-GREN-06 1E-GREN-07 1E-GREN-08 1E-GREN-09 1E-GREN-10 1E-GREN-11
local m = require("core.1e.missiles")
local enc = require("core.1e.encounter")

test("missiles share a slot with devices, spells and turning; magic may destroy them", function()
  eq({ m.same_slot.missile, m.same_slot.device, m.same_slot.cast, m.same_slot.turn }, { true, true, true, true })
  dice.force{ 14 }
  eq(m.survives_magic("Wood or rope, thin", "fireball"), false, "an arrow in a fireball needs 15")
  dice.force{ 2 }
  eq(m.survives_magic("Metal, hard", "fireball"), false)
  dice.force{ 6 }
  eq(m.survives_magic("Metal, hard", "fireball"), true)
end)

test("a missile into a melee may hit a friend, by size shares", function()
  local a = creature.new{ id = "a", hp = 10, size = "M" }
  local friend = creature.new{ id = "f", hp = 10, size = "M" }
  local foe1 = creature.new{ id = "x", hp = 10, size = "M" }
  local foe2 = creature.new{ id = "y", hp = 10, size = "S" }
  eq(m.chance_a(1.5, 1), 60)
  -- the state of a fight: everyone engaged but the shooter
  local state = { list = { a, friend, foe1, foe2 } }
  local sides = { [a] = "us", [friend] = "us", [foe1] = "them", [foe2] = "them" }
  local function side_of(c) return sides[c] end
  local function is_out() return false end
  local rec = enc.rec
  enc.state.by = {}
  rec(a).gap, rec(friend).gap, rec(foe1).gap, rec(foe2).gap = 50, 0, 0, 0
  dice.force{ 60 }
  eq(m.melee_target(a, foe1, state, side_of, is_out), foe1, "60 <= 60%")
  dice.force{ 61, 1 }
  eq(m.melee_target(a, foe1, state, side_of, is_out), friend, "the rest hits the friend")
end)

test("a much larger target can be aimed at", function()
  local giant = creature.new{ id = "g", hp = 60, size = "H", size_rank = 4 }
  local man = creature.new{ id = "m", hp = 8, size = "M", size_rank = 2 }
  local ogre = creature.new{ id = "o", hp = 20, size = "L", size_rank = 3 }
  eq(m.size_disparity(giant, { man }), true)
  eq(m.size_disparity(giant, { man, ogre }), false)
end)

test("cover against spells: 90% and a made save take nothing", function()
  eq(m.cover_vs_spell(20, 90, true), 0)
  eq(m.cover_vs_spell(20, 50, true), 10)
  eq(m.cover_vs_spell(20, 90, false), 20)
end)

test("containers: capacity and damage", function()
  eq(m.capacity("acid"), "1/2 pint (8 oz)")
  eq(m.capacity("oil"), "1 pint (16 oz)")
  dice.force{ 3, 4 }
  eq({ m.direct("acid") }, { 7, 0 }, "2-8 as 2d4")
  dice.force{ 4 }
  eq({ m.direct("holy") }, { 5, 0 }, "2-7 as 1d6+1")
  dice.force{ 6, 5, 3 }
  eq({ m.direct("oil") }, { 11, 3 }, "2d6, then 1d6 the next round")
  dice.force{ 2 }
  eq({ m.splash("oil") }, { 2, 2 }, "1-3 segments at 1 a segment")
  eq(m.splash("holy"), 2)
  eq(m.splash("acid"), 1)
  eq(m.direct("poison"), nil, "special")
end)

test("range: 3 inches; medium -2, long -5", function()
  eq({ m.grenade_mod(1), m.grenade_mod(1.5), m.grenade_mod(3), m.grenade_mod(4) }, { 0, -2, -5, nil })
end)

test("a hit breaks the container on a failed crushing-blow save; oil must burn", function()
  dice.force{ 10 }
  eq(m.breaks("Ceramic"), true, "ceramic needs 18")
  dice.force{ 19 }
  eq(m.breaks("Crystal or vial"), false)
  eq(m.breaks("Crystal or vial", true), true, "prepared to break")
  eq(m.harms("oil", true, false), false)
  eq(m.harms("oil", true, true), true)
  eq(m.harms("acid", false), false)
end)

test("poison: contact, or an orifice", function()
  eq(m.poison_works({ orifice = true, stoppered = false }), true)
  dice.force{ 14 }
  eq(m.poison_works({ orifice = true, stoppered = true, material = "Glass" }), true, "normal blow: glass needs 15")
  dice.force{ 15 }
  eq(m.poison_works({ orifice = true, stoppered = true, material = "Glass" }), false)
  dice.force{ 5 }
  eq(m.poison_works({ contact = true, material = "Glass" }), true)
  eq(m.poison_works({}), false)
end)

test("splash: a save vs poison within 3 ft", function()
  local a = creature.new{ id = "a", hp = 5, tags = { "pc", "fighter" }, abilities = { level = 1 } }
  local b = creature.new{ id = "b", hp = 5, tags = { "pc", "fighter" }, abilities = { level = 1 } }
  dice.force{ 5, 16 }
  local s = m.splashed({ a, b })
  eq(#s, 1)
  eq(s[1], a)
  eq(m.splash_ft, 3)
end)

test("a miss scatters 1d6 ft in a d8 direction", function()
  dice.force{ 4, 8 }
  local ft, dir, d8 = m.scatter()
  eq({ ft, dir, d8 }, { 4, "long (over / beyond target)", 8 })
  eq(m.on_wall(dir), "up", "long is higher on a wall")
  dice.force{ 2, 4 }
  eq(select(2, m.scatter("short")), "short (lands in front of target)")
  eq(m.on_wall("short left"), "down")
  eq(m.offsets["right"], { 1, 0 })
  -- the dice are a d6 and a d8 at every range (a face the die cannot show
  -- is refused, so these pin the sizes)
  for _, band in ipairs({ "short", "medium", "long" }) do
    dice.force{ 6, 8 }
    local f6, _, f8 = m.scatter(band)
    eq({ f6, f8 }, { 6, 8 }, band)
    dice.force{ 7 }
    fails(function() m.scatter(band) end, "face 7 does not fit a die of 1..6")
    dice.force{ 1, 9 }
    fails(function() m.scatter(band) end, "face 9 does not fit a die of 1..8")
  end
end)

test("lighting spilled oil, crossing burning oil", function()
  eq(m.lights(2, 3), true)
  eq(m.lights(4, 3), false)
  eq(m.lantern_pool_ft, 2)
  eq({ m.crossing({ leap = true }) }, { 0, false })
  dice.force{ 12 }
  eq({ m.crossing({ leap = true, cloth = true }) }, { 0, true }, "cloth needs 13 against normal fire")
  dice.force{ 5 }
  eq({ m.crossing({}) }, { 5, false }, "1d6 a round in it")
end)

test("holy and unholy water", function()
  local ghoul = creature.new{ id = "g", hp = 9, tags = { "undead" } }
  local ghost = creature.new{ id = "h", hp = 9, tags = { "undead", "incorporeal" } }
  local devil = creature.new{ id = "d", hp = 9, tags = { "lower_planar" } }
  local paladin = creature.new{ id = "p", hp = 9, tags = { "paladin" } }
  eq({ m.water_hurts("holy", ghoul), m.water_hurts("holy", ghost), m.water_hurts("holy", devil),
       m.water_hurts("holy", paladin) }, { true, false, true, false })
  eq(m.water_hurts("unholy", paladin), true)
end)

test("dropped weights and boulders", function()
  dice.force{ 3, 4 }
  eq(m.dropped(28, 30), 7, "1d6 per 14 lb")
  eq(m.dropped(28, 30, true), 60, "the per-foot reading")
  eq(m.dropped(28, 90, true), 120, "over 60 ft counts as 60")
  eq(m.boulder_ft.engine, 2)
end)
