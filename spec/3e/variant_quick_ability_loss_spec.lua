-- ruleset: 3e
-- variants: 3e.quick_ability_loss
-- covers: DMG-SA-07
local S = require("core.3e.statblock")
local AD = require("monsters.abilities.ability_damage")

local function pc()
  return creature.new(S.build{ id = "pc", hp = 60, level = 7, abilities = { str = 15, con = 16, dex = 12 },
    saves = { fort = 5, ref = 2 }, weapons = { { name = "Waraxe", damage = "1d10" } } })
end

test("TV-31 (on): Str 15 loses 5: the score stays, -2 on Str rolls; 15 or more: Str 0, helpless", function()
  local c = pc()
  AD.damage(c, "str", 5)
  eq({ c:ability("str"), AD.quick_penalty(c, "str", "attack"), AD.quick_penalty(c, "str", "check") }, { 15, -2, -2 })
  AD.damage(c, "str", 10)
  eq(c:ability("str"), 0)
  ok(c:has("helpless"))
end)

test("(on) Con loss recomputes no hit points; the save takes the penalty; temporary loss still heals 1 a day", function()
  local c = pc()
  AD.damage(c, "con", 3)
  eq({ c:get("max_hp"), c:ability("con") }, { 60, 16 })
  -- Fortitude 5 + 3 (Con 16) - 1 (3 points lost): d20 10 -> 17
  dice.force{ 10 }
  local _, r = require("core.3e.saves").roll(c, "fort", 20)
  eq(r.total, 17)
  AD.heal_day(c, false)
  eq(AD.quick_penalty(c, "con", "save"), -1)
  AD.heal_day(c, false)
  eq(AD.quick_penalty(c, "con", "save"), 0)
  -- A-25's setting: checks only
  AD.quick_scope = "checks"
  AD.damage(c, "dex", 4)
  eq({ AD.quick_penalty(c, "dex", "check"), AD.quick_penalty(c, "dex", "ac") }, { -2, 0 })
  AD.quick_scope = "rolls"
end)
