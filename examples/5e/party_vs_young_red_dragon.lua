-- ruleset: 5e
-- Five level 7 characters (a barbarian, a paladin, a rogue, a cleric and a
-- wizard, from core.5e.pregens) against a young red dragon
-- (scripts/monsters/5e/young_red_dragon.lua): about an even fight.
--
-- The dragon breathes fire (16d6, DC 17 Dexterity for half, rolled once for
-- everyone it catches) whenever its breath has recharged (a d6 of 5 or 6 at
-- the start of its turn) and at least two enemies are left; otherwise it
-- makes three Rend attacks. It is immune to fire, so the wizard casts Magic
-- Missile and, out of slots, swings its quarterstaff. The barbarian rages
-- and attacks recklessly, the paladin smites and lays on hands, the cleric
-- heals. The `tactics.side` line is a per-side setting: in the dragon's open
-- cave there is no cover, so the rogue does not try to hide.
--
--   dndsh run examples/5e/party_vs_young_red_dragon.lua --seed 1
--   dndsh sim examples/5e/party_vs_young_red_dragon.lua -n 2000
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
  name = "A party against a young red dragon",
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
