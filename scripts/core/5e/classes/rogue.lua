-- Rogue features that fights need (require("core.5e.classes.rogue")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
--   Sneak Attack (level 1)   once per turn, extra damage (1d6 per two Rogue
--                            levels, rounded up) to a creature hit with a
--                            Finesse or Ranged weapon when the roll had
--                            Advantage, or when an ally without the
--                            Incapacitated condition is within 5 feet of the
--                            target and the roll had no Disadvantage. Same
--                            type as the weapon's; a Critical Hit doubles
--                            its dice too (5E-DMG-03, TV-22). Fights have no
--                            positions: any such living ally counts.
--   Cunning Action (level 2) Bonus Action Dash, Disengage or Hide: in fights
--                            without positions only Hide matters (DC 15
--                            Dexterity (Stealth); Invisible until it attacks),
--                            taken after the Action (setting hide).
--   Uncanny Dodge (level 5)  Reaction when an attacker hits it with an attack
--                            roll: halve the attack's damage (round down).
--                            The fight engine has no reactions: a
--                            damage.apply hook on the rogue spends a
--                            "reaction" resource (refilled at the start of
--                            its turn) and gives it Resistance to every type
--                            for that one hit (for a one-type attack this is
--                            exactly half, rounded down; for several types
--                            each is halved on its own). Setting uncanny_dodge.
local dice = require("dice")
local fight = require("fight")
local hooks = require("core.5e.hooks")
local util = require("core.5e.util")
local tactics = require("core.5e.tactics")

local M = {}

M.names = {
  sneak_attack = { en = "Sneak Attack", zh = "偷襲" },
  cunning_action = { en = "Cunning Action", zh = "靈巧動作" },
  uncanny_dodge = { en = "Uncanny Dodge", zh = "直覺閃避" },
}

local function level_of(stat, opts) return opts and opts.level or stat.level or 1 end

-- sneak_attack(stat [, opts]): opts.level or opts.dice (number of d6).
function M.sneak_attack(stat, opts)
  local n = opts and opts.dice or math.ceil(level_of(stat, opts) / 2)
  local normal, crit = n .. "d6", (2 * n) .. "d6"
  local kit = tactics.kit(stat)
  tactics.on_start(kit, function(self) self:remove_condition("sneak_attack_used") end)
  hooks.add(stat, "damage.roll", function(e)
    local a = tactics.attack_info(kit, e.attack)
    if not a or a.spell or not (a.finesse or a.ranged) then return end
    local self = e.attacker
    if self:has("sneak_attack_used") then return end
    local adv, dis = e.adv > 0, e.dis > 0
    if dis and not adv then return end
    if not (adv and not dis) and not util.ally_near(self, e.target) then return end
    self:add_condition("sneak_attack_used")
    e.damage = e.damage + dice.total(e.crit and crit or normal)
  end)
  return stat
end

-- cunning_action(stat): Hide after the Action, a Dexterity (Stealth) check
-- with the stat block's skill tags (util.character: skills, expertise).
function M.cunning_action(stat)
  local kit = tactics.kit(stat)
  return tactics.hide(stat, kit)
end

-- uncanny_dodge(stat).
function M.uncanny_dodge(stat)
  util.resource(stat, "reaction", { max = 1, recharge = "turn" })
  local kit = tactics.kit(stat)
  hooks.add(stat, "damage.apply", function(e)
    local self = e.target
    self:remove_traits("uncanny_dodge") -- a previous hit's
    if e.attack == nil or e.damage < 2 or util.incapacitated(self) then return end
    if util.uses(self, "reaction") < 1 or not tactics.setting(self, kit, "uncanny_dodge") then return end
    if fight.is(self, "out") then return end
    self:spend("reaction")
    self:add_trait({ kind = "resist", type = "*", source = "uncanny_dodge" })
    fight.note(self:get("id") .. " uses Uncanny Dodge: half damage")
  end)
  return stat
end

-- apply(stat [, level]) adds every feature of the Rogue level.
function M.apply(stat, level)
  level = level or stat.level or 1
  util.tag_level(stat, level)
  M.sneak_attack(stat, { level = level })
  if level >= 2 then M.cunning_action(stat) end
  if level >= 5 then M.uncanny_dodge(stat) end
  return stat
end

return M
