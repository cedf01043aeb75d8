-- ruleset: 3e
-- The 3.0 classes (scripts/core/3e/classes): progressions and hit points
-- [K] PHB 3.0 Table 3-1, and what each class gives a stat block.
local B = require("core.3e.classes.base")
local fighter = require("core.3e.classes.fighter")
local rogue = require("core.3e.classes.rogue")
local cleric = require("core.3e.classes.cleric")
local wizard = require("core.3e.classes.wizard")
local barbarian = require("core.3e.classes.barbarian")

local function load(stat)
  fight.table()
  return fight.add(stat, { side = "party" })[1]
end

test("base attack and saves by progression [K] Table 3-1", function()
  eq({ B.bab.good(1), B.bab.good(6), B.bab.average(1), B.bab.average(4), B.bab.average(8), B.bab.poor(1), B.bab.poor(5) },
     { 1, 6, 0, 3, 6, 0, 2 })
  eq({ B.save.good(1), B.save.good(4), B.save.poor(1), B.save.poor(3), B.save.poor(6) }, { 2, 4, 0, 1, 2 })
  eq({ B.hp(10, 1, 2), B.hp(10, 3, 2), B.hp(4, 1, -2), B.hp(4, 2, -4) }, { 12, 12 + 8 + 8, 2, 1 + 1 },
     "the maximum at 1st level, half the die + 1 after; at least 1 a level")
  fails(function() fighter.build{ id = "x", level = 25, weapons = { { name = "Sword", damage = "1d8" } } } end, "level 25")
end)

test("a fighter: d10, BAB = level, good Fortitude, bonus feats at 1st and every even level", function()
  local t = load(fighter.build{ id = "tordek", level = 4, race = "dwarf", armor = "medium",
    abilities = { str = 15, dex = 13, con = 14 }, ac = { armor = 4, shield = 2 },
    weapons = { { name = "Waraxe", damage = "1d10", crit = "x3" } }, feats = { "weapon_focus:waraxe" } })
  eq({ t:ability("bab"), t:ability("fort"), t:ability("ref"), t:get("hp"), t:get("ac") }, { 4, 4 + 2, 1 + 1, 12 + 3 * 8, 17 })
  eq(fight.attack(t, "Waraxe").bonus, 4 + 2 + 1)
  eq({ fighter.bonus_feats(1), fighter.bonus_feats(2), fighter.bonus_feats(3), fighter.bonus_feats(6) }, { 1, 2, 2, 4 })
  ok(t:has_tag("fighter") and t:has_tag("weapon_focus"))
end)

test("Power Attack takes the penalty that gives the most damage on average", function()
  -- +7 against AC 12 with 1d8+3 (4.5 + 3): every point is worth it up to
  -- the BAB of 4 while the hit chance stays high
  eq(fighter.power_attack_n(4, 7, 12, 7.5), 4)
  -- against AC 20 the hits are rare: none
  eq(fighter.power_attack_n(4, 7, 20, 7.5), 0)
  eq(fighter.power_attack_n(0, 7, 12, 7.5), 0, "no more than the base attack bonus")
end)

test("a rogue: d6, average BAB, good Reflex, sneak attack dice by level, evasion at 2nd, uncanny dodge at 3rd", function()
  local l = load(rogue.build{ id = "lidda", level = 3, race = "halfling", size = "small",
    abilities = { str = 8, dex = 17, con = 12 }, ac = { armor = 2 },
    weapons = { { name = "Short sword", damage = "1d6", crit = "19-20/x2", light = true } } })
  eq({ l:ability("bab"), l:ability("ref"), l:get("hp") }, { 2, 3 + 3, 7 + 5 + 5 })
  eq({ rogue.sneak_dice(1), rogue.sneak_dice(2), rogue.sneak_dice(3), rogue.sneak_dice(5), rogue.sneak_dice(20) }, { 1, 1, 2, 3, 10 })
  ok(l:has_tag("evasion") and l:has_tag("uncanny_dodge"))
  local l1 = load(rogue.build{ id = "l1", level = 1, weapons = { { name = "Dagger", damage = "1d4" } } })
  eq({ l1:has_tag("evasion"), l1:has_tag("uncanny_dodge") }, { false, false })
end)

test("a cleric: d8, good Fortitude and Will, 3 + Cha turnings, spells a day with Wis and domain spells", function()
  local j = load(cleric.build{ id = "jozan", level = 1, abilities = { str = 12, dex = 8, con = 14, wis = 15, cha = 13 },
    ac = { armor = 5, shield = 2 }, weapons = { { name = "Heavy mace", damage = "1d8" } } })
  eq({ j:ability("bab"), j:ability("fort"), j:ability("will"), j:get("hp") }, { 0, 2 + 2, 2 + 2, 8 + 2 })
  eq(j:resource("turn_undead").max, 3 + 1)
  eq({ j:resource("spell_0").max, j:resource("spell_1").max }, { 3, 1 + 1 + 1 }, "1 + domain 1 + Wis 15 bonus 1")
  local evil = load(cleric.build{ id = "evil", level = 1, rebukes = true, weapons = { { name = "Mace", damage = "1d8" } } })
  ok(evil:has_tag("rebukes"))
end)

test("a wizard: d4, poor BAB, good Will, spells a day with Int bonus spells, prepared spells as tags", function()
  local m = load(wizard.build{ id = "mialee", level = 5, abilities = { dex = 16, con = 10, int = 17 },
    weapons = { { name = "Dagger", damage = "1d4" } } })
  eq({ m:ability("bab"), m:ability("will"), m:get("hp") }, { 2, 4, 4 + 3 * 4 })
  eq({ m:resource("spell_0").max, m:resource("spell_1").max, m:resource("spell_2").max, m:resource("spell_3").max },
     { 4, 3 + 1, 2 + 1, 1 + 1 }, "Int 17 (+3): a bonus spell of 1st, 2nd and 3rd level")
  ok(m:has_tag("spell:fireball") and m:has_tag("spell:magic_missile"))
  local m1 = load(wizard.build{ id = "m1", level = 1, spells = { "magic_missile" }, weapons = { { name = "Dagger", damage = "1d4" } } })
  eq({ m1:has_tag("spell:magic_missile"), m1:has_tag("spell:sleep"), m1:has_tag("spell:fireball") }, { true, false, false })
  fails(function() wizard.build{ id = "x", spells = { "wish" }, weapons = { { name = "Dagger", damage = "1d4" } } } end,
        'unknown spell "wish"')
end)

test("a barbarian: d12, BAB = level, fast movement, rages a day, uncanny dodge at 2nd", function()
  local k = load(barbarian.build{ id = "krusk", level = 3, race = "half-orc", armor = "medium",
    abilities = { str = 17, dex = 13, con = 14 }, ac = { armor = 4 },
    weapons = { { name = "Greataxe", damage = "1d12", crit = "x3", two_handed = true } } })
  eq({ k:ability("bab"), k:ability("fort"), k:get("hp"), k:get("speed") }, { 3, 3 + 2, 12 + 2 + 7 + 2 + 7 + 2, { walk = 30 } },
     "20 ft in medium armour + 10 fast movement")
  eq({ barbarian.rages_per_day(1), barbarian.rages_per_day(4), barbarian.rages_per_day(8) }, { 1, 2, 3 })
  ok(k:has_tag("uncanny_dodge"))
end)
