-- ruleset: 1e
-- variants: 1e.save_natural_20
-- covers: 1E-SAVE-04
local sv = require("core.1e.saves")

test("a natural 20 saves whatever the penalties", function()
  dice.force{ 20, 19 }
  eq(sv.roll(25, { -6 }).success, true)
  eq(sv.roll(25, { -6 }).success, false)
end)
