-- ruleset: 1e
-- The party of party_vs_orcs.lua against the same twelve orcs and their
-- leader, in a pillared hall of a dungeon (AD&D 1st edition, DMG combat,
-- on the battle map). One square is one inch of the DMG's map, 10 ft
-- underground; the sides start 8" (80 ft) apart, where 1d6+4" would put
-- them. The orcs close at 9" a round and charge at 18" (1E-MOVE-01, -02);
-- the thief's short bow shoots at short range up to 5", medium to 10", long
-- to 15" (-2, -5); the pillars give cover against missiles (TBL-COVER); a
-- missile at an orc in melee may hit a friend (1E-MISS-02); an orc whose
-- morale breaks runs, and every enemy it leaves in striking range gets a
-- free attack at its back (breaking off from melee). Compare with the
-- mapless fight:
--
--   dndsh run examples/1e/party_vs_orcs_on_a_map.lua --seed 1
--   dndsh sim examples/1e/party_vs_orcs_on_a_map.lua -n 2000
--
-- The map is drawn in rows: '.' open floor, '#' wall or pillar, '2' the
-- orcs' placement zone (filled row by row, left to right); the party stand
-- on the squares their `at` gives, x counting columns from 0 at the left, y
-- rows from 0 at the top.
local fight = require("fight")
local classes = require("core.1e.classes")
local encounter = require("core.1e.encounter")

encounter.setup{ surprise = true }

return fight.encounter{
  name = "A party of four against twelve orcs in a pillared hall",
  map = { rows = [[
    ####################
    #..................#
    #.........#.222....#
    #...........222....#
    #.........#.222....#
    #...........222....#
    #.........#.222....#
    #..................#
    ####################
  ]] },
  sides = {
    { name = "party", members = {
      { stat = classes.character{ id = "fighter", name = { en = "Fighter", zh = "战士" }, class = "fighter",
          level = 3, str = 17, dex = 13, con = 15, hp = 24, ac = 3, weapon = "Long sword" }, at = { 4, 3 } },
      { stat = classes.character{ id = "cleric", name = { en = "Cleric", zh = "牧师" }, class = "cleric",
          level = 3, str = 14, wis = 16, dex = 10, con = 14, hp = 16, ac = 3, weapon = "Mace" }, at = { 4, 5 } },
      { stat = classes.character{ id = "magic_user", name = { en = "Magic-user", zh = "魔法师" }, class = "magic-user",
          level = 3, int = 17, dex = 15, con = 12, hp = 9, ac = 10, weapon = "Dagger" }, at = { 2, 4 } },
      { stat = classes.character{ id = "thief", name = { en = "Thief", zh = "盗贼" }, class = "thief",
          level = 3, dex = 17, str = 12, con = 12, hp = 11, ac = 8, weapon = "Short sword", missile = "Short bow" }, at = { 3, 2 } },
    } },
    { name = "orcs", members = {
      { monster = "orc_leader" },
      { monster = "orc", count = 12 },
    } },
  },
}
