-- Goblin Warrior (id "goblin"), SRD 5.2.1 Monsters A-Z, "Goblins".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- The 2024 SRD has no plain "Goblin": the Goblin Warrior (CR 1/4) is the
-- counterpart of the 2014 goblin. Scripted, scoped to the goblin:
--   Scimitar / Shortbow  +2 (1d4) damage when the attack roll had Advantage
--                        (damage.roll hook; a Critical Hit doubles it).
--   Nimble Escape        Bonus Action Disengage or Hide: Hide (DC 15
--                        Dexterity (Stealth), +6) after its attack; hidden,
--                        it is Invisible until its next attack roll, which
--                        has Advantage (and so the extra 1d4). Disengage has
--                        no effect in fights without positions. Setting
--                        hide = false (tactics) turns hiding off.
local dice = require("dice")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")

local stat = util.monster{
  id = "goblin", name = { en = "Goblin Warrior", zh = "地精戰士" }, source = "SRD 5.2.1",
  size = "small", creature_type = "fey", tags = { "fey", "goblinoid" }, alignment = "Chaotic Neutral",
  ac = 15, init = 2, hp = 10, hit_dice = "3d6", speed = { walk = 30 },
  abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
  saves = { str = -1, dex = 2, con = 0, int = 0, wis = -1, cha = -1 },
  skills = { stealth = 6 },
  gear = { "Leather Armor", "Scimitar", "Shield", "Shortbow" },
  senses = { darkvision = 60 }, passive_perception = 9, languages = { "Common", "Goblin" },
  cr = "1/4", xp = 50, pb = 2, reach = 5,
  attacks = {
    { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing", reach = 5, with_advantage = "1d4" },
    { name = "Shortbow", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true, range = { 80, 320 },
      with_advantage = "1d4" },
  },
  features = {
    { id = "nimble_escape", en = "Nimble Escape", zh = "靈巧脫逃", kind = "bonus_action" },
  },
}

hooks.add(stat, "damage.roll", function(e)
  if util.had_advantage(e) then
    e.damage = e.damage + dice.total(e.crit and "2d4" or "1d4")
  end
end)

return require("monsters.abilities.nimble_escape").apply(stat)
