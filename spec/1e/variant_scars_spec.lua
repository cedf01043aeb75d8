-- ruleset: 1e
-- variants: 1e.scars
-- covers: 1E-HP-06
local hp = require("core.1e.hp")

test("fallen to -6 or lower before aid: scars", function()
  local c = creature.new{ id = "c", hp = 5 }
  hp.fall(c, 0)
  for _ = 1, 6 do hp.bleed(c) end
  eq(hp.negative_hp(c), -6)
  eq(hp.aid(c), true)
  ok(c:has_tag("scarred"))
  local d = creature.new{ id = "d", hp = 5 }
  hp.fall(d, 0)
  hp.bleed(d)
  hp.aid(d)
  eq(d:has_tag("scarred"), false)
  eq(hp.scarred(-9), true)
end)
