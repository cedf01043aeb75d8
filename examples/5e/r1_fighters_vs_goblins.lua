-- ruleset: 5e
-- R1: four fighters (HP 28, AC 18, initiative +1, longsword +5 to hit,
-- 1d8+3) against eight goblins (HP 7, AC 15, initiative +2, scimitar +4
-- to hit, 1d6+2). Everyone attacks the living enemy with the lowest HP.
--
--   dndsh run examples/5e/r1_fighters_vs_goblins.lua --seed 1
--   dndsh sim examples/5e/r1_fighters_vs_goblins.lua -n 100000 -j 2
local fight = require("fight")

return fight.encounter{
  name = "R1: four fighters against eight goblins",
  sides = {
    { name = "fighters", tactics = "lowest_hp", members = {
      { id = "fighter", count = 4, player = true, stat = {
        name = { en = "Fighter", zh = "戰士" }, hp = 28, ac = 18, init = 1,
        abilities = { str = 16, dex = 13, con = 14, int = 10, wis = 12, cha = 8 },
        attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } },
      } },
    } },
    { name = "goblins", tactics = "lowest_hp", members = {
      { id = "goblin", count = 8, stat = {
        name = { en = "Goblin", zh = "哥布林" }, hp = 7, ac = 15, init = 2,
        abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
        attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing" } },
      } },
    } },
  },
}
