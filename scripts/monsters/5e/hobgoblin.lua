-- Hobgoblin Warrior (id "hobgoblin"), SRD 5.2.1 Monsters A-Z, "Hobgoblins".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the hobgoblin:
--   Pack Tactics  monsters.abilities.pack_tactics: Advantage on an attack
--                 roll when an ally that doesn't have the Incapacitated
--                 condition is within 5 feet of the target (any such living
--                 ally: fights have no positions).
local util = require("core.5e.util")

local stat = util.monster{
  id = "hobgoblin", name = { en = "Hobgoblin Warrior", zh = "大地精戰士" }, source = "SRD 5.2.1",
  size = "medium", creature_type = "fey", tags = { "fey", "goblinoid" }, alignment = "Lawful Evil",
  ac = 18, init = 3, hp = 11, hit_dice = "2d8+2", speed = { walk = 30 },
  abilities = { str = 13, dex = 12, con = 12, int = 10, wis = 10, cha = 9 },
  saves = { str = 1, dex = 1, con = 1, int = 0, wis = 0, cha = -1 },
  gear = { "Half Plate Armor", "Longbow", "Longsword", "Shield" },
  senses = { darkvision = 60 }, passive_perception = 10, languages = { "Common", "Goblin" },
  cr = "1/2", xp = 100, pb = 2, reach = 5,
  attacks = {
    { name = "Longsword", bonus = 3, damage = "2d10+1", type = "slashing", reach = 5 },
    { name = "Longbow", bonus = 3, damage = "1d8+1 + 3d4[poison]", type = "piercing", ranged = true, range = { 150, 600 } },
  },
  features = {
    { id = "pack_tactics", en = "Pack Tactics", zh = "群體戰術", kind = "trait" },
  },
}

return require("monsters.abilities.pack_tactics").apply(stat)
