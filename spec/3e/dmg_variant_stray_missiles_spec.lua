-- ruleset: 3e
-- variants: 3e.stray_missiles
-- DMG-ATK-09 (variant), TV-20 and A-20: a shot into a crowd that misses is
-- checked against the target's touch AC (struck, no damage), else it
-- deviates: along the path each creature gets a new roll with only the
-- missile's magic bonus, touch AC then AC (plus its cover); the deviation
-- tables (3-3 to 3-7) are missing, so the path is the DM's. Without the
-- variant a miss is only a miss (dmg_variants_off_spec.lua).
-- covers: DMG-ATK-09
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")
local SM = rules.need("3e.stray_missiles")

local OPEN = { "........", "........", "........" }

local function scene()
  local archer = S.build{ id = "archer", hp = 20, bab = 5, abilities = { str = 10, dex = 16 },
    weapons = { { name = "Longbow", damage = "1d8", range = 100, crit = "x3" } } }
  archer.attacks[1].bonus = 8 -- +8 with a +1 arrow (TV-20)
  local orc = S.build{ id = "orc", hp = 15, abilities = { str = 10, dex = 10 }, ac = { armor = 4 },
    weapons = { { name = "Axe", damage = "1d8" } } }
  local ally = S.build{ id = "ally", hp = 20, abilities = { str = 10, dex = 10 }, ac = { armor = 5, shield = 0, natural = 0 },
    weapons = { { name = "Sword", damage = "1d8" } } }
  return arena(OPEN, { { id = "archer", side = "a", at = { 1, 2 }, stat = archer }, { id = "ally", side = "a", at = { 6, 2 }, stat = ally },
    { id = "orc", side = "b", at = { 7, 2 }, stat = orc } }, { acted = true })
end

test("TV-20: 3 + 8 = 11 misses AC 15 but reaches touch AC 11: the arrow struck the orc, no damage", function()
  local all = scene()
  local out = SM.resolve{ total = 11, target = { touch_ac = 11 }, magic = 1, path = {} }
  eq(out.result, "struck_no_damage")
  eq(all.orc:get("hp"), 15)
end)

test("TV-20: 2 + 8 = 10 deviates; the ally's new roll 14 + 1 = 15 reaches touch 12, not AC 17: it drops at its feet", function()
  scene()
  dice.force{ 14 }
  local out = SM.resolve{ total = 10, target = { touch_ac = 11 }, magic = 1, fire = "direct", damage = "1d8",
    path = { { id = "ally", ac = 17, touch_ac = 12 } } }
  eq({ out.result, out.who, out.rolls[1].total }, { "dropped", "ally", 15 })
end)

test("a roll that misses the first creature's touch AC flies on; one that beats the next one's AC deals damage", function()
  local all = scene()
  dice.force{ 5, 19, 6 }
  local out = SM.resolve{ total = 10, target = { touch_ac = 11 }, magic = 1, damage = "1d8",
    path = { { id = "orc2", ac = 15, touch_ac = 11 }, { id = "ally", c = all.ally, ac = 17, touch_ac = 12 } } }
  eq({ out.result, out.who, out.damage, all.ally:get("hp") }, { "hit", "ally", 6, 14 }, "6 flies on; 20 hits AC 17")
  dice.force{ 9 }
  out = SM.resolve{ total = 10, target = { touch_ac = 11 }, magic = 1,
    path = { { id = "ally", ac = 17, touch_ac = 9, cover = 4 } } }
  eq(out.result, "lands", "cover +4: 10 misses touch 13 and the path is empty after it")
end)

test("indirect fire: the creature at the landing point is attacked for damage or the missile lands", function()
  scene()
  dice.force{ 16, 3 }
  local out = SM.resolve{ total = 5, target = { touch_ac = 11 }, magic = 1, fire = "indirect", damage = "1d8",
    path = { { id = "x", ac = 17, touch_ac = 12 } } }
  eq({ out.result, out.damage }, { "hit", 3 })
  fails(function() SM.resolve{ total = 5 } end, "resolve{total, target")
end)

test("on the map: the path from the archer to the deviation point, nearest first, with AC and touch AC", function()
  local all = scene()
  -- the archer at (1,2), the ally at (6,2) beside the orc at (7,2); the
  -- DM puts the deviation point at (7,2)'s far side, (8,2): the ally is on
  -- the line, the orc (the missed target) is left out
  local path = SM.path(all.archer, { 8, 2 }, all.orc)
  eq(#path, 1)
  eq({ path[1].id, path[1].ac, path[1].touch_ac }, { "ally", 15, 10 }, "AC 10 + armour 5; touch 10")
  dice.force{ 10 }
  eq(fight.ac(all.orc), { ac = 14, touch = 10 })
  local out = SM.resolve{ total = 9, target = { touch_ac = fight.ac(all.orc).touch }, magic = 1, damage = "1d8", path = path }
  eq({ out.result, out.who }, { "dropped", "ally" }, "11 reaches touch 10, not AC 15")
end)
