-- ruleset: 5e
-- R1 ten times bigger, for bench/README.md (cost in the number of
-- creatures): forty fighters against eighty goblins, the stat blocks of
-- examples/5e/r1_fighters_vs_goblins.lua.
--
--   dndsh sim bench/encounters/r1_x10.lua -n 2000
local fight = require("fight")

return fight.encounter{
  name = "R1 x10: forty fighters against eighty goblins",
  sides = {
    { name = "fighters", tactics = "lowest_hp", members = {
      { id = "fighter", count = 40, player = true, stat = {
        name = { en = "Fighter", zh = "戰士" }, hp = 28, ac = 18, init = 1,
        abilities = { str = 16, dex = 13, con = 14, int = 10, wis = 12, cha = 8 },
        attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } },
      } },
    } },
    { name = "goblins", tactics = "lowest_hp", members = {
      { id = "goblin", count = 80, stat = {
        name = { en = "Goblin", zh = "哥布林" }, hp = 7, ac = 15, init = 2,
        abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
        attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing" } },
      } },
    } },
  },
}
