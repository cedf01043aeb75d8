-- ruleset: 5e
-- A mixed party of level 5 characters (a fighter, a rogue, a wizard and a
-- cleric, from core.5e.pregens) against a troll (scripts/monsters/5e/troll.lua).
--
-- The troll regenerates 15 HP at the start of each of its turns and does
-- not die at 0 HP unless it starts its turn there after taking fire or acid
-- damage: the wizard's Fire Bolt (fire) is what finishes it, and the
-- party's kits skip a troll lying at 0 HP unless they can burn it. Without
-- the wizard the troll usually wins. Class features play themselves
-- (core.5e.tactics): Second Wind when low, Action Surge on the first turn,
-- Sneak Attack with the off-hand scimitar (Nick) and Hide, Shield, Magic
-- Missile to finish, Healing Word on a dying ally.
--
--   dndsh run examples/5e/party_vs_troll.lua --seed 1
--   dndsh sim examples/5e/party_vs_troll.lua -n 2000
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
local fight = require("fight")
local pregens = require("core.5e.pregens")

return fight.encounter{
  name = "A mixed party against a troll",
  sides = {
    { name = "party", members = {
      { stat = pregens.fighter(5) },
      { stat = pregens.rogue(5) },
      { stat = pregens.wizard(5) },
      { stat = pregens.cleric(5) },
    } },
    { name = "troll", members = { { monster = "troll" } } },
  },
}
