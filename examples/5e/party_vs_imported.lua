-- ruleset: 5e
-- A level 5 party against imported monsters (scripts/monsters/5e/srd,
-- written by `dndsh import` from the SRD 5.2.1): a Wight with its Life Drain
-- (a save effect that lowers the Hit Point maximum) and two Ogre Zombies
-- (Undead Fortitude, from the shared ability scripts). A monster is named
-- by its id or English name; `dndsh monsters` lists them and `dndsh monster
-- wight` prints a stat block with what its script models.
--
--   dndsh run examples/5e/party_vs_imported.lua --seed 1
--   dndsh sim examples/5e/party_vs_imported.lua -n 2000
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
local fight = require("fight")
local pregens = require("core.5e.pregens")

return fight.encounter{
  name = "A level 5 party against a wight and two ogre zombies",
  sides = {
    { name = "party", members = {
      { stat = pregens.fighter(5) },
      { stat = pregens.rogue(5) },
      { stat = pregens.wizard(5) },
      { stat = pregens.cleric(5) },
    } },
    { name = "undead", members = { { monster = "Wight" }, { monster = "ogre_zombie", count = 2 } } },
  },
}
