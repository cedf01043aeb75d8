-- Orc (id "orc"), SRD 5.1 (5e-database 2014, index "orc").
--
-- This work includes material taken from the System Reference Document 5.1
-- (“SRD 5.1”) by Wizards of the Coast LLC and available at
-- https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1
-- is licensed under the Creative Commons Attribution 4.0 International
-- License available at https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- SRD 5.2.1 (2024) has no Orc stat block (orcs are a player species there),
-- so this one is the SRD 5.1 (2014) Orc, transcribed from the 5e-database
-- record: 2014 stat blocks print no Initiative (it is the Dexterity
-- modifier) and list only proficient saves (none here).
--   Aggressive  "As a bonus action, the orc can move up to its speed toward a
--               hostile creature that it can see": movement only, which
--               fights without positions do not model (no effect).
local util = require("core.5e.util")

return util.monster{
  id = "orc", name = { en = "Orc", zh = "獸人" }, source = "SRD 5.1",
  size = "medium", creature_type = "humanoid", tags = { "humanoid", "orc" }, alignment = "chaotic evil",
  ac = 13, init = 1, hp = 15, hit_dice = "2d8+6", speed = { walk = 30 },
  abilities = { str = 16, dex = 12, con = 16, int = 7, wis = 11, cha = 10 },
  skills = { intimidation = 2 },
  gear = { "Hide Armor" },
  senses = { darkvision = 60 }, passive_perception = 10, languages = { "Common", "Orc" },
  cr = "1/2", xp = 100, pb = 2, reach = 5,
  attacks = {
    { name = "Greataxe", bonus = 5, damage = "1d12+3", type = "slashing", reach = 5 },
    { name = "Javelin", bonus = 5, damage = "1d6+3", type = "piercing", reach = 5, range = { 30, 120 } },
  },
  features = {
    { id = "aggressive", en = "Aggressive", zh = "侵略性", kind = "trait" },
  },
}
