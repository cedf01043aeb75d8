-- Wolf (id "wolf"), SRD 5.2.1 Animals.
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the wolf:
--   Pack Tactics  monsters.abilities.pack_tactics: Advantage on an attack
--                 roll when an ally that doesn't have the Incapacitated
--                 condition is within 5 feet of the target (fights have no
--                 positions, so any such living ally counts).
--   Bite          a Medium or smaller target has the Prone condition (no
--                 save); it stands up at the start of its turn.
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")
local effects = require("core.5e.effects")

local stat = util.monster{
  id = "wolf", name = { en = "Wolf", zh = "狼" }, source = "SRD 5.2.1",
  size = "medium", creature_type = "beast", tags = { "beast" }, alignment = "Unaligned",
  ac = 12, init = 2, hp = 11, hit_dice = "2d8+2", speed = { walk = 40 },
  abilities = { str = 14, dex = 15, con = 12, int = 3, wis = 12, cha = 6 },
  saves = { str = 2, dex = 2, con = 1, int = -4, wis = 1, cha = -2 },
  skills = { perception = 5, stealth = 4 },
  senses = { darkvision = 60 }, passive_perception = 15, languages = {},
  cr = "1/4", xp = 50, pb = 2, reach = 5,
  attacks = {
    { name = "Bite", bonus = 4, damage = "1d6+2", type = "piercing", reach = 5 },
  },
  features = {
    { id = "pack_tactics", en = "Pack Tactics", zh = "群體戰術", kind = "trait" },
  },
}

require("monsters.abilities.pack_tactics").apply(stat)
hooks.add(stat, "damage.roll", function(e)
  if e.attack == "Bite" and util.size_rank(e.target) <= 3 then
    effects.knock_prone(e.target, e.attacker:get("id"))
  end
end)

return stat
