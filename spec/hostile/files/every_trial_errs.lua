-- ruleset: 5e
-- A tactic that always fails: every trial errors, and the study exits non-zero.
local fight = require("fight")

return fight.encounter{
  sides = {
    { name = "a", tactics = function() error("no target for you") end, members = { { id = "a", stat = { name = "A", hp = 10, ac = 10,
      attacks = { { name = "Fist", bonus = 0, damage = "1", type = "bludgeoning" } } } } } },
    { name = "b", members = { { id = "b", stat = { name = "B", hp = 10, ac = 10,
      attacks = { { name = "Fist", bonus = 0, damage = "1", type = "bludgeoning" } } } } } },
  },
}
