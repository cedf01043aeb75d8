-- ruleset: 5e
-- A hook that sets e.damage to a dice expression (a string): an error that
-- names the field, not 0 damage. The count of trials errored is the whole
-- study, which then exits non-zero.
local fight = require("fight")

return fight.encounter{
  sides = {
    { name = "heroes", members = { { id = "hero", stat = { name = "Hero", hp = 30, ac = 10,
      attacks = { { name = "Sword", bonus = 30, damage = "1d8", type = "slashing" } },
      on = { ["damage.roll"] = function(e) e.damage = "2d6" end } } } } },
    { name = "goblins", members = { { id = "goblin", stat = { name = "Goblin", hp = 7, ac = 1,
      attacks = { { name = "Scimitar", bonus = 4, damage = "1d6", type = "slashing" } } } } } },
  },
}
