-- ruleset: 5e
-- Nobody can hurt anybody and the fight may last a billion rounds: without
-- hooks, the fight loop itself must stop at the deadline and on Ctrl-C.
local fight = require("fight")

return fight.encounter{
  max_rounds = 1e9,
  sides = {
    { name = "a", members = { { id = "a", stat = { name = "A", hp = 10, ac = 10,
      attacks = { { name = "Feather", bonus = 0, damage = "0", type = "bludgeoning" } } } } } },
    { name = "b", members = { { id = "b", stat = { name = "B", hp = 10, ac = 10,
      attacks = { { name = "Feather", bonus = 0, damage = "0", type = "bludgeoning" } } } } } },
  },
}
