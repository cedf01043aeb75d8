-- ruleset: 3e
-- R1 under D&D 3.0, on a battle map: four 2nd-level human fighters
-- (chainmail and large shield, AC 18; longsword +5, 1d8+3, 19-20) against
-- eight goblins (Small, AC 15; morningstar +2, 1d6; 5 hp: the SRD 3.5 1st-
-- level goblin warrior's numbers, which 3.0 shares for these). No feats
-- beyond the stat blocks. Everyone attacks the living enemy with the fewest
-- hit points, charges when it can, full-attacks when adjacent, takes
-- 5-foot steps that provoke nothing; leaving a threatened square provokes
-- one attack of opportunity a round; flanking gives +2; the dying bleed.
-- The fighters start 35 ft from the goblins' front rank.
--
--   dndsh run examples/3e/r1_fighters_vs_goblins.lua --seed 1
--   dndsh sim examples/3e/r1_fighters_vs_goblins.lua -n 100000 -j 1
local fight = require("fight")
local S = require("core.3e.statblock")

local fighter = S.build{ id = "fighter", name = { en = "Fighter", zh = "战士" }, player = true, race = "human",
  armor = "heavy", hp = 22, level = 2, bab = 2, abilities = { str = 16, dex = 13, con = 14, int = 10, wis = 12, cha = 8 },
  saves = { fort = 3, ref = 0, will = 0 }, ac = { armor = 5, shield = 2 }, max_dex = 2,
  weapons = { { name = "Longsword", damage = "1d8", crit = "19-20/x2", type = "slashing" } } }

local goblin = S.build{ id = "goblin", name = { en = "Goblin", zh = "地精" }, size = "small", hp = 5, bab = 1,
  abilities = { str = 11, dex = 13, con = 12, int = 10, wis = 9, cha = 6 }, saves = { fort = 2, ref = 0, will = 0 },
  ac = { armor = 2, shield = 1 }, speed = 30,
  weapons = { { name = "Morningstar", damage = "1d6", type = "bludgeoning" } } }

return fight.encounter{
  name = "R1 (3.0): four fighters against eight goblins",
  map = { rows = {
    "..............",
    "..1.......2.2.",
    "..1.......2.2.",
    "..1.......2.2.",
    "..1.......2.2.",
    "..............",
  } },
  sides = {
    { name = "fighters", tactics = "lowest_hp", members = { { stat = fighter, count = 4 } } },
    { name = "goblins", tactics = "lowest_hp", members = { { stat = goblin, count = 8, group = true } } },
  },
}
