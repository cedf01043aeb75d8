-- D&D 5e (2024), inventory section 3: abilities.
-- ruleset: 5e
-- covers: 5E-ABL-01 5E-ABL-02 5E-ABL-03

local ch = require("core.5e.character")
local checks = require("core.5e.checks")

test("six abilities with English and Chinese names (5E-ABL-01, T-01)", function()
  local ids, zh = {}, {}
  for i, a in ipairs(ch.abilities) do
    ids[i] = a.id
    zh[i] = a.zh
  end
  eq(ids, { "str", "dex", "con", "int", "wis", "cha" })
  eq(zh, { "力量", "敏捷", "體質", "智力", "感知", "魅力" })
  eq(ch.ability_id("Wisdom"), "wis")
  eq(ch.ability_id("感知"), "wis")
  fails(function() checks.d20_test(nil, { ability = "luck" }) end, "unknown ability")
  local c = ch.new{ id = "c", max_hp = 5, abilities = { str = 12, dex = 14, con = 10, int = 8, wis = 16, cha = 13 } }
  eq(ch.mod(c, "wis"), 3)
end)

test("scores run 1-20 for characters, up to 30 for monsters; T-02 bands (5E-ABL-02)", function()
  eq(ch.valid_score(20, { pc = true }), true)
  eq(ch.valid_score(21, { pc = true }), false, "a PC's maximum is 20")
  eq(ch.valid_score(24, { pc = true, cap = 24 }), true, "unless a feature says otherwise")
  eq(ch.valid_score(30), true, "a monster's score goes up to 30")
  eq(ch.valid_score(31), false)
  eq(ch.valid_score(31, { pc = true, cap = 40 }), false, "30 is the absolute maximum")
  eq(ch.valid_score(0), false)
  eq(ch.band(10).en, "human average")
  eq(ch.band(1).en, "normal minimum")
  eq(ch.band(25).en, "extraordinary")
  matches(ch.band(0).en, "the effect that did it")
  fails(function() ch.band(31) end, "outside 0-30")
end)

test("modifier = floor((score - 10) / 2) (TV-09, 5E-ABL-03, T-03)", function()
  local mod = rules.need("5e.mod")
  local got = {}
  for i, s in ipairs({ 1, 8, 9, 10, 11, 15, 20, 30 }) do got[i] = mod(s) end
  eq(got, { -5, -1, -1, 0, 0, 2, 5, 10 })
  -- The modifier is what a D20 Test adds.
  local c = ch.new{ id = "c", max_hp = 5, abilities = { dex = 9 } }
  dice.force{ 12 }
  eq(checks.d20_test(c, { ability = "dex" }).total, 11)
end)
