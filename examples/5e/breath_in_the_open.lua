-- ruleset: 5e
-- The fight of examples/5e/breath_and_cover.lua in the open: the same
-- party, the same dragon, the same places, and nothing to hide behind.
-- Compare:
--
--   dndsh sim examples/5e/breath_and_cover.lua -n 2000
--   dndsh sim examples/5e/breath_in_the_open.lua -n 2000
--
-- Map: '.' open floor, '1' where the party stands, '2' where the dragon
-- lands.
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
  name = "A party in the open against a young red dragon's breath",
  map = { rows = [[
    ..............
    ..............
    .1.......22...
    .1.......22...
    .1............
    .1............
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
