-- ruleset: 3e
-- variants: 3e.massive_by_size
-- DMG-DAM-03 (variant), TV-23: the massive-damage threshold is 50 for
-- Medium, +/-10 a size category; the save is the PHB's Fort DC 15. The
-- base rule's cases are in dmg_variants_off_spec.lua.
-- covers: DMG-DAM-03
local S = require("core.3e.statblock")
local H = require("core.3e.hp")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }

local function two(size, hp)
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 10 }, weapons = { { name = "Sword", damage = "1d8" } } }
  local b = S.build{ id = "b", hp = hp, size = size, abilities = { str = 10, dex = 10, con = 10 },
    weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 1, 1 }, stat = a }, { id = "b", side = "b", at = { 3, 1 }, stat = b } },
    { acted = true })
  return all.a, all.b
end

test("the thresholds by size: Fine 10 ... Colossal 90", function()
  local want = { fine = 10, diminutive = 20, tiny = 30, small = 40, medium = 50, large = 60, huge = 70, gargantuan = 80, colossal = 90 }
  for size, n in pairs(want) do eq(H.massive_by_size(size), n, size) end
end)

test("TV-23: a Large creature takes 55: no save (60); 60: the save", function()
  local a, b = two("large", 200)
  fight.damage(b, 55, "slashing", a)
  eq(fight.is(b, "dead"), false, "no die drawn: no save")
  dice.force{ 3 }
  fight.damage(b, 60, "slashing", a)
  eq(fight.is(b, "dead"), true, "3 fails DC 15")
end)

test("TV-23: a halfling (Small) takes 40: the save; 39: none", function()
  local a, b = two("small", 200)
  fight.damage(b, 39, "slashing", a)
  eq(fight.is(b, "dead"), false)
  dice.force{ 15 }
  fight.damage(b, 40, "slashing", a)
  eq(fight.is(b, "dead"), false, "15 makes DC 15")
  dice.force{ 14 }
  fight.damage(b, 40, "slashing", a)
  eq(fight.is(b, "dead"), true)
end)

test("a Medium creature keeps the PHB's 50", function()
  local a, b = two("medium", 200)
  fight.damage(b, 49, "slashing", a)
  eq(fight.is(b, "dead"), false)
  dice.force{ 1 }
  fight.damage(b, 52, "slashing", a)
  eq(fight.is(b, "dead"), true)
end)
