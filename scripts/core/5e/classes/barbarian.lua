-- Barbarian features that fights need (require("core.5e.classes.barbarian")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
--   Rage (level 1)            Bonus Action, a number of uses by level (2, 3
--                             at 3, 4 at 6, 5 at 12, 6 at 17): Resistance to
--                             Bludgeoning, Piercing and Slashing damage
--                             (damage traits from the source "rage"), a
--                             damage bonus to attacks using Strength (+2, +3
--                             at 9, +4 at 16) and Advantage on Strength
--                             saving throws (core.5e.util.save). It ends when
--                             the barbarian has the Incapacitated condition or
--                             drops to 0 HP; a self-playing barbarian attacks
--                             every turn, which extends it for the fight.
--                             Entered on its first turn (setting rage).
--   Reckless Attack (level 2) on its first attack of a turn: Advantage on its
--                             attack rolls using Strength and attack rolls
--                             against it have Advantage (condition
--                             "reckless") until the start of its next turn
--                             (setting reckless).
--   Extra Attack (level 5)    two attacks per Attack action.
local fight = require("fight")
local hooks = require("core.5e.hooks")
local util = require("core.5e.util")
local tactics = require("core.5e.tactics")

local M = {}

M.names = {
  rage = { en = "Rage", zh = "狂暴" },
  reckless_attack = { en = "Reckless Attack", zh = "魯莽攻擊" },
  extra_attack = { en = "Extra Attack", zh = "額外攻擊" },
}

local RAGES = { 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6 }

local function level_of(stat, opts) return opts and opts.level or stat.level or 1 end

-- strength(a): whether an attack entry uses Strength.
local function strength(a)
  if a == nil or a.spell then return false end
  if a.ability then return a.ability == "str" end
  return not a.ranged
end

local function end_rage(c)
  if c:has("raging") then
    c:remove_condition("raging")
    c:remove_traits("rage")
  end
end

-- rage(stat [, opts]): opts.level.
function M.rage(stat, opts)
  local level = level_of(stat, opts)
  local bonus = level >= 16 and 4 or (level >= 9 and 3 or 2)
  util.resource(stat, "rage", { max = RAGES[math.min(level, 20)], recharge = "rest", rest = "long" })
  local kit = tactics.kit(stat)
  tactics.bonus(kit, { name = "rage",
    when = function(self, k)
      return not self:has("raging") and util.uses(self, "rage") > 0 and tactics.setting(self, k, "rage")
    end,
    run = function(self)
      self:spend("rage")
      self:add_condition("raging")
      fight.note(self:get("id") .. " rages")
      for _, t in ipairs({ "bludgeoning", "piercing", "slashing" }) do
        self:add_trait({ kind = "resist", type = t, source = "rage" })
      end
    end })
  tactics.on_start(kit, function(self)
    if util.incapacitated(self) then end_rage(self) end
  end)
  hooks.add(stat, "damage.roll", function(e)
    if e.attacker:has("raging") and strength(tactics.attack_info(kit, e.attack)) then
      e.damage = e.damage + bonus
    end
  end)
  hooks.add(stat, "creature.down", function(e) end_rage(e.target) end)
  return stat
end

-- reckless_attack(stat).
function M.reckless_attack(stat)
  local kit = tactics.kit(stat)
  tactics.on_start(kit, function(self) self:remove_condition("reckless") end)
  tactics.before_attack(kit, function(self, k, ctx)
    if not ctx.reckless and tactics.setting(self, k, "reckless") then
      ctx.reckless = true
      self:add_condition("reckless", { source = self:get("id") })
    end
  end)
  hooks.add(stat, "attack.roll", function(e)
    if e.attacker:has("reckless") and strength(tactics.attack_info(kit, e.attack)) then
      e.adv = e.adv + 1
    end
  end)
  return stat
end

-- apply(stat [, level]) adds every feature of the Barbarian level.
function M.apply(stat, level)
  level = level or stat.level or 1
  util.tag_level(stat, level)
  M.rage(stat, { level = level })
  if level >= 2 then M.reckless_attack(stat) end
  if level >= 5 then tactics.attacks_per_action(stat, 2) end
  return stat
end

-- raging(c): whether the creature is raging (for scripts and specs).
function M.raging(c) return c:has("raging") end

return M
