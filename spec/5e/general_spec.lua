-- D&D 5e (2024), inventory section 1: general principles.
-- ruleset: 5e
-- covers: 5E-GEN-02 5E-GEN-03

local checks = require("core.5e.checks")
local ch = require("core.5e.character")
local rolls = require("core.5e.rolls")

test("specific beats general: a feature lets a creature attack in melee with Charisma (5E-GEN-02)", function()
  local bard = ch.new{ id = "bard", max_hp = 10, abilities = { str = 8, cha = 18 }, pb = 2 }
  dice.force{ 10, 10 }
  local r = checks.d20_test(bard, { kind = "attack", attack = "melee", ac = 12 })
  eq(r.ability, "str", "the general rule: melee attacks use Strength")
  eq(r.total, 9)
  eq(r.success, false)
  -- The feature wraps the general rule for its bearer only.
  rules.wrap("5e.attack_ability", function(orig, c, opts)
    if c:has_tag("charisma_melee") and opts.attack == "melee" then return "cha" end
    return orig(c, opts)
  end)
  bard:add_tag("charisma_melee")
  r = checks.d20_test(bard, { kind = "attack", attack = "melee", ac = 12 })
  eq(r.ability, "cha", "the exception wins")
  eq(r.total, 14)
  eq(r.success, true)
end)

test("round down, negative numbers included; d3 rounds up (5E-GEN-03, TV-09)", function()
  eq(rolls.round_down(12.5), 12)
  eq(rolls.half(25), 12, "TV-24: half of 25")
  eq(rolls.round_down(-0.5), -1, "floor, not truncation toward zero")
  eq(rules.need("5e.mod")(9), -1, "(9 - 10) / 2 rounds down to -1, not 0")
  eq(rolls.d3(5), 3, "the one rule that rounds up")
end)
