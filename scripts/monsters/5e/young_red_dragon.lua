-- Young Red Dragon (id "young_red_dragon"), SRD 5.2.1 Monsters A-Z, "Red Dragons".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the dragon (its kit chooses its action):
--   Fire Breath (Recharge 5-6)  Dexterity saving throw DC 17, each creature
--                               in a 30-foot Cone: 56 (16d6) Fire damage,
--                               half on a success. The creature resource
--                               "fire_breath" recharges on a d6 of 5 or 6
--                               rolled at the start of each of its turns
--                               (c:start_turn). The dragon breathes when it
--                               is recharged and enough enemies are grouped
--                               (tactics settings breath_min_targets: 2,
--                               breath_max_targets: 3, no positions); the
--                               damage is rolled once for every target
--                               (5E-DMG-04).
--   Multiattack                 three Rend attacks (the engine's multiattack).
local util = require("core.5e.util")
local tactics = require("core.5e.tactics")

local stat = util.monster{
  id = "young_red_dragon", name = { en = "Young Red Dragon", zh = "青年紅龍" }, source = "SRD 5.2.1",
  size = "large", creature_type = "dragon", tags = { "dragon", "chromatic" }, alignment = "Chaotic Evil",
  ac = 18, init = 4, hp = 178, hit_dice = "17d10+85", speed = { walk = 40, climb = 40, fly = 80 },
  abilities = { str = 23, dex = 10, con = 21, int = 14, wis = 11, cha = 19 },
  saves = { str = 6, dex = 4, con = 5, int = 2, wis = 4, cha = 4 },
  skills = { perception = 8, stealth = 4 },
  traits = { { kind = "immune", type = "fire" } },
  senses = { blindsight = 30, darkvision = 120 }, passive_perception = 18, languages = { "Common", "Draconic" },
  cr = "10", xp = 5900, pb = 4, reach = 10,
  attacks = {
    { name = "Rend", bonus = 10, damage = "2d6+6 + 1d6[fire]", type = "slashing", reach = 10 },
  },
  multiattack = { "Rend", "Rend", "Rend" },
  resources = { fire_breath = { max = 1, recharge = "roll", die = 6, min = 5 } },
  breath = { ability = "dex", dc = 17, damage = "16d6", type = "fire", half = true, area = "30-foot Cone",
    label = "breathes fire" },
  features = {
    { id = "fire_breath", en = "Fire Breath", zh = "火焰吐息", kind = "action", recharge = "5-6" },
  },
}

local kit = tactics.kit(stat)

tactics.action(kit, { name = "fire_breath",
  when = function(self, k)
    if util.uses(self, "fire_breath") < 1 then return nil end
    return tactics.grouped(self, k)
  end,
  run = function(self, _k, _ctx, targets)
    self:spend("fire_breath")
    util.area_save(self, targets, stat.breath)
  end })

return stat
