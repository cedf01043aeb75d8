-- ruleset: 3e
-- variants: 3e.instant_kill
-- DMG-ATK-06 (variant), TV-18 and A-14: a natural 20 confirmed on a natural
-- 20 calls for a third roll; if it hits, the target dies. Only natural 20s;
-- crit-immune targets are exempt. The same strikes without the variant
-- are in dmg_variants_off_spec.lua.
-- covers: DMG-ATK-06
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }

local function duel(extra)
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 10 },
    weapons = { { name = "Sword", damage = "1d8", crit = "19-20/x2" } } }
  a.attacks[1].bonus = 12
  local t = { id = "d", hp = 60, abilities = { str = 10, dex = 10 }, ac = { armor = 8 },
    weapons = { { name = "Club", damage = "1d6" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "d", side = "d", at = { 3, 2 }, stat = S.build(t) } },
    { acted = true })
  return all.a, all.d
end

test("TV-18: 20, confirmed on 20, then 7 + 12 = 19 >= AC 18: the target dies", function()
  local a, d = duel()
  dice.force{ 20, 20, 7, 3, 4 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.crit, r.damage, d:get("hp") }, { true, 7, 53 }, "the critical's damage is dealt, then the kill")
  eq(fight.is(d, "dead"), true)
end)

test("TV-18: the third roll 3 + 12 = 15 misses AC 18: only a critical hit", function()
  local a, d = duel()
  dice.force{ 20, 20, 3, 3, 4 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.crit, r.damage, fight.is(d, "dead") }, { true, 7, false })
end)

test("TV-18: a natural 19 (an expanded threat) never calls for the third roll; nor a confirmation below 20", function()
  local a, d = duel()
  dice.force{ 19, 20, 3, 4 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.crit, r.damage, fight.is(d, "dead") }, { true, 7, false })
  dice.force{ 20, 19, 3, 4 }
  r = fight.strike(a, d, "Sword")
  eq({ r.crit, r.damage, fight.is(d, "dead") }, { true, 7, false })
end)

test("TV-18: a target immune to critical hits is immune to instant kill", function()
  local a, d = duel({ tags = { "crit_immune" } })
  dice.force{ 20, 20, 5 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.crit, r.damage, fight.is(d, "dead") }, { false, 5, false })
end)
