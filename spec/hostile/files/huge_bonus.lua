-- ruleset: 5e
-- A to-hit bonus of 1e300: an error naming the field, not a wrapped integer.
local fight = require("fight")

return fight.encounter{
  sides = {
    { name = "heroes", members = { { id = "hero", stat = { name = "Hero", hp = 10, ac = 10,
      attacks = { { name = "Sword", bonus = 1e300, damage = "1d8", type = "slashing" } } } } } },
    { name = "goblins", members = { { id = "goblin", stat = { name = "Goblin", hp = 7, ac = 13,
      attacks = { { name = "Scimitar", bonus = 4, damage = "1d6", type = "slashing" } } } } } },
  },
}
