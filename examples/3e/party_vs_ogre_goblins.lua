-- ruleset: 3e
-- The four iconic characters at 3rd level (Tordek, Lidda, Jozan, Mialee:
-- scripts/core/3e/classes/iconics.lua) meet an ogre and four goblins in a
-- hall. Where attacks of opportunity and flanking matter:
--   * the ogre (Large, tall: a 5-ft face and 10-ft reach, 3.0's Table 8-7)
--     threatens the squares 10 ft away: whoever closes on it leaves a
--     square it threatens and draws its attack of opportunity first
--     (3E-AOO-08), unless a 5-foot step does it;
--   * a creature that moves past the goblins draws theirs; a turn spent
--     only moving does not provoke from its start square (3E-AOO-03);
--   * Tordek and Lidda on opposite sides of a goblin flank it: +2 each,
--     and Lidda's sneak attack (3E-POS-01); goblins flank too;
--   * Mialee casts defensively when a goblin threatens her, and sleep
--     (a 1-round casting) takes effect just before her next turn;
--   * Jozan heals a dying ally before anything else.
--
--   dndsh run examples/3e/party_vs_ogre_goblins.lua --seed 1
--   dndsh sim examples/3e/party_vs_ogre_goblins.lua -n 2000
--
-- The map: '.' open, '#' wall, '1' and '2' the sides' starting zones.
local fight = require("fight")
local icon = require("core.3e.classes.iconics")

return fight.encounter{
  name = "Four iconic characters against an ogre and four goblins",
  map = { rows = [[
    ################
    #..............#
    #.11.......2...#
    #.11......222..#
    #..........2...#
    #..............#
    ################
  ]] },
  sides = {
    { name = "party", members = icon.party(3) },
    { name = "monsters", members = {
      { monster = "ogre" },
      { monster = "goblin", count = 4 },
    } },
  },
  max_rounds = 30,
}
