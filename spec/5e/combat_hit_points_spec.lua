-- D&D 5e (2024), inventory sections 17, 19 and 21 as they meet combat:
-- hit points in a fight, Bloodied, rests, healing and temporary hit points
-- (TV-29, TV-31, TV-32, TV-46), through 5e.damage and 5e.rest.
-- ruleset: 5e
-- covers: 5E-HP-01 5E-HP-02 5E-HP-03 5E-HEAL-01 5E-HEAL-02
-- covers: 5E-THP-01 5E-THP-02 5E-THP-03 5E-THP-04

local ch = require("core.5e.character")
local dmg = rules.need("5e.damage")
local rest = rules.need("5e.rest")
local D = rules.need("5e.dying")

local function pc(extra)
  local spec = { id = "pc", max_hp = 20, level = 2, hit_dice = "d8", abilities = { con = 12 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return ch.new(spec)
end

test("hit points run from the maximum down to 0, the floor; losing some changes nothing until 0 (5E-HP-01)", function()
  local c = pc()
  eq(dmg.apply(c, 5, "slashing").hp_after, 15)
  eq(dmg.apply(c, 5, "slashing").state, nil, "still fighting")
  local rec = dmg.apply(c, 30, "slashing")
  eq({ rec.hp_after, c:get("hp"), rec.past_zero }, { 0, 0, 20 })
  -- in a fight the kernel takes a creature out at 0, not before
  local enc = fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { id = "a", stat = { name = "a", hp = 10, ac = 10, attacks = { { name = "Hit", bonus = 0, damage = "9" } } } } } },
    { name = "b", members = { { id = "b", stat = { name = "b", hp = 10, ac = 10, attacks = { { name = "Hit", bonus = 0, damage = "1" } } } } } } } }
  local seen
  local h = rules.on("turn.act", function(e)
    if seen then return end
    local other = fight.enemies(e.fighter)[1]
    fight.damage(other, 9, "slashing", e.fighter)
    seen = { other:get("hp"), fight.is(other, "out") }
    e.acted = true
    fight.flee(other)
  end, { phase = "after" })
  fight.run(enc)
  rules.off(h)
  eq(seen, { 1, false })
end)

test("TV-46: Bloodied at half the maximum or less: max 15, HP 7 yes, 8 no (5E-HP-02)", function()
  local c = pc{ max_hp = 15 }
  c:set("hp", 8)
  eq(rest.bloodied(c), false)
  dmg.apply(c, 1, "slashing")
  eq(rest.bloodied(c), true)
end)

test("Short and Long Rests: a Long Rest brings back all HP, the HP maximum and a level of Exhaustion, and ends a knock-out (5E-HP-03)", function()
  local c = pc()
  dmg.reduce_max(c, 5)
  dmg.apply(c, 10, "necrotic")
  c:add_condition("exhaustion", { level = 2 })
  dmg.temp(c, 4)
  local out = rest.long_rest(c)
  eq(out.finished, true)
  eq({ c:get("max_hp"), c:get("hp"), c:level("exhaustion"), c:get("temp_hp") }, { 20, 20, 1, 0 })
  local k = pc{ id = "k" }
  D.knock_out(k)
  eq(rest.short_rest(k).finished, true, "at 1 HP it can rest")
  eq(D.rest_over(k), true, "and its knock-out ends with the rest")
  local down = pc{ id = "down" }
  dmg.apply(down, 20, "slashing")
  fails(function() rest.long_rest(down) end, "at least 1 hit point")
end)

test("HP come back by magic or by resting (5E-HEAL-01); TV-29: 14 of 20 healed 8: 20, 6 regained (5E-HEAL-02)", function()
  local c = pc()
  c:set("hp", 14)
  eq(dmg.heal(c, 8), 6)
  eq(c:get("hp"), 20)
  c:set("hp", 5)
  dice.force{ 3, 4 }
  local got, rolled = dmg.heal(c, "potion_of_healing")
  eq({ got, rolled }, { 9, 9 }, "a Potion of Healing: 2d4 + 2")
  c:set("hp", 5)
  dice.force{ 6 }
  eq(rest.short_rest(c, { dice = 1 }).regained, 7, "a Hit Point Die: 6 + Con 1")
end)

test("TV-31: temporary HP go first: 5 of them and 7 damage leave 0 and cost 2 HP (5E-THP-01)", function()
  local c = pc()
  dmg.temp(c, 5)
  local rec = dmg.apply(c, 7, "slashing")
  eq({ rec.temp_absorbed, c:get("temp_hp"), c:get("hp") }, { 5, 0, 18 })
end)

test("temporary HP last until used or a Long Rest (5E-THP-02)", function()
  local c = pc()
  dmg.temp(c, 6)
  rest.short_rest(c)
  eq(c:get("temp_hp"), 6, "a Short Rest keeps them")
  rest.long_rest(c)
  eq(c:get("temp_hp"), 0)
end)

test("TV-32: 10 temporary HP, then 12: keep 10 or take 12, never 22 (5E-THP-03)", function()
  local c = pc()
  dmg.temp(c, 10)
  eq(dmg.temp(c, 12), 12, "the higher by default")
  eq(dmg.temp(c, 10, { keep = "old" }), 12)
  eq(dmg.temp(c, 10, { keep = "new" }), 10, "the creature's choice")
  eq(dmg.temp(c, 3), 10)
end)

test("temporary HP are not HP or healing: at full HP one can gain them, at 0 they don't wake (5E-THP-04)", function()
  local c = pc()
  eq(dmg.temp(c, 5), 5, "at full HP")
  eq(dmg.heal(c, 5), 0, "healing doesn't restore them either")
  local d = pc{ id = "d" }
  dmg.apply(d, 20, "slashing")
  dmg.temp(d, 8)
  eq({ D.at_zero(d), d:has("unconscious") }, { true, true })
  dmg.heal(d, 1)
  eq({ D.at_zero(d), d:has("unconscious") }, { false, false })
end)
