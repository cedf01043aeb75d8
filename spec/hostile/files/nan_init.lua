-- ruleset: 5e
-- An initiative of 0/0: an error naming the field.
local fight = require("fight")

return fight.encounter{
  sides = {
    { name = "heroes", members = { { id = "hero", stat = { name = "Hero", hp = 10, ac = 10, init = 0/0,
      attacks = { { name = "Sword", bonus = 3, damage = "1d8", type = "slashing" } } } } } },
    { name = "goblins", members = { { id = "goblin", stat = { name = "Goblin", hp = 7, ac = 13,
      attacks = { { name = "Scimitar", bonus = 4, damage = "1d6", type = "slashing" } } } } } },
  },
}
