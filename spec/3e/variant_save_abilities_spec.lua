-- ruleset: 3e
-- variants: 3e.save_abilities
-- covers: DMG-SAVE-04
local S = require("core.3e.statblock")
local saves = require("core.3e.saves")

test("Fortitude with Wis against phantasmal killer: the base save stays, Con's modifier gives way to Wis's", function()
  local c = creature.new(S.build{ id = "c", hp = 10, saves = { fort = 2 }, abilities = { con = 8, wis = 16 },
    weapons = { { name = "Staff", damage = "1d6" } } })
  dice.force{ 12, 12 }
  local plain, r1 = saves.roll(c, "fort", 15)
  local wis, r2 = saves.roll(c, "fort", 15, { ability = "wis" })
  eq({ plain, r1.total, wis, r2.total }, { false, 13, true, 17 }, "2 - 1 + 12 = 13; 2 + 3 + 12 = 17 (off: refused)")
  dice.force{ 10 }
  eq(select(2, saves.roll(c, "will", 10, { ability = "cha" })).total, 10, "Will with Cha (10): +0 for Wis's +3")
end)
