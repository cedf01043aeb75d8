-- ruleset: 1e
-- variants: 1e.minus_three
-- covers: 1E-HP-04
local hp = require("core.1e.hp")

test("a blow to 0 down to -3 only knocks out", function()
  eq(hp.knockout_floor, -3)
  eq(hp.knockout(-3), "unconscious")
  eq(hp.knockout(-4), "dead")
  local c = creature.new{ id = "c", hp = 5 }
  eq(hp.fall(c, -2), "unconscious")
  eq(hp.negative_hp(c), -2)
  eq({ hp.bleed(c) }, { -3, false }, "then it bleeds as usual")
end)
