-- Paladin features that fights need (require("core.5e.classes.paladin")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
--   Spellcasting             Charisma; spell slots of a half caster.
--   Divine Smite (level 1)   a spell, a Bonus Action taken right after
--                            hitting with a melee weapon: the target takes
--                            an extra 2d8 Radiant damage (+1d8 per slot level
--                            above 1, +1d8 against a Fiend or an Undead; a
--                            Critical Hit doubles the dice). Dealt as its own
--                            Radiant damage (so a zombie's Undead Fortitude
--                            sees Radiant) at the end of the paladin's turn,
--                            on one of the turn's melee hits whose target is
--                            still standing, a Critical Hit first (it uses the
--                            highest slot on a Critical Hit, else the lowest).
--                            Paladin's Smite (level 2): one cast without a
--                            slot per Long Rest, used first. Setting smite.
--   Lay on Hands (level 1)   Bonus Action: restore HP from a pool of 5 x
--                            Paladin level (Long Rest), or spend 5 to end
--                            the Poisoned condition. Used on a dying ally
--                            (half its HP maximum, as the pool allows), on
--                            itself at or below a third of its HP, or on an
--                            ally at or below heal_below.
--   Bless (level 1)          the Cleric's Bless (core.5e.classes.cleric), on
--                            Charisma; off unless the setting bless is true.
--   Extra Attack (level 5)   two attacks per Attack action.
local dice = require("dice")
local fight = require("fight")
local util = require("core.5e.util")
local tactics = require("core.5e.tactics")
local cleric = require("core.5e.classes.cleric")

local M = {}

M.names = {
  divine_smite = { en = "Divine Smite", zh = "至聖斬" },
  lay_on_hands = { en = "Lay on Hands", zh = "聖療" },
  extra_attack = { en = "Extra Attack", zh = "額外攻擊" },
}

local function level_of(stat, opts) return opts and opts.level or stat.level or 1 end

-- spellcasting(stat [, opts]): Charisma spellcasting of a Paladin level.
function M.spellcasting(stat, opts)
  local kit = tactics.kit(stat)
  if kit.dc then return stat end
  kit.dc, kit.spell_attack, kit.cast_mod = util.spellcasting(stat,
    { ability = "cha", level = level_of(stat, opts), kind = "half" })
  kit.defaults.stabilise = true
  return stat
end

-- smite_dice(slot, target, crit) is the number of d8s of a Divine Smite.
function M.smite_dice(slot, target, crit)
  local n = 2 + (slot - 1)
  if target:has_tag("undead") or target:has_tag("fiend") then n = n + 1 end
  if crit then n = n * 2 end
  return n
end

-- smite_target(self, kit, ctx) picks this turn's hit to smite: a melee
-- weapon hit on a target still standing, a Critical Hit first (the setting
-- smite: "survivor", "crit", "always", "never").
local function smite_target(self, kit)
  local how = tactics.setting(self, kit, "smite")
  if how == "never" then return nil end
  local hits, n = tactics.hits(kit)
  local best
  for i = 1, n do
    local h = hits[i]
    local a = tactics.attack_info(kit, h.attack)
    if a and not a.ranged and not a.spell and (h.crit or how ~= "crit") then
      local standing = not fight.is(h.target, "out") and (h.target:get("hp") > 0 or how == "always")
      if standing and (best == nil or (h.crit and not best.crit)) then best = h end
    end
  end
  return best
end

-- divine_smite(stat [, opts]).
function M.divine_smite(stat, opts)
  local level = level_of(stat, opts)
  M.spellcasting(stat, opts)
  local kit = stat.kit
  if level >= 2 then util.resource(stat, "free_smite", { max = 1, recharge = "rest", rest = "long" }) end
  tactics.track_hits(stat, kit)
  tactics.post(kit, function(self, k, ctx)
    if ctx.bonus or ctx.hits == 0 then return end
    local h = smite_target(self, k)
    if h == nil then return end
    local free = util.uses(self, "free_smite") > 0
    if ctx.slot and not free then return end
    local target, crit = h.target, h.crit
    local slot
    if free then
      self:spend("free_smite")
      slot = 1
    else
      slot = crit and util.highest_slot(self) or util.slot_left(self, 1)
      if not slot then return end
      self:spend("slot_" .. slot)
      ctx.slot = true
    end
    ctx.bonus = "divine_smite"
    local n = dice.total(M.smite_dice(slot, target, crit) .. "d8")
    fight.note(string.format("%s smites %s (level %d%s): %d radiant", self:get("id"), target:get("id"), slot,
      free and ", free" or "", n))
    fight.damage(target, n, "radiant", self)
  end)
  return stat
end

-- lay_on_hands(stat [, opts]).
function M.lay_on_hands(stat, opts)
  local level = level_of(stat, opts)
  local kit = tactics.kit(stat)
  util.resource(stat, "lay_on_hands", { max = 5 * level, recharge = "rest", rest = "long" })
  tactics.bonus(kit, { name = "lay_on_hands",
    when = function(self, k, ctx)
      local target, want
      local a = tactics.setting(self, k, "revive") and tactics.turn_dying_ally(self, ctx)
      if a then
        target, want = a, math.max(1, math.floor(tactics.max_hp_of(a) / 2))
      else
        local hp, max = self:get("hp"), tactics.max_hp_of(self)
        if hp * 3 <= max then
          target, want = self, max - hp
        else
          local w = tactics.wounded_ally(self, tactics.setting(self, k, "heal_below"))
          if w then
            target, want = w, tactics.max_hp_of(w) - w:get("hp")
          elseif self:has("poisoned") then
            target, want = self, 0
          end
        end
      end
      if target == nil then return nil end
      local pool = util.uses(self, "lay_on_hands")
      if pool < 1 or (want == 0 and pool < 5) then return nil end
      return { target, math.min(pool, want) }
    end,
    run = function(self, _k, _ctx, arg)
      local c, n = arg[1], arg[2]
      if n == 0 then
        self:spend("lay_on_hands", 5)
        c:remove_condition("poisoned")
        return
      end
      self:spend("lay_on_hands", n)
      fight.note(string.format("%s lays on hands: %s +%d HP", self:get("id"), c:get("id"), n))
      cleric.heal(c, n)
    end })
  return stat
end

-- apply(stat [, level]) adds every feature of the Paladin level.
function M.apply(stat, level)
  level = level or stat.level or 1
  util.tag_level(stat, level)
  M.spellcasting(stat, { level = level })
  M.lay_on_hands(stat, { level = level })
  M.divine_smite(stat, { level = level })
  cleric.bless(stat, { level = level, spellcasting = M.spellcasting })
  if level >= 5 then tactics.attacks_per_action(stat, 2) end
  return stat
end

return M
