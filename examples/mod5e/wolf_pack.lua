-- ruleset: mod5e
-- The study of the modded rules against 5e: a level 2 party (a fighter, a
-- rogue, a cleric) against a pack of six wolves (scripts/monsters/5e/wolf.lua,
-- the 5e stat block unchanged). The wolves' Pack Tactics gives a level of
-- advantage and their Bite knocks Medium targets prone, another level from
-- within 5 ft: under 5e the two are one Advantage (2d20), under the modded
-- rules they add up to 2 adv (3d20 kept highest); a prone creature's own
-- attacks are 1 dis, and so on. Compare the two:
--
--   dndsh sim examples/mod5e/wolf_pack.lua -n 20000 --compare examples/mod5e/5e.toml
--
-- (the file's own rules are mod5e; examples/mod5e/5e.toml plays the same
-- trials under 5e). docs/mod5e.md has the numbers.
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
local fight = require("fight")
local pregens = require("core.5e.pregens")

return fight.encounter{
  name = "A party of three against a wolf pack",
  sides = {
    { name = "party", members = {
      { stat = pregens.fighter(2) },
      { stat = pregens.rogue(2) },
      { stat = pregens.cleric(2) },
    } },
    { name = "wolves", members = { { monster = "wolf", count = 6 } } },
  },
}
