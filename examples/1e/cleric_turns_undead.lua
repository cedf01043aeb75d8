-- ruleset: 1e
-- A 5th-level cleric and three fighters meet a crypt's guardians:
-- skeletons, zombies and ghouls, 40 ft away. The cleric turns undead
-- (TBL-TURN: at 5th level skeletons, zombies and ghouls are all turned
-- automatically, 1d12 of them, weakest first, 1E-TURN-01..03) and tries again each round while the
-- attempts succeed (1E-TURN-02); zombies always strike last; ghouls
-- paralyse; mindless undead never check morale.
--
--   dndsh run examples/1e/cleric_turns_undead.lua --seed 1
--   dndsh sim examples/1e/cleric_turns_undead.lua -n 2000
local fight = require("fight")
local classes = require("core.1e.classes")
local encounter = require("core.1e.encounter")

encounter.setup{ surprise = false, distance = 4 }

return fight.encounter{
  name = "A cleric turns undead",
  sides = {
    { name = "party", members = {
      { stat = classes.character{ id = "cleric", name = { en = "Cleric", zh = "牧师" }, class = "cleric",
          level = 5, str = 15, wis = 17, dex = 12, con = 15, hp = 30, ac = 2, weapon = "Mace" } },
      { stat = classes.character{ id = "fighter1", name = { en = "Fighter", zh = "战士" }, class = "fighter",
          level = 4, str = 17, dex = 14, con = 16, hp = 34, ac = 3, weapon = "Mace" } },
      { stat = classes.character{ id = "fighter2", name = { en = "Fighter", zh = "战士" }, class = "fighter",
          level = 3, str = 16, dex = 12, con = 15, hp = 25, ac = 4, weapon = "Long sword" } },
      { stat = classes.character{ id = "fighter3", name = { en = "Fighter", zh = "战士" }, class = "fighter",
          level = 4, str = 16, dex = 13, con = 14, hp = 30, ac = 3, weapon = "Flail" } },
    } },
    { name = "undead", members = {
      { monster = "skeleton", count = 6 },
      { monster = "zombie", count = 4 },
      { monster = "ghoul", count = 3 },
    } },
  },
}
