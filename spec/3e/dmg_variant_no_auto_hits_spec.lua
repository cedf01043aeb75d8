-- ruleset: 3e
-- variants: 3e.no_auto_hits
-- DMG-ATK-02 (variant), TV-16 and A-12: a natural 1 counts as -10 and a
-- natural 20 as 30; no automatic hit or miss; a threat must be a hit; the
-- confirmation counts faces the same way. The same strikes without the
-- variant are in dmg_variants_off_spec.lua.
-- covers: DMG-ATK-02
local S = require("core.3e.statblock")
local A = require("core.3e.attack")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }

local function duel(bonus, ac)
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 10 },
    weapons = { { name = "Sword", damage = "1d8", crit = "19-20/x2" } } }
  a.attacks[1].bonus = bonus
  local d = S.build{ id = "d", hp = 60, abilities = { str = 10, dex = 10 }, ac = { armor = ac - 10 },
    weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "d", side = "d", at = { 3, 2 }, stat = d } },
    { acted = true })
  return all.a, all.d
end

test("TV-16: +6 rolling 1 is -4; +23 rolling 1 is 13 and hits AC 13", function()
  local a, d = duel(6, 5)
  dice.force{ 1 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit }, { -4, false }, "-4 hits nothing, not even AC 5")
  a, d = duel(23, 13)
  dice.force{ 1, 4 }
  r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit, r.crit, r.damage }, { 13, true, false, 4 }, "13 >= 13: a hit on a natural 1")
end)

test("TV-16: -2 rolling 20 is 28: hits AC 28, misses AC 29 (no automatic hit)", function()
  local a, d = duel(-2, 29)
  dice.force{ 20 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit, r.crit }, { 28, false, false }, "28 < 29; no threat on a miss (A-12)")
  a, d = duel(-2, 28)
  dice.force{ 20, 9, 5 }
  r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit, r.crit, r.confirm_total, r.damage }, { 28, true, false, 7, 5 }, "a threat; 9 - 2 = 7 does not confirm")
end)

test("A-12: the confirmation counts a natural 1 as -10 too: +23 confirms on a 1 against AC 13", function()
  local a, d = duel(23, 13)
  dice.force{ 20, 1, 3, 4 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.hit, r.crit, r.confirm_total, r.damage }, { true, true, 13, 7 }, "-10 + 23 = 13 confirms: 3 + 4")
  eq(A.face_value(1), -10)
  eq(A.face_value(20), 30)
  eq(A.face_value(7), 7)
  eq({ A.hits(20, 28, 29) }, { false, false })
  eq({ A.hits(1, 13, 13, 19) }, { true, false })
end)
