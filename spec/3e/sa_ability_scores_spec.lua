-- ruleset: 3e
-- Ability damage, drain and reduction, a score of 0, Constitution and hit
-- points, and attacks that damage abilities (monsters.abilities.
-- ability_damage).
-- covers: DMG-SA-02 DMG-SA-03 DMG-SA-04 DMG-SA-05 DMG-SA-06
local S = require("core.3e.statblock")
local AD = require("monsters.abilities.ability_damage")

local function pc(o)
  o = o or {}
  return S.build{ id = o.id or "pc", hp = o.hp or 60, level = o.level or 7, abilities = o.abilities or { str = 15, con = 16 },
    weapons = { { name = "Waraxe", damage = "1d10" } }, saves = { fort = 5 } }
end

test("TV-28: damage heals 1 a day (5 in 5 days), 2 with complete rest (3 days); drain does not heal", function()
  local c = creature.new(pc())
  eq(AD.damage(c, "str", 5), 10)
  local days = 0
  while AD.damage_of(c, "str") > 0 do
    AD.heal_day(c, false)
    days = days + 1
  end
  eq({ days, c:ability("str") }, { 5, 15 })
  AD.damage(c, "str", 5)
  days = 0
  while AD.damage_of(c, "str") > 0 do
    AD.heal_day(c, true)
    days = days + 1
  end
  eq({ days, c:ability("str") }, { 3, 15 })
  AD.drain(c, "str", 2)
  AD.heal_day(c, true)
  eq(c:ability("str"), 13, "drain is permanent")
  eq(AD.restore(c, "str", "lesser_restoration"), 0, "lesser restoration does not touch drain")
  eq(AD.restore(c, "str", "restoration"), 2)
  eq(c:ability("str"), 15)
  -- no score below 0
  eq(AD.damage(c, "str", 40), 0)
  eq(AD.damage_of(c, "str"), 15)
end)

test("a score of 0: Str helpless, Dex paralysed (A-24), Con dead, Int/Cha unconscious, Wis asleep; no score is not 0", function()
  local expect = { str = "helpless", dex = "paralyzed", int = "unconscious", wis = "asleep", cha = "unconscious" }
  for ab, cond in pairs(expect) do
    local c = creature.new(pc{ abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } })
    AD.damage(c, ab, 10)
    ok(c:has(cond), ab .. " 0: " .. cond)
    ok(c:has("helpless"), ab .. " 0: helpless")
  end
  fight.table()
  local c = fight.add(pc{ id = "x", abilities = { con = 10 } }, { side = "party" })[1]
  dice.force{ 10 }
  fight.begin()
  AD.damage(c, "con", 10)
  ok(fight.is(c, "dead"), "Con 0 kills")
  -- a wraith has no Strength: nothing to damage, it is not helpless
  local w = creature.new{ id = "wraith", hp = 10, abilities = { dex = 16 } }
  eq(AD.damage(w, "str", 4), nil)
  ok(not w:has("helpless"))
end)

test("DMG-SA-04: a reduction for a duration ends by itself, with no healing", function()
  local c = creature.new(pc())
  eq(AD.reduce(c, "str", 4), 11)
  eq(AD.damage_of(c, "str"), 0, "not ability damage")
  eq(AD.end_reduction(c, "str"), 4)
  eq(c:ability("str"), 15)
end)

test("TV-29: Tordek's poison: Con 16 to 13 is -14 hp, to 5 another -28 (6 modifier points x 7 HD)", function()
  local c = creature.new(pc{ hp = 60, level = 7, abilities = { con = 16 } })
  local _, hp = AD.damage(c, "con", 3)
  eq({ hp, c:get("max_hp"), c:get("hp") }, { -14, 46, 46 })
  _, hp = AD.damage(c, "con", 8)
  eq({ hp, c:get("max_hp"), c:get("hp") }, { -28, 18, 18 })
  -- healed back: the hit points come back with the modifier
  AD.heal_day(c, true)
  eq(c:ability("con"), 7)
end)

test("TV-30: Mialee's floor: the maximum never below 1 a Hit Die, minus damage already taken", function()
  local c = creature.new(pc{ hp = 22, level = 7, abilities = { con = 10 } })
  c:set("hp", 20)
  AD.damage(c, "con", 6)
  eq(c:get("max_hp"), 7)
  eq(c:get("hp"), 5, "22 - 2 taken: the maximum drops by 15, the current too")
end)

test("DMG-SA-06: a shadow's touch damages Strength on its own hits; hitting the shadow drains nothing", function()
  local shadow = S.build{ id = "shadow", hp = 19, hd = 3, bab = 1, abilities = { dex = 14 },
    natural = { { name = "Touch", damage = "1d6", touch = true } } }
  AD.on_hit(shadow, { attacks = { "Touch" }, ability = "str", amount = "1d6", rider = "touch" })
  fight.table()
  local s = fight.add(shadow, { side = "foes" })[1]
  local t = fight.add(pc{ id = "tordek" }, { side = "party" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  -- touch: d20 15 hits touch AC 10; 1d6 2 damage; 1d6 3 Str
  dice.force{ 15, 2, 3 }
  fight.strike(s, t, "Touch")
  eq(t:ability("str"), 12)
  -- tordek hits the shadow: his Strength is untouched
  dice.force{ 15, 5 }
  fight.strike(t, s, "Waraxe")
  eq(t:ability("str"), 12)
end)
