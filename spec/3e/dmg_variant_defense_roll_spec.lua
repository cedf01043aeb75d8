-- ruleset: 3e
-- variants: 3e.defense_roll
-- DMG-ATK-03 (variant), TV-17 and A-13: the defender rolls 1d20 + (AC - 10)
-- against each attack (the defense die is drawn before the attack's d20);
-- a tie hits; the compromise option keeps one defense die a round. The
-- same strikes without the variant are in dmg_variants_off_spec.lua.
-- covers: DMG-ATK-03
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }
local DR = rules.need("3e.defense_roll")

local function duel(bonus, ac)
  local a = S.build{ id = "paladin", hp = 30, abilities = { str = 10, dex = 10 },
    weapons = { { name = "Sword", damage = "1d8", crit = "19-20/x2" } } }
  a.attacks[1].bonus = bonus
  local d = S.build{ id = "fighter", hp = 60, abilities = { str = 10, dex = 10 }, ac = { armor = ac - 10 },
    weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "paladin", side = "a", at = { 2, 2 }, stat = a },
    { id = "fighter", side = "d", at = { 3, 2 }, stat = d } }, { acted = true })
  return all.paladin, all.fighter
end

test("TV-17: the paladin's 13 + 10 = 23 beats the fighter's defense 9 + 11 = 20", function()
  local p, f = duel(10, 21)
  dice.force{ 9, 13, 6 }
  local r = fight.strike(p, f, "Sword")
  eq({ r.needed, r.total, r.hit, r.damage }, { 20, 23, true, 6 })
  -- the same attack roll against a high defense roll misses, though it
  -- beats the static AC 21
  dice.force{ 18, 13 }
  r = fight.strike(p, f, "Sword")
  eq({ r.needed, r.total, r.hit }, { 29, 23, false }, "18 + 11 = 29")
end)

test("A-13: a tie hits; a natural 20 still hits and threatens against the defense roll", function()
  local p, f = duel(10, 21)
  dice.force{ 9, 10, 2 }
  local r = fight.strike(p, f, "Sword")
  eq({ r.needed, r.total, r.hit }, { 20, 20, true }, "20 vs 20")
  dice.force{ 20, 20, 8, 1 }
  r = fight.strike(p, f, "Sword")
  eq({ r.needed, r.hit, r.crit, r.confirm_total }, { 31, true, false, 18 }, "a natural 20 hits 31; 8 + 10 = 18 does not confirm against it")
  dice.force{ 1, 19, 11, 1, 1 }
  r = fight.strike(p, f, "Sword")
  eq({ r.needed, r.hit, r.crit, r.confirm_total, r.damage }, { 12, true, true, 21, 2 }, "19 threatens; 11 + 10 confirms against the same 12")
end)

test("the compromise option: one defense die for every attack of the round", function()
  DR.per_round = true
  local p, f = duel(10, 21)
  dice.force{ 9, 13, 6, 10, 2 }
  local r1 = fight.strike(p, f, "Sword")
  local r2 = fight.strike(p, f, "Sword")
  DR.per_round = false
  eq({ r1.needed, r1.hit, r2.needed, r2.total, r2.hit }, { 20, true, 20, 20, true }, "the 9 counts twice")
end)
