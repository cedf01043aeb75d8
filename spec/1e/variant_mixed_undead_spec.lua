-- ruleset: 1e
-- variants: 1e.mixed_undead
-- covers: 1E-TURN-04
local tu = require("core.1e.turning")

test("failing the vampire that leads them turns nothing", function()
  local group = { { "vampire", 1 }, { "ghost", 3 }, { "ghoul", 8 } }
  eq(tu.leader(group, tu.mindless), "ghost", "the strongest by the table; the DM may name the leader")
  -- a 7th-level cleric: ghoul D, ghost 20, vampire 16; roll 12
  dice.force{ 12 }
  local r = tu.attempt(7, group, { leader = "vampire" })
  eq(r.success, false)
  dice.force{ 16, 5 }
  r = tu.attempt(7, group, { leader = "vampire" })
  eq(r.affected[1], { "ghoul", 5, "destroyed" })
  eq(tu.leader({ { "skeleton", 4 }, { "zombie", 2 } }, tu.mindless), nil, "mindless undead lead no one")
end)
