-- ruleset: 1e
-- variants: 1e.evil_areas
-- covers: 1E-TURN-07
local tu = require("core.1e.turning")

test("shrines and temples of evil hinder turning until desecrated", function()
  eq(tu.penalty("shrine"), 2)
  eq(tu.penalty("temple", true), 0)
  dice.force{ 11 }
  local r = tu.attempt(1, { { "skeleton", 2 } }, { penalty = tu.penalty("shrine") })
  eq(r.success, false, "11 - 2 < 10")
  dice.force{ 12, 1 }
  eq(tu.attempt(1, { { "skeleton", 2 } }, { penalty = tu.penalty("shrine") }).success, true)
  local native = creature.new{ id = "d", hp = 20, tags = { "native_lower" } }
  local paladin = creature.new{ id = "p", hp = 20, tags = { "paladin" } }
  eq(tu.plane_allows(true, "lower", native), false)
  eq(tu.plane_allows(false, "upper", paladin), false)
  eq(tu.plane_allows(true, "prime", native), true)
  eq(tu.area_size.temple, { 20, 20 })
end)
