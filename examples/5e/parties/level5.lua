-- ruleset: 5e
-- A party of four level 5 characters (core.5e.pregens: a fighter, a rogue,
-- a wizard and a cleric), for `dndsh balance`:
--
--   dndsh balance examples/5e/parties/level5.lua troll
--   dndsh balance examples/5e/parties/level5.lua "Goblin Warrior" --counts 4,8,12,16
--
-- A party file returns a list of stat blocks (or of members, {stat = ...}).
local pregens = require("core.5e.pregens")

return { pregens.fighter(5), pregens.rogue(5), pregens.wizard(5), pregens.cleric(5) }
