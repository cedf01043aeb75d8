-- Ghoul (id "ghoul"), SRD 5.2.1 Monsters A-Z, "Ghoul".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the ghoul (its kit chooses its action):
--   Claw         on a hit, a target that isn't an Undead or an elf (tags)
--                makes a DC 10 Constitution saving throw or has the
--                Paralyzed condition until the end of its next turn (attacks
--                against it have Advantage, melee hits are Critical Hits).
--                It claws the weakest such enemy when no enemy is paralyzed.
--   Multiattack  two Bite attacks: at a paralyzed enemy when there is one
--                (else the engine's default target).
local fight = require("fight")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")
local effects = require("core.5e.effects")
local tactics = require("core.5e.tactics")

local stat = util.monster{
  id = "ghoul", name = { en = "Ghoul", zh = "食屍鬼" }, source = "SRD 5.2.1",
  size = "medium", creature_type = "undead", tags = { "undead" }, alignment = "Chaotic Evil",
  ac = 12, init = 2, hp = 22, hit_dice = "5d8", speed = { walk = 30 },
  abilities = { str = 13, dex = 15, con = 10, int = 7, wis = 10, cha = 6 },
  saves = { str = 1, dex = 2, con = 0, int = -2, wis = 0, cha = -2 },
  traits = { { kind = "immune", type = "poison" } },
  condition_immune = { "charmed", "exhaustion", "poisoned" },
  senses = { darkvision = 60 }, passive_perception = 10, languages = { "Common" },
  cr = "1", xp = 200, pb = 2, reach = 5,
  attacks = {
    { name = "Bite", bonus = 4, damage = "1d6+2 + 1d6[necrotic]", type = "piercing", reach = 5 },
    { name = "Claw", bonus = 4, damage = "1d4+2", type = "slashing", reach = 5, save = { ability = "con", dc = 10 } },
  },
  multiattack = { "Bite", "Bite" },
}

local function immune(c)
  return c:has_tag("undead") or c:has_tag("elf") or c:immune_to("paralyzed")
end

local function paralyzed_enemy(self)
  for _, c in ipairs(fight.enemies(self)) do
    if c:has("paralyzed") then return c end
  end
  return nil
end

local kit = tactics.kit(stat)

tactics.action(kit, { name = "claw",
  when = function(self)
    if paralyzed_enemy(self) then return nil end
    local best
    for _, c in ipairs(fight.enemies(self)) do
      if not immune(c) and (best == nil or c:get("hp") < best:get("hp")) then best = c end
    end
    return best
  end,
  run = function(self, k, ctx, target) tactics.strike_at(self, k, ctx, target, "Claw") end })

tactics.action(kit, { name = "bite the paralyzed",
  when = function(self) return paralyzed_enemy(self) end,
  run = function(self, k, ctx, target)
    tactics.strike_at(self, k, ctx, target, "Bite")
    if fight.is(target, "out") then
      tactics.strike(self, k, ctx, "Bite")
    else
      tactics.strike_at(self, k, ctx, target, "Bite")
    end
  end })

hooks.add(stat, "damage.roll", function(e)
  if e.attack ~= "Claw" then return end
  local t = e.target
  if immune(t) or t:has("paralyzed") then return end
  if not util.save(t, "con", 10) then
    effects.until_end_of_next_turn(t, "paralyzed", e.attacker:get("id"))
    fight.note(t:get("id") .. " is paralyzed by the ghoul's claw")
  end
end)

return stat
