-- ruleset: 3e
-- variants: 3e.specific_areas
-- DMG-DAM-04 (variant), TV-24 and A-18: an injured part gives -2 on the
-- actions that use it, not stacking; Fort DC 10 + damage ignores it; a
-- minor injury goes with Heal DC 15, a healing spell or a day's rest.
-- The same attack without the variant is in dmg_variants_off_spec.lua.
-- covers: DMG-DAM-04
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")
local SA = rules.need("3e.specific_areas")

local OPEN = { "......", "......", "......" }

local function two()
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 10, con = 10 }, saves = { fort = 2 },
    weapons = { { name = "Sword", damage = "1d8" } } }
  local b = S.build{ id = "b", hp = 30, abilities = { str = 10, dex = 10 }, weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "b", side = "b", at = { 3, 2 }, stat = b } },
    { acted = true })
  return all.a, all.b
end

test("TV-24: a caltrop's 1 damage: -2 on Climb, Jump and Balance; Fort DC 11 ignores it", function()
  local a = two()
  eq(SA.injure(a, "foot", 1, { minor = true }), 11)
  eq({ SA.penalty_for(a, "climb"), SA.penalty_for(a, "jump"), SA.penalty_for(a, "balance"), SA.penalty_for(a, "forgery") },
    { -2, -2, -2, 0 })
  dice.force{ 8 } -- 8 + 2 = 10 < 11
  eq(SA.ignore_pain(a, "foot"), false)
  dice.force{ 9 }
  eq(SA.ignore_pain(a, "foot"), true)
  eq(SA.penalty_for(a, "climb"), 0)
end)

test("TV-24: a minor injury goes with a Heal check DC 15, a healing spell or a day of rest; penalties do not stack", function()
  local a = two()
  SA.injure(a, "foot", 1, { minor = true })
  dice.force{ 10 }
  eq(SA.heal_check(4, a), 0, "14 < 15")
  dice.force{ 11 }
  eq(SA.heal_check(4, a), 1)
  eq(SA.penalty_for(a, "climb"), 0)
  SA.injure(a, "foot", 1, { minor = true })
  eq(SA.day_of_rest(a), 1)
  SA.injure(a, "hand", 3)
  SA.injure(a, "hand", 2)
  SA.injure(a, "foot", 1, { minor = true })
  eq(SA.penalty_for(a, "climb"), -2, "two injured hands and a foot: still -2")
  eq(SA.day_of_rest(a), 1, "a day of rest heals only the minor one")
  eq(SA.healing_spell(a), 2)
  fails(function() SA.injure(a, "wing", 3) end, "Tables 3-8/3-9 are missing")
end)

test("an injured hand: -2 on its attacks in the fight", function()
  local a, b = two()
  SA.injure(a, "hand", 4)
  dice.force{ 10 }
  local r = fight.strike(a, b, "Sword")
  eq({ r.total, r.hit }, { 8, false }, "10 + 0 - 2 = 8 misses AC 10")
end)
