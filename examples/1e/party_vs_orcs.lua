-- ruleset: 1e
-- A party of four 3rd-level adventurers against twelve orcs and their
-- leader, on open ground (AD&D 1st edition, DMG combat): side initiative
-- on d6, the attack matrices, morale (the orcs flee or surrender when it
-- breaks: 1E-MORALE-*), sleep and bless, fighters' multiple attacks.
--
--   dndsh run examples/1e/party_vs_orcs.lua --seed 1
--   dndsh sim examples/1e/party_vs_orcs.lua -n 2000
local fight = require("fight")
local classes = require("core.1e.classes")
local encounter = require("core.1e.encounter")

encounter.setup{ surprise = true }

return fight.encounter{
  name = "A party of four against twelve orcs",
  sides = {
    { name = "party", members = {
      { stat = classes.character{ id = "fighter", name = { en = "Fighter", zh = "战士" }, class = "fighter",
          level = 3, str = 17, dex = 13, con = 15, hp = 24, ac = 3, weapon = "Long sword" } },
      { stat = classes.character{ id = "cleric", name = { en = "Cleric", zh = "牧师" }, class = "cleric",
          level = 3, str = 14, wis = 16, dex = 10, con = 14, hp = 16, ac = 3, weapon = "Mace" } },
      { stat = classes.character{ id = "magic_user", name = { en = "Magic-user", zh = "魔法师" }, class = "magic-user",
          level = 3, int = 17, dex = 15, con = 12, hp = 9, ac = 10, weapon = "Dagger" } },
      { stat = classes.character{ id = "thief", name = { en = "Thief", zh = "盗贼" }, class = "thief",
          level = 3, dex = 17, str = 12, con = 12, hp = 11, ac = 8, weapon = "Short sword", missile = "Short bow" } },
    } },
    { name = "orcs", members = {
      { monster = "orc_leader" },
      { monster = "orc", count = 12 },
    } },
  },
}
