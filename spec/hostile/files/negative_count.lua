-- ruleset: 5e
-- Minus three goblins: refused with the range, not a heap exhausted.
local fight = require("fight")

return fight.encounter{
  sides = {
    { name = "heroes", members = { { id = "hero", stat = { name = "Hero", hp = 10, ac = 10,
      attacks = { { name = "Sword", bonus = 3, damage = "1d8", type = "slashing" } } } } } },
    { name = "goblins", members = { { id = "goblin", count = -3, stat = { name = "Goblin", hp = 7, ac = 13,
      attacks = { { name = "Scimitar", bonus = 4, damage = "1d6", type = "slashing" } } } } } },
  },
}
