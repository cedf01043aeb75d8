-- ruleset: 5e
-- A breath weapon and cover. The party of examples/5e/party_vs_young_red_dragon.lua
-- meets the young red dragon in a hall whose low walls ('=') and pillars
-- ('#') give cover: half cover behind a low wall, three-quarters behind a
-- pillar's edge, each +2 or +5 to AC and to the Dexterity save against the
-- Fire Breath, counted from the dragon's space (5E-ATK-03, T-17). The
-- dragon (a Large creature: 2 by 2 squares, reach 10 ft) aims its 30-ft
-- cone to catch the most of them (fight.aim); everyone it catches saves on
-- its own die, against one damage roll (5E-DMG-04).
--
-- Compare the same fight in the open, where nothing covers anyone:
--
--   dndsh sim examples/5e/breath_and_cover.lua -n 2000
--   dndsh sim examples/5e/breath_in_the_open.lua -n 2000
--
-- Map: '.' open floor, '=' low wall (half cover, difficult to cross),
-- '#' pillar (blocks movement, sight and breath), '1' where the party
-- stands, '2' where the dragon lands (its 2 by 2 space fills from the
-- zone's first square).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
local fight = require("fight")
local pregens = require("core.5e.pregens")
local tactics = require("core.5e.tactics")

tactics.side("party", { hide = false })

return fight.encounter{
  name = "A party behind cover against a young red dragon's breath",
  map = { rows = [[
    ..............
    ..#...........
    .1=......22...
    .1=......22...
    .1=...........
    .1#...........
    .1............
  ]] },
  sides = {
    { name = "party", members = {
      { stat = pregens.barbarian(7) },
      { stat = pregens.paladin(7) },
      { stat = pregens.rogue(7) },
      { stat = pregens.cleric(7) },
      { stat = pregens.wizard(7) },
    } },
    { name = "dragon", members = { { monster = "young_red_dragon" } } },
  },
}
