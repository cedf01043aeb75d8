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
--                            roll: halve the attack's damage (round down). A
--                            damage.roll hook on the rogue as the target
--                            (result phase, after the attacker's hooks have
--                            added their damage) spends the Reaction
--                            (fight.spend; the engine refills it at the start
--                            of the rogue's turn) and halves e.damage; the
--                            engine scales every damage type of the hit to
--                            the new total. Not for a hit of 1 damage.
--                            Setting uncanny_dodge.
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
  local kit = tactics.kit(stat)
  if kit.uncanny_dodge then return stat end
  kit.uncanny_dodge = true
  hooks.add(stat, "damage.roll", function(e)
    local d = e.damage
    if d < 2 then return end
    local self = e.target
    if util.incapacitated(self) or fight.is(self, "out") or not tactics.setting(self, kit, "uncanny_dodge") then return end
    if not fight.spend(self, "reaction") then return end
    e.damage = math.floor(d / 2)
    if fight.tracing() then fight.note(string.format("%s uses Uncanny Dodge (reaction): %d damage halved to %d", tactics.id_of(self), d, e.damage)) end
  end, { only = "subject", priority = hooks.LATE })
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
