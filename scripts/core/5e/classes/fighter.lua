-- Fighter features that fights need (require("core.5e.classes.fighter")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Each function adds a feature to a stat block (its resources, its kit's
-- tactics, its hooks) and returns the stat block:
--
--   Second Wind (level 1)  Bonus Action: regain 1d10 + Fighter level HP; 2
--                          uses (3 at level 4, 4 at level 10), one back on a
--                          Short Rest. Used when HP falls to the
--                          second_wind_below setting (half by default).
--   Action Surge (level 2) one more action on a turn, once per Short Rest
--                          (twice from level 17, once a turn). Used on the
--                          first turn it can be (setting action_surge).
--   Extra Attack (level 5) two attacks per Attack action (three at 11, four
--                          at 20).
--
--   local fighter = require("core.5e.classes.fighter")
--   local stat = { name = "Fighter", level = 5, hp = 44, ac = 18, abilities = {...} }
--   weapons.arm(stat, { "longsword" }, { masteries = true })
--   fighter.apply(stat)          -- every feature of the stat block's level
local dice = require("dice")
local fight = require("fight")
local util = require("core.5e.util")
local tactics = require("core.5e.tactics")

local M = {}

M.names = {
  second_wind = { en = "Second Wind", zh = "回氣" },
  action_surge = { en = "Action Surge", zh = "動作如潮" },
  extra_attack = { en = "Extra Attack", zh = "額外攻擊" },
}

local function level_of(stat, opts) return opts and opts.level or stat.level or 1 end

-- second_wind(stat [, opts]): opts.level (default stat.level).
function M.second_wind(stat, opts)
  local level = level_of(stat, opts)
  local uses = level >= 10 and 4 or (level >= 4 and 3 or 2)
  util.resource(stat, "second_wind", { max = uses, recharge = "rest", rest = "short", amount = 1 })
  local kit = tactics.kit(stat)
  tactics.bonus(kit, { name = "second_wind",
    when = function(self, k)
      return self:get("hp") <= tactics.max_hp_of(self) * tactics.setting(self, k, "second_wind_below")
        and util.uses(self, "second_wind") > 0
    end,
    run = function(self)
      self:spend("second_wind")
      local n = self:heal(dice.total("1d10") + level)
      if fight.tracing() then fight.note(self:get("id") .. " uses Second Wind: +" .. n .. " HP") end
    end })
  return stat
end

-- action_surge(stat [, opts]).
function M.action_surge(stat, opts)
  local level = level_of(stat, opts)
  util.resource(stat, "action_surge", { max = level >= 17 and 2 or 1, recharge = "rest", rest = "short" })
  local kit = tactics.kit(stat)
  tactics.extra(kit, { name = "action_surge",
    when = function(self, k, ctx)
      return not ctx.surged and not self:has("action_surge_spent") and tactics.setting(self, k, "action_surge")
        and util.uses(self, "action_surge") > 0
    end,
    run = function(self, _k, ctx)
      if self:spend("action_surge") == 0 then self:add_condition("action_surge_spent") end
      ctx.surged = true
      if fight.tracing() then fight.note(self:get("id") .. " uses Action Surge") end
    end })
  return stat
end

-- extra_attack(stat [, opts]): opts.level, or opts.attacks (the number of
-- attacks per Attack action).
function M.extra_attack(stat, opts)
  local level = level_of(stat, opts)
  local n = opts and opts.attacks or (level >= 20 and 4 or level >= 11 and 3 or level >= 5 and 2 or 1)
  return tactics.attacks_per_action(stat, n)
end

-- apply(stat [, level]) adds every feature of the Fighter level.
function M.apply(stat, level)
  level = level or stat.level or 1
  util.tag_level(stat, level)
  M.second_wind(stat, { level = level })
  if level >= 2 then M.action_surge(stat, { level = level }) end
  if level >= 5 then M.extra_attack(stat, { level = level }) end
  return stat
end

return M
