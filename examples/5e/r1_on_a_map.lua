-- ruleset: 5e
-- R1 on a map: the four fighters and eight goblins of R1, starting 30 ft
-- apart on an open field. Everyone closes with the enemy it picks (the
-- weakest it can reach), and a creature that leaves an enemy's reach gives
-- it an Opportunity Attack. Compare with the mapless R1:
--
--   dndsh run examples/5e/r1_on_a_map.lua --seed 1
--   dndsh sim examples/5e/r1_on_a_map.lua -n 20000
--
-- The map is drawn in rows: '.' open ground, '1' and '2' the placement
-- zones of the first and second side (creatures fill their zone row by
-- row, left to right); x counts columns from 0 at the left, y rows from 0
-- at the top, 5 ft a square.
local fight = require("fight")

return fight.encounter{
  name = "R1 on a map: four fighters against eight goblins, 30 ft apart",
  map = { rows = [[
    ..............
    ..11..........
    ..11.......22.
    ...........22.
    ...........22.
    ...........22.
    ..............
  ]] },
  sides = {
    { name = "fighters", tactics = "lowest_hp", members = {
      { id = "fighter", count = 4, player = true, stat = {
        name = { en = "Fighter", zh = "戰士" }, hp = 28, ac = 18, init = 1, speed = { walk = 30 },
        abilities = { str = 16, dex = 13, con = 14, int = 10, wis = 12, cha = 8 },
        attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } },
      } },
    } },
    { name = "goblins", tactics = "lowest_hp", members = {
      { id = "goblin", count = 8, stat = {
        name = { en = "Goblin", zh = "哥布林" }, hp = 7, ac = 15, init = 2, speed = { walk = 30 }, size = "small",
        abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
        attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing" } },
      } },
    } },
  },
}
